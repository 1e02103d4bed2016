package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.check.SampleRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device whose counters jump beyond any device between two readings (garbage in diskstats, a
 * kernel's accounting slip) is sent without metrics for that interval and counted, and the
 * sample passes the stream processor's rules; the other devices keep theirs. The sample is
 * built without Avro's deep copy, which checks the classes it may load and failed in the agent.
 */
class ImpossibleCountersTest {
    @TempDir
    Path root;

    private void write(String uptime, String diskstats) throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Files.createDirectories(root.resolve("sys/block"));
        Files.writeString(root.resolve("proc/uptime"), uptime);
        Files.writeString(root.resolve("proc/diskstats"), diskstats);
    }

    @Test
    void aDeviceWhoseCountersJumpBeyondAnyDeviceIsSentWithoutMetricsAndCounted() throws IOException {
        Roots roots = new Roots(root.resolve("proc"), root.resolve("sys"));
        write("1000.00 1.00\n", """
                   8       0 sda 100 0 800 50 200 0 1600 80 0 1000 130 0 0 0 0 0 0
                   8      16 sdb 100 0 800 50 200 0 1600 80 0 1000 130 0 0 0 0 0 0
                """);
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                new HostInfo.Identity("db1", "6.1", null, null), "test", Instant.now(), new BlockInventory(roots.sys(), null), System::nanoTime);
        sampler.sample(0, 0);
        // sda's reads jump by 2^62 in one second; sdb moves as a disk does
        write("1001.00 1.00\n", """
                   8       0 sda 4611686018427388004 0 800 50 200 0 1600 80 0 1000 130 0 0 0 0 0 0
                   8      16 sdb 150 0 1200 70 260 0 2080 100 0 1500 190 0 0 0 0 0 0
                """);
        HostSample s = sampler.sample(1, 0);
        assertThat(SampleRules.problem(s)).isNull();
        DeviceSample sda = s.getDevices().stream().filter(d -> d.getName().equals("sda")).findFirst().orElseThrow();
        DeviceSample sdb = s.getDevices().stream().filter(d -> d.getName().equals("sdb")).findFirst().orElseThrow();
        assertThat(sda.getMetrics()).isNull();
        assertThat(sda.getDeltas()).isNull();
        assertThat(sdb.getMetrics()).isNotNull();
        assertThat(sdb.getMetrics().getRS()).isEqualTo(50.0);
        assertThat(s.getReadErrors()).containsEntry("diskstats", 1L);
    }
}
