package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.hwraid.ScsiDeviceHealth;
import io.raidpulse.collector.hwraid.ScsiDisk;
import io.raidpulse.collector.hwraid.VolumeRules;
import io.raidpulse.config.Settings;
import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every committed recording with a RAID controller's volume (a disk profile with a controller in
 * its manifest): what the guest's sysfs showed of it in every snapshot is recognised as a volume
 * of that controller, and every HostSample the guest's collector spooled carries it with what the
 * scenario's collector.properties declares and the health the snapshots show (running, but where
 * the scenario set the device's state: that state); a declared disk that is no SCSI disk is carried
 * as contradicted, and the collector's log says both at start.
 */
class RecordingHardwareVolumesTest {
    /**
     * The SCSI state {@code device} had at {@code time}: the last the scenario set before it
     * ({@code set /sys/block/DEVICE/device/state=VALUE}), running when it set none; null within two
     * seconds of a change, which a sample or snapshot may show either side of.
     */
    static String stateSet(Recording r, String device, Instant time) {
        String state = "running";
        for (Event e : r.events("set")) {
            String prefix = "/sys/block/" + device + "/device/state=";
            if (!e.rest().startsWith(prefix)) {
                continue;
            }
            if (Math.abs(Duration.between(e.time(), time).toMillis()) < 2000) {
                return null;
            }
            if (e.time().isBefore(time)) {
                state = e.rest().substring(prefix.length());
            }
        }
        return state;
    }

    /** A snapshot's guest uptime, seconds (its proc/uptime). */
    private static double uptime(Path snapshot) throws java.io.IOException {
        return Double.parseDouble(Files.readString(snapshot.resolve("proc/uptime")).trim().split("\\s+")[0]);
    }

    static Stream<Recording> withVolumes() {
        return Recordings.committed().filter(r -> !volumes(r).isEmpty());
    }

