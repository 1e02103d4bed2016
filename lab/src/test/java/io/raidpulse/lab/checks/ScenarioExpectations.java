package io.raidpulse.lab.checks;

import static io.raidpulse.lab.checks.AlertChecks.Expect.fires;
import static io.raidpulse.lab.checks.AlertChecks.Expect.quiet;

import java.util.List;
import java.util.Map;

/**
 * Which benchmark of each lab scenario saturates what, as its script's header says. The rest of
 * what happened (failures, syncs, mismatches) is read from the recording's events.
 */
final class ScenarioExpectations {
    private static final Map<String, List<AlertChecks.Expect>> SATURATION = Map.ofEntries(
            // 4 KiB random writes at queue depth 32 x 4 jobs: requests wait in md itself, members about 90% busy
            Map.entry("raid5-short", List.of(fires("md0", "randwrite-4k"))),
            // util near 100% in both phases; only the second has requests waiting
            Map.entry("nvme-busy-then-overload", List.of(quiet("nvme0n1", "moderate-qd8"), fires("nvme0n1", "overload-qd64"))),
            // the runs back to back on each layout keep its disks busy: one episode each
            Map.entry("german-raid5-vs-raid10", List.of(fires("vde", "single-seqread-1m", "single-randwrite-4k"),
                    fires("md0", "raid5-seqread-1m", "raid5-seqwrite-1m-sc4096"), fires("md0", "n2-seqread-1m", "n2-randwrite-4k"),
                    fires("md0", "f2-seqread-1m", "f2-randwrite-4k"))),
            // 12 s per thread count, each fio starting with a second or two of nothing: no run is
            // hot for saturation's 30 s, on the lone disk or on any array
            Map.entry("russian-read-scaling", List.of(quiet("vda", "single-randread-t1", "single-randread-t16"),
                    quiet("md0", "raid10x4-randread-t1", "raid10x4-randread-t16"),
                    quiet("md0", "raid10x8-randread-t1", "raid10x8-randread-t16"),
                    quiet("md0", "raid0x2raid1-randread-t1", "raid0x2raid1-randread-t16"),
                    quiet("md0", "raid0x4raid1-randread-t1", "raid0x4raid1-randread-t16"))),
            // bonnie++ through ext4 under emulation is bound by the guest's CPU (it reports 65-88%
            // CPU): the members stay about half busy, and saturation has nothing to say
            Map.entry("perc-raid5-vs-raid10", List.of(quiet("md0", "raid5x4-bonnie"), quiet("md0", "raid10x4-bonnie"))),
            Map.entry("hungarian-pull-under-load", List.of(quiet("md0", "bonnie-under-pull"))),
            // the nested RAID0 over two RAID1s keeps its disks only 84-86% busy through two md
            // layers under emulation (a second in three under the fire threshold): not saturated
            Map.entry("md-life-raid1-raid0", List.of(quiet("md4", "nested-randread"), fires("md1", "raid0-randrw"),
                    fires("md0", "raid1-writemostly-randread"), fires("md0", "raid1-writemostly-write"))),
            // syncs capped at 8-10 MB/s keep the members far from busy; no benchmark runs
            Map.entry("md-life-raid5", List.of()),
            Map.entry("md-life-raid6-spare", List.of()),
            // a few seconds of 4 KiB writes through a journal, two dd's of 1 and 4 MiB: nothing that lasts
            Map.entry("md-features", List.of()),
            // the PERC H700 volume, judged as the parallel device it is (queue or latency evidence
            // against its own baseline): half its read rate passes without waiting although util is
            // near 100%; each overload, 90 s from the next, is an episode of its own
            Map.entry("perc-h700-saturation", List.of(quiet("sda", "randread-half"), fires("sda", "randread-overload"),
                    fires("sda", "randwrite-overload"))),
            // the PERC 5/i volume: bonnie++'s block write (262 writes a second, the volume's rate, 46 waiting at
            // 180 ms) is the first minute of I/O the volume ever did, its baseline's warm-up, which is not judged,
            // and its rewrite and read phases wait 40-60 ms a request, under three times the 25 ms a spinning
            // volume's baseline is held to; dd's writes (95-131 waiting, 360-500 ms) and the random reads beyond
            // the volume's rate (60 waiting, 108 ms) are an episode each
            Map.entry("perc-5i-raid10", List.of(quiet("sda", "raid10x4-bonnie"), fires("sda", "raid10x4-dd-8k"),
                    fires("sda", "randread-overload"))),
            // two fio jobs in two cgroups at 150 and 50 requests a second: 200 random reads are a third of what the four
            // members serve (both arrays), the RAID10's 200 writes cost 400 member writes of its 600; the RAID5's
            // 200 writes cost 800 member I/Os of its 600, alone and beside its check: an episode each
            Map.entry("attribution-two-cgroups", List.of(quiet("md0", "raid5-randread-heavy", "raid5-randread-light"),
                    fires("md0", "raid5-randwrite-heavy", "raid5-randwrite-light"),
                    quiet("md1", "raid10-randread-heavy", "raid10-randread-light"),
                    quiet("md1", "raid10-randwrite-heavy", "raid10-randwrite-light"),
                    fires("md0", "raid5-randwrite-during-check-heavy", "raid5-randwrite-during-check-light"))),
            // 100 reads a second on a volume that serves 600: nothing waits
            Map.entry("perc-h700-offline", List.of(quiet("sda", "light-before"), quiet("sda", "light-after"))));
    /**
     * The incidents each lab scenario has, by subject, in the order they open, from what its
     * script does: every array is md0 unless named, and an incident is all that goes wrong with
     * one array (or a lone disk) until it is all well again.
     */
    private static final Map<String, List<String>> INCIDENTS = Map.ofEntries(
            // the new RAID5 builds (degraded until its recovery ends); the random writes saturate it,
            // a member fails under them and is rebuilt (one incident: md0 never well in between); a check
            Map.entry("raid5-short", List.of("md0", "md0", "md0")),
            // the lone disk's runs, then each layout's runs back to back
            Map.entry("german-raid5-vs-raid10", List.of("vde", "md0", "md0", "md0")),
            // nothing saturates, and the arrays are created without an initial sync
            Map.entry("russian-read-scaling", List.of()),
            Map.entry("perc-raid5-vs-raid10", List.of()),
            // the RAID10's initial resync; the pull under bonnie++ until the re-added disk is rebuilt
            Map.entry("hungarian-pull-under-load", List.of("md0", "md0")),
            // the RAID0 md1 saturated; the write-mostly RAID1 md0 saturated by reads, then by writes
            Map.entry("md-life-raid1-raid0", List.of("md1", "md0", "md0")),
            // build (recovery), a forced resync, fail and re-add (recovery), a clean check, a check that
            // finds mismatches with the repair and the check after it, the reshape from 4 to 5 disks
            Map.entry("md-life-raid5", List.of("md0", "md0", "md0", "md0", "md0", "md0")),
            // the initial resync; a failure the spare rebuilds, a second with no spare left, re-added and rebuilt
            Map.entry("md-life-raid6-spare", List.of("md0", "md0")),
            // each of its five arrays' initial resync (the journalled RAID5, the PPL RAID5, the two RAID1s);
            // read-only and read-auto are no failure
            Map.entry("md-features", List.of("md0", "md0", "md0", "md0")),
            // only the overload phase saturates the NVMe disk (a lone disk: its own incident)
            Map.entry("nvme-busy-then-overload", List.of("nvme0n1")),
            // the volume's two overloads, each its own incident (it is all well for 90 s between them)
            Map.entry("perc-h700-saturation", List.of("sda", "sda")),
            // dd's writes, then the random reads beyond the volume's rate: all well for a minute between them
            Map.entry("perc-5i-raid10", List.of("sda", "sda")),
            Map.entry("perc-h700-offline", List.of("sda")),
            // the RAID5's writes saturate it; its check, with the writes saturating it again beside it
            Map.entry("attribution-two-cgroups", List.of("md0", "md0")));

