package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FioNormalImporterTest {

    private final FioNormalImporter importer = new FioNormalImporter();

    /**
     * Runs made with --output-format=normal,json print both reports of one run into one file: the
     * normal report's profile must say what the JSON's says, to the precision the report prints.
     */
    @ParameterizedTest
    @ValueSource(strings = {"generated/fio-3.33_randread_2jobs_job-files_group_normal-and-json.txt",
        "generated/fio-3.33_randrw70_8k_2jobs_shared_normal-and-json.txt"})
    void theNormalReportSaysWhatTheJsonOfTheSameRunSays(String fixture) throws Exception {
        String text = benchmark(fixture);
        BenchmarkResult normal = importer.parse(text, ImportContext.NONE).get(0);
        BenchmarkResult json = new FioJsonImporter().parse(text, ImportContext.NONE).get(0);
        assertThat(normal.tool()).isEqualTo(Tool.FIO);
        assertThat(normal.toolVersion()).isEqualTo("3.33");
        // issued I/Os x 1000 / runtime is fio's own IOPS formula: equal, not merely close
        assertThat(normal.readIops()).isCloseTo(json.readIops(), within(1e-6));
        assertThat(normal.writeIops()).isCloseTo(json.writeIops(), within(1e-6));
        // JSON's bw_bytes is floored to whole bytes/s, in each of the (up to 2) entries summed
        assertThat(normal.readBytesPerSec()).isCloseTo(json.readBytesPerSec(), within(2.0));
        assertThat(normal.writeBytesPerSec()).isCloseTo(json.writeBytesPerSec(), within(2.0));
        // JSON prints IOPS to 6 decimals
        assertThat(normal.readFraction()).isCloseTo(json.readFraction(), within(1e-9));
        assertThat(normal.pattern()).isEqualTo(json.pattern());
        assertThat(normal.blockSizeBytes()).isEqualTo(json.blockSizeBytes());
        assertThat(normal.queueDepth()).isEqualTo(json.queueDepth());
        assertThat(normal.jobs()).isEqualTo(json.jobs()).isEqualTo(2);
        // the laid-out files add up to what the job options say: 2 x 32 MiB job files, or one 64 MiB shared file
        assertThat(normal.fileSizeBytes()).isEqualTo(json.fileSizeBytes()).isEqualTo(64L << 20);
        // the report prints the mean latency to 0.01 of its unit
        assertThat(normal.meanLatencyUs()).isCloseTo(json.meanLatencyUs(), within(0.01));
        // direct= is not in the normal report
        assertThat(json.direct()).isTrue();
        assertThat(normal.direct()).isNull();
        assertThat(normal.notes()).contains("direct I/O is not known from it");
        if (json.readLatencyUs() != null) {
            // percentiles are printed rounded up to whole microseconds
            assertThat(normal.readLatencyUs()).hasSameSizeAs(json.readLatencyUs());
            for (Map.Entry<String, Double> e : json.readLatencyUs().entrySet()) {
                assertThat(normal.readLatencyUs().get(e.getKey()) - e.getValue()).as(e.getKey()).isBetween(0.0, 1.0);
            }
        } else {
            assertThat(normal.readLatencyUs()).isNull();
        }
    }

    @Test
    void aPlainNormalReportWithTwoGroups() throws Exception {
        // generated: fio fio-3.33_two-groups_normal.fio (default output format)
        List<BenchmarkResult> ps = importer.parse(benchmark("generated/fio-3.33_two-groups_normal.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(2);
        BenchmarkResult seq = ps.get(0);
        BenchmarkResult rand = ps.get(1);
        assertThat(seq.id()).isNotEqualTo(rand.id());
        assertThat(seq.parameters()).containsEntry("jobname", "seq-read").containsEntry("rw", "read").containsEntry("iodepth", "4")
                .containsEntry("ioengine", "libaio");
        assertThat(seq.pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(seq.blockSizeBytes()).isEqualTo(16384);
        assertThat(seq.queueDepth()).isEqualTo(4);
        assertThat(seq.jobs()).isEqualTo(1);
        assertThat(seq.readIops()).isCloseTo(74686 * 1000.0 / 2001, within(1e-9));
        assertThat(seq.readBytesPerSec()).isCloseTo(74686 * 16384 * 1000.0 / 2001, within(1e-6));
        assertThat(seq.readFraction()).isEqualTo(1.0);
        assertThat(seq.readLatencyUs()).containsEntry("p50", 89.0).containsEntry("p99.99", 4015.0).hasSize(17);
        assertThat(seq.meanLatencyUs()).isCloseTo(106.87, within(1e-9));
        assertThat(seq.fileSizeBytes()).isEqualTo(32L << 20);
        assertThat(seq.notes()).contains("Data set: 32 MiB in 1 file fio laid out for seq-read");

        assertThat(rand.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(rand.queueDepth()).isEqualTo(2);
        assertThat(rand.readFraction()).isEqualTo(0.0);
        assertThat(rand.writeIops()).isCloseTo(45702 * 1000.0 / 2001, within(1e-9));
        assertThat(rand.writeLatencyUs()).containsEntry("p99", 176.0);
        // its file existed (seq-read laid it out): the report says nothing of its size
        assertThat(rand.fileSizeBytes()).isNull();
        assertThat(rand.notes()).contains("Data set not known: fio printed no 'Laying out IO file' line for rand-write")
                .doesNotContain("seq-read");
    }

    @Test
    void withoutDirectIoKnownASmallDataSetIsCacheSuspect() throws Exception {
        BenchmarkResult seq = importer.parse(benchmark("generated/fio-3.33_two-groups_normal.txt"), ImportContext.NONE.withRam(24L << 30)).get(0);
        assertThat(seq.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
        assertThat(seq.verdictReasons()).singleElement().asString()
                .isEqualTo("cache: the 32 MiB data set fits in 24 GiB of RAM and the I/O was not known to bypass the page cache");
    }

    @Test
    void fio2NormalReportsThreeRunsInOneFile() throws Exception {
        // published: fio 2.2.10, 4k random reads at iodepth 1, iodepth 10, and 10 jobs with group_reporting
        List<BenchmarkResult> ps = importer.parse(benchmark("public/fio-2.2.10_normal_randread_three-runs.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(3);
        assertThat(ps).extracting(BenchmarkResult::id).doesNotHaveDuplicates();
        BenchmarkResult qd1 = ps.get(0);
        assertThat(qd1.toolVersion()).isEqualTo("2.2.10");
        assertThat(qd1.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(qd1.blockSizeBytes()).isEqualTo(4096);
        assertThat(qd1.queueDepth()).isEqualTo(1);
        // fio printed iops=15365 and bw=61460KB/s (KB = 1024 bytes)
        assertThat(qd1.readIops()).isCloseTo(262144 * 1000.0 / 17061, within(1e-9)).isCloseTo(15365, within(1.0));
        assertThat(qd1.readBytesPerSec()).isCloseTo(262144 * 4096 * 1000.0 / 17061, within(1e-6)).isCloseTo(61460 * 1024.0, within(1024.0));
        assertThat(qd1.readLatencyUs()).containsEntry("p99", 177.0).containsEntry("p99.99", 8384.0);
        assertThat(qd1.meanLatencyUs()).isCloseTo(63.70, within(1e-9));
        assertThat(ps.get(1).queueDepth()).isEqualTo(10);
        assertThat(ps.get(1).readIops()).isCloseTo(262144 * 1000.0 / 5533, within(1e-9));
        BenchmarkResult tenJobs = ps.get(2);
        assertThat(tenJobs.jobs()).isEqualTo(10);
        assertThat(tenJobs.readIops()).isCloseTo(2621440 * 1000.0 / 53313, within(1e-9));
        assertThat(tenJobs.fileSizeBytes()).isNull();
        assertThat(tenJobs.readLatencyUs()).containsEntry("p50", 175.0);
    }

    /**
     * The report as pasted from a mail: the shell prompt with fio's command line above it, the job
     * lines fio prints before the run left out. Nothing in it says the pattern or the job count.
     */
    @Test
    void aReportWithoutItsJobLinesIsRefusedUnlessThePatternAndJobsAreGiven() throws Exception {
        String report = benchmark("generated/fio-3.33_two-groups_normal.txt");
        String pasted = "$ fio --rw=read --bs=16k --iodepth=4 --name=seq-read --size=32m\n"
                + report.substring(report.indexOf("fio-3.33"));
        assertThatThrownBy(() -> importer.parse(pasted, ImportContext.NONE)).isInstanceOf(ImportException.class)
                .hasMessage("fio normal line 6: job seq-read: the report has no job line: its pattern and job count are unknown;"
                        + " give them with --pattern/--jobs");
        assertThatThrownBy(() -> importer.parse(pasted, ImportContext.NONE.withPattern(IoPattern.SEQUENTIAL)))
                .as("the job count is still unknown").hasMessageContaining("give them with --pattern/--jobs");
        // with one of two groups' job lines left, the other is still refused: never half-imported
        String oneLine = report.substring(report.indexOf("rand-write: (g=1)"));
        assertThatThrownBy(() -> importer.parse(oneLine, ImportContext.NONE)).hasMessageContaining("job seq-read: the report has no job line");

        List<BenchmarkResult> given = importer.parse(pasted, ImportContext.NONE.withPattern(IoPattern.SEQUENTIAL).withJobs(1));
        assertThat(given).hasSize(2);
        BenchmarkResult seq = given.get(0);
        assertThat(seq.pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(seq.jobs()).isEqualTo(1);
        assertThat(seq.readFraction()).isEqualTo(1.0);
        assertThat(seq.readIops()).isCloseTo(74686 * 1000.0 / 2001, within(1e-9));
        assertThat(seq.blockSizeBytes()).as("bandwidth / IOPS").isEqualTo(16384);
        assertThat(seq.queueDepth()).isNull();
        assertThat(seq.notes()).contains("its pattern (sequential) and job count (1) are as given with the import");
    }

    @Test
    void badLinesNameTheLine() {
        String two = benchmark("generated/fio-3.33_two-groups_normal.txt");
        assertThatThrownBy(() -> importer.parse(two.replace("IOPS=37.3k", "IOPS=lots"), ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("fio normal line 8: read IOPS: expected a number like 8210 or 59.4k, found 'lots'");
        assertThatThrownBy(() -> importer.parse(two.replace("rw=randwrite", "rw=sideways"), ImportContext.NONE))
                .hasMessage("fio normal line 2: unknown fio rw 'sideways'");
        String cut = two.substring(0, two.indexOf("seq-read: (groupid="));
        assertThatThrownBy(() -> importer.parse(cut + "seq-read: (groupid=0, jobs=1): err= 0: pid=11633\n", ImportContext.NONE))
                .hasMessage("fio normal line 7: job seq-read has no read: or write: line (cut short?)");
        assertThatThrownBy(() -> importer.parse("fio-3.33\nStarting 1 process\n", ImportContext.NONE))
                .hasMessage("fio normal line 1: this run has no job results (cut short, or fio failed before reporting)");
        assertThatThrownBy(() -> importer.parse("nothing here\n", ImportContext.NONE))
                .hasMessageStartingWith("fio normal: no job results found");
        String mixed = benchmark("generated/fio-3.33_randrw70_8k_2jobs_shared_normal-and-json.txt")
                .replace("  read: IOPS=", "  mixed: IOPS=").replace("  write: IOPS=", "  mixed: IOPS=");
        assertThatThrownBy(() -> importer.parse(mixed, ImportContext.NONE))
                .hasMessageStartingWith("fio normal line 573: unified_rw_reporting mixes reads and writes");
    }
}
