package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.config.Settings;
import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.saturation.SaturationRules;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlannerTest {
    private static final Instant T0 = Instant.parse("2026-03-02T00:00:00Z");
    private static final DiskProfile D = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
    private static final RaidLayout RAID5 = RaidLayout.of(RaidLevel.RAID5, 4).withChunk(512 * 1024L);
    private static final ArrayShape SHAPE = new ArrayShape("raid5", "left-symmetric", 4, 512 * 1024L, "ST16000NM001G", true,
            16_000_000_000_000L, null);

    /** The stream processor's default saturation thresholds: fire at 95%, evidence only for members not known to spin. */
    private static final SaturationThresholds SAT = SaturationThresholds.DEFAULTS;

    /**
     * {@code quiet} windows of 400 r/s + 200 w/s of 8 KiB at 60% member util (busiest member 62%),
     * then {@code busy} at 700 + 350 and 98% (busiest 99%: saturated by the default 95%).
     */
    static ArrayHistory history(int quiet, int busy) {
        return history(SHAPE, quiet, busy, 2.0, 5.0);
    }

    /** As {@link #history(int, int)}, the quiet windows at aqu-sz 2 and await 5 ms, the busy ones at {@code busyAquSz} and {@code busyAwaitMs}. */
    static ArrayHistory history(ArrayShape shape, int quiet, int busy, double busyAquSz, double busyAwaitMs) {
        List<ArrayHistory.Window> windows = new ArrayList<>();
        for (int i = 0; i < quiet + busy; i++) {
            boolean b = i >= quiet;
            double r = b ? 700 : 400;
            double w = b ? 350 : 200;
            windows.add(new ArrayHistory.Window(T0.plusSeconds(60L * i), r, w, r * 8, w * 8, b ? 98 : 60, b ? 99 : 62, b ? busyAquSz : 2.0,
                    b ? busyAwaitMs : 5.0));
        }
        return new ArrayHistory("db1", "md0", T0, T0.plusSeconds(60L * (quiet + busy)), 60, shape, "default:hdd-7200", Map.of(), windows);
    }

    private static double u(RaidLayout l, double r, double w) {
        return new RaidModel(l, D).projectedUtilisation(r, w, 8192, 8192);
    }

    @Test
    void eachWindowsMeasuredUtilIsScaledByTheLayoutsCostRatio() {
        List<RaidLayout> alternatives = AlternativeLayouts.candidates(RAID5, 2);
        PlanReport r = Planner.plan(history(100, 20), RAID5, alternatives, D, "test", 70, ZoneOffset.UTC, SAT);
        assertThat(r.layouts()).extracting(PlanReport.LayoutPlan::key).containsExactly("raid5-4", "raid10-near2-4", "raid6-4", "raid5-6");
        PlanReport.LayoutPlan now = r.layouts().get(0);
        assertThat(now.current()).isTrue();
        assertThat(now.util()).containsEntry("p50", 60.0).containsEntry("p95", 98.0).containsEntry("p99", 98.0);
        assertThat(now.modelUtil().get("p50")).isCloseTo(100 * u(RAID5, 400, 200), within(1e-9));
        RaidLayout raid10 = RaidLayout.of(RaidLevel.RAID10, 4);
        PlanReport.LayoutPlan r10 = r.layouts().get(1);
        assertThat(r10.util().get("p50")).isCloseTo(60 * u(raid10, 400, 200) / u(RAID5, 400, 200), within(1e-9));
        assertThat(r10.util().get("p99")).isCloseTo(98 * u(raid10, 700, 350) / u(RAID5, 700, 350), within(1e-9)).isLessThan(70);
        assertThat(r10.headroom()).isCloseTo(100 - r10.p99(), within(1e-12));
        assertThat(r10.usableBytes()).isEqualTo(32e12);
        assertThat(r10.usableChange()).isCloseTo(-100.0 / 3, within(1e-9));
        assertThat(r10.rebuildHours()).isCloseTo(21.70, within(0.01));
        assertThat(r.layouts().get(3).usableChange()).isCloseTo(100.0 * 2 / 3, within(1e-9));
        assertThat(r.modelWriteAmp()).isEqualTo(4.0);
        // 00:00-01:00 all quiet; 01:00-02:00 40 quiet and the 20 busy windows
        assertThat(r.peakHours()).extracting(PlanReport.PeakHour::hour).containsExactly(1, 0);
        assertThat(r.peakHours().get(0).memberUtil()).isCloseTo((40 * 60 + 20 * 98) / 60.0, within(1e-9));
        assertThat(r.series().times()).hasSize(120);
        assertThat(r.series().projected().get("raid5-4").get(110)).isEqualTo(98.0);
    }

    @Test
    void theRecommendationPrefersTheSameDisksThenUsableSpaceAndSaysWhy() {
        PlanReport r = Planner.plan(history(100, 20), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC, SAT);
        // RAID10 x4 (p99 ~67%) and RAID5 x6 (~65%) both stay under 70%: the one that needs no new disks wins; md0 was
        // saturated in the 20 busy windows, which the p99 comes from
        assertThat(r.recommendation().choice()).isEqualTo("raid10-near2-4");
        assertThat(r.recommendation().line()).matches("RAID10 near-2 on the same 4 disks: p99 member util >= 6\\d% vs 98% now; "
                + "loses 33% of its usable capacity; rebuild 21\\.7 h at least; that p99 is a lower bound: the array was saturated 17% "
                + "of the history and served less than was asked");
        assertThat(r.recommendation().reasons()).hasSize(4).anySatisfy(l -> assertThat(l).startsWith("RAID6 on the same 4 disks: p99")
                .contains("(over 70%)"));

        PlanReport calm = Planner.plan(history(120, 0), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC, SAT);
        assertThat(calm.recommendation().choice()).isEqualTo("raid5-4");
        assertThat(calm.recommendation().line()).startsWith("keep RAID5 on its 4 disks (now): p99 member util 60% leaves 40% of headroom; ");

        PlanReport hopeless = Planner.plan(history(0, 120), RAID5, List.of(RaidLayout.of(RaidLevel.RAID6, 4)), D, "test", 50, ZoneOffset.UTC, SAT);
        assertThat(hopeless.recommendation().line()).isEqualTo("no layout considered keeps p99 member util under 50% (98% now)"
                + ": the best, RAID6 on the same 4 disks, reaches >= 100%; add disks or move to faster ones; that p99 is a lower bound: the"
                + " array was saturated 100% of the history and served less than was asked");
    }

    @Test
    void theCostRatioHardlyDependsOnTheMemberDiskFigures() {
        RaidLayout raid10 = RaidLayout.of(RaidLevel.RAID10, 4);
        PlanReport measured = Planner.plan(history(100, 20), RAID5, List.of(raid10), D, "test", 70, ZoneOffset.UTC, SAT);
        PlanReport guessed = Planner.plan(history(100, 20), RAID5, List.of(raid10), DiskClass.HDD_7200.defaults(), "test", 70, ZoneOffset.UTC, SAT);
        assertThat(guessed.layouts().get(1).util().get("p50")).isCloseTo(measured.layouts().get(1).util().get("p50"), within(1.0));
        assertThat(guessed.layouts().get(1).modelUtil().get("p50")).as("while the model alone is six times off")
                .isGreaterThan(5 * measured.layouts().get(1).modelUtil().get("p50"));
    }

    @Test
    void idleWindowsKeepTheirMeasuredUtilOnEveryLayout() {
        List<ArrayHistory.Window> windows = List.of(new ArrayHistory.Window(T0, 0, 0, 0, 0, 3.0, 4.0, 0.0, 0.0));
        ArrayHistory h = new ArrayHistory("db1", "md0", T0, T0.plusSeconds(60), 60, SHAPE, null, Map.of(), windows);
        PlanReport r = Planner.plan(h, RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC, SAT);
        assertThat(r.layouts()).allSatisfy(l -> assertThat(l.p99()).isEqualTo(3.0));
        assertThat(r.modelWriteAmp()).isNull();
    }

    @Test
    void theHtmlReportIsSelfContained() {
        PlanReport r = Planner.plan(history(100, 20), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "<test & co>", 70, ZoneOffset.UTC, SAT);
        String html = PlanHtml.render(r);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("<polyline").contains("capacity 100%")
                .contains("RAID10 near-2 on the same 4 disks").contains("&lt;test &amp; co&gt;").doesNotContain("<test & co>")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain("@import").doesNotContain("src=");
        assertThat(html.replace("http://www.w3.org/2000/svg", "")).doesNotContain("http://").doesNotContain("https://");
        assertThat(html.split("<svg", -1)).as("three charts").hasSize(4);
        String text = PlanText.render(r);
        assertThat(text).contains("recommendation: RAID10 near-2 on the same 4 disks").contains("* RAID5 on its 4 disks (now)");
    }

    @Test
    void aSaturatedHistoryIsAFloorOnTheDemandAndTheAlternativesFiguresAreLowerBounds() {
        ArrayHistory h = history(100, 20);
        // the load's percentiles as InfluxQL gives them for these windows
        h = new ArrayHistory(h.host(), h.array(), h.from(), h.until(), h.windowS(), h.shape(), h.capacitySource(),
                Map.of("r_iops", Map.of("p50", 400.0, "p95", 700.0, "p99", 700.0), "read_fraction", Map.of("p50", 2 / 3.0, "p95", 2 / 3.0,
                        "p99", 2 / 3.0)), h.windows());
        PlanReport r = Planner.plan(h, RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC, SAT);
        PlanReport.Saturation s = r.saturation();
        assertThat(s.saturated()).isTrue();
        assertThat(s.fireUtil()).isEqualTo(95.0);
        assertThat(s.evidenceNeeded()).as("spinning members: util alone, as the detector judges them").isFalse();
        assertThat(s.windows()).isEqualTo(120);
        assertThat(s.saturatedWindows()).isEqualTo(20);
        assertThat(s.saturatedS()).isEqualTo(20 * 60);
        assertThat(s.historyS()).isEqualTo(120 * 60);
        assertThat(s.share()).isCloseTo(100.0 / 6, within(1e-9));
        assertThat(s.longestS()).isEqualTo(20 * 60);
        // p95 and p99 are ranks 114 and 119 of 120: busy windows; p50 a quiet one
        assertThat(s.utilInSaturation()).containsExactly(Map.entry("p50", false), Map.entry("p95", true), Map.entry("p99", true));
        assertThat(s.sizingPercentilesInSaturation()).containsExactly("p95", "p99");
        assertThat(s.floor("r_iops", "p99")).isTrue();
        assertThat(s.floor("r_iops", "p50")).isFalse();
        assertThat(s.floor("read_fraction", "p99")).as("only the demand's rates are floors").isFalse();

        PlanReport.LayoutPlan now = r.layouts().get(0);
        assertThat(now.utilLowerBound()).as("the current layout's util is measured").doesNotContainValue(true);
        assertThat(now.modelUtilLowerBound()).as("the model is fed what was served").containsEntry("p99", true).containsEntry("p50", false);
        assertThat(r.layouts().subList(1, 4)).allSatisfy(l -> {
            assertThat(l.utilLowerBound()).containsExactly(Map.entry("p50", false), Map.entry("p95", true), Map.entry("p99", true));
            assertThat(l.modelUtilLowerBound()).containsEntry("p99", true);
        });
        assertThat(r.series().saturated()).hasSize(120).containsOnly(false, true);
        assertThat(r.series().saturated().get(99)).isFalse();
        assertThat(r.series().saturated().get(100)).isTrue();

        String text = PlanText.render(r);
        assertThat(text).contains("saturation: db1/md0 was saturated 17% of the 2 h history (20 min: 20 of 120 windows; the longest stretch 20 min)")
                .contains("a window counts when its busiest member was 95% busy or more on average (saturation.fire-util)")
                .contains("its measured load is a floor on the demand (marked >=): requests waited and the array served what it could")
                .contains("its p95 and p99 member util lie in saturated windows: the figures marked >= are lower bounds")
                .contains("(>= a lower bound: it comes from windows in which md0 was saturated and served less than was asked;");
        assertThat(line(text, "  RAID10 near-2 on the same 4 disks")).matches(" +RAID10 near-2 on the same 4 disks +\\d+\\.\\d% +>= \\d+\\.\\d% "
                + "+>= 6\\d\\.\\d% +<= 3\\d\\.\\d% .*");
        assertThat(line(text, "* RAID5 on its 4 disks (now)")).doesNotContain(">= 9").doesNotContain("<=");
        assertThat(line(text, "  reads/s")).matches(" +reads/s +400 +>= 700 +>= 700");
        assertThat(line(text, "  read fraction")).doesNotContain(">=");

        String html = PlanHtml.render(r);
        assertThat(html).contains("<p class=\"saturated\"><b>Saturated:</b> db1/md0 was saturated 17% of the 2 h history")
                .contains("&ge; marks a lower bound").contains("<td>&ge; 700</td>").contains(">saturated</text>")
                .contains("(a lower bound: saturated windows)");
        assertThat(html.split("fill=\"#f6d5d5\"", -1)).as("one shaded run for the 20 busy windows, one legend swatch").hasSize(3);
        assertThat(PlanCommand.json(r)).contains("\"saturation\" : {").contains("\"saturated_windows\" : 20")
                .contains("\"util_lower_bound\" : {").contains("\"model_util_lower_bound\" : {");
    }

    @Test
    void withoutSaturationTheReportIsAsBefore() {
        PlanReport r = Planner.plan(history(120, 0), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC, SAT);
        assertThat(r.saturation().saturated()).isFalse();
        assertThat(r.saturation().saturatedWindows()).isZero();
        assertThat(r.layouts()).allSatisfy(l -> {
            assertThat(l.utilLowerBound()).doesNotContainValue(true);
            assertThat(l.modelUtilLowerBound()).doesNotContainValue(true);
        });
        String text = PlanText.render(r);
        assertThat(text).doesNotContain("saturat").doesNotContain("<=").doesNotContainPattern(">= [0-9.]+%").doesNotContain(">= 400");
        // the columns as they always were: 7 characters a percentile
        assertThat(line(text, "  RAID10 near-2 on the same 4 disks")).matches("  RAID10 near-2 on the same 4 disks +\\d\\d\\.\\d% {3}\\d\\d\\.\\d% {3}\\d\\d\\.\\d% .*");
        String html = PlanHtml.render(r);
        assertThat(html).doesNotContain("saturated").doesNotContainPattern("&ge; [0-9.]+(%|<)").doesNotContain("&le;")
                .doesNotContain("#f6d5d5").contains("&ge; 21.7 h");
    }

    @Test
    void theStreamProcessorsThresholdsForTheArrayDecide() {
        ArrayHistory h = history(100, 20);
        // busiest member at 99% in the busy windows: under a fire threshold of 99.5% that is not saturation
        SaturationThresholds strict = SaturationRules.from(Settings.of(Map.of("saturation.fire-util", "99.5")))
                .forSubject("db1", "md0", SubjectKind.ARRAY);
        assertThat(Planner.plan(h, RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC, strict)
                .saturation().saturated()).isFalse();
        // a rule for md0 lowers it to 60%: the quiet windows' busiest member (62%) counts too
        SaturationRules rules = SaturationRules.from(Settings.of(Map.of("saturation.fire-util", "99.5", "saturation.clear-util", "50",
                "saturation.rule.db.subject", "md0", "saturation.rule.db.kind", "array", "saturation.rule.db.fire-util", "60")));
        PlanReport all = Planner.plan(h, RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC,
                rules.forSubject("db1", "md0", SubjectKind.ARRAY));
        assertThat(all.saturation().saturatedWindows()).isEqualTo(120);
        assertThat(all.saturation().fireUtil()).isEqualTo(60.0);
        assertThat(all.layouts().get(1).utilLowerBound()).doesNotContainValue(false);
        assertThat(Planner.plan(h, RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC,
                rules.forSubject("db1", "md1", SubjectKind.ARRAY)).saturation().saturated()).as("md1: the defaults, 99.5%").isFalse();
    }

    @Test
    void membersThatServeInParallelNeedQueueOrLatencyEvidenceAgainstTheirOwnBaseline() {
        ArrayShape ssd = new ArrayShape("raid5", "left-symmetric", 4, 512 * 1024L, null, false, 4_000_000_000_000L, null);
        // 99% busy at the quiet windows' queue and latency: an SSD array busy, not saturated
        PlanReport busy = Planner.plan(history(ssd, 100, 20, 2.0, 5.0), RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70,
                ZoneOffset.UTC, SAT);
        assertThat(busy.saturation().evidenceNeeded()).isTrue();
        assertThat(busy.saturation().saturated()).isFalse();
        // await 15 ms is 3 x the 5 ms baseline: evidence
        PlanReport slow = Planner.plan(history(ssd, 100, 20, 2.0, 15.0), RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70,
                ZoneOffset.UTC, SAT);
        assertThat(slow.saturation().saturatedWindows()).isEqualTo(20);
        assertThat(PlanText.render(slow)).contains(", with a queue or latency beyond the array's own baseline (saturation.evidence)");
        // 1050 IO/s x 5 ms explains 5.25 in flight; 16 is beyond 3 x that: evidence
        assertThat(SaturatedWindows.of(history(ssd, 100, 20, 16.0, 5.0), SAT)).contains(true);
        assertThat(SaturatedWindows.of(history(ssd, 100, 20, 15.0, 5.0), SAT)).containsOnly(false);
        // no window below the fire threshold to learn a baseline from: not judged, as the detector does not judge before it has one
        assertThat(SaturatedWindows.of(history(ssd, 0, 20, 100.0, 500.0), SAT)).containsOnly(false);
        // evidence=never judges the SSD array by util alone
        SaturationThresholds never = SaturationRules.from(Settings.of(Map.of("saturation.evidence", "never"))).defaults();
        assertThat(SaturatedWindows.of(history(ssd, 100, 20, 2.0, 5.0), never)).contains(true);
    }

    @Test
    void aPercentileIsALowerBoundWhenASaturatedWindowHoldsAValueAtOrBelowIt() {
        double[] values = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        boolean[] top = {false, false, false, false, false, false, false, false, false, true};
        // p50 = 50, p95 = p99 = 100: only the top window was saturated, and raising it moves neither p50 nor anything below
        assertThat(SaturatedWindows.lowerBounds(values, top)).containsExactly(Map.entry("p50", false), Map.entry("p95", true),
                Map.entry("p99", true));
        boolean[] low = {false, true, false, false, false, false, false, false, false, false};
        assertThat(SaturatedWindows.lowerBounds(values, low)).doesNotContainValue(false);
        assertThat(SaturatedWindows.lowerBounds(values, new boolean[10])).doesNotContainValue(true);
    }

    @Test
    void aFewSaturatedWindowsAboveEveryPercentileAreSaidButBoundNothing() {
        // 5 of 1005 windows saturated: the p99 (rank 995) is a quiet window
        PlanReport r = Planner.plan(history(1000, 5), RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC, SAT);
        assertThat(r.saturation().saturated()).isTrue();
        assertThat(r.saturation().sizingPercentilesInSaturation()).isEmpty();
        assertThat(r.layouts().get(1).utilLowerBound()).doesNotContainValue(true);
        String text = PlanText.render(r);
        assertThat(text).contains("saturation: db1/md0 was saturated under 1% of the 16 h 45 min history (5 min: 5 of 1005 windows;")
                .contains("the p50, p95 and p99 of its member util lie outside saturated windows: the figures stand")
                .doesNotContainPattern(">= [0-9.]+%");
        assertThat(r.recommendation().line()).doesNotContain("lower bound");
    }

    private static String line(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError("no line " + start + " in\n" + text));
    }
}
