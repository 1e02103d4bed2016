package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector encodes its real samples through the generated classes' own coders (the topic's
 * {@link SingleObjectCodec}) rather than Avro's message encoder: the bytes must be those Avro's
 * own encoder writes, and read back the same.
 */
class EncoderTest {
    private final SingleObjectCodec<HostSample> collector = AvroSerdes.codec(HostSample.class);

    @TempDir
    Path tmp;

    private void sameBytes(HostSample sample) throws Exception {
        byte[] bytes = collector.encode(sample);
        ByteBuffer avro = HostSample.getEncoder().encode(sample);
        byte[] expected = new byte[avro.remaining()];
        avro.get(expected);
        assertThat(bytes).isEqualTo(expected);
        assertThat(collector.decode("t", bytes)).isEqualTo(sample);
    }

    @Test
    void samplesOfDisksAndMdArraysEncodeToTheTopicCodecsBytes() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp, 16, 3, 7);
        Roots roots = Roots.of(tmp);
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), System::nanoTime);
        for (int i = 0; i < 5; i++) {
            // the first sample has no rates (null metrics), the next ones all of them
            HostSample sample = sampler.sample(i, i);
            assertThat(sample.getDevices()).isNotEmpty();
            assertThat(sample.getArrays()).hasSize(3);
            sameBytes(sample);
            host.advance(1.0);
        }
    }

    @Test
    void aSampleWithHardwareVolumesEncodesToTheTopicCodecsBytes() throws Exception {
        Roots roots = Roots.of(Path.of("src/test/resources/fixtures/hwraid-perc-h700"));
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), System::nanoTime,
                Declaration.from(Settings.of(Map.of("collector.hwraid.sda.level", "raid5", "collector.hwraid.sda.disks", "4",
                        "collector.hwraid.vda.level", "raid1"))));
        HostSample sample = sampler.sample(0, 0);
        assertThat(sample.getHardwareVolumes()).hasSize(2);
        sameBytes(sample);
    }
}
