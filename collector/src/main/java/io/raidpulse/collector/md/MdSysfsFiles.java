package io.raidpulse.collector.md;

import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.SyncAction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * md sysfs as a sampling loop reads it, one instance per loop: of an array's files, every cycle
 * only those that tell of a change, and the rest when they may have changed.
 *
 * <p>Every cycle: the md directory's listing (its members), {@code array_state},
 * {@code degraded}, {@code sync_action} and each member's {@code state}; while a sync runs
 * (sync_action neither idle nor frozen), also its position ({@code sync_completed}), speed and
 * {@code mismatch_cnt}; and a member's {@code recovery_start} while it is not in sync.
 *
 * <p>The rest ({@code size}, level, layout, chunk size, raid_disks, {@code last_sync_action},
 * consistency policy, bitmap location, and each member's slot and count of corrected read
 * errors) is read again in the same cycle when any of these changed since the last: the
 * listing; degraded; sync_action (so a check's final mismatch_cnt and last_sync_action come
 * with the sample that shows it ended); a member's state; array_state other than between the
 * read-write states md flips under writes (clean, active, active-idle, write-pending); or the
 * array's /proc/mdstat entry other than its sync progress and bitmap page counts (level,
 * members and their flags, size, chunk, layout, [n/m] and its map, bitmap, the sync's kind and
 * state: what a reshape, a grow or a re-add shows there). And at least every {@link #REFRESH}
 * whatever happened: what changes with none of these (a member's corrected read errors below
 * md's limit, a consistency policy written to sysfs, a check so short it began and ended
 * between two cycles) is seen that much later at most.
 *
 * <p>On a host of 8 four-disk arrays that is 64 files a cycle where {@link MdSysfsReader} reads
 * 184; what it returns is what a whole read at the last refresh and the changing files now give.
 * Arrays are kept by name, so snapshots of one host read one after another under roots of their
 * own are read as the host's cycles would be. One thread.
 */
public final class MdSysfsFiles {
    /** The longest an array's rarely changing files go unread. */
    public static final Duration REFRESH = Duration.ofMinutes(1);
    private static final List<String> EACH_CYCLE = List.of("md/array_state", "md/degraded", "md/sync_action");
    private static final Set<String> WHILE_SYNCING = Set.of("md/sync_completed", "md/sync_speed", "md/mismatch_cnt");
    /** The read-write states: md flips between them as writes come and go, which changes nothing else. */
    private static final Set<String> READ_WRITE = Set.of("clean", "active", "active-idle", "write-pending");
    /** A bitmap line's page counts, which change with writes: "3/8 pages [12KB], " of "3/8 pages [12KB], 65536KB chunk". */
    private static final Pattern BITMAP_PAGES = Pattern.compile("^\\d+/\\d+ pages \\[\\d+KB\\],?\\s*");
    /** More arrays than any host has: a root replaced cycle after cycle cannot make this grow without bound. */
    private static final int MAX_ARRAYS = 4096;

    private static final class Kept {
        /** The listing, the each-cycle texts that trigger a whole read, and the mdstat entry's shape, as last read. */
        List<String> listing;
        Map<String, String> triggers;
        MdstatArray shape;
        /** The rarely changing files as of the last whole read (absent ones absent). */
        Map<String, String> rare;
        long readAtMs;
        long cycle;
    }

    private final Map<String, Kept> arrays = new HashMap<>();
    private long cycle;

    /**
     * The array {@code name} under {@code sysRoot}: read whole the first time, then as the class
     * says; {@code mdstat}: its /proc/mdstat entry (null: none), {@code nowMs}: the reading's time,
     * which the refresh is counted in. A file the md directory's listing lacks is not opened.
     */
    public MdSysfsArray read(Path sysRoot, String name, MdstatArray mdstat, MdSysfsReader.FileText text, long nowMs) {
        String block = MdSysfsReader.dir(sysRoot, name);
        String[] names = MdSysfsReader.list(block + "/md");
        Set<String> md = names == null ? null : new HashSet<>(Arrays.asList(names));
        List<String> listing = names == null ? List.of() : sorted(names);
        List<String> members = new ArrayList<>();
        for (String d : listing) {
            if (d.startsWith("dev-")) {
                members.add(d);
            }
        }
        Map<String, String> files = new HashMap<>();
        Map<String, String> triggers = new HashMap<>();
        for (String f : EACH_CYCLE) {
            if (MdSysfsReader.listed(md, f)) {
                String t = MdSysfsReader.put(files, f, block + "/" + f, text);
                triggers.put(f, f.equals("md/array_state") ? stateKind(t) : t);
            }
        }
        for (String d : members) {
            String member = "md/" + d;
            files.put(member + "/block", MdSysfsReader.device(block + "/" + member, d));
            triggers.put(member + "/state", MdSysfsReader.put(files, member + "/state", block + "/" + member + "/state", text));
        }
        MdstatArray shape = shape(mdstat);
        Kept kept = arrays.get(name);
        boolean whole = kept == null || !kept.listing.equals(listing) || !kept.triggers.equals(triggers)
                || !Objects.equals(kept.shape, shape) || nowMs - kept.readAtMs >= REFRESH.toMillis() || nowMs < kept.readAtMs;
        boolean syncing = syncing(files.get("md/sync_action"));
        Map<String, String> rare = whole ? new HashMap<>() : kept.rare;
        for (String f : MdSysfsReader.ARRAY_FILES) {
            if (EACH_CYCLE.contains(f)) {
                continue;
            }
            if (whole) {
                if (MdSysfsReader.listed(md, f) && MdSysfsReader.put(files, f, block + "/" + f, text) != null) {
                    rare.put(f, files.get(f));
                }
            } else if (syncing && WHILE_SYNCING.contains(f)) {
                if (MdSysfsReader.listed(md, f)) {
                    MdSysfsReader.put(files, f, block + "/" + f, text);
                }
            } else if (rare.containsKey(f)) {
                files.put(f, rare.get(f));
            }
        }
        for (String d : members) {
            String member = "md/" + d;
            String dir = block + "/" + member;
            for (String f : List.of("/slot", "/errors")) {
                if (whole) {
                    if (MdSysfsReader.put(files, member + f, dir + f, text) != null) {
                        rare.put(member + f, files.get(member + f));
                    }
                } else if (rare.containsKey(member + f)) {
                    files.put(member + f, rare.get(member + f));
                }
            }
            if (MdSysfsReader.inSync(files.get(member + "/state"))) {
                // md.c recovery_start_show prints "none" for a member In_sync (the flag state_show prints as in_sync)
                files.put(member + "/recovery_start", "none\n");
            } else {
                MdSysfsReader.put(files, member + "/recovery_start", dir + "/recovery_start", text);
            }
        }
        if (kept == null) {
            if (arrays.size() >= MAX_ARRAYS) {
                arrays.clear();
            }
            kept = new Kept();
            arrays.put(name, kept);
        }
        kept.listing = listing;
        kept.triggers = triggers;
        kept.shape = shape;
        kept.cycle = cycle;
        if (whole) {
            kept.rare = rare;
            kept.readAtMs = nowMs;
        }
        return MdSysfs.read(name, block, files);
    }

    /** Forgets the arrays not read since the last call (stopped, or under a root no longer read). */
    public void endCycle() {
        for (Iterator<Kept> it = arrays.values().iterator(); it.hasNext(); ) {
            if (it.next().cycle != cycle) {
                it.remove();
            }
        }
        cycle++;
    }

    /** How many arrays are kept. */
    int size() {
        return arrays.size();
    }

    /** Whether sync_action says a sync pass runs: anything but idle and frozen, and a word md.c does not write (read all). */
    private static boolean syncing(String action) {
        SyncAction a = action == null ? null : SyncAction.of(action.trim());
        return a == null ? action != null : a.running();
    }

    /** array_state as a trigger: the read-write states are one. */
    private static String stateKind(String text) {
        if (text == null) {
            return null;
        }
        String w = text.trim();
        return READ_WRITE.contains(w) ? "read-write" : w;
    }

    /** The mdstat entry without what moves while nothing changes: the sync's progress and the bitmap's page counts. */
    static MdstatArray shape(MdstatArray a) {
        if (a == null) {
            return null;
        }
        String bitmap = a.bitmap() == null ? null : BITMAP_PAGES.matcher(a.bitmap()).replaceFirst("");
        return new MdstatArray(a.name(), a.active(), a.broken(), a.readOnly(), a.level(), a.members(), a.sizeKib(),
                a.superVersion(), a.chunkKib(), a.algorithm(), a.raid10Layout(), a.raidDisks(), a.activeDisks(),
                a.memberMap(), bitmap, a.syncAction(), a.syncState(), null, null, null, null, null);
    }

    private static List<String> sorted(String[] names) {
        String[] copy = names.clone();
        Arrays.sort(copy);
        return List.of(copy);
    }
}
