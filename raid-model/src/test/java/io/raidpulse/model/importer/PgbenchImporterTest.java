package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgbenchImporterTest {

    private final PgbenchImporter importer = new PgbenchImporter();

    @Test
    void pgbench15SelectOnlyInTransactionMode() throws Exception {
        BenchmarkResult p = importer.parse(benchmark("shared/pgbench15_selectonly.txt"), ImportContext.NONE).get(0);
        assertThat(p.toolVersion()).isEqualTo("15.18");
        assertThat(p.pattern()).isEqualTo(IoPattern.APPLICATION);
        assertThat(p.tps()).isEqualTo(51757.490279);
        assertThat(p.jobs()).isEqualTo(4);
        assertThat(p.readFraction()).isEqualTo(1.0);
        assertThat(p.meanLatencyUs()).isEqualTo(77.0);
        assertThat(p.parameters())
                .containsEntry("scaling_factor", "2")
                .containsEntry("number_of_transactions_per_client", "2000")
                .containsEntry("transactions_processed", "8000/8000")
                .containsEntry("tps_measure", "without initial connection time");
        // pgbench is latency-bound: never compared with the capacity model
        assertThat(p.modelRatio()).isNull();
        assertThat(p.verdict()).isEqualTo(Verdict.TRUSTED);
    }

    @Test
    void pgbench15DurationModeWithProgress() throws Exception {
        BenchmarkResult p = importer.parse(benchmark("shared/pgbench15_tpcb.txt"), ImportContext.NONE).get(0);
        assertThat(p.tps()).isEqualTo(4912.214289);
        assertThat(p.readFraction()).isNull();
        assertThat(p.parameters()).containsEntry("duration", "6 s").containsEntry("transactions_processed", "29482");
        assertThat(p.notes()).isEqualTo("3 progress reports, 4788.0 to 4996.2 tps.");
        assertThat(p.meanLatencyUs()).isEqualTo(811.0);
    }

    @Test
    void olderPgbenchPrefersTpsExcludingConnections() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("public/pgbench-12_write-and-select_progress.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(2);
        assertThat(ps.get(0).tps()).isEqualTo(82.006115);
        assertThat(ps.get(0).parameters()).containsEntry("transaction_type", "<builtin: simple update>")
                .containsEntry("tps_measure", "excluding connections establishing");
        assertThat(ps.get(0).notes()).isEqualTo("10 progress reports, 38.2 to 119.9 tps.");
        assertThat(ps.get(1).tps()).isEqualTo(247.556199);
        assertThat(ps.get(1).readFraction()).isEqualTo(1.0);
        assertThat(ps.get(1).meanLatencyUs()).isEqualTo(201815.0);
        assertThat(ps.get(0).toolVersion()).isNull();

        BenchmarkResult t = importer.parse(benchmark("public/pgbench-old_t-mode.txt"), ImportContext.NONE).get(0);
        assertThat(t.tps()).isEqualTo(712.221039);
        assertThat(t.jobs()).isEqualTo(5);
        assertThat(t.parameters()).containsEntry("transactions_processed", "50000/50000");
    }

    @Test
    void pgbench94And95PrintTheLatencyLinesWithAColon() throws Exception {
        // published 9.4/9.5 output against CockroachDB, no -P: "latency average: 9.188 ms" and no stddev line
        BenchmarkResult t = importer.parse(benchmark("public/pgbench-9.4-9.5_tpcb_T30_colon.txt"), ImportContext.NONE).get(0);
        assertThat(t.tps()).isEqualTo(108.832630);
        assertThat(t.meanLatencyUs()).isCloseTo(9188.0, within(1e-9));
        assertThat(t.jobs()).isEqualTo(1);
        assertThat(t.parameters()).containsEntry("transaction_type", "TPC-B (sort of)").containsEntry("duration", "30 s")
                .doesNotContainKey("latency_stddev");

        // 9.4 with -P 5: the stddev line follows the average, also with a colon; two runs in one file
        List<BenchmarkResult> runs = importer.parse(benchmark("public/pgbench-9.4_custom_P5_two-runs.txt"), ImportContext.NONE);
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).tps()).isEqualTo(2401.013184);
        assertThat(runs.get(0).meanLatencyUs()).isCloseTo(6663.0, within(1e-9));
        assertThat(runs.get(0).parameters()).containsEntry("latency_stddev", "72.356 ms").containsEntry("query_mode", "prepared");
        assertThat(runs.get(0).jobs()).isEqualTo(16);
        assertThat(runs.get(0).notes()).isEqualTo("3 progress reports, 2903.1 to 3101.8 tps.");
        assertThat(runs.get(1).tps()).isEqualTo(3670.852824);
        assertThat(runs.get(1).meanLatencyUs()).isCloseTo(4357.0, within(1e-9));
        assertThat(runs.get(1).parameters()).containsEntry("latency_stddev", "4.453 ms");

        // the same line in the form 9.6+ print
        assertThat(importer.parse(benchmark("public/pgbench-12_write-and-select_progress.txt"), ImportContext.NONE).get(0).parameters())
                .containsEntry("latency_stddev", "608.772 ms");

        String bad = benchmark("public/pgbench-9.4_custom_P5_two-runs.txt").replace("latency stddev: 72.356 ms", "latency stddev: lots ms");
        assertThatThrownBy(() -> importer.parse(bad, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("pgbench line 14: latency stddev: expected a number, found 'lots'");
    }

    @Test
    void generatedRunsOfPgbench15() throws Exception {
        assertThat(importer.parse(benchmark("generated/pgbench-15.18_tpcb_t500_c2.txt"), ImportContext.NONE).get(0).tps())
                .isEqualTo(3256.618262);
        // -r adds per-statement latencies after the tps line: not a second run
        List<BenchmarkResult> r = importer.parse(benchmark("generated/pgbench-15.18_simple-update_T3_r.txt"), ImportContext.NONE);
        assertThat(r).hasSize(1);
        assertThat(r.get(0).tps()).isEqualTo(4213.743780);
        assertThat(importer.parse(benchmark("generated/pgbench-15.18_select_T3_P1.txt"), ImportContext.NONE).get(0).tps())
                .isEqualTo(101630.645304);
    }

    @Test
    void runsWithoutASummaryNameTheirFirstLine() {
        String text = benchmark("shared/pgbench15_tpcb.txt");
        String cut = text.substring(0, text.indexOf("tps ="));
        assertThatThrownBy(() -> importer.parse(cut, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("pgbench line 6: run has no 'tps = ' summary line (cut short, or the run failed)");
        String bad = text.replace("tps = 4912.214289", "tps = lots");
        assertThatThrownBy(() -> importer.parse(bad, ImportContext.NONE))
                .hasMessage("pgbench line 18: tps: expected a number, found 'lots'");
    }
}
