package io.raidpulse.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.config.UserException;
import io.raidpulse.md.MdLevel;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioParserTest {
    static final String HEADER = """
            scenario test
            duration 10m
            interval 5s
            profile hdd read-iops=550 write-iops=480 seq=268MB/s
            disk sda profile=hdd size=16TB
            disk sdb profile=hdd size=16TB
            disk sdc profile=hdd size=16TB partitions=30GB,1TB
            """;

    @Test
    void parsesEveryDirective() {
        Scenario s = ScenarioParser.parse("""
                # a comment line
                scenario example
                description A RAID5 and a RAID10   # trailing comment
                host db1
                start 2024-03-04T02:00:00Z
                duration 1h
                interval 10s
                uptime 12d
                cpus 16
                hz 1000
                speed-limit min=5000 max=100000
                profile hdd16tb read-iops=550 write-iops=480 seq=268MB/s rotational=no model="ST16000NM001G 2KK103" queue=32 flush=2.5ms read-latency=0.1ms write-latency=25us
                disk sda profile=hdd16tb size=16TB partitions=30GB
                disk sdb profile=hdd16tb size=16TB partitions=30GB
                disk sdc profile=hdd16tb size=16TB partitions=30GB
                disk sdd profile=hdd16tb size=16TB attached=no
                disk nvme0n1 profile=hdd16tb size=1TB
                disk nvme1n1 profile=hdd16tb size=1TB
                array md0 level=raid5 members=sda1,sdb1,sdc1 chunk=64k layout=left-asymmetric bitmap=internal
                array md1 level=raid10 members=nvme0n1,nvme1n1 layout=f2 chunk=512KiB
                load md0 from=0 to=10m read=500 write=100..200 size=8k seq=0.25 flush=10
                load md0 from=10m to=1h read=100 size=1M seq=1
                at 5m fail md0 sdb1
                at 6m remove md0 sdb1
                at 7m attach sdd
                at 8m add md0 sdd
                at 30m check md1 mismatches=256
                at 40m idle md1
                expect saturation md0 firing=10m30s resolved=open
                expect degraded md0 start=5m end=20m
                """, "example.scenario", "fallback");
        assertThat(s.name()).isEqualTo("example");
        assertThat(s.description()).isEqualTo("A RAID5 and a RAID10");
        assertThat(s.host()).isEqualTo("db1");
        assertThat(s.start()).isEqualTo(Instant.parse("2024-03-04T02:00:00Z"));
        assertThat(s.durationSeconds()).isEqualTo(3600);
        assertThat(s.intervalSeconds()).isEqualTo(10);
        assertThat(s.steps()).isEqualTo(360);
        assertThat(s.uptimeSeconds()).isEqualTo(12 * 86400);
        assertThat(s.cpus()).isEqualTo(16);
        assertThat(s.hz()).isEqualTo(1000);
        assertThat(s.speedLimitMinKib()).isEqualTo(5000);
        assertThat(s.speedLimitMaxKib()).isEqualTo(100000);
        ProfileSpec p = s.profile("hdd16tb").orElseThrow();
        assertThat(p.readIops()).isEqualTo(550);
        assertThat(p.sequentialBytesPerSecond()).isEqualTo(268e6);
        assertThat(p.rotational()).isFalse();
        assertThat(p.model()).isEqualTo("ST16000NM001G 2KK103");
        assertThat(p.maxQueue()).isEqualTo(32);
        assertThat(p.flushSeconds()).isEqualTo(0.0025);
        assertThat(p.readLatencySeconds()).isCloseTo(100e-6, within(1e-12));
        assertThat(p.writeLatencySeconds()).isCloseTo(25e-6, within(1e-12));
        assertThat(p.parallel()).isTrue();
        assertThat(s.disk("sda").orElseThrow().partitionBytes()).containsExactly(30_000_000_000L);
        assertThat(s.disk("sdd").orElseThrow().attachedAtStart()).isFalse();
        ArraySpec md0 = s.array("md0").orElseThrow();
        assertThat(md0.level()).isEqualTo(MdLevel.RAID5);
        assertThat(md0.layoutCode()).isZero();
        assertThat(md0.chunkBytes()).isEqualTo(65536);
        assertThat(md0.members()).containsExactly("sda1", "sdb1", "sdc1");
        assertThat(md0.bitmap()).isTrue();
        ArraySpec md1 = s.array("md1").orElseThrow();
        assertThat(md1.layoutCode()).isEqualTo(0x201);
        assertThat(md1.raid10().far()).isEqualTo(2);
        LoadPhase first = s.loads().get(0);
        assertThat(first.writes()).isEqualTo(new Ramp(100, 200));
        assertThat(first.writes().at(0.5)).isEqualTo(150);
        assertThat(first.sequential()).isEqualTo(0.25);
        assertThat(first.requestBytes()).isEqualTo(8192);
        assertThat(s.loads().get(1).requestBytes()).isEqualTo(1 << 20);
        assertThat(s.events()).extracting(EventSpec::action).containsExactly(EventSpec.Action.FAIL, EventSpec.Action.REMOVE,
                EventSpec.Action.ATTACH, EventSpec.Action.ADD, EventSpec.Action.CHECK, EventSpec.Action.IDLE);
        assertThat(s.events().get(4).mismatches()).isEqualTo(256);
        assertThat(s.expectations().get(0).endSecond()).isNull();
        assertThat(s.expectations().get(1).endSecond()).isEqualTo(1200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "frobnicate 3|line 8: unknown keyword 'frobnicate'",
        "array md0 level=raid7 members=sda,sdb|line 8: array: field 'level': expected raid0, raid1, raid5, raid6 or raid10, got 'raid7'",
        "array md0 level=raid5 members=sda,sdb|line 8: array: field 'members': raid5 needs at least 3 members, got 2",
        "array md0 level=raid5 members=sda,sdb,sdx|line 8: array: field 'members': 'sdx' is not a disk, partition or array",
        "array md0 level=raid5 members=sda,sdb,sdc|line 8: array: field 'members': 'sdc' has partitions: use one of them as the member",
        "array md0 level=raid5 members=sda,sdb,sdc1 chunk=3k|line 8: array: field 'chunk': expected a power of two",
        "array md0 level=raid10 members=sda,sdb layout=x9|line 8: array: field 'layout': expected n2, f2 or o2",
        "array md0 level=raid1 members=sda,sdb chunk=64k|line 8: array: field 'chunk': raid1 has no chunk",
        "array md0 level=raid1 members=sda,sda|line 8: array: field 'members': 'sda' already belongs to an array",
        "array md0 level=raid1 members=sda,sdb colour=red|line 8: array: unknown field 'colour'",
        "load md9 from=0 to=1m size=8k|line 8: load: field 'array': no array named 'md9'",
        "disk sdd profile=ssd size=1TB|line 8: disk: field 'profile': no profile named 'ssd'",
        "disk sdd profile=hdd size=lots|line 8: disk: field 'size': expected a size like 8k",
        "disk hda profile=hdd size=1TB|line 8: disk: field 'name': expected a kernel disk name",
        "disk sda profile=hdd size=1TB|line 8: disk: field 'name': device sda is defined twice",
        "disk sdd profile=hdd size=1TB partitions=2TB|line 8: disk: field 'partitions': the partitions need",
        "profile ssd read-iops=fast write-iops=1 seq=1GB/s|line 8: profile: field 'read-iops': expected a number",
        "profile ssd read-iops=1 write-iops=1|line 8: profile: field 'seq': missing",
        "profile ssd read-iops=1 write-iops=1 seq=1GB/s rotational=no write-latency=20us|line 8: profile: field 'read-latency': missing: a non-rotational disk serves requests in parallel",
        "profile hd read-iops=1 write-iops=1 seq=1GB/s read-latency=5ms|line 8: profile: field 'read-latency': a rotational disk serves one request at a time",
        "profile ssd read-iops=1 write-iops=1 seq=1GB/s rotational=no read-latency=0us write-latency=20us|line 8: profile: field 'read-latency': must be above 0",
        "profile ssd read-iops=1 write-iops=1 seq=1GB/s rotational=no read-latency=80 write-latency=20us|line 8: profile: field 'read-latency': expected a time like 1.5ms or 80us, got '80'",
        "profile ssd read-iops=400000 write-iops=1 seq=1GB/s rotational=no read-latency=1ms write-latency=20us queue=256|line 8: profile: field 'read-latency': 400000 IOPS of 1ms each hold 400 requests in flight, more than queue=256 holds",
        "interval 0s|line 8: interval: field 'interval': expected 1s to 1h",
        "start yesterday|line 8: start: field 'start': expected an ISO-8601 UTC time",
        "at 1x fail md0 sda|line 8: at: field 'time': expected a time in whole seconds",
        "at 1m explode md0|line 8: at: field 'action': expected fail, remove, add",
        "expect saturation sdz firing=1m resolved=2m|line 8: field 'subject': no array or device named 'sdz'",
        "expect saturation sda firing=2m resolved=1m|line 8: expect: field 'resolved': must be after firing",
        "host \"unterminated|line 8: unterminated quote",
    })
    void rejectsWithLineAndField(String line, String message) {
        assertThatThrownBy(() -> ScenarioParser.parse(HEADER + line + "\n", "bad.scenario", "bad"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("scenario bad.scenario ")
                .hasMessageContaining(message)
                .satisfies(e -> {
                    assertThat(((UserException) e).exitCode()).isEqualTo(UserException.EXIT_USAGE);
                    assertThat(((ScenarioException) e).line()).isEqualTo(8);
                });
    }

    @Test
    void parsesAControllerItsVolumeAndItsDisksAndTheCollectorsSettings() {
        Scenario s = ScenarioParser.parse(HEADER + """
                controller perc0 host=6 driver=megaraid_sas vendor=DELL model="PERC H700" queue=128
                disk sdd profile=hdd size=48TB controller=perc0 address=6:2:0:0 level=raid5 disks=4
                disk sde profile=hdd size=16TB controller=perc0 address=6:0:5:0
                collector collector.hwraid.sdd.level=raid5 collector.hwraid.sdd.controller="PERC H700"
                load sdd from=0 to=10m read=100 write=20 size=8k
                expect saturation sdd firing=1m resolved=2m
                """, "hw.scenario", "hw");
        ControllerSpec c = s.controller("perc0").orElseThrow();
        assertThat(c).isEqualTo(new ControllerSpec("perc0", 6, "megaraid_sas", "DELL", "PERC H700", 128, 8));
        DiskSpec volume = s.disk("sdd").orElseThrow();
        assertThat(volume.controller()).isEqualTo("perc0");
        assertThat(volume.address()).hasToString("6:2:0:0");
        assertThat(volume.volume()).isEqualTo(new ControllerVolume(MdLevel.RAID5, 4));
        DiskSpec passedThrough = s.disk("sde").orElseThrow();
        assertThat(passedThrough.address()).isEqualTo(new ScsiAddress(6, 0, 5, 0));
        assertThat(passedThrough.volume()).isNull();
        assertThat(s.collectorSettings()).containsExactly(java.util.Map.entry("collector.hwraid.sdd.level", "raid5"),
                java.util.Map.entry("collector.hwraid.sdd.controller", "PERC H700"));
        assertThat(s.loads()).singleElement().extracting(LoadPhase::array).isEqualTo("sdd");

        // the volume as one parallel device over its four disks (550 reads, 480 writes, 268 MB/s each)
        ProfileSpec p = volume.volume().profile(s.profile("hdd").orElseThrow(), c, "hdd");
        assertThat(p.parallel()).isTrue();
        assertThat(p.readIops()).isEqualTo(4 * 550);
        assertThat(p.writeIops()).isCloseTo(4 / (2 / 550.0 + 2 / 480.0), within(1e-9));
        assertThat(p.sequentialBytesPerSecond()).isEqualTo(3 * 268e6);
        assertThat(p.readLatencySeconds()).isEqualTo(1 / 550.0);
        assertThat(p.writeLatencySeconds()).isCloseTo(1 / 550.0 + 1 / 480.0, within(1e-12));
        assertThat(p.model()).isEqualTo("PERC H700");
        assertThat(p.maxQueue()).isEqualTo(128);
        assertThat(new ControllerVolume(MdLevel.RAID10, 4).profile(s.profile("hdd").orElseThrow(), c, "hdd").writeIops())
                .isCloseTo(4 * 480 / 2.0, within(1e-9));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "disk sdd profile=hdd size=1TB address=0:2:0:0|line 9: disk: field 'address': only a disk behind a controller",
        "disk sdd profile=hdd size=1TB controller=perc1|line 9: disk: field 'controller': no controller named 'perc1'",
        "disk sdd profile=hdd size=1TB controller=perc0|line 9: disk: field 'address': missing",
        "disk sdd profile=hdd size=1TB controller=perc0 address=0:2:0|line 9: disk: field 'address': expected host:channel:target:lun",
        "disk sdd profile=hdd size=1TB controller=perc0 address=1:2:0:0|line 9: disk: field 'address': controller perc0 is host6",
        "disk sdd profile=hdd size=1TB controller=perc0 address=6:2:0:0 level=raid5|line 9: disk: field 'disks': missing",
        "disk sdd profile=hdd size=1TB controller=perc0 address=6:2:0:0 level=raid7 disks=4|line 9: disk: field 'level': expected raid0",
        "disk sdd profile=hdd size=1TB controller=perc0 address=6:2:0:0 level=raid10 disks=5|line 9: disk: field 'disks': a raid10 volume mirrors pairs",
        "disk sdd profile=hdd size=1TB controller=perc0 address=6:2:0:0 level=raid6 disks=3|line 9: disk: field 'disks': expected a whole number from 4",
        "disk vda profile=hdd size=1TB controller=perc0 address=6:2:0:0|line 9: disk: field 'controller': a disk behind a SCSI controller is named sdX",
        "controller perc1 host=6 driver=megaraid_sas|line 9: controller: field 'host': host6 is controller perc0",
        "controller perc1 host=7 driver=MegaRAID!|line 9: controller: field 'driver': expected a SCSI host driver's name",
        "collector notify.channels=x|line 9: collector: expected KEY=VALUE with a collector setting's key",
        "load sda from=0 to=1m size=8k|line 9: load: field 'array': no array named 'sda' (nor a hardware RAID volume)",
        "at 1m offline sda|line 9: at: field 'disk': no disk behind a controller named 'sda'",
        "at 1m io-errors sdd|line 9: at: field 'disk': no disk behind a controller named 'sdd'",
    })
    void rejectsBadControllersAndVolumes(String line, String message) {
        String header = HEADER + "controller perc0 host=6 driver=megaraid_sas vendor=DELL model=\"PERC H700\"\n";
        assertThatThrownBy(() -> ScenarioParser.parse(header + line + "\n", "bad.scenario", "bad"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((ScenarioException) e).line()).isEqualTo(9));
    }

    @Test
    void readsAVolumesHealthEvents() {
        String volume = HEADER + """
                controller perc0 host=6 driver=megaraid_sas
                disk sdd profile=hdd size=48TB controller=perc0 address=6:2:0:0 level=raid5 disks=4
                """;
        Scenario s = ScenarioParser.parse(volume + """
                at 1m io-errors sdd failed=3 timed-out=1
                at 2m offline sdd
                at 3m running sdd
                expect volume-offline sdd start=2m end=3m
                """, "x", "x");
        assertThat(s.events()).extracting(EventSpec::action).containsExactly(EventSpec.Action.IO_ERRORS, EventSpec.Action.OFFLINE,
                EventSpec.Action.RUNNING);
        assertThat(s.events().get(0)).extracting(EventSpec::failed, EventSpec::timedOut).containsExactly(3L, 1L);
        assertThat(s.events().get(1).describe()).isEqualTo("at 2m offline sdd");
        assertThatThrownBy(() -> ScenarioParser.parse(volume + "at 1m io-errors sdd\n", "x", "x"))
                .hasMessageContaining("line 10: at: field 'failed': give failed= or timed-out= commands");
        assertThatThrownBy(() -> ScenarioParser.parse(volume + "array md0 level=raid1 members=sdd,sda\nat 1m offline sdd\n", "x", "x"))
                .hasMessageContaining("line 11: at: field 'disk': sdd is a member of an array");
    }

    @Test
    void aControllerCannotTakeTheScsiHostOfASataDisk() {
        assertThatThrownBy(() -> ScenarioParser.parse(HEADER + "controller perc0 host=1 driver=megaraid_sas\n", "x", "x"))
                .hasMessageContaining("line 8: field 'host': host1 is the SATA port of sdb (line 6)");
    }

    @Test
    void loadsBelongToConsumersWhoseCgroupsAreTheirUnitsOrGiven() {
        String arrays = HEADER + "array md0 level=raid1 members=sda,sdb\n";
        Scenario s = ScenarioParser.parse(arrays + """
                load md0 from=0 to=10m read=100 size=8k consumer=postgresql@15-main.service
                load md0 from=2m to=4m read=100 size=1M seq=1 consumer=backup.service
                load md0 from=0 to=10m write=10 size=4k consumer=docker/3f2a9c1b7e4d cgroup=/system.slice/docker-3f2a9c1b7e4d.scope
                load md0 from=0 to=10m write=5 size=4k
                """, "x", "x");
        assertThat(s.loads()).extracting(LoadPhase::consumer)
                .containsExactly("postgresql@15-main.service", "backup.service", "docker/3f2a9c1b7e4d", null);
        assertThat(s.loads()).extracting(LoadPhase::cgroup).containsExactly("/system.slice/postgresql@15-main.service",
                "/system.slice/backup.service", "/system.slice/docker-3f2a9c1b7e4d.scope", null);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "consumer=docker/3f2a | line 9: load: field 'cgroup': consumer docker/3f2a is not a systemd service or scope: give its cgroup",
        "consumer=a.service cgroup=system.slice/a.service | field 'cgroup': expected a path under the cgroup root like /system.slice/backup.service, got 'system.slice/a.service'",
        "consumer=a.service cgroup=/system.slice/../a.service | field 'cgroup': expected a path under the cgroup root",
        "cgroup=/system.slice/a.service | field 'cgroup': a cgroup belongs to a consumer: add consumer=NAME",
    })
    void rejectsConsumersWithoutAUsableCgroup(String fields, String message) {
        String arrays = HEADER + "array md0 level=raid1 members=sda,sdb\n";
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=5m size=8k " + fields + "\n", "x", "x"))
                .isInstanceOf(UserException.class).hasMessageContaining(message);
    }

    @Test
    void twoConsumersMayLoadAnArrayAtOnceButOneConsumerHasOneCgroup() {
        String arrays = HEADER + "array md0 level=raid1 members=sda,sdb\n";
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=5m size=8k consumer=a.service\n"
                + "load md0 from=4m to=6m size=8k consumer=a.service\n", "x", "x"))
                .hasMessageContaining("line 10: load: field 'from': overlaps the load phase of md0 by a.service on line 9");
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=5m size=8k consumer=a.service\n"
                + "load md0 from=5m to=6m size=8k consumer=a.service cgroup=/x.slice/a.service\n", "x", "x"))
                .hasMessageContaining("line 10: load: field 'cgroup': a.service is in /system.slice/a.service on line 9, got /x.slice/a.service");
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=5m size=8k consumer=a.service\n"
                + "load md0 from=0 to=5m size=8k consumer=b cgroup=/system.slice/a.service\n", "x", "x"))
                .hasMessageContaining("field 'cgroup': /system.slice/a.service is a.service's on line 9");
    }

    @Test
    void rejectsOverlappingLoadsAndLoadsPastTheEnd() {
        String arrays = HEADER + "array md0 level=raid1 members=sda,sdb\n";
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=5m size=8k\nload md0 from=4m to=6m size=8k\n",
                "x", "x")).hasMessageContaining("line 10: load: field 'from': overlaps the load phase of md0 on line 9");
        assertThatThrownBy(() -> ScenarioParser.parse(arrays + "load md0 from=0 to=11m size=8k\n", "x", "x"))
                .hasMessageContaining("line 9: field 'to': 11m is after the end of the scenario (10m)");
        String raid0 = HEADER + "array md0 level=raid0 members=sda,sdb chunk=64k\n";
        assertThatThrownBy(() -> ScenarioParser.parse(raid0 + "load md0 from=0 to=1m size=1M\n", "x", "x"))
                .hasMessageContaining("random requests larger than the chunk");
        assertThatThrownBy(() -> ScenarioParser.parse(HEADER.replace("duration 10m", "duration 10m3s"), "x", "x"))
                .hasMessageContaining("line 2: duration 10m3s is not a whole number of intervals of 5s");
        assertThatThrownBy(() -> ScenarioParser.parse(HEADER.replace("duration 10m\n", ""), "x", "x"))
                .hasMessage("scenario x: no 'duration' line");
    }

    @Test
    void unitsFollowTheDocumentedConventions() {
        assertThat(Units.bytes("4k")).isEqualTo(4096);
        assertThat(Units.bytes("512KiB")).isEqualTo(524288);
        assertThat(Units.bytes("30GB")).isEqualTo(30_000_000_000L);
        assertThat(Units.bytes("16TB")).isEqualTo(16_000_000_000_000L);
        assertThat(Units.bytes("1.5k")).isEqualTo(1536);
        assertThat(Units.bytes("1.1")).isNull();
        assertThat(Units.bytesPerSecond("268MB/s")).isEqualTo(268e6);
        assertThat(Units.seconds("12m30s")).isEqualTo(750);
        assertThat(Units.seconds("1h2m")).isEqualTo(3720);
        assertThat(Units.seconds("12d")).isEqualTo(12 * 86400);
        assertThat(Units.seconds("30s12m")).isNull();
        assertThat(Units.seconds("")).isNull();
        assertThat(Units.formatSeconds(750)).isEqualTo("12m30s");
        assertThat(Units.formatSeconds(0)).isEqualTo("0s");
    }

    @Test
    void everyShippedScenarioParsesWithADescription() {
        assertThat(ShippedScenarios.names()).containsExactly("raid5-saturation", "raid5-vs-raid10", "member-failure",
                "scheduled-check", "backup-saturation", "raid10-over-raid1-pairs", "nvme-busy-then-overload", "hardware-raid-saturation");
        for (String name : ShippedScenarios.names()) {
            Scenario s = ShippedScenarios.load(name);
            assertThat(s.name()).isEqualTo(name);
            assertThat(s.description()).isNotBlank();
            assertThat(s.durationSeconds()).isBetween(600L, 2400L);
        }
        assertThatThrownBy(() -> ShippedScenarios.resolve("no-such-scenario"))
                .hasMessageContaining("'no-such-scenario' is neither a shipped scenario");
    }
}
