package io.raidpulse.stream.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.stream.capacity.ArrayShape;
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

    /** {@code quiet} windows of 400 r/s + 200 w/s of 8 KiB at 60% member util, then {@code busy} at 700 + 350 and 98%. */
    static ArrayHistory history(int quiet, int busy) {
        List<ArrayHistory.Window> windows = new ArrayList<>();
        for (int i = 0; i < quiet + busy; i++) {
            boolean b = i >= quiet;
            double r = b ? 700 : 400;
            double w = b ? 350 : 200;
            windows.add(new ArrayHistory.Window(T0.plusSeconds(60L * i), r, w, r * 8, w * 8, b ? 98 : 60, b ? 99 : 62));
        }
        return new ArrayHistory("db1", "md0", T0, T0.plusSeconds(60L * (quiet + busy)), 60, SHAPE, "default:hdd-7200", Map.of(), windows);
    }

    private static double u(RaidLayout l, double r, double w) {
        return new RaidModel(l, D).projectedUtilisation(r, w, 8192, 8192);
    }

    @Test
    void eachWindowsMeasuredUtilIsScaledByTheLayoutsCostRatio() {
        List<RaidLayout> alternatives = AlternativeLayouts.candidates(RAID5, 2);
        PlanReport r = Planner.plan(history(100, 20), RAID5, alternatives, D, "test", 70, ZoneOffset.UTC);
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
        PlanReport r = Planner.plan(history(100, 20), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC);
        // RAID10 x4 (p99 ~67%) and RAID5 x6 (~65%) both stay under 70%: the one that needs no new disks wins
        assertThat(r.recommendation().choice()).isEqualTo("raid10-near2-4");
        assertThat(r.recommendation().line()).matches("RAID10 near-2 on the same 4 disks: p99 member util 6\\d% vs 98% now; "
                + "loses 33% of its usable capacity; rebuild 21\\.7 h at least");
        assertThat(r.recommendation().reasons()).hasSize(4).anySatisfy(l -> assertThat(l).startsWith("RAID6 on the same 4 disks: p99")
                .contains("(over 70%)"));

        PlanReport calm = Planner.plan(history(120, 0), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "test", 70, ZoneOffset.UTC);
        assertThat(calm.recommendation().choice()).isEqualTo("raid5-4");
        assertThat(calm.recommendation().line()).startsWith("keep RAID5 on its 4 disks (now): p99 member util 60% leaves 40% of headroom; ");

        PlanReport hopeless = Planner.plan(history(0, 120), RAID5, List.of(RaidLayout.of(RaidLevel.RAID6, 4)), D, "test", 50, ZoneOffset.UTC);
        assertThat(hopeless.recommendation().line()).isEqualTo("no layout considered keeps p99 member util under 50% (98% now)"
                + ": the best, RAID6 on the same 4 disks, reaches 100%; add disks or move to faster ones");
    }

    @Test
    void theCostRatioHardlyDependsOnTheMemberDiskFigures() {
        RaidLayout raid10 = RaidLayout.of(RaidLevel.RAID10, 4);
        PlanReport measured = Planner.plan(history(100, 20), RAID5, List.of(raid10), D, "test", 70, ZoneOffset.UTC);
        PlanReport guessed = Planner.plan(history(100, 20), RAID5, List.of(raid10), DiskClass.HDD_7200.defaults(), "test", 70, ZoneOffset.UTC);
        assertThat(guessed.layouts().get(1).util().get("p50")).isCloseTo(measured.layouts().get(1).util().get("p50"), within(1.0));
        assertThat(guessed.layouts().get(1).modelUtil().get("p50")).as("while the model alone is six times off")
                .isGreaterThan(5 * measured.layouts().get(1).modelUtil().get("p50"));
    }

    @Test
    void idleWindowsKeepTheirMeasuredUtilOnEveryLayout() {
        List<ArrayHistory.Window> windows = List.of(new ArrayHistory.Window(T0, 0, 0, 0, 0, 3.0, 4.0));
        ArrayHistory h = new ArrayHistory("db1", "md0", T0, T0.plusSeconds(60), 60, SHAPE, null, Map.of(), windows);
        PlanReport r = Planner.plan(h, RAID5, List.of(RaidLayout.of(RaidLevel.RAID10, 4)), D, "test", 70, ZoneOffset.UTC);
        assertThat(r.layouts()).allSatisfy(l -> assertThat(l.p99()).isEqualTo(3.0));
        assertThat(r.modelWriteAmp()).isNull();
    }

    @Test
    void theHtmlReportIsSelfContained() {
        PlanReport r = Planner.plan(history(100, 20), RAID5, AlternativeLayouts.candidates(RAID5, 2), D, "<test & co>", 70, ZoneOffset.UTC);
        String html = PlanHtml.render(r);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("<polyline").contains("capacity 100%")
                .contains("RAID10 near-2 on the same 4 disks").contains("&lt;test &amp; co&gt;").doesNotContain("<test & co>")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain("@import").doesNotContain("src=");
        assertThat(html.replace("http://www.w3.org/2000/svg", "")).doesNotContain("http://").doesNotContain("https://");
        assertThat(html.split("<svg", -1)).as("three charts").hasSize(4);
        String text = PlanText.render(r);
        assertThat(text).contains("recommendation: RAID10 near-2 on the same 4 disks").contains("* RAID5 on its 4 disks (now)");
    }
}
