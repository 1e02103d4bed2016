package io.raidpulse.collector.md;

import io.raidpulse.collector.md.ArrayMember.Status;
import io.raidpulse.md.Layout;
import io.raidpulse.md.MdArrayState;
import io.raidpulse.md.MdLevel;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdSysfsMember;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.MdstatMember;
import io.raidpulse.md.MemberState;
import io.raidpulse.md.ParseException;
import io.raidpulse.md.SyncAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Merges md sysfs and /proc/mdstat into {@link ArrayState}s and resolves nested arrays to their
 * leaf disks. sysfs is authoritative for what it has (level, layout, slots, member states,
 * array_state, mismatch_cnt, sync_speed); mdstat gives the sync's live position (sysfs's
 * sync_completed is md's checkpoint, which lags it by up to a sixteenth of the array), what only
 * it shows (resync=DELAYED / PENDING / REMOTE), any value sysfs has but that did not parse, and is
 * the whole source for arrays without md sysfs.
 */
public final class MdArrays {
    /** An ETA beyond this is no estimate (a throttled sync shows finish=999999.9min): 100 days. */
    public static final long MAX_ETA_S = 100L * 24 * 3600;

    private MdArrays() {
    }

    /**
     * Arrays, and the md sysfs values that did not parse (each left out of its array, whose other
     * values are kept).
     */
    public record Result(List<ArrayState> arrays, List<ParseException> sysfsProblems) {
    }

    public static Result merge(Path sysRoot, Mdstat mdstat) {
        return merge(sysRoot, mdstat, io.raidpulse.collector.procfs.ProcFiles::read);
    }

    /** As {@link #merge(Path, Mdstat)}, md sysfs files read through {@code text}: every array read whole. */
    public static Result merge(Path sysRoot, Mdstat mdstat, MdSysfsReader.FileText text) {
        return merge(sysRoot, mdstat, new MdSysfsFiles(), text, 0);
    }

    /**
     * As {@link #merge(Path, Mdstat, MdSysfsReader.FileText)}, each array's sysfs read through
     * {@code files}, a sampling loop's, which reads every cycle only the files that tell of a
     * change; {@code nowMs}: the reading's time.
     */
    public static Result merge(Path sysRoot, Mdstat mdstat, MdSysfsFiles files, MdSysfsReader.FileText text, long nowMs) {
        List<String> listed = MdSysfsReader.arrays(sysRoot);
        Map<String, MdstatArray> fromText = new LinkedHashMap<>();
        if (mdstat != null) {
            mdstat.arrays().forEach(a -> fromText.put(a.name(), a));
        }
        // a listed array was just seen to have md sysfs: only mdstat's others are looked for
        Result r = merge(listed, name -> listed.contains(name) || MdSysfsReader.present(sysRoot, name)
                ? files.read(sysRoot, name, fromText.get(name), text, nowMs) : null, mdstat);
        files.endCycle();
        return r;
    }

    /**
     * The same merge over md sysfs arrays already read: {@code sysfsNames} as {@link MdSysfsReader#arrays}
     * lists them, {@code sysfs} gives an array's values or null when it has no md sysfs (the fleet
     * generator gives them from a simulated host's model).
     */
    public static Result merge(List<String> sysfsNames, Function<String, MdSysfsArray> sysfs,
                               Mdstat mdstat) {
        Map<String, MdstatArray> fromText = new LinkedHashMap<>();
        if (mdstat != null) {
            mdstat.arrays().forEach(a -> fromText.put(a.name(), a));
        }
        Set<String> names = new LinkedHashSet<>(fromText.keySet());
        names.addAll(sysfsNames);
        List<ArrayState> out = new ArrayList<>();
        List<ParseException> problems = new ArrayList<>();
        for (String name : names) {
            MdstatArray text = fromText.get(name);
            MdSysfsArray sys = sysfs.apply(name);
            if (sys != null) {
                problems.addAll(sys.problems());
                out.add(fromSysfs(sys, text));
            } else {
                out.add(fromMdstat(text));
            }
        }
        return new Result(withLeaves(out), List.copyOf(problems));
    }

