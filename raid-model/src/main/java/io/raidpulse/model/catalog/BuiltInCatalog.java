package io.raidpulse.model.catalog;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.PublishedObservation.Metric;
import io.raidpulse.model.importer.FioJsonImporter;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.importer.ImportException;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.SingleDiskProfiles;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.TrustVerdicts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The published results of docs/published-results.md as profiles, member disks and
 * ratios, each with its provenance; verdicts come from {@link TrustVerdicts} like any import.
 * Published on {@code raidpulse.benchmarks} at first start so a user without benchmarks of
 * their own still gets a comparison, and sees how much to trust it.
 *
 * <p>A (pgbench, graphs only) and B (sysbench, ratios only) publish ratios, kept as
 * {@link PublishedObservation}s; E publishes its figures in an external table that
 * docs/published-results.md does not reproduce, so it contributes nothing to compute with.
 */
public final class BuiltInCatalog {

    static final String A_SOURCE = "published-results A: PostgreSQL 9.4 on a PERC H700 (LSI SAS2108), 4 x Seagate Constellation ES.2 SAS 3 TB"
            + " 7200 rpm, ext4, 64 GB RAM; pgbench 1/3/6/12 clients, mean of 3 runs (Czech hosting write-up, 2015-2016)";
    static final String B_SOURCE = "published-results B: md RAID10 and RAID0 over md RAID1 pairs on cloud block volumes, ext4"
            + " noatime,data=writeback,barrier=0; sysbench fileio 16 GB file, 1 to 16 threads (Russian write-up)";
    static final String C_SOURCE = "published-results C: Dell PERC 5/i, 300 GB 10k rpm SAS, 128 KiB stripe, 256 MB write-back cache;"
            + " FreeBSD 6.1 UFS + soft updates; bonnie++ 1.93c -s 1000:8k and dd (mailing-list post, 2006)";
    static final String D_SOURCE = "published-results D: single 16 TB HDD, Linux 5.10, fio iodepth=32 direct=1 ioengine=libaio refill_buffers,"
            + " 60 s, 30 GB partition at the start of the disk; random 4k with 4 jobs, sequential 1024k with 1 job (German write-up)";
    static final String F_SOURCE = "published-results F: md RAID5 8 x 2 TB on an IBM M1015 HBA, fio 3.1 random 4k,"
            + " iodepth and numjobs 1 to 64 (public data set)";

    /** bonnie++ 1.93c block phases reported in C, KiB/s, and the block-read CPU the write-up gives. */
    static final double C_RAID5_X4_BLOCK_WRITE_KIBPS = 158_889;
    private static final double C_BLOCK_READ_CPU_PERCENT = 99;
    /** bonnie++ before 1.98 ran 3 seeker processes (SeekProcCount in bonnie.h). */
    private static final int BONNIE_193_SEEK_PROCS = 3;

    private static final class Holder {
        static final List<BenchmarkResult> D = dProfiles();
        static final DiskProfile D_DISK = SingleDiskProfiles.derive("published-d-16tb-hdd",
                "16 TB HDD of published-results D (30 GB short-stroked)", D, 4096).orElseThrow();
        static final DiskProfile C_DISK = cDisk();
        static final List<BenchmarkResult> PROFILES = concat(D, cProfiles(C_DISK), fProfiles());
        static final List<DiskProfile> DISKS = List.of(D_DISK, C_DISK);
        static final List<PublishedObservation> OBSERVATIONS = publishedRatios();
    }

    private BuiltInCatalog() {
    }

    /** Every published profile, with verdicts. */
    public static List<BenchmarkResult> profiles() {
        return Holder.PROFILES;
    }

    /** Member-disk profiles published results give: D's 16 TB HDD, C's 10k SAS disks. */
    public static List<DiskProfile> diskProfiles() {
        return Holder.DISKS;
    }

    /** Published ratios (A, B and F's concurrency sweep). */
    public static List<PublishedObservation> observations() {
        return Holder.OBSERVATIONS;
    }

    public static Optional<BenchmarkResult> profile(String id) {
        return profiles().stream().filter(p -> p.id().equals(id)).findFirst();
    }

