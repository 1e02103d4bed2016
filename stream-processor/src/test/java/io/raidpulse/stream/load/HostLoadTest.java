package io.raidpulse.stream.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.schema.HostSample;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostLoadTest {
    private final HostFeed feed = new HostFeed("db1", 1_767_225_600_000L, 10_000);

    @Test
    void raid10WritesCostTwoMemberWritesEach() {
        List<Dev> devs = List.of(Dev.md("md0").iops(100, 200).kBs(400, 800),
                Dev.disk("sda", 50).iops(25, 100).kBs(100, 400), Dev.disk("sdb", 50).iops(25, 100).kBs(100, 400),
                Dev.disk("sdc", 60).iops(25, 100).kBs(100, 400), Dev.disk("sdd", 50).iops(25, 100).kBs(100, 400));
        HostSample s = feed.next(devs, List.of(Md.array("md0", "raid10", "sda", "sdb", "sdc", "sdd")));
        ArrayLoad a = HostLoad.of(s).arrays().get(0);
        assertThat(a.amplification().io()).isCloseTo(2.0, within(1e-9));
        assertThat(a.amplification().sectors()).isCloseTo(2.0, within(1e-9));
        assertThat(a.readIops()).isEqualTo(100.0);
        assertThat(a.writeRequestKB()).isCloseTo(4.0, within(1e-9));
        assertThat(a.busiest().subject()).isEqualTo("sdc");
        assertThat(a.util()).isEqualTo(60.0);
        assertThat(a.memberUtilMean()).isCloseTo(52.5, within(1e-9));
        assertThat(a.parallel()).isFalse();
    }

    @Test
    void nestedArraysResolveToTheirLeafDisksEvenWithoutLeafDisksListed() {
        // RAID0 (md0) over two RAID1 pairs (md1, md2): md0's load is on sda..sdd
        List<Dev> devs = List.of(Dev.md("md0").iops(0, 100), Dev.md("md1").iops(0, 50), Dev.md("md2").iops(0, 50),
                Dev.disk("sda", 30).iops(0, 50), Dev.disk("sdb", 31).iops(0, 50),
                Dev.disk("sdc", 90).iops(0, 50), Dev.disk("sdd", 33).iops(0, 50));
        HostSample s = feed.next(devs, List.of(Md.array("md0", "raid0", "md1", "md2"), Md.array("md1", "raid1", "sda", "sdb"),
                Md.array("md2", "raid1", "sdc", "sdd").sync("check", 10, 1000L, 100L)));
        HostLoad load = HostLoad.of(s);
        ArrayLoad md0 = load.arrays().stream().filter(a -> a.subject().equals("md0")).findFirst().orElseThrow();
        assertThat(md0.members()).extracting(DeviceLoad::subject).containsExactly("sda", "sdb", "sdc", "sdd");
        assertThat(md0.busiest().subject()).isEqualTo("sdc");
        assertThat(md0.amplification().io()).isCloseTo(2.0, within(1e-9));
        assertThat(load.syncUnder(md0)).as("a check on a pair below is md0's cause too").isEqualTo(new MdSync("md2", "check"));
        assertThat(load.devices()).extracting(DeviceLoad::subject).doesNotContain("md0", "md1", "md2");
    }

    @Test
    void faultyMembersAndIdleSparesAreNotMembersOfTheLoad() {
        List<Dev> devs = List.of(Dev.md("md0"), Dev.disk("sda", 50), Dev.disk("sdb", 0), Dev.disk("sdc", 0));
        HostSample s = feed.next(devs, List.of(Md.array("md0", "raid1", "sda", "sdb").faulty("sdb").spare("sdc")
                .leaves("sda", "sdb", "sdc")));
        assertThat(HostLoad.of(s).arrays().get(0).members()).extracting(DeviceLoad::subject).containsExactly("sda");
    }

    @Test
    void ssdMembersMakeTheArrayParallel() {
        List<Dev> devs = List.of(Dev.md("md0"), Dev.ssd("nvme0n1", 50), Dev.ssd("nvme1n1", 50));
        HostSample s = feed.next(devs, List.of(Md.array("md0", "raid1", "nvme0n1", "nvme1n1")));
        assertThat(HostLoad.of(s).arrays().get(0).parallel()).isTrue();
    }

    @Test
    void anArrayWithoutMetricsOnItsMdDeviceHasNoLoad() {
        List<Dev> devs = List.of(Dev.md("md0").noMetrics(), Dev.disk("sda", 50), Dev.disk("sdb", 50));
        HostSample s = feed.next(devs, List.of(Md.array("md0", "raid1", "sda", "sdb")));
        HostLoad load = HostLoad.of(s);
        assertThat(load.arrays()).isEmpty();
        assertThat(load.presentArrays()).containsExactly("md0");
    }
}
