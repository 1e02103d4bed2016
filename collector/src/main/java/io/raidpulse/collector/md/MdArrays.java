package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Merges md sysfs and /proc/mdstat into {@link ArrayState}s and resolves nested arrays to their
 * leaf disks. sysfs is authoritative for what it has (level, layout, slots, member states,
 * sync_completed in sectors, mismatch_cnt); mdstat adds what only it shows (resync=DELAYED /
 * PENDING, the kernel's finish estimate) and is the whole source for arrays without md sysfs.
 */
public final class MdArrays {
    /** An ETA beyond this is no estimate (a throttled sync shows finish=999999.9min): 100 days. */
    public static final long MAX_ETA_S = 100L * 24 * 3600;

    private MdArrays() {
    }

    /** Arrays and the errors of those that could not be read, sysfs root {@code sysRoot}, mdstat parsed or null. */
    public record Result(List<ArrayState> arrays, List<ParseException> sysfsErrors) {
    }

    public static Result merge(Path sysRoot, Mdstat mdstat) {
        Map<String, MdstatArray> fromText = new LinkedHashMap<>();
        if (mdstat != null) {
            mdstat.arrays().forEach(a -> fromText.put(a.name(), a));
        }
        Set<String> names = new LinkedHashSet<>(fromText.keySet());
        names.addAll(MdSysfsReader.arrays(sysRoot));
        List<ArrayState> out = new ArrayList<>();
        List<ParseException> errors = new ArrayList<>();
        for (String name : names) {
            MdstatArray text = fromText.get(name);
            MdSysfsArray sys = null;
            if (MdSysfsReader.present(sysRoot, name)) {
                try {
                    sys = MdSysfsReader.read(sysRoot, name);
                } catch (ParseException e) {
                    errors.add(e);
                    if (text == null) {
                        continue;
                    }
                }
            }
            out.add(sys != null ? fromSysfs(sys, text) : fromMdstat(text));
        }
        return new Result(withLeaves(out), List.copyOf(errors));
    }

    static ArrayState fromSysfs(MdSysfsArray s, MdstatArray t) {
        String level = s.level() != null ? s.level() : t == null ? null : t.level();
        boolean active = s.arrayState() != null ? !s.arrayState().equals("inactive") && !s.arrayState().equals("clear")
                : t != null && t.active();
        String action = s.syncAction();
        String syncState = null;
        if (action != null && !action.equals("idle") && !action.equals("frozen")) {
            syncState = "running";
        }
        if (t != null && t.syncState() != null && !"running".equals(t.syncState())) {
            syncState = t.syncState();
        }
        Long done = s.syncDone();
        Long total = s.syncTotal();
        Double pct = done != null && total != null && total > 0 ? Math.min(100.0, 100.0 * done / total) : null;
        Long eta = null;
        if (done != null && total != null && s.syncSpeedKibS() != null && s.syncSpeedKibS() > 0 && total >= done) {
            eta = saneEta((total - done) / 2 / s.syncSpeedKibS());
        }
        List<ArrayMember> members = new ArrayList<>();
        for (MdSysfsMember m : s.members()) {
            List<String> st = m.state();
            members.add(new ArrayMember(m.device(), m.slot(), st, st.contains("in_sync"), st.contains("faulty"),
                    st.contains("spare") || m.slot() == null && !st.contains("faulty") && !st.contains("journal"),
                    st.contains("write_mostly") || st.contains("writemostly"), st.contains("replacement"), m.errors()));
        }
        if (members.isEmpty() && t != null) {
            members.addAll(membersOf(t));
        }
        Integer code = s.layout();
        String layout = code == null ? null : MdLayouts.describe(level, code);
        return new ArrayState(s.name(), true, active, level, layout, layout == null ? null : code, s.chunkBytes() == null || s.chunkBytes() == 0 ? null : s.chunkBytes(),
                s.raidDisks(), s.degraded(), s.arrayState(),
                s.sizeSectors() != null ? Long.valueOf(s.sizeSectors() / 2) : t == null ? null : t.sizeKib(),
                action, syncState, done, total, pct, s.syncSpeedKibS(), eta, s.mismatchCnt(), List.copyOf(members), List.of());
    }

    static ArrayState fromMdstat(MdstatArray t) {
        String level = t.level();
        Integer code = null;
        String layout = null;
        if (t.algorithm() != null) {
            code = t.algorithm();
            layout = MdLayouts.describe(level, code);
        } else if (t.raid10Layout() != null) {
            layout = t.raid10Layout();
        } else if ("raid10".equals(level)) {
            layout = "near-1";
        }
        String state = !t.active() ? "inactive"
                : "read-only".equals(t.readOnly()) ? "readonly"
                : "auto-read-only".equals(t.readOnly()) ? "read-auto" : "active";
        Integer degraded = t.raidDisks() != null && t.activeDisks() != null ? Math.max(0, t.raidDisks() - t.activeDisks()) : null;
        Long done = t.syncDoneKib() == null ? null : t.syncDoneKib() * 2;
        Long total = t.syncTotalKib() == null ? null : t.syncTotalKib() * 2;
        Double pct = t.syncPercent();
        Long eta = t.finishMin() == null || t.speedKibS() == null || t.speedKibS() == 0 ? null
                : saneEta(Math.round(t.finishMin() * 60));
        String action = t.syncAction() == null ? null : t.syncAction().equals("recovery") ? "recover" : t.syncAction();
        return new ArrayState(t.name(), false, t.active(), level, layout, code,
                t.chunkKib() == null || !stripedOrRounded(level) ? null : t.chunkKib() * 1024,
                t.raidDisks() != null ? t.raidDisks() : level == null ? null : (int) t.members().stream().filter(m -> !m.spare()).count(),
                degraded, state, t.sizeKib(), action, t.syncState(), done, total, pct, t.speedKibS(), eta, null,
                List.copyOf(membersOf(t)), List.of());
    }

    private static boolean stripedOrRounded(String level) {
        return level != null && !level.equals("raid1") && !level.equals("multipath");
    }

    private static List<ArrayMember> membersOf(MdstatArray t) {
        List<ArrayMember> members = new ArrayList<>();
        for (MdstatMember m : t.members()) {
            List<String> words = new ArrayList<>();
            if (m.faulty()) {
                words.add("faulty");
            }
            if (m.spare()) {
                words.add("spare");
            }
            if (m.writeMostly()) {
                words.add("write_mostly");
            }
            if (m.replacement()) {
                words.add("replacement");
            }
            if (m.journal()) {
                words.add("journal");
            }
            boolean inSync = t.active() && !m.faulty() && !m.spare() && !m.journal();
            if (inSync) {
                words.add("in_sync");
            }
            members.add(new ArrayMember(m.device(), m.spare() ? null : m.descriptor(), List.copyOf(words), inSync,
                    m.faulty(), m.spare(), m.writeMostly(), m.replacement(), null));
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
            out.add(new ArrayState(a.name(), a.fromSysfs(), a.active(), a.level(), a.layout(), a.layoutCode(),
                    a.chunkBytes(), a.raidDisks(), a.degraded(), a.arrayState(), a.sizeKib(), a.syncAction(),
                    a.syncState(), a.syncDoneSectors(), a.syncTotalSectors(), a.syncCompletedPct(), a.syncSpeedKibS(),
                    a.syncEtaS(), a.mismatchCnt(), a.members(), List.copyOf(leaves)));
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
