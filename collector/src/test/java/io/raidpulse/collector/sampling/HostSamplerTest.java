package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.schema.AttributionStatus;
import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdSource;
import io.raidpulse.schema.kafka.AvroSerdes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostSamplerTest {
    @TempDir
    Path tmp;

    private SyntheticHost host;
    private HostSampler sampler;
    private final AtomicLong nanos = new AtomicLong();

    @BeforeEach
    void setUp() throws Exception {
        host = new SyntheticHost(tmp, 10, 2, 1);
        Roots roots = Roots.of(tmp);
        sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), nanos::get);
    }

    private static Map<String, DeviceSample> byName(HostSample s) {
        return s.getDevices().stream().collect(Collectors.toMap(DeviceSample::getName, Function.identity()));
    }

    @Test
    void firstSampleHasNoRatesAndTheNextHasAll() throws Exception {
        HostSample first = sampler.sample(0, 0);
        assertThat(first.getHost().getHostname()).isEqualTo("synthetic-host");
        assertThat(first.getHost().getKernel()).isEqualTo("6.1.0-synthetic");
        assertThat(first.getHost().getBootId()).isEqualTo("00000000-0000-4000-8000-000000000001");
        assertThat(first.getIntervalS()).isNull();
        assertThat(first.getDevices()).allSatisfy(d -> {
            assertThat(d.getMetrics()).isNull();
            assertThat(d.getDeltas()).isNull();
        });
        host.advance(1.0);
        nanos.addAndGet(1_000_000_000L);
        HostSample second = sampler.sample(1, 0);
        assertThat(second.getSequence()).isEqualTo(1);
        assertThat(second.getIntervalS()).isEqualTo(1.0);
        assertThat(second.getDevices()).allSatisfy(d -> {
            assertThat(d.getMetrics()).isNotNull();
            assertThat(d.getDeltas()).isNotNull();
            assertThat(d.getDeltas().getFlushes()).isNotNull();
        });
        Map<String, DeviceSample> d = byName(second);
        assertThat(d.keySet()).as("disks, md members (partitions) and arrays").contains("sda", "sdj", "sda1", "sdh1", "md0", "md1");
        assertThat(d.get("sda").getKind()).isEqualTo(DeviceKind.DISK);
        assertThat(d.get("sda").getModel()).isEqualTo("SYNTH DISK 0");
        assertThat(d.get("sda").getSerial()).isEqualTo("SN100000");
        assertThat(d.get("sda").getRotational()).isFalse();
        assertThat(d.get("sdb").getRotational()).isTrue();
        assertThat(d.get("sda").getSizeBytes()).isEqualTo(3907029168L * 512);
        assertThat(d.get("sda1").getKind()).isEqualTo(DeviceKind.PARTITION);
        assertThat(d.get("sda1").getParent()).isEqualTo("sda");
        assertThat(d.get("sda1").getHolders()).containsExactly("md0");
        assertThat(d.get("md0").getKind()).isEqualTo(DeviceKind.MD);
        assertThat(second.getArrays()).hasSize(2).allSatisfy(a -> assertThat(a.getSource()).isEqualTo(MdSource.SYSFS));
        assertThat(second.getArrays().get(1).getSyncAction()).isEqualTo("check");
        assertThat(second.getArrays().get(1).getSyncEtaS()).isPositive();
        assertThat(second.getReadErrors()).isEmpty();
        // the whole sample survives the wire format
        assertThat(AvroSerdes.codec(HostSample.class).decode("t", AvroSerdes.codec(HostSample.class).encode(second)))
                .isEqualTo(second);
    }

    @Test
    void badInputSkipsThatDeviceForThatIntervalAndIsCounted() throws Exception {
        sampler.sample(0, 0);
        host.advance(1.0);
        Path diskstats = tmp.resolve("proc/diskstats");
        String text = Files.readString(diskstats);
        Files.writeString(diskstats, text.replaceFirst("(?m)^(\\s*\\d+\\s+\\d+ sdb) .*$", "$1 12 garbage"));
        HostSample bad = sampler.sample(1, 0);
        assertThat(byName(bad)).doesNotContainKey("sdb").containsKey("sdc");
        assertThat(bad.getReadErrors()).containsEntry("diskstats", 1L);

        Files.delete(tmp.resolve("proc/uptime"));
        HostSample noUptime = sampler.sample(2, 0);
        assertThat(noUptime.getIntervalS()).isNull();
        assertThat(noUptime.getReadErrors()).as("cumulative; sdb is still malformed").containsEntry("uptime", 1L).containsEntry("diskstats", 2L);

        host.advance(1.0);
        HostSample after = sampler.sample(3, 0);
        assertThat(after.getIntervalS()).as("no predecessor after a sample without uptime").isNull();
        host.advance(1.0);
        HostSample recovered = sampler.sample(4, 0);
        assertThat(recovered.getIntervalS()).isEqualTo(1.0);
        assertThat(byName(recovered).get("sdb").getMetrics()).isNotNull();
    }

    @Test
    void arraysAndStandaloneDisksGetTheirConsumersAndNeverMoreUnattributedThanTheyDid() throws Exception {
        // 12 disks: sda..sdh hold the two arrays' member partitions, sdi..sdl are standalone
        SyntheticHost withCgroups = new SyntheticHost(tmp.resolve("cg"), 12, 2, 5, 60);
        Roots roots = Roots.of(withCgroups.root());
        HostSampler s = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), nanos::get);
        HostSample first = s.sample(0, 0);
        assertThat(first.getIoAttribution().getStatus()).isEqualTo(AttributionStatus.FIRST_SAMPLE);
        assertThat(first.getDevices()).allSatisfy(d -> assertThat(d.getConsumers()).isNull());
        withCgroups.advance(1.0);
        nanos.addAndGet(1_000_000_000L);
        HostSample second = s.sample(1, 0);
        assertThat(second.getIoAttribution().getStatus()).isEqualTo(AttributionStatus.ATTRIBUTED);
        // leaf cgroups are folded: user sessions is one read, the services and containers one each, plus system.slice
        assertThat(second.getIoAttribution().getCgroupsRead()).isBetween(50, 62);
        assertThat(second.getIoAttribution().getCgroupsVanished()).isZero();
        Map<String, DeviceSample> d = byName(second);
        assertThat(d.keySet()).contains("md0", "md1", "sda", "sda1", "sdi", "sdl");
        for (String name : new String[] {"md0", "md1", "sdi", "sdj", "sdk", "sdl"}) {
            DeviceSample dev = d.get(name);
            assertThat(dev.getConsumers()).as(name).isNotNull();
            assertThat(dev.getConsumers().size()).as(name).isLessThanOrEqualTo(AttributionSettings.DEFAULTS.top() + 2);
            long reads = dev.getDeltas().getReads() + dev.getDeltas().getReadsMerged();
            long writes = dev.getDeltas().getWrites() + dev.getDeltas().getWritesMerged();
            IoConsumer unattributed = dev.getConsumers().stream().filter(c -> c.getKind() == ConsumerKind.UNATTRIBUTED)
                    .findFirst().orElse(null);
            if (unattributed != null) {
                assertThat(unattributed.getReadIos()).isBetween(0L, reads);
                assertThat(unattributed.getWriteIos()).isBetween(0L, writes);
            }
            long attributedReads = dev.getConsumers().stream().filter(c -> c.getKind() != ConsumerKind.UNATTRIBUTED)
                    .mapToLong(IoConsumer::getReadIos).sum();
            // the synthetic host hands 90% of each device's new completed reads to its cgroups
            assertThat(attributedReads).as(name).isEqualTo(dev.getDeltas().getReads() * 9 / 10);
        }
        // a member partition, and a disk holding one, have no consumers of their own: they are the array's
        assertThat(d.get("sda1").getConsumers()).isNull();
        assertThat(d.get("sda").getConsumers()).isNull();
        assertThat(AvroSerdes.codec(HostSample.class).decode("t", AvroSerdes.codec(HostSample.class).encode(second))).isEqualTo(second);
    }

    @Test
    void mdstatGarbageLeavesSysfsArraysAndCounts() throws Exception {
        Files.writeString(tmp.resolve("proc/mdstat"), "Personalities : [raid1]\nmdX garbage\n");
        HostSample s = sampler.sample(0, 0);
        assertThat(s.getArrays()).hasSize(2);
        assertThat(s.getReadErrors()).containsEntry("mdstat", 1L);
    }

    private HostSample sampleOf(Path root) {
        Roots roots = Roots.of(root);
        return new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(), HostInfo.identity(roots, null),
                "test", Instant.parse("2026-01-01T00:00:00Z"), new BlockInventory(roots.sys(), null), nanos::get).sample(0, 0);
    }

    @Test
    void memberBeingRebuiltIsSentAsRebuildingNotAsASpareOnARealKernelSnapshot() {
        HostSample s = sampleOf(Fixtures.dir("real-md/06-raid5-spare-rebuilding"));
        assertThat(s.getReadErrors()).isEmpty();
        MdArray md4 = s.getArrays().stream().filter(a -> a.getName().equals("md4")).findFirst().orElseThrow();
        assertThat(md4.getMembers()).filteredOn(m -> m.getDevice().equals("vdh")).singleElement().satisfies(m -> {
            assertThat(m.getRebuilding()).isTrue();
            assertThat(m.getSpare()).as("a spare is one with no slot").isFalse();
            assertThat(m.getInSync()).isFalse();
            assertThat(m.getFaulty()).isFalse();
            assertThat(m.getRole()).isEqualTo(1);
            assertThat(m.getState()).containsExactly("spare");
        });
        assertThat(md4.getMembers()).filteredOn(m -> !m.getDevice().equals("vdh"))
                .allSatisfy(m -> assertThat(m.getInSync() && !m.getRebuilding() && !m.getSpare()).isTrue());
        assertThat(md4.getSyncCompletedPct()).as("mdstat's recovery = 55.6%").isEqualTo(55.6);
        assertThat(md4.getSyncDoneSectors()).isEqualTo(291200L * 2);
        assertThat(md4.getSyncTotalSectors()).isEqualTo(522240L * 2);
        assertThat(AvroSerdes.codec(HostSample.class).decode("t", AvroSerdes.codec(HostSample.class).encode(s))).isEqualTo(s);
    }

    @Test
    void raid0WithLayoutMinusOneIsSentFromSysfsWithoutAReadError() {
        HostSample s = sampleOf(Fixtures.dir("real-md/01-raid0-and-nested"));
        assertThat(s.getReadErrors()).isEmpty();
        assertThat(s.getArrays()).extracting(MdArray::getName).containsExactlyInAnyOrder("md0", "md1", "md2", "md3");
        assertThat(s.getArrays()).filteredOn(a -> a.getLevel().equals("raid0")).hasSize(2).allSatisfy(a -> {
            assertThat(a.getSource()).isEqualTo(MdSource.SYSFS);
            assertThat(a.getArrayState()).isEqualTo("clean");
            assertThat(a.getLayoutCode()).isNull();
        });
    }

    @Test
    void anOddSysfsValueIsCountedAndTheArrayIsStillSent() throws Exception {
        Path md = tmp.resolve("sys/block/md0/md");
        Files.writeString(md.resolve("mismatch_cnt"), "lots\n");
        HostSample s = sampler.sample(0, 0);
        assertThat(s.getArrays()).extracting(MdArray::getName).contains("md0");
        assertThat(s.getArrays()).filteredOn(a -> a.getName().equals("md0")).singleElement()
                .satisfies(a -> assertThat(a.getMismatchCnt()).isNull());
        assertThat(s.getReadErrors()).containsEntry("md-sysfs", 1L);
    }
}
