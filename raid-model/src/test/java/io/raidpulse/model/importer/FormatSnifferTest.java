package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static io.raidpulse.model.Fixtures.catalog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FormatSnifferTest {

    @ParameterizedTest
    @CsvSource({
        "shared/fio333_randrw.json, FIO_JSON",
        "shared/fio333_randread.jsonplus, FIO_JSON",
        "public/fio-2.2.10_write_cloud-volume.json, FIO_JSON",
        "generated/fio-3.33_randread_2jobs_job-files_group.json, FIO_JSON",
        "generated/fio-3.33_seqwrite_3jobs_job-files_per-job.json, FIO_JSON",
        "shared/fio333_randrw.terse, FIO_TERSE",
        "shared/fio_HOWTO_terse_v2_sample.txt, FIO_TERSE",
        "generated/fio-3.33_randrw70_8k_2jobs.terse, FIO_TERSE",
        "generated/fio-3.33_randwrite_2jobs_job-files.terse, FIO_TERSE",
        "generated/fio-3.33_two-groups_normal.txt, FIO_NORMAL",
        "public/fio-2.2.10_normal_randread_three-runs.txt, FIO_NORMAL",
        // both reports of one run: the JSON carries the job options, so it is the one imported
        "generated/fio-3.33_randread_2jobs_job-files_group_normal-and-json.txt, FIO_JSON",
        "generated/fio-3.33_randrw70_8k_2jobs_shared_normal-and-json.txt, FIO_JSON",
        "shared/bonnie-2.00a_local.txt, BONNIE_CSV",
        "generated/bonnie-2.00a_fast_direct_512M.csv, BONNIE_CSV",
        "public/bonnie-1.97_md-raid6-8xWD40EFRX.txt, BONNIE_CSV",
        "public/bonnie-1.96_file-ops-only.txt, BONNIE_CSV",
        "public/bonnie-1.03e_md-raid0-8xEBS_three-runs.txt, BONNIE_CSV",
        "public/bonnie-1.03e_hw-raid1-raid10-15k-sas.txt, BONNIE_CSV",
        "shared/sysbench1020_rndrw.txt, SYSBENCH_FILEIO",
        "public/sysbench-0.4.12_rndrw_sata-and-nvme.txt, SYSBENCH_FILEIO",
        "public/sysbench-1.1.0_direct_three-runs.txt, SYSBENCH_FILEIO",
        "shared/pgbench15_tpcb.txt, PGBENCH",
        "public/pgbench-old_t-mode.txt, PGBENCH",
        "public/pgbench-9.4-9.5_tpcb_T30_colon.txt, PGBENCH",
        "public/pgbench-9.4_custom_P5_two-runs.txt, PGBENCH",
        "generated/dd-gnu-9.1_transcript.txt, DD",
        "public/dd-bsd-macos_sd-card.txt, DD",
        "public/dd-gnu-5_2004_transferred.txt, DD"})
    void everyFixtureIsRecognised(String path, BenchmarkFormat expected) {
        assertThat(FormatSniffer.detect(benchmark(path))).contains(expected);
    }

    @Test
    void importAnyUsesTheDetectedImporter() throws Exception {
        assertThat(FormatSniffer.importAny(catalog("fio-3.1_md-raid5-8x2TB_randread_qd64x64.json"), ImportContext.NONE))
                .singleElement().satisfies(p -> assertThat(p.readIops()).isEqualTo(1665.680814));
        // a job file is not an output
        assertThatThrownBy(() -> FormatSniffer.importAny(benchmark("generated/fio-3.33_two-groups.fio"), ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("benchmark output: not a recognised format (expected fio JSON, terse or normal report, bonnie++ CSV,"
                        + " sysbench fileio, pgbench or dd output)");
    }

    @Test
    void fiosNormalReportIsNotTakenForSysbench() throws Exception {
        // fio 3's "  read: IOPS=37.3k, BW=583MiB/s ..." matches what marks sysbench 1.1's "read:  IOPS=" results
        String fio = benchmark("generated/fio-3.33_two-groups_normal.txt");
        assertThat(FormatSniffer.detect(fio)).contains(BenchmarkFormat.FIO_NORMAL);
        assertThat(FormatSniffer.importAny(fio, ImportContext.NONE)).hasSize(2)
                .allSatisfy(p -> assertThat(p.tool()).isEqualTo(io.raidpulse.model.profile.Tool.FIO));
        assertThat(FormatSniffer.detect(benchmark("public/sysbench-1.1.0_direct_three-runs.txt"))).contains(BenchmarkFormat.SYSBENCH_FILEIO);
    }
}
