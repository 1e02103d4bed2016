package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static io.raidpulse.model.Fixtures.catalog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class FioJsonImporterTest {

    private final FioJsonImporter importer = new FioJsonImporter();

    private BenchmarkResult only(String text, ImportContext ctx) throws ImportException {
        List<BenchmarkResult> profiles = importer.parse(text, ctx);
        assertThat(profiles).hasSize(1);
        return profiles.get(0);
    }

    @Test
    void fio333RandomMixWithGroupReporting() throws Exception {
        BenchmarkResult p = only(benchmark("shared/fio333_randrw.json"), ImportContext.NONE);
        assertThat(p.tool()).isEqualTo(Tool.FIO);
        assertThat(p.toolVersion()).isEqualTo("3.33");
        assertThat(p.readIops()).isEqualTo(41633.455515);
        assertThat(p.writeIops()).isEqualTo(17819.726758);
        // fio 3.2+ prints bw_bytes: bytes/s, not KiB/s
        assertThat(p.readBytesPerSec()).isEqualTo(170530633.0);
        assertThat(p.writeBytesPerSec()).isEqualTo(72989600.0);
        assertThat(p.readFraction()).isCloseTo(41633.455515 / (41633.455515 + 17819.726758), within(1e-12));
        assertThat(p.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(p.blockSizeBytes()).isEqualTo(4096);
        assertThat(p.queueDepth()).isEqualTo(8);
        assertThat(p.jobs()).isEqualTo(2);
        assertThat(p.direct()).isTrue();
        assertThat(p.fileSizeBytes()).isEqualTo(256L << 20);
        assertThat(p.parameters()).containsEntry("rwmixread", "70").containsEntry("ioengine", "libaio");
        // clat_ns percentiles become microseconds
        assertThat(p.readLatencyUs()).containsEntry("p50", 240.640).containsEntry("p99.9", 2310.144).hasSize(17);
        assertThat(p.writeLatencyUs()).containsEntry("p99", 716.8).containsEntry("p99.99", 3162.112);
        // lat_ns means weighted by IOPS
        double mean = (257187.372461 * 41633.455515 + 295602.392505 * 17819.726758) / (41633.455515 + 17819.726758) / 1000;
        assertThat(p.meanLatencyUs()).isCloseTo(mean, within(1e-6));
        assertThat(p.verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(p.memberReadsPerMdWrite()).isNull();
    }

    @Test
    void jsonPlusRandomRead() throws Exception {
        BenchmarkResult p = only(benchmark("shared/fio333_randread.jsonplus"), ImportContext.NONE);
        assertThat(p.readIops()).isEqualTo(69270.364818);
        assertThat(p.readBytesPerSec()).isEqualTo(283731414.0);
        assertThat(p.readFraction()).isEqualTo(1.0);
        assertThat(p.readLatencyUs()).containsEntry("p50", 100.864).containsEntry("p95", 123.392);
        assertThat(p.writeLatencyUs()).isNull();
        assertThat(p.meanLatencyUs()).isCloseTo(115.223297915, within(1e-9));
    }

    @Test
    void mdDiskUtilGivesMeasuredMemberIosPerMdWrite() throws Exception {
        // published-results F: 8 x 2 TB md RAID5, randwrite 4k, iodepth 64 x 64 jobs
        BenchmarkResult p = only(catalog("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json"), ImportContext.NONE);
        assertThat(p.toolVersion()).isEqualTo("3.1");
        assertThat(p.writeIops()).isEqualTo(478.206134);
        // fio 3.1 has no bw_bytes: bw is KiB/s
        assertThat(p.writeBytesPerSec()).isEqualTo(1912 * 1024.0);
        assertThat(p.jobs()).isEqualTo(64);
        assertThat(p.queueDepth()).isEqualTo(64);
        // md6: write_ios 29251, aggr_read_ios 7312 and aggr_write_ios 7343 averaged over 8 members
        assertThat(p.memberReadsPerMdWrite()).isEqualTo(8 * 7312 / 29251.0);
        assertThat(p.memberWritesPerMdWrite()).isEqualTo(8 * 7343 / 29251.0);
        assertThat(p.memberReadsPerMdWrite()).isCloseTo(2.00, within(0.005));
        assertThat(p.memberWritesPerMdWrite()).isCloseTo(2.01, within(0.005));
        assertThat(p.notes()).contains("md6 over 8 member rows");

        BenchmarkResult read = only(catalog("fio-3.1_md-raid5-8x2TB_randread_qd64x64.json"), ImportContext.NONE);
        assertThat(read.readIops()).isEqualTo(1665.680814);
        assertThat(read.readBytesPerSec()).isEqualTo(6662 * 1024.0);
        // no md writes, no ratio
        assertThat(read.memberReadsPerMdWrite()).isNull();
    }

    @Test
    void fio2MicrosecondKeysAndDuplicatePercentiles() throws Exception {
        BenchmarkResult p = only(benchmark("public/fio-2.2.10_write_cloud-volume.json"), ImportContext.NONE);
        assertThat(p.toolVersion()).isEqualTo("2.2.10");
        assertThat(p.writeIops()).isEqualTo(15624.70);
        assertThat(p.writeBytesPerSec()).isEqualTo(62499 * 1024.0);
        // "clat" is in microseconds in fio 2.x; the repeated "0.00" keys are not percentiles
        assertThat(p.writeLatencyUs()).containsEntry("p99", 8640.0).containsEntry("p99.99", 150528.0).hasSize(17);
        assertThat(p.meanLatencyUs()).isEqualTo(8182.26);
        // no job options in this output: what they would say stays unknown
        assertThat(p.pattern()).isNull();
        assertThat(p.queueDepth()).isNull();
        assertThat(p.jobs()).isNull();
        assertThat(p.blockSizeBytes()).isEqualTo(4096);
        assertThat(p.notes()).contains("Block size derived from bandwidth / IOPS");
    }

    @Test
    void globalOptionsUnderJobOptionsAndOneProfilePerGroup() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("generated/fio-3.33_two-groups_global-options.json"), ImportContext.NONE);
        assertThat(ps).hasSize(2);
        BenchmarkResult seq = ps.get(0);
        BenchmarkResult rand = ps.get(1);
        assertThat(seq.id()).isNotEqualTo(rand.id());
        // bs, direct and size come from "global options", rw and iodepth from each job
        assertThat(seq.blockSizeBytes()).isEqualTo(16384);
        assertThat(rand.blockSizeBytes()).isEqualTo(16384);
        assertThat(seq.direct()).isTrue();
        assertThat(seq.fileSizeBytes()).isEqualTo(32L << 20);
        assertThat(seq.pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(seq.queueDepth()).isEqualTo(4);
        assertThat(seq.readIops()).isEqualTo(40566.216892);
        assertThat(rand.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(rand.queueDepth()).isEqualTo(2);
        assertThat(rand.writeIops()).isEqualTo(22616.575137);
        assertThat(rand.readFraction()).isEqualTo(0.0);
    }

    @Test
    void perJobEntriesAreSummedAndPercentilesMergedFromBins() throws Exception {
        BenchmarkResult p = only(benchmark("generated/fio-3.33_randread_2jobs_per-job.jsonplus"), ImportContext.NONE);
        assertThat(p.jobs()).isEqualTo(2);
        assertThat(p.readIops()).isCloseTo(18058.441558 + 19950.024988, within(1e-9));
        // fio's own per-job percentiles: p50 68.096 and 64.256 us, p95 83.456 and 79.360 us,
        // p99 1335.296 and 158.720 us. A percentile of two merged histograms lies between the jobs' own.
        assertThat(p.readLatencyUs().get("p50")).isBetween(64.256, 68.096);
        assertThat(p.readLatencyUs().get("p95")).isBetween(79.360, 83.456);
        assertThat(p.readLatencyUs().get("p99")).isBetween(158.720, 1335.296);
    }

    @Test
    void targetAndRamFromTheContext() throws Exception {
        ImportContext ctx = ImportContext.of(new Target(RaidLevel.RAID5, "ls", 8, "WDC WD20EFRX", true, "IBM M1015", "ext4", 2_000_000_000_000L))
                .withRam(64L << 30).withSource("F.json", 1_700_000_000_000L);
        BenchmarkResult p = only(catalog("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json"), ctx);
        assertThat(p.level()).isEqualTo(RaidLevel.RAID5);
        assertThat(p.layout()).isEqualTo("left-symmetric");
        assertThat(p.disks()).isEqualTo(8);
        assertThat(p.controller()).isEqualTo("IBM M1015");
        assertThat(p.ramBytes()).isEqualTo(64L << 30);
        assertThat(p.source()).isEqualTo("F.json");
        assertThat(p.importedAtMs()).isEqualTo(1_700_000_000_000L);
        // direct I/O, and one 100 GiB file (filename=test.bin) that all 64 jobs share, over 64 GiB of RAM: nothing cache-resident
        assertThat(p.fileSizeBytes()).isEqualTo(100L << 30);
        assertThat(p.notes()).contains("Data set: 100 GiB shared by 64 jobs (filename=test.bin).");
        assertThat(p.verdict()).isEqualTo(Verdict.TRUSTED);
    }

    @Test
    void numjobsWithoutFilenameGivesEachJobAFileOfItsOwn() throws Exception {
        // generated with --directory and --numjobs=2 --size=32m, no --filename: fio laid out perjob.0.0 and perjob.1.0
        BenchmarkResult grouped = only(benchmark("generated/fio-3.33_randread_2jobs_job-files_group.json"), ImportContext.NONE);
        assertThat(grouped.jobs()).isEqualTo(2);
        assertThat(grouped.fileSizeBytes()).isEqualTo(64L << 20);
        assertThat(grouped.notes()).contains("Data set: 2 jobs x 32 MiB = 64 MiB, one file per job"
                + " (no filename=: fio creates perjob.0.0 to perjob.1.0).");
        // one entry per job (no group_reporting): the definition's files are counted once, not once per entry
        BenchmarkResult perJob = only(benchmark("generated/fio-3.33_seqwrite_3jobs_job-files_per-job.json"), ImportContext.NONE);
        assertThat(perJob.jobs()).isEqualTo(3);
        assertThat(perJob.fileSizeBytes()).isEqualTo(3 * (24L << 20));
        assertThat(perJob.writeIops()).isCloseTo(14461.769115 + 14760.619690 + 11266.366817, within(1e-6));
        assertThat(perJob.notes()).contains("Data set: 3 jobs x 24 MiB = 72 MiB");
        // with filename= the jobs share one file: the data set is one size, and the profile says why
        BenchmarkResult shared = only(benchmark("generated/fio-3.33_randread_2jobs_per-job.jsonplus"), ImportContext.NONE);
        assertThat(shared.fileSizeBytes()).isEqualTo(64L << 20);
        assertThat(shared.notes()).contains("Data set: 64 MiB shared by 2 jobs (filename=/tmp/rpm-bench/p.bin).");
    }

    @Test
    void aDataSetOfManyJobFilesIsNotTakenForOneCacheResidentFile() throws Exception {
        // 2 x 32 MiB of buffered reads on a machine with 48 MiB: one job's file would fit, the data set does not
        String buffered = benchmark("generated/fio-3.33_randread_2jobs_job-files_group.json").replace("\"direct\" : \"1\"", "\"direct\" : \"0\"");
        BenchmarkResult p = only(buffered, ImportContext.NONE.withRam(48L << 20));
        assertThat(p.direct()).isFalse();
        assertThat(p.verdictReasons()).noneSatisfy(r -> assertThat(r).startsWith("cache:"));
        assertThat(only(buffered, ImportContext.NONE.withRam(96L << 20)).verdictReasons())
                .anySatisfy(r -> assertThat(r).startsWith("cache: the 64 MiB data set fits in 96 MiB"));
    }

    @Test
    void warningsBeforeTheJsonAreSkippedAndNanIsUnknown() throws Exception {
        String json = benchmark("shared/fio333_randread.jsonplus").replace("\"bw_agg\" : 99.422447", "\"bw_agg\" : -nan");
        String text = "fio: this platform does not support process shared mutexes, forcing use of threads.\n" + json;
        assertThat(only(text, ImportContext.NONE).readIops()).isEqualTo(69270.364818);
    }

    @Test
    void truncatedJsonNamesTheLine() {
        String text = "note: a warning line\n" + benchmark("shared/fio333_randrw.json").substring(0, 2000);
        assertThatThrownBy(() -> importer.parse(text, ImportContext.NONE))
                .isInstanceOfSatisfying(ImportException.class, e -> {
                    assertThat(e.format()).isEqualTo("fio JSON");
                    assertThat(e.line()).isGreaterThan(60);
                })
                .hasMessageStartingWith("fio JSON line ")
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void wrongTypesNameTheField() {
        String text = benchmark("shared/fio333_randrw.json").replace("\"iops\" : 41633.455515", "\"iops\" : \"lots\"");
        assertThatThrownBy(() -> importer.parse(text, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("fio JSON field jobs[0].read.iops: expected a number, found \"lots\"");
        String noJobs = "{ \"fio version\" : \"fio-3.33\" }";
        assertThatThrownBy(() -> importer.parse(noJobs, ImportContext.NONE))
                .hasMessage("fio JSON field jobs: missing or not an array: not fio JSON output");
        String badBs = benchmark("shared/fio333_randrw.json").replace("\"bs\" : \"4k\"", "\"bs\" : \"4q\"");
        assertThatThrownBy(() -> importer.parse(badBs, ImportContext.NONE))
                .hasMessage("fio JSON field jobs[0].bs: expected a size like 4k or 1M, found '4q'");
        assertThatThrownBy(() -> importer.parse("fio-3.33\nStarting 1 process\n", ImportContext.NONE))
                .hasMessageContaining("no JSON object found");
    }

    @Test
    void unifiedReportingOfAReadWriteJobCannotBeSplit() {
        String text = benchmark("shared/fio333_randrw.json").replaceFirst("\"read\" :", "\"mixed\" :");
        assertThatThrownBy(() -> importer.parse(text, ImportContext.NONE))
                .hasMessageStartingWith("fio JSON field jobs[0].mixed: unified_rw_reporting mixes reads and writes");
    }
}