    /** Guest name to manifest entry of each controller volume of {@code r}. */
    static Map<String, JsonNode> volumes(Recording r) {
        Map<String, JsonNode> out = new java.util.TreeMap<>();
        for (JsonNode d : r.manifest().path("disks")) {
            if (d.has("controller")) {
                out.put(d.path("guest").asText(), d);
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("withVolumes")
    void recognisedInEverySnapshotAndCarriedInEverySampleWithWhatWasDeclared(Recording r) throws Exception {
        SoftAssertions soft = new SoftAssertions();
        Map<String, JsonNode> volumes = volumes(r);
        Path props = Path.of("scenarios", r.name() + ".collector.properties");
        Map<String, Declaration> declared = Files.isRegularFile(props) ? Declaration.from(Settings.load(props)) : Map.of();

        List<Path> snapshots = r.snapshots();
        assertThat(snapshots).isNotEmpty();
        List<Long> ioerrs = new ArrayList<>();
        for (Path snap : snapshots) {
            for (Map.Entry<String, JsonNode> v : volumes.entrySet()) {
                ScsiDisk disk = ScsiDisk.read(snap.resolve("sys"), v.getKey());
                String where = r.name() + " " + snap.getFileName() + " " + v.getKey();
                soft.assertThat(disk).as(where).isNotNull();
                if (disk == null) {
                    continue;
                }
                soft.assertThat(disk.driver()).as(where).isEqualTo("megaraid_sas");
                soft.assertThat(disk.vendor()).as(where).isEqualTo(v.getValue().path("vendor").asText());
                soft.assertThat(disk.model()).as(where).isEqualTo(v.getValue().path("product").asText());
                soft.assertThat(VolumeRules.judge(disk).kind()).as(where).isEqualTo(VolumeRules.Kind.VOLUME);
                ScsiDeviceHealth h = ScsiDeviceHealth.read(snap.resolve("sys"), v.getKey());
                Instant taken = r.events().get(0).time().plusMillis(Math.round(
                        (uptime(snap) - r.events().get(0).uptime()) * 1000));
                String state = stateSet(r, v.getKey(), taken);
                if (state != null) {
                    soft.assertThat(h.state()).as(where).isEqualTo(state);
                    if (state.equals("running")) {
                        soft.assertThat(h.problems()).as(where).isEmpty();
                    }
                }
                ioerrs.add(h.ioerrCnt());
            }
        }
        soft.assertThat(ioerrs).as("%s: ioerr_cnt counts up, never down", r.name()).isSorted();

        List<HostSample> samples = SpoolSamples.of(r);
        assertThat(samples).isNotEmpty();
        Long lastIoerr = null;
        for (HostSample s : samples) {
            String where = r.name() + " sample " + s.getSequence();
            soft.assertThat(s.getHardwareVolumes()).as(where).isNotNull();
            if (s.getHardwareVolumes() == null) {
                continue;
            }
            List<String> expected = new ArrayList<>(volumes.keySet());
            declared.keySet().stream().filter(d -> !expected.contains(d)).forEach(expected::add);
            soft.assertThat(s.getHardwareVolumes()).extracting(HardwareVolume::getDevice).as(where)
                    .containsExactlyInAnyOrderElementsOf(expected);
            for (HardwareVolume v : s.getHardwareVolumes()) {
                Declaration d = declared.get(v.getDevice());
                soft.assertThat(v.getDeclared()).as(where + " " + v.getDevice()).isEqualTo(d != null);
                if (d != null) {
                    soft.assertThat(List.of(String.valueOf(v.getLevel()), String.valueOf(v.getDisks()), String.valueOf(v.getDiskModel()),
                            String.valueOf(v.getCache()))).as(where + " " + v.getDevice() + " declared facts")
                            .containsExactly(String.valueOf(d.level()), String.valueOf(d.disks()), String.valueOf(d.diskModel()),
                                    String.valueOf(d.cache()));
                }
                if (volumes.containsKey(v.getDevice())) {
                    soft.assertThat(v.getRecognisedBy()).as(where + " " + v.getDevice()).startsWith("megaraid_sas volume: channel ");
                    soft.assertThat(v.getContradiction()).as(where + " " + v.getDevice()).isNull();
                    String state = stateSet(r, v.getDevice(), s.getSampleTime());
                    if (state != null) {
                        soft.assertThat(v.getState()).as(where + " " + v.getDevice()).isEqualTo(state);
                    }
                    soft.assertThat(v.getIotmoCnt()).as(where + " " + v.getDevice() + ": no command timed out").isZero();
                    if (lastIoerr != null) {
                        soft.assertThat(v.getIoerrCnt()).as(where + " ioerr_cnt").isGreaterThanOrEqualTo(lastIoerr);
                    }
                    lastIoerr = v.getIoerrCnt();
                    soft.assertThat(s.getDevices()).as(where + ": its I/O metrics").anySatisfy(dev ->
                            assertThat(dev.getName()).isEqualTo(v.getDevice()));
                } else {
                    soft.assertThat(v.getRecognisedBy()).as(where + " " + v.getDevice()).isNull();
                    soft.assertThat(v.getContradiction()).as(where + " " + v.getDevice()).startsWith("it is not a SCSI disk");
                }
            }
        }
        String log = Files.readString(r.dir().resolve("collector.log"));
        for (String v : volumes.keySet()) {
            soft.assertThat(log).as("%s: the collector's start says what it recognised", r.name())
                    .contains("hardware RAID volume " + v + " (").contains("recognised from sysfs (megaraid_sas volume: channel");
        }
        for (String d : declared.keySet()) {
            if (!volumes.containsKey(d)) {
                soft.assertThat(log).as("%s: the warning for %s", r.name(), d)
                        .contains("WARN  HostSampler: collector.hwraid." + d + " declares a hardware RAID volume, but sysfs says otherwise");
            }
        }
        soft.assertAll();
    }
}