    public static DiskProfile diskProfile(String id) {
        return diskProfiles().stream().filter(d -> d.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no built-in disk profile '" + id + "'"));
    }

    @SafeVarargs
    private static List<BenchmarkResult> concat(List<BenchmarkResult>... parts) {
        List<BenchmarkResult> out = new ArrayList<>();
        for (List<BenchmarkResult> part : parts) {
            out.addAll(part);
        }
        return List.copyOf(out);
    }

    // ---- D: one 16 TB HDD, the member disk for 16 TB arrays ----------------------------------

    private static List<BenchmarkResult> dProfiles() {
        Target disk = Target.array(RaidLevel.SINGLE, 1).withDisk(null, true, 16_000_000_000_000L);
        List<BenchmarkResult> out = new ArrayList<>();
        out.add(d("published-d-16tb-hdd-randread", IoPattern.RANDOM, 4096, 4, disk).readFraction(1.0).readIops(550.0).build());
        out.add(d("published-d-16tb-hdd-randwrite", IoPattern.RANDOM, 4096, 4, disk).readFraction(0.0).writeIops(480.0).build());
        out.add(d("published-d-16tb-hdd-seqread", IoPattern.SEQUENTIAL, 1 << 20, 1, disk).readFraction(1.0).readBytesPerSec(268e6).build());
        out.add(d("published-d-16tb-hdd-seqwrite", IoPattern.SEQUENTIAL, 1 << 20, 1, disk).readFraction(0.0).writeBytesPerSec(268e6).build());
        // these results are the member-disk reference: there is nothing to hold them against
        return out.stream().map(p -> TrustVerdicts.assess(p, OutputSignals.NONE, null)).toList();
    }

    private static BenchmarkResult.Builder d(String id, IoPattern pattern, long bs, int jobs, Target disk) {
        return BenchmarkResult.builder(id, Tool.FIO)
                .parameter("ioengine", "libaio").parameter("iodepth", "32").parameter("direct", "1")
                .parameter("refill_buffers", "1").parameter("runtime", "60").parameter("numjobs", String.valueOf(jobs))
                .pattern(pattern).blockSizeBytes(bs).queueDepth(32).jobs(jobs).direct(true)
                .fileSizeBytes(30_000_000_000L)
                .target(disk)
                .source(D_SOURCE)
                .note("Figures as published (\"about\"); the 30 GB partition keeps seeks short, so random IOPS are above a full-stroke figure.");
    }

    // ---- C: PERC 5/i RAID5 x4 and RAID10 x4 of the same 10k SAS disks ------------------------

    /**
     * C's member disk. Its sequential rate is what C's own RAID5 x4 bonnie++ block write implies
     * through the model's (n-1)S for RAID5 (the other arrays use the same disks and controller);
     * that one result is the reference and is not itself held against the model. Its random
     * figures are the 10k rpm SAS default.
     */
    private static DiskProfile cDisk() {
        DiskProfile unit = new DiskProfile("unit", "1 MB/s member", null, true, 1, 1, 4096, 1, 1, "unit");
        double perMemberMBps = C_RAID5_X4_BLOCK_WRITE_KIBPS * 1024 / 1e6
                / new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), unit).sequentialWriteMBps();
        DiskProfile tenK = DiskClass.HDD_10K.defaults();
        return new DiskProfile("published-c-300gb-10k-sas", "300 GB 10k rpm SAS of published-results C", null, true,
                tenK.randomReadIops(), tenK.randomWriteIops(), tenK.blockSizeBytes(), 1, perMemberMBps,
                "sequential from C's RAID5 x4 bonnie++ block write (158889 KiB/s = (n-1)S); random from " + tenK.id());
    }

    private static List<BenchmarkResult> cProfiles(DiskProfile disk) {
        Target raid5 = cTarget(RaidLevel.RAID5, 4);
        Target raid10 = cTarget(RaidLevel.RAID10, 4);
        List<BenchmarkResult> out = new ArrayList<>();
        out.add(TrustVerdicts.assess(bonnie("published-c-raid5x4-bonnie-block-write", raid5).readFraction(0.0)
                .writeBytesPerSec(C_RAID5_X4_BLOCK_WRITE_KIBPS * 1024)
                .note("Reference for the member disks' sequential rate, so not held against the model.").build(), OutputSignals.NONE, null));
        out.add(TrustVerdicts.assess(rewrite("published-c-raid5x4-bonnie-rewrite", raid5, 127_859), OutputSignals.NONE, disk));
        out.add(TrustVerdicts.assess(bonnie("published-c-raid5x4-bonnie-block-read", raid5).readFraction(1.0)
                .readBytesPerSec(824_399 * 1024.0).build(), OutputSignals.cpu(C_BLOCK_READ_CPU_PERCENT), disk));
        out.add(TrustVerdicts.assess(seeks("published-c-raid5x4-bonnie-seeks", raid5, null), OutputSignals.tooFast("seeks"), disk));
        out.add(TrustVerdicts.assess(bonnie("published-c-raid10x4-bonnie-block-write", raid10).readFraction(0.0)
                .writeBytesPerSec(21_705 * 1024.0).build(), OutputSignals.NONE, disk));
        out.add(TrustVerdicts.assess(rewrite("published-c-raid10x4-bonnie-rewrite", raid10, 28_560), OutputSignals.NONE, disk));
        out.add(TrustVerdicts.assess(bonnie("published-c-raid10x4-bonnie-block-read", raid10).readFraction(1.0)
                .readBytesPerSec(812_997 * 1024.0).build(), OutputSignals.cpu(C_BLOCK_READ_CPU_PERCENT), disk));
        out.add(TrustVerdicts.assess(seeks("published-c-raid10x4-bonnie-seeks", raid10, 5436.0), OutputSignals.NONE, disk));
        // dd: 1,024,000,000 bytes in 8 KiB blocks, timed with the sync that follows it
        out.add(TrustVerdicts.assess(dd("published-c-raid5x4-dd-write", cTarget(RaidLevel.RAID5, 4), 1_024_000_000 / 6.375, 1_024_000_000L).build(),
                OutputSignals.flushed(true), disk));
        out.add(TrustVerdicts.assess(dd("published-c-raid10x4-dd-write", cTarget(RaidLevel.RAID10, 4), 1_024_000_000 / 45.57, 1_024_000_000L).build(),
                OutputSignals.flushed(true), disk));
        out.add(TrustVerdicts.assess(dd("published-c-raid5x6-dd-write", cTarget(RaidLevel.RAID5, 6), 255e6, null).build(),
                OutputSignals.flushed(true), disk));
        out.add(TrustVerdicts.assess(dd("published-c-raid10x6-dd-write", cTarget(RaidLevel.RAID10, 6), 120e6, null)
                .note("Published as \"around 120 MB/s\".").build(), OutputSignals.flushed(true), disk));
        return out;
    }

    private static Target cTarget(RaidLevel level, int disks) {
        return new Target(level, null, disks, null, true, "Dell PERC 5/i (hardware RAID, 128 KiB stripe, 256 MB write-back cache)",
                "UFS + soft updates (FreeBSD 6.1)", 300_000_000_000L);
    }

    private static BenchmarkResult.Builder bonnie(String id, Target target) {
        return BenchmarkResult.builder(id, Tool.BONNIE).toolVersion("1.93c")
                .parameter("arguments", "-s 1000:8k")
                .pattern(IoPattern.SEQUENTIAL).blockSizeBytes(8192L).queueDepth(1).jobs(1).direct(false)
                .fileSizeBytes(1000L << 20)
                .target(target).source(C_SOURCE);
    }

    private static BenchmarkResult rewrite(String id, Target target, double kibps) {
        return bonnie(id, target).readFraction(0.5).readBytesPerSec(kibps * 1024).writeBytesPerSec(kibps * 1024).build();
    }

    private static BenchmarkResult seeks(String id, Target target, Double perSec) {
        // each seek reads a chunk; one in ten is written back (bonnie++)
        BenchmarkResult.Builder b = bonnie(id, target).pattern(IoPattern.RANDOM).jobs(BONNIE_193_SEEK_PROCS).readFraction(10.0 / 11)
                .readIops(perSec).writeIops(perSec == null ? null : perSec / 10);
        if (perSec == null) {
            b.note("Published as \"too fast to measure\".");
        }
        return b.build();
    }

    private static BenchmarkResult.Builder dd(String id, Target target, double bytesPerSec, Long bytes) {
        return BenchmarkResult.builder(id, Tool.DD)
                .parameter("bs", "8k").parameter("then", "sync")
                .pattern(IoPattern.SEQUENTIAL).blockSizeBytes(8192L).queueDepth(1).jobs(1).direct(false)
                .readFraction(0.0).writeBytesPerSec(bytesPerSec).fileSizeBytes(bytes)
                .target(target).source(C_SOURCE);
    }

    // ---- F: md RAID5 8 x 2 TB, fio 3.1 JSON from the public data set -------------------------

    private static List<BenchmarkResult> fProfiles() {
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID5, 8).withDisk(null, true, 2_000_000_000_000L)
                .withController("IBM M1015 (HBA)")).withSource(F_SOURCE, null);
        List<BenchmarkResult> out = new ArrayList<>();
        for (String rw : new String[] {"randread", "randwrite"}) {
            String file = "fio-3.1_md-raid5-8x2TB_" + rw + "_qd64x64.json";
            try {
                for (BenchmarkResult p : new FioJsonImporter().parse(resource(file), ctx)) {
                    out.add(p.toBuilder().id("published-f-raid5x8-" + rw + "-qd64x64")
                            .note("From " + file + ". No member-disk figures are published for these disks: not held against the model.")
                            .build());
                }
            } catch (ImportException e) {
                throw new IllegalStateException("bundled catalog file " + file + " does not import: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static String resource(String name) {
        try (InputStream in = BuiltInCatalog.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("bundled catalog file " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- ratios: A, B and F's concurrency sweep -----------------------------------------------

    private static List<PublishedObservation> publishedRatios() {
        RaidLayout raid5x8 = RaidLayout.of(RaidLevel.RAID5, 8);
        RaidLayout raid10x4 = RaidLayout.of(RaidLevel.RAID10, 4);
        RaidLayout raid10x8 = RaidLayout.of(RaidLevel.RAID10, 8);
        return List.of(
                new PublishedObservation("f-raid5x8-randread-q2", "F", Metric.RANDOM_READ_SPEEDUP_OVER_DEPTH_ONE, raid5x8, 2, 1.9, 1.9,
                        "8-disk md RAID5 random read: 1.9x at 2 outstanding", F_SOURCE),
                new PublishedObservation("f-raid5x8-randread-q4", "F", Metric.RANDOM_READ_SPEEDUP_OVER_DEPTH_ONE, raid5x8, 4, 3.4, 3.4,
                        "8-disk md RAID5 random read: 3.4x at 4 outstanding", F_SOURCE),
                new PublishedObservation("f-raid5x8-randread-q8", "F", Metric.RANDOM_READ_SPEEDUP_OVER_DEPTH_ONE, raid5x8, 8, 5.4, 5.4,
                        "8-disk md RAID5 random read: 5.4x at 8 outstanding", F_SOURCE),
                new PublishedObservation("b-raid10x4-randread", "B", Metric.RANDOM_READ_SPEEDUP_OVER_ONE_DISK, raid10x4, 16, 3, 4,
                        "4-volume arrays 3-4x a single volume on random reads with several threads (up to 16)", B_SOURCE),
                new PublishedObservation("b-raid10x8-randread", "B", Metric.RANDOM_READ_SPEEDUP_OVER_ONE_DISK, raid10x8, 16, 6, 7,
                        "8-volume arrays 6-7x a single volume on random reads with several threads (up to 16)", B_SOURCE),
                new PublishedObservation("b-raid10x4-randwrite", "B", Metric.RANDOM_WRITE_SPEEDUP_OVER_ONE_DISK, raid10x4, 16, 1, 1,
                        "4-volume arrays write about the same as a single volume", B_SOURCE),
                new PublishedObservation("b-raid10x8-randwrite", "B", Metric.RANDOM_WRITE_SPEEDUP_OVER_ONE_DISK, raid10x8, 16, 1, 1,
                        "8-volume arrays write about the same as a single volume", B_SOURCE),
                new PublishedObservation("a-readwrite-medium", "A", Metric.TPS_RAID10_OVER_RAID5, raid10x4, null, 3, 3,
                        "read-write, 32 GB data set (half of RAM): RAID10 about 3x RAID5", A_SOURCE),
                new PublishedObservation("a-readwrite-large", "A", Metric.TPS_RAID10_OVER_RAID5, raid10x4, null, 1.5, 1.5,
                        "read-write, 128 GB data set (twice RAM): RAID10 about +50%", A_SOURCE),
                new PublishedObservation("a-readonly-small-medium", "A", Metric.TPS_RAID10_OVER_RAID5, raid10x4, null, 1, 1,
                        "read-only, 200 MB and 32 GB data sets: RAID5 = RAID10", A_SOURCE));
    }
}
