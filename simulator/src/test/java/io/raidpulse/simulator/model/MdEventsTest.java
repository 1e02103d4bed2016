package io.raidpulse.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.tree.KernelText;
import org.junit.jupiter.api.Test;

/** md's reactions to events: hot spares, delayed syncs on shared disks, stopping a check, refusals. */
class MdEventsTest {
    static final String DISKS = """
            scenario events
            duration 10m
            interval 5s
            uptime 0
            profile hdd read-iops=550 write-iops=480 seq=268MB/s
            disk sda profile=hdd size=1TB partitions=2GB,2GB
            disk sdb profile=hdd size=1TB partitions=2GB,2GB
            disk sdc profile=hdd size=1TB partitions=2GB,2GB
            """;

    static HostModel model(String rest) {
        return new HostModel(ScenarioParser.parse(DISKS + rest, "events", "events"));
    }

    @Test
    void aHotSpareTakesOverAtOnceAndTheArrayRecovers() {
        HostModel m = model("""
                array md0 level=raid1 members=sda1,sdb1 spares=sdc1
                load md0 from=0 to=10m read=50 write=50 size=4k
                at 1m fail md0 sda1
                """);
        m.advanceTo(61);
        SimulatedArray md0 = m.array("md0").orElseThrow();
        assertThat(md0.sync().orElseThrow().kind()).isEqualTo(SyncAction.RECOVER);
        assertThat(md0.member("sdc1").orElseThrow().slot()).isEqualTo(0);
        assertThat(KernelText.mdstat(m, m.second())).contains("md0 : active raid1 sdc1[2] sdb1[1] sda1[0](F)\n")
                .contains("[2/1] [_U]\n").contains("recovery =");
        m.advanceTo(600);
        assertThat(md0.sync()).isEmpty();
        assertThat(md0.degraded()).isZero();
        assertThat(KernelText.mdstat(m, m.second())).contains("[2/2] [UU]");
        assertThat(m.log()).contains("60 recover started on md0 onto sdc1");
    }

    @Test
    void arraysSharingDisksSyncOneAtATime() {
        HostModel m = model("""
                array md0 level=raid5 members=sda1,sdb1,sdc1
                array md1 level=raid1 members=sda2,sdb2
                at 10s resync md0
                at 10s resync md1
                """);
        m.advanceTo(15);
        assertThat(m.array("md0").orElseThrow().sync().orElseThrow().delayed()).isFalse();
        assertThat(m.array("md1").orElseThrow().sync().orElseThrow().delayed()).isTrue();
        String mdstat = KernelText.mdstat(m, m.second());
        // a 2 GB partition less the 128 MiB data offset, in 64 KiB units, as 1 KiB blocks
        long blocks = (2_000_000_000L / 512 - 262_144) / 128 * 128 / 2;
        assertThat(mdstat).contains("md1 : active raid1 sdb2[1] sda2[0]\n      " + blocks + " blocks super 1.2 [2/2] [UU]\n"
                + "      \tresync=DELAYED\n      \n");
        assertThat(mdstat).containsPattern("\\[=*>\\.*\\]  resync = *\\d+\\.\\d%");
        m.advanceTo(600);
        assertThat(m.array("md1").orElseThrow().sync()).isEmpty();
        // idle disks: each pass of about 1.8 GB runs at speed_limit_max (200000 KiB/s), about 9.1 s
        assertThat(m.log()).containsExactly("10 resync started on md0", "10 resync started on md1 (delayed)",
                "20 resync finished on md0", "20 resync on md1 no longer delayed", "30 resync finished on md1");
    }

    @Test
    void aCheckCanBeStoppedAndRefusalsNameTheEvent() {
        HostModel m = model("""
                array md0 level=raid5 members=sda1,sdb1,sdc1
                at 10s check md0 mismatches=64
                at 12s idle md0
                """);
        m.advanceTo(20);
        assertThat(m.array("md0").orElseThrow().sync()).isEmpty();
        assertThat(m.log()).contains("12 check on md0 stopped");
        assertThatThrownBy(() -> model("""
                array md0 level=raid5 members=sda1,sdb1,sdc1
                at 10s fail md0 sda1
                at 20s check md0
                """).advanceTo(30)).hasMessage("scenario events line 11: at 20s check md0: md0 is degraded: md runs a recovery,"
                + " not a check");
        assertThatThrownBy(() -> model("""
                array md0 level=raid1 members=sda1,sdb1
                at 10s detach sda
                """).advanceTo(30)).hasMessageContaining("line 10: at 10s detach sda: sda1 is still a member of md0: fail and remove it first");
        assertThatThrownBy(() -> model("""
                array md0 level=raid1 members=sda1,sdb1
                at 10s remove md0 sda1
                """).advanceTo(30)).hasMessageContaining("sda1 is active in md0 (mdadm: Device or resource busy): fail it first");
    }
}
