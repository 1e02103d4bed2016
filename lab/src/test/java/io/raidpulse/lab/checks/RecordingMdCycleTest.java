package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.md.MdSysfsFiles;
import io.raidpulse.collector.md.MdSysfsReader;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdSysfsMember;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.Uptime;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * md sysfs as the agent's sampling loop reads it ({@link MdSysfsFiles}: every cycle only the
 * files that tell of a change, the rest when they may have changed) against a whole read of the
 * same snapshot, snapshot after snapshot of every committed recording with md arrays, at the
 * recorded kernel's own uptime: whatever a real md did between two snapshots (created, failed,
 * re-added, rebuilt, checked, grown, switched read-only, given a journal, a PPL or a bitmap).
 *
 * <ul>
 *   <li>What the loop reads every cycle (array_state, degraded, sync_action, the members and their
 *   states) is always the same.</li>
 *   <li>What it says it may see up to {@link MdSysfsFiles#REFRESH} late (consistency policy, bitmap
 *   location, a member's corrected read errors) differs for less than that, in the kernel's uptime.</li>
 *   <li>Anything else differs in one snapshot at most: a snapshot reads its files one after another,
 *   as the loop does, and md may change between two of them (a member's slot cleared before its
 *   state, a check begun after sync_action was read); the next cycle sees the change announced.</li>
 * </ul>
 * Snapshots lie seconds apart, well within the refresh, and the check also holds that most reads
 * were served without the rarely changing files, so it is the change detection that is tested and
 * not the refresh.
 */
class RecordingMdCycleTest {
    static Stream<Recording> recordings() {
        return Recordings.committed().filter(Recordings::hasArrays);
    }

    /** Fields the loop reads every cycle: never different. */
    private static final Set<String> EACH_CYCLE = Set.of("name", "arrayState", "degraded", "syncAction", "members",
            "device", "state", "stateKnown", "recoveryStart");
    /** Fields MdSysfsFiles says may lag by up to its refresh. */
    private static final Set<String> MAY_LAG = Set.of("consistencyPolicy", "bitmapLocation", "errors");

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void theLoopsReadAgreesWithAWholeReadInEveryRecordedState(Recording r) throws Exception {
        MdSysfsFiles files = new MdSysfsFiles();
        SoftAssertions soft = new SoftAssertions();
        int compared = 0;
        int partial = 0;
        // by array and field: since when (uptime ms, snapshot) the loop's value has differed
        Map<String, long[]> differing = new HashMap<>();
        int index = 0;
        for (Path snap : r.snapshots()) {
            index++;
            Path sys = snap.resolve("sys");
            Path mdstatFile = snap.resolve("proc/mdstat");
            Map<String, MdstatArray> mdstat = new HashMap<>();
            if (Files.isRegularFile(mdstatFile)) {
                Mdstat.parse(Files.readString(mdstatFile), mdstatFile.toString()).arrays().forEach(a -> mdstat.put(a.name(), a));
            }
            long nowMs = Uptime.parse(Files.readString(snap.resolve("proc/uptime")), "uptime").centiseconds() * 10;
            for (String name : MdSysfsReader.arrays(sys)) {
                boolean[] levelRead = {false};
                MdSysfsArray cycled = files.read(sys, name, mdstat.get(name), path -> {
                    levelRead[0] |= path.endsWith("/md/level");
                    return ProcFiles.read(path);
                }, nowMs);
                MdSysfsArray whole = MdSysfsReader.read(sys, name);
                Map<String, Object> ours = fields(cycled);
                Map<String, Object> theirs = fields(whole);
                Set<String> keys = new TreeSet<>(ours.keySet());
                keys.addAll(theirs.keySet());
                for (String key : keys) {
                    String field = key.substring(key.lastIndexOf('.') + 1);
                    String where = r.name() + " " + snap.getFileName() + " " + name + " " + key;
                    if (Objects.equals(ours.get(key), theirs.get(key))) {
                        differing.remove(name + " " + key);
                        continue;
                    }
                    soft.assertThat(EACH_CYCLE).as("%s: read every cycle, yet %s against %s", where, ours.get(key), theirs.get(key))
                            .doesNotContain(field);
                    long[] since = differing.computeIfAbsent(name + " " + key, k -> new long[] {nowMs, 0});
                    since[1]++;
                    if (MAY_LAG.contains(field)) {
                        soft.assertThat(nowMs - since[0]).as("%s: %s against %s for this long (ms)", where, ours.get(key), theirs.get(key))
                                .isLessThan(MdSysfsFiles.REFRESH.toMillis());
                    } else {
                        soft.assertThat(since[1]).as("%s: %s against %s in this many snapshots in a row", where, ours.get(key),
                                theirs.get(key)).isEqualTo(1);
                    }
                }
                compared++;
                partial += levelRead[0] ? 0 : 1;
            }
            files.endCycle();
        }
        soft.assertAll();
        assertThat(compared).as("array states compared").isGreaterThanOrEqualTo(10);
        assertThat(partial).as("array states read without the rarely changing files, of %d", compared)
                .isGreaterThanOrEqualTo(compared / 3);
    }

    /** The array's values by name, its members' as members.DEVICE.FIELD, without the parse problems (exceptions). */
    private static Map<String, Object> fields(MdSysfsArray a) throws ReflectiveOperationException {
        Map<String, Object> out = new HashMap<>();
        for (RecordComponent c : MdSysfsArray.class.getRecordComponents()) {
            if (!c.getName().equals("problems") && !c.getName().equals("members")) {
                out.put(c.getName(), c.getAccessor().invoke(a));
            }
        }
        out.put("members", a.members().stream().map(MdSysfsMember::device).toList());
        for (MdSysfsMember m : a.members()) {
            for (RecordComponent c : MdSysfsMember.class.getRecordComponents()) {
                out.put("members." + m.device() + "." + c.getName(), c.getAccessor().invoke(m));
            }
        }
        return out;
    }
}