    static ArrayState fromSysfs(MdSysfsArray s, MdstatArray t) {
        String level = s.level() != null ? s.level() : t == null ? null : t.level();
        MdArrayState arrayState = MdArrayState.of(s.arrayState());
        boolean active = s.arrayState() != null ? arrayState == null || arrayState.running() : t != null && t.active();
        String action = s.syncAction();
        SyncAction known = SyncAction.of(action);
        String syncState = null;
        if (action != null && (known == null || known.running())) {
            syncState = "running";
        }
        if (t != null && t.syncState() != null && !"running".equals(t.syncState())) {
            syncState = t.syncState();
            if ("remote".equals(syncState) && (action == null || known == SyncAction.IDLE)) {
                action = actionOf(t); // this node's md runs no sync; another node's does, on the same disks
            }
        }
        if (action == null && t != null && t.syncAction() != null) {
            action = actionOf(t);
            syncState = t.syncState();
        }
        Progress p = t != null && sameSync(action, t.syncAction()) ? Progress.of(t, s.syncSpeedKibS()) : Progress.NONE;
        SyncAction running = SyncAction.of(action);
        if (running != null && running.running() && "running".equals(syncState) && s.checkpointDone() != null
                && s.checkpointTotal() != null && s.checkpointTotal() > 0) {
            if (p.pct == null) {
                // no progress line to read (no mdstat, or it showed no sync): md's checkpoint still gives the fraction
                p = Progress.ofCheckpoint(s);
            } else if (p.done != null && s.checkpointDone() > p.done) {
                // sysfs read after mdstat, and the sync moved on past what mdstat showed: the ETA from the fresher figures
                p = p.withEta(Progress.ofCheckpoint(s).eta);
            }
        }
        Map<String, Integer> numbers = new LinkedHashMap<>();
        if (t != null) {
            t.members().forEach(m -> numbers.put(m.device(), m.descriptor()));
        }
        List<ArrayMember> members = new ArrayList<>();
        for (MdSysfsMember m : s.members()) {
            Set<MemberState> flags = MemberState.flags(m.state());
            members.add(new ArrayMember(m.device(), m.slot(), status(m), m.state(),
                    flags.contains(MemberState.WRITE_MOSTLY), flags.contains(MemberState.REPLACEMENT), m.errors(),
                    m.recoveryStart(), numbers.get(m.device())));
        }
        if (members.isEmpty() && t != null) {
            members.addAll(membersOf(t));
        }
        Integer code = s.layout() != null ? s.layout() : t == null ? null : t.algorithm();
        String layout = code == null ? null : Layout.describe(level, code);
        if (layout == null && s.layout() == null && t != null && t.raid10Layout() != null) {
            layout = t.raid10Layout();
        }
        Long chunk = s.chunkBytes() != null ? s.chunkBytes() : t == null || t.chunkKib() == null ? null : t.chunkKib() * 1024;
        Integer raidDisks = s.raidDisks() != null ? s.raidDisks() : t == null ? null : t.raidDisks();
        Integer degraded = s.degraded() != null ? s.degraded() : t == null ? null : degradedOf(t);
        Long size = s.sizeSectors() != null ? Long.valueOf(s.sizeSectors() / 2) : t == null ? null : t.sizeKib();
        return new ArrayState(s.name(), true, active, level, layout, layout == null ? null : code,
                chunk == null || chunk == 0 ? null : chunk, raidDisks, degraded, s.arrayState(), size, action, syncState,
                p.done, p.total, p.pct, s.syncSpeedKibS() != null ? s.syncSpeedKibS() : p.speed, p.eta, s.checkpointDone(),
                s.mismatchCnt(), syncWord(s.lastSyncAction()), List.copyOf(members), List.of(),
                bitmap(s.bitmapLocation(), t), s.consistencyPolicy());
    }

    static ArrayState fromMdstat(MdstatArray t) {
        String level = t.level();
        Integer code = null;
        String layout = null;
        if (t.algorithm() != null) {
            code = t.algorithm();
            layout = Layout.describe(level, code);
        } else if (t.raid10Layout() != null) {
            layout = t.raid10Layout();
        } else if (MdLevel.parse(level) == MdLevel.RAID10) {
            layout = "near-1";
        }
        String state = MdArrayState.ofMdstat(t).word();
        Progress p = Progress.of(t, null);
        return new ArrayState(t.name(), false, t.active(), level, layout, code,
                t.chunkKib() == null || !stripedOrRounded(level) ? null : t.chunkKib() * 1024,
                t.raidDisks() != null ? t.raidDisks() : level == null ? null : (int) t.members().stream().filter(m -> !m.spare()).count(),
                degradedOf(t), state, t.sizeKib(), actionOf(t), t.syncState(), p.done, p.total, p.pct, p.speed, p.eta, null,
                null, null, List.copyOf(membersOf(t)), List.of(), bitmap(null, t), null);
    }

    /**
     * A running sync as /proc/mdstat shows it: the live position (md's curr_resync, what mdadm
     * --detail reports too), in mdstat's units (KiB, doubled to sectors), and an ETA from it.
     */
    private record Progress(Long done, Long total, Double pct, Long speed, Long eta) {
        static final Progress NONE = new Progress(null, null, null, null, null);

