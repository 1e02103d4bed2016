package io.raidpulse.collector.tools.iostat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.iostat.DeviceMetrics;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.tools.Run;
import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code replay --json} on a pair of recorded snapshots held against sysstat's iostat on the same
 * counters ({@link SysstatOracle}): every device, every field, within iostat's two printed
 * decimals (0.005 plus a relative 1e-12). Used on this machine's own recordings and on the lab's
 * real md recordings.
 */
public final class RecordedPairs {
    private RecordedPairs() {
    }

    /** Fails unless sysstat's iostat, unshare and root are available (the oracle never skips). */
    public static void requireOracle() throws IOException, InterruptedException {
        SysstatOracle.require();
    }

    /**
     * Compares the interval from snapshot {@code a} to {@code b} for every whole device present in
     * both (iostat reads /sys/block/NAME/stat of whole devices); returns how many iostat reported.
     */
    public static int assertReplayMatchesIostat(Path a, Path b, Path work, String what) throws Exception {
        List<DiskStat> countedInA = counted(a);
        List<DiskStat> countedInB = counted(b);
        Map<String, String> first = whole(a, countedInA);
        Map<String, String> second = whole(b, countedInB);
        // a device whose sysfs directory came or went between the two while diskstats held it in both
        // (md0 stopped and made again: the snapshot listed /sys/block between the two) is such a device too
        Set<String> namesInB = new HashSet<>();
        countedInB.forEach(d -> namesInB.add(d.name()));
        List<String> comeOrGone = new ArrayList<>();
        for (DiskStat d : countedInA) {
            if (namesInB.contains(d.name()) && first.containsKey(d.name()) != second.containsKey(d.name())) {
                comeOrGone.add(d.name());
            }
        }
        first.keySet().retainAll(second.keySet());
        second.keySet().retainAll(first.keySet());
        // a device re-created between the two (mdadm --stop, then --create of the same name) starts its
        // counters again: iostat subtracts them as unsigned numbers and prints nonsense, raidpulse reports
        // the reset; such an interval is no comparison (the lab's snapshots met one on a loaded host)
        List<String> recreated = new ArrayList<>();
        for (String dev : first.keySet()) {
            if (wentBack(first.get(dev), second.get(dev))) {
                recreated.add(dev);
            }
        }
        recreated.addAll(comeOrGone);
        first.keySet().removeAll(recreated);
        second.keySet().removeAll(recreated);
        var reports = SysstatOracle.reports(work, first, uptime(a), second, uptime(b));
        Run replay = Run.of("replay", "--json", a.toString(), b.toString());
        assertThat(replay.exitCode()).as("%s: replay failed: %s", what, replay.err()).isZero();
        List<JsonNode> ours = replay.jsonLines().stream().filter(o -> !recreated.contains(o.get("disk_device").asText())).toList();
        assertSame(reports.get(1), ours, what);
        return reports.get(1).size();
    }

    /** Whether any counter of stat line {@code later} is below its value in {@code earlier}. */
    static boolean wentBack(String earlier, String later) {
        String[] e = earlier.trim().split("\\s+");
        String[] l = later.trim().split("\\s+");
        for (int i = 0; i < Math.min(e.length, l.length); i++) {
            // field 9 (index 8) is the requests in flight, a gauge, not a counter
            if (i != 8 && Long.parseLong(l[i]) < Long.parseLong(e[i])) {
                return true;
            }
        }
        return false;
    }

    static void assertSame(Map<String, Map<String, Double>> iostat, List<JsonNode> ours, String what) {
        Map<String, JsonNode> byDevice = new LinkedHashMap<>();
        for (JsonNode o : ours) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            assertThat(keys).as("JSON keys of %s", o).containsExactly(jsonKeys());
            byDevice.put(o.get("disk_device").asText(), o);
        }
        assertThat(byDevice.keySet()).as("%s: devices reported", what).containsExactlyInAnyOrderElementsOf(iostat.keySet());
        for (var dev : iostat.entrySet()) {
            JsonNode mine = byDevice.get(dev.getKey());
            for (var kv : dev.getValue().entrySet()) {
                double theirs = kv.getValue();
                double value = mine.get(kv.getKey()).asDouble();
                assertThat(Math.abs(value - theirs))
                        .as("%s: %s %s ours %s iostat %s", what, dev.getKey(), kv.getKey(), value, theirs)
                        .isLessThanOrEqualTo(0.005 + 1e-12 * Math.abs(theirs));
            }
        }
    }

    private static String[] jsonKeys() {
        String[] keys = new String[DeviceMetrics.KEYS.length + 1];
        keys[0] = "disk_device";
        System.arraycopy(DeviceMetrics.KEYS, 0, keys, 1, DeviceMetrics.KEYS.length);
        return keys;
    }

    /** The devices a recorded snapshot's /proc/diskstats counts with extended lines. */
    static List<DiskStat> counted(Path snap) throws Exception {
        return Diskstats.parse(ProcFiles.read(snap.resolve("proc/diskstats")), "diskstats").devices().stream()
                .filter(DiskStat::extended).toList();
    }

    /** The whole devices among {@code counted} (a directory in the snapshot's sys/block): name to their counters as a stat line. */
    static Map<String, String> whole(Path snap, List<DiskStat> counted) {
        Map<String, String> out = new LinkedHashMap<>();
        for (DiskStat d : counted) {
            if (Files.isDirectory(snap.resolve("sys/block").resolve(d.name()))) {
                out.put(d.name(), d.sysfsStat().stripTrailing());
            }
        }
        return out;
    }

    static String uptime(Path snap) throws IOException {
        return Files.readString(snap.resolve("proc/uptime")).trim().split("\\s+")[0];
    }
}
