package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static io.raidpulse.model.Fixtures.catalog;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the input, an importer returns profiles or throws {@link ImportException}: never
 * a NumberFormatException, an index error or a validation error from deeper down.
 */
class ImporterRobustnessTest {

    private static final Map<BenchmarkFormat, List<String>> SEEDS = Map.of(
            BenchmarkFormat.FIO_JSON, List.of(benchmark("shared/fio333_randrw.json"), catalog("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json"),
                    benchmark("public/fio-2.2.10_write_cloud-volume.json"), benchmark("generated/fio-3.33_two-groups_global-options.json"),
                    benchmark("generated/fio-3.33_seqwrite_3jobs_job-files_per-job.json")),
            BenchmarkFormat.FIO_TERSE, List.of(benchmark("shared/fio333_randrw.terse"), benchmark("shared/fio_HOWTO_terse_v2_sample.txt"),
                    benchmark("generated/fio-3.33_randrw70_8k_2jobs.terse")),
            BenchmarkFormat.FIO_NORMAL, List.of(benchmark("generated/fio-3.33_two-groups_normal.txt"),
                    benchmark("public/fio-2.2.10_normal_randread_three-runs.txt"),
                    benchmark("generated/fio-3.33_randrw70_8k_2jobs_shared_normal-and-json.txt")),
            BenchmarkFormat.BONNIE_CSV, List.of(benchmark("shared/bonnie-2.00a_local.txt"), benchmark("public/bonnie-1.97_md-raid6-8xWD40EFRX.txt"),
                    benchmark("public/bonnie-1.96_file-ops-only.txt"), benchmark("public/bonnie-1.03e_md-raid0-8xEBS_three-runs.txt")),
            BenchmarkFormat.SYSBENCH_FILEIO, List.of(benchmark("shared/sysbench1020_rndrw.txt"), benchmark("public/sysbench-0.4.12_rndrw_sata-and-nvme.txt"),
                    benchmark("public/sysbench-1.1.0_direct_three-runs.txt")),
            BenchmarkFormat.PGBENCH, List.of(benchmark("shared/pgbench15_tpcb.txt"), benchmark("public/pgbench-12_write-and-select_progress.txt"),
                    benchmark("public/pgbench-old_t-mode.txt"), benchmark("public/pgbench-9.4_custom_P5_two-runs.txt")),
            BenchmarkFormat.DD, List.of(benchmark("generated/dd-gnu-9.1_transcript.txt"), benchmark("public/dd-bsd-macos_sd-card.txt"),
                    benchmark("public/dd-gnu-5_2004_transferred.txt")));

    /** With a target and a member disk so trust assessment and the model run on whatever the importer produced. */
    private static final ImportContext CONTEXT = ImportContext.of(Target.array(RaidLevel.RAID5, 4))
            .withRam(1L << 30)
            .withMemberDisk(new DiskProfile("fuzz", "fuzz", null, true, 150, 140, 4096, 1, 180, "test"));

    private static final List<String> REPLACEMENTS = List.of(
            "", "0", "-1", "1e999", "NaN", "nan", "+++++", ";", ",", "{", "}", "[", "\"", ":", "\n", " ", "x", "%=",
            "99999999999999999999", "0.0", "4k", "-", "=", "/", "(", ")", "\u0000", "é");

    @Provide
    Arbitrary<BenchmarkFormat> formats() {
        return Arbitraries.of(BenchmarkFormat.values());
    }

    @Property(tries = 300)
    void mutatedFixturesFailOnlyWithImportException(@ForAll("formats") BenchmarkFormat format, @ForAll("mutations") Mutation m) {
        List<String> seeds = SEEDS.get(format);
        String input = m.apply(seeds.get(Math.floorMod(m.seed(), seeds.size())));
        parse(format, input);
    }

    @Property(tries = 200)
    void arbitraryTextFailsOnlyWithImportException(@ForAll("formats") BenchmarkFormat format, @ForAll("noise") String text) {
        parse(format, text);
        try {
            FormatSniffer.importAny(text, CONTEXT);
        } catch (ImportException expected) {
            // the one exception an importer may throw
        }
    }

    private static void parse(BenchmarkFormat format, String input) {
        try {
            format.importer().parse(input, CONTEXT);
        } catch (ImportException expected) {
            // the one exception an importer may throw
        }
    }

    @Provide
    Arbitrary<String> noise() {
        Arbitrary<String> fragments = Arbitraries.of("{", "}", "\"jobs\"", ":", "[", "]", ",", ";", "3;fio-3.33;", "1.97,1.97,", "host,2G,", "Version 1.03e ",
                "tps = ", "records out\n", ": (groupid=0, jobs=1): err= 0:\n", "  read: IOPS=", ", BW=", "issued rwts: total=", " bytes (1 GB) copied, ", " s, ", "MB/s", "reads/s:", "Operations performed:", "\n",
                "+++++", "0", "12", "-3", "4k", "nan", "%=", "Doing random r/w test\n", "transaction type: x\n");
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(200),
                fragments.list().ofMaxSize(60).map(l -> String.join("", l)));
    }

    /** One edit to a real output: cut it, drop or repeat a line, or replace a span. */
    record Mutation(int seed, int kind, int position, int length, String replacement) {
        String apply(String text) {
            if (text.isEmpty()) {
                return replacement;
            }
            int at = Math.floorMod(position, text.length());
            List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
            int line = Math.floorMod(position, lines.size());
            switch (kind) {
                case 0:
                    return text.substring(0, at);
                case 1:
                    lines.remove(line);
                    return String.join("\n", lines);
                case 2:
                    lines.add(line, lines.get(line));
                    return String.join("\n", lines);
                default:
                    int end = Math.min(text.length(), at + length);
                    return text.substring(0, at) + replacement + text.substring(end);
            }
        }
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 100),
                Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.integers().between(0, 12),
                Arbitraries.of(REPLACEMENTS)).as(Mutation::new);
    }
}
