package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.importer.FormatSniffer;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.SingleDiskProfiles;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Verdict;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * plan of a hardware RAID volume: a RAID5 of four 7200 rpm disks behind a PERC H700, its members
 * hidden, 100 minutes of 10 r/s + 290 w/s of 4 KiB at a queue of 32 and 20 ms, then 20 of 14 + 406
 * at 48 and 90 ms (the volume 99% busy: saturated by its queue and latency, as the detector
 * judges a parallel device). The benchmark is the lab's real fio run of random 4 KiB writes at
 * queue depth 32 on its PERC H700 RAID5 volume (lab/recordings/perc-h700-saturation).
 */
class VolumePlanTest {
    private static final Instant T0 = Instant.parse("2026-03-02T00:00:00Z");
    private static final DiskProfile D = DiskClass.HDD_7200.defaults();
    private static final RaidLayout RAID5 = RaidLayout.of(RaidLevel.RAID5, 4);
    private static final Path PERC_H700_RANDWRITE = Path.of("..", "lab", "recordings", "perc-h700-saturation", "bench",
            "randwrite-overload.fio.json");

    static ArrayHistory volume(String controller, String cache) {
        return volume(controller, cache, 32);
    }

    /** With a queue of {@code queue} in the quiet windows and 1.5 times it in the busy ones. */
    static ArrayHistory volume(String controller, String cache, double queue) {
        List<ArrayHistory.Window> windows = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            boolean busy = i >= 100;
            double r = busy ? 14 : 10;
            double w = busy ? 406 : 290;
            windows.add(new ArrayHistory.Window(T0.plusSeconds(60L * i), r, w, r * 4, w * 4, 0, busy ? 99 : 80, busy ? 1.5 * queue : queue,
                    busy ? 90 : 20));
        }
        ArrayShape shape = new ArrayShape("raid5", null, 4, null, null, true, null, null);
        return new ArrayHistory("db1", "sda", T0, T0.plusSeconds(120 * 60), 60, shape, null, Map.of(), windows,
                new ArrayHistory.Volume(controller, cache));
    }

    private static PlanReport plan(ArrayHistory h, List<BenchmarkResult> benchmarks) {
        return Planner.planVolume(h, VolumeLayouts.of(RAID5, null, List.of(), 2), D, "test", benchmarks, 70, ZoneOffset.UTC,
                SaturationThresholds.DEFAULTS);
    }

    /** The lab's fio run on its PERC H700 RAID5 of 4, imported as `bench import --level raid5 --disks 4 --controller NAME` would. */
    private static BenchmarkResult percBenchmark(String controller) throws Exception {
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID5, 4).withController(controller)).withMemberDisk(D)
                .withSource("randwrite-overload.fio.json", null);
        return FormatSniffer.importAny(Files.readString(PERC_H700_RANDWRITE), ctx).get(0);
    }

    private static double u(RaidLayout l, double r, double w) {
        return 100 * new RaidModel(l, D).projectedUtilisation(r, w, 4096, 4096);
    }

    @Test
    void everyLayoutIsTheModelOverTheMemberDiskOnTheControllerAndOnMd() {
        PlanReport r = plan(volume("PERC H700", "write-back-battery"), List.of());
        assertThat(r.hardware()).isTrue();
        assertThat(r.current()).isEqualTo("hardware raid5 x4");
        assertThat(r.layoutText()).isEqualTo("PERC H700, cache write-back-battery");
        assertThat(r.disksText()).isEqualTo("4 x disks of an undeclared model (collector.hwraid.sda.disk-model)");
        assertThat(r.layouts()).extracting(PlanReport.LayoutPlan::key).containsExactly("hardware-raid5-4", "hardware-raid10-near2-4",
                "hardware-raid6-4", "hardware-raid5-6", "md-raid5-4", "md-raid10-near2-4", "md-raid6-4");
        assertThat(r.layouts()).extracting(PlanReport.LayoutPlan::description).containsExactly("hardware RAID5 on its 4 disks (now)",
                "hardware RAID10 on the same 4 disks", "hardware RAID6 on the same 4 disks", "hardware RAID5 on 6 disks (2 more)",
                "md RAID5 on the same 4 disks", "md RAID10 near-2 on the same 4 disks", "md RAID6 on the same 4 disks");
        PlanReport.LayoutPlan now = r.layouts().get(0);
        // no member util to scale: the declared layout's figures are the model's too
        assertThat(now.util().get("p50")).isCloseTo(u(RAID5, 10, 290), within(1e-9));
        assertThat(now.util().get("p99")).isCloseTo(u(RAID5, 14, 406), within(1e-9));
        assertThat(now.util()).isEqualTo(now.modelUtil());
        PlanReport.LayoutPlan hwRaid10 = r.layouts().get(1);
        PlanReport.LayoutPlan mdRaid10 = r.layouts().get(5);
        assertThat(hwRaid10.util().get("p50")).isCloseTo(u(RaidLayout.of(RaidLevel.RAID10, 4), 10, 290), within(1e-9));
        assertThat(mdRaid10.util()).as("the model counts the same member I/Os on either side").isEqualTo(hwRaid10.util());
        assertThat(r.volume().sameDisks()).contains("gives both the same figures").endsWith(": none matched here");
        assertThat(r.layouts()).extracting(PlanReport.LayoutPlan::kind).containsExactly("hardware", "hardware", "hardware", "hardware",
                "md", "md", "md");

        // the volume, not a member, at 99% with a queue of 48 against 32 and 90 ms against 20: saturated, as a parallel device
        assertThat(r.saturation().evidenceNeeded()).isTrue();
        assertThat(r.saturation().saturatedWindows()).isEqualTo(20);
        assertThat(now.lowerBound("p99")).as("modelled from a served load: a lower bound on the current layout too").isTrue();
    }

    @Test
    void aWriteBackCacheNoBenchmarkMeasuredMakesTheHardwareWriteFiguresAnUpperBound() {
        PlanReport r = plan(volume("PERC H700", "write-back-battery"), List.of());
        assertThat(r.layouts()).extracting(PlanReport.LayoutPlan::writeFigures).containsExactly("upper_bound", "upper_bound", "upper_bound",
                "upper_bound", null, null, null);
        assertThat(r.volume().writeCache()).startsWith("write-back cache (battery-backed): PERC H700 completes a write once it is in")
                .contains("the write figures of hardware RAID5 on its 4 disks (now), hardware RAID10 on the same 4 disks")
                .endsWith(" are an upper bound (a benchmark of it would say by how much: raidpulse bench import FILE"
                        + " --controller 'PERC H700' --level raid5 --disks 4)");
        assertThat(r.recommendation().reasons().get(0)).endsWith("; its write figures are an upper bound (write-back cache)");
        assertThat(r.recommendation().line()).contains("; that p99 is a lower bound: the volume was saturated 17% of the history");
        assertThat(r.recommendation().reasons().get(5)).doesNotContain("upper bound");

        PlanReport through = plan(volume("PERC H700", "write-through"), List.of());
        assertThat(through.layouts().get(0).writeFigures()).isEqualTo("model");
        assertThat(through.volume().writeCache()).isEqualTo("write-through cache: a write completes once it is on the disks, so the"
                + " model's write cost of the hardware layouts stands");

        PlanReport unknown = plan(volume(null, null), List.of());
        assertThat(unknown.layouts().get(0).writeFigures()).isEqualTo("cache_unknown");
        assertThat(unknown.volume().writeCache()).startsWith("cache unknown (collector.hwraid.sda.cache is not declared)")
                .contains("; if it caches writes, the write figures of hardware RAID5 on its 4 disks (now)")
                .contains("--controller 'NAME'");
        assertThat(unknown.layoutText()).isEqualTo("controller not known, cache not declared");
    }

    @Test
    void aBenchmarkOfTheSameControllerScalesItsLayoutsAndNotMds() throws Exception {
        // the lab's H700 volume took 150 random writes a second where the model of a RAID5 of 4 default 7200 rpm disks expects
        // 84: the model doubts it, and that doubt is what a controller does that the model cannot know
        BenchmarkResult perc = percBenchmark("PERC H700");
        assertThat(perc.verdict()).isEqualTo(Verdict.MODEL_SUSPECT);
        double calibration = ProfileMatcher.measuredOverModel(perc, new RaidModel(RAID5, D));
        assertThat(calibration).isCloseTo(1.8, within(0.05));
        // the volume's INQUIRY vendor and model stand for an undeclared controller
        PlanReport r = plan(volume("DELL PERC H700", "write-back-battery"), List.of(perc));
        PlanReport.LayoutPlan now = r.layouts().get(0);
        assertThat(now.benchmarks()).containsOnly(Map.entry(perc.id(), 120));
        assertThat(now.writeFigures()).isEqualTo("benchmark");
        assertThat(now.util().get("p50")).isCloseTo(u(RAID5, 10, 290) / calibration, within(1e-9));
        assertThat(now.modelUtil().get("p50")).isCloseTo(u(RAID5, 10, 290), within(1e-9));
        assertThat(r.layouts().get(4).benchmarks()).as("md RAID5: a controller's benchmark is not md's").isEmpty();
        assertThat(r.layouts().get(1).writeFigures()).as("no benchmark of a RAID10 on it").isEqualTo("upper_bound");
        assertThat(r.volume().writeCache()).contains("; a benchmark of DELL PERC H700 gave the write figures of hardware RAID5 on its 4"
                + " disks (now) (" + perc.id() + ")");
        assertThat(r.recommendation().reasons().get(0)).endsWith("; scaled to benchmark " + perc.id());

        assertThat(plan(volume("PERC 5/i", "write-back-battery"), List.of(perc)).layouts().get(0).benchmarks())
                .as("another controller's benchmark").isEmpty();
        assertThat(plan(volume("PERC H700", "write-back"), List.of(perc.toBuilder().verdict(Verdict.CACHE_SUSPECT).build())).layouts()
                .get(0).benchmarks()).as("one suspect of the page cache never").isEmpty();
    }

    @Test
    void anMdBenchmarkScalesMdsLayoutsAndNotTheControllers() throws Exception {
        // the lab's disks (150 random reads and writes a second), from its own single-disk runs
        Path lab = Path.of("..", "lab", "recordings", "german-raid5-vs-raid10", "bench");
        List<BenchmarkResult> single = new ArrayList<>();
        for (String run : List.of("single-randread-4k", "single-randwrite-4k", "single-seqread-1m", "single-seqwrite-1m")) {
            single.addAll(FormatSniffer.importAny(Files.readString(lab.resolve(run + ".fio.json")),
                    ImportContext.of(Target.array(RaidLevel.SINGLE, 1)).withSource(run, null)));
        }
        DiskProfile disk = SingleDiskProfiles.derive("lab-hdd", "the lab's disk", single, 4096).orElseThrow();
        // its md RAID10 near-2 of 4 under random 4 KiB writes, 128 outstanding: 32 a member, as this volume's queue of 128 spreads
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID10, 4).withLayout("n2").withController("md")).withMemberDisk(disk)
                .withSource("n2-randwrite-4k.fio.json", null);
        BenchmarkResult md = FormatSniffer.importAny(Files.readString(lab.resolve("n2-randwrite-4k.fio.json")), ctx).get(0);
        assertThat(md.verdict()).as(md.verdictReasons().toString()).isEqualTo(Verdict.TRUSTED);
        PlanReport r = Planner.planVolume(volume("PERC H700", "write-back-battery", 128), VolumeLayouts.of(RAID5, null, List.of(), 2), disk,
                "test", List.of(md), 70, ZoneOffset.UTC, SaturationThresholds.DEFAULTS);
        PlanReport.LayoutPlan hwRaid10 = r.layouts().get(1);
        PlanReport.LayoutPlan mdRaid10 = r.layouts().get(5);
        assertThat(mdRaid10.benchmarks()).containsOnly(Map.entry(md.id(), 120));
        assertThat(hwRaid10.benchmarks()).isEmpty();
        RaidModel raid10 = new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), disk);
        double model = 100 * raid10.projectedUtilisation(10, 290, 4096, 4096);
        assertThat(mdRaid10.util().get("p50")).isCloseTo(model / ProfileMatcher.measuredOverModel(md, raid10), within(1e-9))
                .isNotCloseTo(model, within(0.01));
        assertThat(hwRaid10.util().get("p50")).isCloseTo(model, within(1e-9));
        assertThat(r.volume().sameDisks()).endsWith(": here they scaled md RAID10 near-2 on the same 4 disks (" + md.id() + ")");
    }

    @Test
    void targetsAndDisksOnBothSides() {
        assertThat(VolumeLayouts.of(RAID5, null, List.of("raid10", "raid10:f2"), 2)).extracting(VolumeLayouts.Candidate::key)
                .as("a controller forms no far RAID10").containsExactly("hardware-raid5-4", "hardware-raid10-near2-4", "md-raid10-near2-4",
                        "md-raid10-far2-4");
        assertThat(VolumeLayouts.of(RAID5, 6, List.of(), 2)).extracting(VolumeLayouts.Candidate::key).containsExactly("hardware-raid5-4",
                "hardware-raid5-6", "hardware-raid10-near2-6", "hardware-raid6-6", "md-raid5-6", "md-raid10-near2-6", "md-raid6-6");
    }

    @Test
    void anMdArraysJsonHasNoneOfIt() {
        RaidLayout raid5 = RaidLayout.of(RaidLevel.RAID5, 4).withChunk(512 * 1024L);
        PlanReport md = Planner.plan(PlannerTest.history(100, 20), raid5, io.raidpulse.model.matching.AlternativeLayouts.candidates(raid5, 2),
                D, "test", 70, ZoneOffset.UTC, SaturationThresholds.DEFAULTS);
        assertThat(md.hardware()).isFalse();
        assertThat(PlanCommand.json(md)).doesNotContain("\"volume\"").doesNotContain("\"kind\"").doesNotContain("\"benchmarks\"")
                .doesNotContain("\"write_figures\"").contains("\"key\" : \"raid10-near2-4\"");
        assertThat(PlanText.render(md)).doesNotContain("write cache").doesNotContain("hardware or md")
                .contains("(* now: measured; others: measured x the model's cost ratio per window; model alone in --format json)");
    }

    @Test
    void aVolumeBusyBeyondItsRateFromTheStartIsHeldToADiskWithoutAQueueAsTheDetectorHoldsIt() {
        // the lab's PERC 5/i: 150 ms a request while it was still under 95% busy, then 108 ms at 99%
        List<ArrayHistory.Window> windows = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            boolean busy = i >= 40;
            windows.add(new ArrayHistory.Window(T0.plusSeconds(60L * i), busy ? 570 : 10, busy ? 0 : 262, busy ? 2280 : 40,
                    busy ? 0 : 1048, 0, busy ? 99 : 90, busy ? 60 : 46, busy ? 108 : 150));
        }
        ArrayHistory spinning = new ArrayHistory("db1", "sda", T0, T0.plusSeconds(3600), 60,
                new ArrayShape("raid10", "near-2", 4, null, null, true, null, null), null, Map.of(), windows,
                new ArrayHistory.Volume("PERC 5/i", "write-back-battery"));
        boolean[] saturated = SaturatedWindows.of(spinning, SaturationThresholds.DEFAULTS);
        int count = 0;
        for (int i = 0; i < saturated.length; i++) {
            count += saturated[i] ? 1 : 0;
            assertThat(saturated[i]).as("window %d: 108 ms against a baseline of 25, not 150", i).isEqualTo(i >= 40);
        }
        assertThat(count).isEqualTo(20);
        ArrayHistory solid = new ArrayHistory("db1", "sda", T0, T0.plusSeconds(3600), 60,
                new ArrayShape("raid10", "near-2", 4, null, null, false, null, null), null, Map.of(), windows,
                new ArrayHistory.Volume("PERC 5/i", "write-back-battery"));
        assertThat(SaturatedWindows.of(solid, SaturationThresholds.DEFAULTS)).as("not said to spin: its own baseline").doesNotContain(true);
    }

    @Test
    void controllerNames() {
        assertThat(ProfileMatcher.sameController("DELL PERC H700", "perc  h700")).isTrue();
        assertThat(ProfileMatcher.sameController("PERC H700", "PERC H710")).isFalse();
        assertThat(ProfileMatcher.sameController("DELL PERC H700", "H700")).as("more than the vendor missing").isFalse();
        assertThat(VolumeFigures.isMd(null)).isTrue();
        assertThat(VolumeFigures.isMd(" MD ")).isTrue();
        assertThat(VolumeFigures.isMd("PERC H700")).isFalse();
    }
}