        /** {@code sysfsSpeed}: md/sync_speed when read, preferred to mdstat's speed= (the same figure, in its own file). */
        static Progress of(MdstatArray t, Long sysfsSpeed) {
            Long speed = sysfsSpeed != null ? sysfsSpeed : t.speedKibS();
            if (!"running".equals(t.syncState()) || t.syncPercent() == null) {
                return new Progress(null, null, null, sysfsSpeed, null);
            }
            Long done = t.syncDoneKib() == null ? null : t.syncDoneKib() * 2;
            Long total = t.syncTotalKib() == null ? null : t.syncTotalKib() * 2;
            Long eta = null;
            if (t.finishMin() != null && t.finishMin() > 0) {
                // md's own estimate, from the exact rate; the printed speed is rounded to whole K/sec, which on a slow
                // sync is several percent off (12K/sec for 12.5: 288.5 min recomputed where md said 276.9)
                eta = saneEta(Math.round(t.finishMin() * 60));
            } else if (t.finishMin() != null && (speed == null || speed == 0 || done == null)) {
                eta = 0L;
            } else if (speed != null && speed > 0 && done != null && total != null) {
                // no finish=, or finish=0.0min (under 6 s, truncated): the KiB left over the speed
                eta = etaOf(t.syncTotalKib() - t.syncDoneKib(), speed);
            }
            return new Progress(done, total, t.syncPercent(), speed, eta);
        }

        /** md/sync_completed's checkpoint, sectors: the fraction, and the ETA when md/sync_speed is there. */
        static Progress ofCheckpoint(MdSysfsArray s) {
            long done = s.checkpointDone();
            long total = s.checkpointTotal();
            Long speed = s.syncSpeedKibS();
            Long eta = speed != null && speed > 0 ? etaOf((total - done) / 2, speed) : null;
            return new Progress(done, total, 100.0 * done / total, speed, eta);
        }

        Progress withEta(Long seconds) {
            return new Progress(done, total, pct, speed, seconds);
        }

        /** Rounded up: a running sync is never "0 s" from done. */
        private static Long etaOf(long leftKib, long speedKibS) {
            return saneEta((Math.max(0, leftKib) + speedKibS - 1) / speedKibS);
        }
    }

    /**
     * A sync named as md/sync_action names it: md/last_sync_action says "recovery" on Linux 6.1
     * (md.c kept the word status_resync prints) and "recover" from 6.12 (md_sync_action_name).
     * A word neither file prints is kept as it is.
     */
    static String syncWord(String word) {
        SyncAction a = SyncAction.ofMdstat(word);
        return a == null ? word : a.word();
    }

    /**
     * The write-intent bitmap: md/bitmap/location ("none", "file", or the internal bitmap's offset
     * "+8"), else mdstat's bitmap line (", file: PATH" for an external one); "none" when sysfs says
     * so or mdstat lists an active array without one, null when nothing says.
     */
    static String bitmap(String location, MdstatArray t) {
        if (location != null) {
            return location.equals("none") ? "none" : location.equals("file") ? "external" : "internal";
        }
        if (t == null || !t.active()) {
            return null;
        }
        if (t.bitmap() == null) {
            return "none";
        }
        return t.bitmap().contains(", file:") ? "external" : "internal";
    }

    /** md/sync_action's word for the sync mdstat shows ("recovery" there, "recover" in sysfs). */
    private static String actionOf(MdstatArray t) {
        SyncAction a = SyncAction.ofMdstat(t.syncAction());
        return a == null ? t.syncAction() : a.word();
    }

    /**
     * Whether md/sync_action {@code sysfs} and the word status_resync printed are the same sync:
     * mdstat says resync for a repair too (md.c tests MD_RECOVERY_CHECK, then MD_RECOVERY_SYNC).
     * They differ when a sync ended or started between the two reads.
     */
    private static boolean sameSync(String sysfs, String mdstat) {
        if (mdstat == null) {
            return false;
        }
        if (sysfs == null) {
            return true;
        }
        SyncAction a = SyncAction.of(sysfs);
        return a != null && a.running() && (mdstat.equals(a.mdstatWord()) || mdstat.equals(a.word()));
    }

    private static Integer degradedOf(MdstatArray t) {
        return t.raidDisks() != null && t.activeDisks() != null ? Math.max(0, t.raidDisks() - t.activeDisks()) : null;
    }