    /**
     * What each scenario's learned member capacity is held to (the lab's disks have a known capacity: within a tenth of the lab disk's
     * where arrays were busy on random I/O), from its script: which benchmarks ran on the arrays and how.
     */
    private static final Map<String, CapacityChecks.Learned> LEARNED_CAPACITY = Map.ofEntries(
            // 4 KiB random writes and reads at depth 32 x 4 on the RAID5 and both RAID10s: members busy with a queue
            Map.entry("german-raid5-vs-raid10", CapacityChecks.Learned.figure("4 KiB random I/O at depth 32 x 4 on each layout")),
            // fio random reads on the write-mostly RAID1 and random read-writes on the RAID0, queued
            Map.entry("md-life-raid1-raid0", CapacityChecks.Learned.figure("fio random reads on the RAID1, random read-writes on the RAID0")),
            // bonnie++ and dd through ext4 write and read files in streams the page cache sends in requests of
            // about 100 KiB, under the 128 KiB from which the capacity processor takes a window for sequential;
            // sysbench's and pgbench's random phases keep the members under 50% busy
            Map.entry("perc-raid5-vs-raid10", CapacityChecks.Learned.streaming("bonnie++ and dd through ext4 stream in requests of about 100 KiB")),
            // 1 to 16 threads of synchronous 4 KiB reads, 12 s each: the RAID10s' busiest members stay under 50%;
            // the nested RAID0 over two RAID1s at 4 to 16 threads (02:17) is learned from, one to four requests in
            // flight per disk, where the guest sees the lab disk serve less than its 150 (fio on the lone disk:
            // 123 per busy second with one thread, 150 from eight)
            Map.entry("russian-read-scaling", CapacityChecks.Learned.shallow("1 to 4 reads in flight per disk", "single-randread-t1",
                    "single-randread-t16")),
            // the random writes run during the initial recovery, then a member fails under them
            Map.entry("raid5-short", CapacityChecks.Learned.nothing("its busy windows ran a recovery or missed a member")),
            // bonnie++ runs during the resync, then with a member pulled and rebuilt; on 7.2 the resync ended first and
            // one minute of bonnie++'s streams (292 KiB requests) had md0 55% busy with md counting all
            Map.entry("hungarian-pull-under-load", CapacityChecks.Learned.nothing("its busy windows ran a resync or recovery, or streamed")),
            // syncs only, capped at 8-10 MB/s
            Map.entry("md-life-raid5", CapacityChecks.Learned.nothing("no benchmark runs, syncs only")),
            Map.entry("md-life-raid6-spare", CapacityChecks.Learned.nothing("no benchmark runs, syncs only")),
            Map.entry("md-features", CapacityChecks.Learned.nothing("seconds of writes between syncs")),
            // a lone NVMe disk, no array
            Map.entry("nvme-busy-then-overload", CapacityChecks.Learned.nothing("no array")),
            // a hardware RAID volume behind megaraid_sas: no md array (the stream processor judges the volume as a lone disk)
            Map.entry("perc-h700-saturation", CapacityChecks.Learned.nothing("a hardware RAID volume, no md array")),
            Map.entry("perc-5i-raid10", CapacityChecks.Learned.nothing("a hardware RAID volume, no md array")),
            Map.entry("perc-h700-offline", CapacityChecks.Learned.nothing("a hardware RAID volume, no md array")),
            // the RAID5's 4 KiB random writes at depth 24 + 8 beyond what it serves: members busy with a queue
            Map.entry("attribution-two-cgroups", CapacityChecks.Learned.figure("4 KiB random writes at depth 24 + 8 beyond what the RAID5 serves")));

    private ScenarioExpectations() {
    }

    static CapacityChecks.Learned learnedCapacity(String scenario) {
        CapacityChecks.Learned e = LEARNED_CAPACITY.get(scenario);
        if (e == null) {
            throw new IllegalStateException("no learned-capacity expectation for lab scenario " + scenario + " in "
                    + ScenarioExpectations.class.getSimpleName());
        }
        return e;
    }

    static List<String> incidents(String scenario) {
        List<String> e = INCIDENTS.get(scenario);
        if (e == null) {
            throw new IllegalStateException("no incident expectations for lab scenario " + scenario + " in " + ScenarioExpectations.class.getSimpleName());
        }
        return e;
    }

    static List<AlertChecks.Expect> saturation(String scenario) {
        List<AlertChecks.Expect> e = SATURATION.get(scenario);
        if (e == null) {
            throw new IllegalStateException("no saturation expectations for lab scenario " + scenario + " in " + ScenarioExpectations.class.getSimpleName());
        }
        return e;
    }
}
