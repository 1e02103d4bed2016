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

class SysbenchFileioImporterTest {

    private final SysbenchFileioImporter importer = new SysbenchFileioImporter();

    @Test
    void version1RandomReadWrite() throws Exception {
        BenchmarkResult p = importer.parse(benchmark("shared/sysbench1020_rndrw.txt"), ImportContext.NONE).get(0);
        assertThat(p.toolVersion()).isEqualTo("1.0.20");
        assertThat(p.readIops()).isEqualTo(19841.91);
        assertThat(p.writeIops()).isEqualTo(13227.81);
        assertThat(p.readBytesPerSec()).isEqualTo(310.03 * (1 << 20));
        assertThat(p.writeBytesPerSec()).isEqualTo(206.68 * (1 << 20));
        assertThat(p.readFraction()).isCloseTo(19841.91 / (19841.91 + 13227.81), within(1e-12));
        assertThat(p.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(p.blockSizeBytes()).isEqualTo(16384);
        assertThat(p.fileSizeBytes()).isEqualTo(256L << 20);
        assertThat(p.jobs()).isEqualTo(4);
        assertThat(p.queueDepth()).isEqualTo(1);
        assertThat(p.direct()).isTrue();
        assertThat(p.meanLatencyUs()).isEqualTo(120.0);
        // the 95th percentile covers reads and writes together: not attributed
        assertThat(p.readLatencyUs()).isNull();
        assertThat(p.writeLatencyUs()).isNull();
    }

    @Test
    void version04CountsOverTotalTime() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("public/sysbench-0.4.12_rndrw_sata-and-nvme.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(2);
        BenchmarkResult sata = ps.get(0);
        assertThat(sata.toolVersion()).isEqualTo("0.4.12");
        assertThat(sata.readIops()).isEqualTo(28800 / 300.0106);
        assertThat(sata.writeIops()).isEqualTo(19200 / 300.0106);
        // "Read 450Mb": sysbench 0.4 units are binary
        assertThat(sata.readBytesPerSec()).isEqualTo(450.0 * (1 << 20) / 300.0106);
        assertThat(sata.fileSizeBytes()).isEqualTo(192L << 30);
        assertThat(sata.blockSizeBytes()).isEqualTo(16384);
        assertThat(sata.direct()).isFalse();
        assertThat(sata.meanLatencyUs()).isEqualTo(2860.0);
        BenchmarkResult nvme = ps.get(1);
        assertThat(nvme.readIops()).isEqualTo(195660 / 300.0005);
        // "Read 2.9855Gb", counted in whole bytes
        assertThat(nvme.readBytesPerSec()).isEqualTo(Math.round(2.9855 * (1L << 30)) / 300.0005);
        assertThat(nvme.id()).isNotEqualTo(sata.id());
    }

    @Test
    void version11IopsLinesAndSeveralRuns() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("public/sysbench-1.1.0_direct_three-runs.txt"), ImportContext.NONE);
        assertThat(ps).extracting(p -> p.parameters().get("file_test_mode"))
                .containsExactly("sequential rewrite", "random r/w", "random read");
        BenchmarkResult rewrite = ps.get(0);
        assertThat(rewrite.toolVersion()).isEqualTo("1.1.0-df89d34");
        assertThat(rewrite.pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(rewrite.writeIops()).isEqualTo(9057.41);
        assertThat(rewrite.writeBytesPerSec()).isEqualTo(88.45 * (1 << 20));
        assertThat(rewrite.writeLatencyUs()).containsEntry("p95", 1120.0);
        assertThat(rewrite.blockSizeBytes()).isEqualTo(10240);
        assertThat(rewrite.fileSizeBytes()).isEqualTo(10L << 30);
        BenchmarkResult rndrd = ps.get(2);
        assertThat(rndrd.readIops()).isEqualTo(30524.83);
        assertThat(rndrd.readLatencyUs()).containsEntry("p95", 190.0);
        assertThat(rndrd.meanLatencyUs()).isEqualTo(130.0);
    }

    @Test
    void flushedWritesOfAFileSmallerThanRamAreNotCacheSuspectButBufferedReadsAre() throws Exception {
        // generated here: seqwr 128 MiB buffered, with fsync every 100 requests and at the end
        BenchmarkResult seqwr = importer.parse(benchmark("generated/sysbench-1.0.20_seqwr_1m.txt"), ImportContext.NONE.withRam(24L << 30)).get(0);
        assertThat(seqwr.direct()).isFalse();
        assertThat(seqwr.verdict()).isEqualTo(Verdict.TRUSTED);
        // hp01: 96 GB RAM, 192 GiB of files: larger than RAM
        BenchmarkResult sata = importer.parse(benchmark("public/sysbench-0.4.12_rndrw_sata-and-nvme.txt"), ImportContext.NONE.withRam(96L << 30)).get(0);
        assertThat(sata.verdict()).isEqualTo(Verdict.TRUSTED);
        // the same reads on a machine with 256 GiB would come from the page cache
        BenchmarkResult cached = importer.parse(benchmark("public/sysbench-0.4.12_rndrw_sata-and-nvme.txt"), ImportContext.NONE.withRam(256L << 30)).get(0);
        assertThat(cached.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
    }

    @Test
    void cutShortRunsNameTheLine() {
        String text = benchmark("shared/sysbench1020_rndrw.txt");
        String cut = text.substring(0, text.indexOf("File operations:"));
        assertThatThrownBy(() -> importer.parse(cut, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("sysbench fileio line 17: the random r/w test has no results (output cut short?)");
        String noWrites = text.replace("    writes/s:                     13227.81\n", "");
        assertThatThrownBy(() -> importer.parse(noWrites, ImportContext.NONE))
                .hasMessage("sysbench fileio line 24: results start here but 'writes/s:' is missing (output cut short?)");
        String badRate = text.replace("19841.91", "19,841.91");
        assertThatThrownBy(() -> importer.parse(badRate, ImportContext.NONE))
                .hasMessage("sysbench fileio line 24: reads/s: expected a number, found '19,841.91'");
        assertThatThrownBy(() -> importer.parse("sysbench 1.0.20\nRemoving test files...\n", ImportContext.NONE))
                .hasMessageContaining("no fileio run with results found");
    }
}