    /**
     * A sysfs member's status. state_show writes "spare" for every member neither faulty, journal
     * nor in_sync: with a slot number it is being rebuilt (mdadm's "spare rebuilding", with a
     * numeric recovery_start), with slot "none" it is an idle spare.
     */
    private static Status status(MdSysfsMember m) {
        Set<MemberState> st = MemberState.flags(m.state());
        if (!m.stateKnown()) {
            return Status.UNKNOWN;
        }
        if (st.contains(MemberState.FAULTY)) {
            return Status.FAULTY;
        }
        if (st.contains(MemberState.JOURNAL)) {
            return Status.JOURNAL;
        }
        if (st.contains(MemberState.IN_SYNC)) {
            return Status.IN_SYNC;
        }
        if (!m.slotKnown()) {
            return Status.UNKNOWN;
        }
        return m.slot() != null ? Status.REBUILDING : Status.SPARE;
    }

    /** Whether the level's chunk means something: not for a mirror (multipath prints none either). */
    private static boolean stripedOrRounded(String level) {
        return level != null && MdLevel.parse(level) != MdLevel.RAID1;
    }

    /**
     * Members from /proc/mdstat alone. A member being rebuilt holds a slot and has no flag there,
     * like one in sync; the [UU_U] map counts the slots whose member is in sync. When the members
     * without a flag are as many as the U's, all of them are in sync; when there are more, some of
     * them are being rebuilt and mdstat does not say which, so none is reported in sync. No role is
     * reported: the [n] is a descriptor number, not the slot.
     */
    private static List<ArrayMember> membersOf(MdstatArray t) {
        boolean oddFlags = t.members().stream().anyMatch(m -> !m.unknownFlags().isEmpty());
        long plain = t.members().stream()
                .filter(m -> !m.faulty() && !m.spare() && !m.journal() && !m.replacement() && m.unknownFlags().isEmpty())
                .count();
        long inSyncSlots = t.memberMap() == null ? -1 : t.memberMap().chars().filter(c -> c == 'U').count();
        List<ArrayMember> members = new ArrayList<>();
        for (MdstatMember m : t.members()) {
            Status status;
            if (!m.unknownFlags().isEmpty()) {
                status = Status.UNKNOWN;
            } else if (m.faulty()) {
                status = Status.FAULTY;
            } else if (m.journal()) {
                status = Status.JOURNAL;
            } else if (m.spare()) {
                status = Status.SPARE;
            } else if (!t.active()) {
                status = Status.UNKNOWN; // an inactive array lists every member as (S)
            } else if (m.replacement()) {
                status = Status.REBUILDING; // holds the slot it replaces, not in sync until built (then md drops the R)
            } else if (t.memberMap() == null) {
                status = Status.IN_SYNC; // raid0, linear: no redundancy, every member of a running array is in sync
            } else if (!oddFlags && plain == inSyncSlots) {
                status = Status.IN_SYNC;
            } else {
                status = Status.UNKNOWN;
            }
            List<String> words = new ArrayList<>();
            if (m.faulty()) {
                words.add(MemberState.FAULTY.word());
            }
            if (m.spare()) {
                words.add(MemberState.SPARE.word());
            }
            if (m.writeMostly()) {
                words.add(MemberState.WRITE_MOSTLY.word());
            }
            if (m.replacement()) {
                words.add(MemberState.REPLACEMENT.word());
            }
            if (m.journal()) {
                words.add(MemberState.JOURNAL.word());
            }
            if (status == Status.IN_SYNC) {
                words.add(MemberState.IN_SYNC.word());
            }
            members.add(new ArrayMember(m.device(), null, status, List.copyOf(words), m.writeMostly(), m.replacement(),
                    null, null, m.descriptor()));
        }
        return members;
    }

    private static Long saneEta(long seconds) {
        return seconds < 0 || seconds > MAX_ETA_S ? null : seconds;
    }

    /** Each array with its leaf disks: members that are arrays are replaced by their own leaves. */
    static List<ArrayState> withLeaves(List<ArrayState> arrays) {
        Map<String, ArrayState> byName = new LinkedHashMap<>();
        arrays.forEach(a -> byName.put(a.name(), a));
        List<ArrayState> out = new ArrayList<>();
        for (ArrayState a : arrays) {
            Set<String> leaves = new LinkedHashSet<>();
            collectLeaves(a, byName, leaves, new HashSet<>());
            out.add(a.withLeafDisks(List.copyOf(leaves)));
        }
        return List.copyOf(out);
    }

    private static void collectLeaves(ArrayState a, Map<String, ArrayState> byName, Set<String> leaves, Set<String> seen) {
        if (!seen.add(a.name())) {
            return; // a cycle cannot exist in the kernel; a corrupt snapshot must not loop
        }
        for (ArrayMember m : a.members()) {
            ArrayState nested = byName.get(m.device());
            if (nested != null) {
                collectLeaves(nested, byName, leaves, seen);
            } else {
                leaves.add(m.device());
            }
        }
    }
}
