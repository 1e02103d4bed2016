package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import java.util.List;
import org.junit.jupiter.api.Test;

class FioTerseImporterTest {

    private final FioTerseImporter importer = new FioTerseImporter();

    @Test
    void terseVersion3() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("shared/fio333_randrw.terse"), ImportContext.NONE.withPattern(IoPattern.RANDOM));
        assertThat(ps).hasSize(1);
        BenchmarkResult p = ps.get(0);
        assertThat(p.toolVersion()).isEqualTo("3.33");
        assertThat(p.parameters()).containsEntry("jobname", "mix");
        assertThat(p.readIops()).isEqualTo(43063.0);
        assertThat(p.writeIops()).isEqualTo(18484.0);
        assertThat(p.readBytesPerSec()).isEqualTo(172255 * 1024.0);
        assertThat(p.writeBytesPerSec()).isEqualTo(73939 * 1024.0);
        assertThat(p.readLatencyUs()).containsEntry("p50", 230.0).containsEntry("p99.9", 2375.0).hasSize(17);
        assertThat(p.writeLatencyUs()).containsEntry("p99", 872.0);
        // (172255 + 73939) KiB/s over 61547 IOPS: 4 KiB requests
        assertThat(p.blockSizeBytes()).isEqualTo(4096);
        assertThat(p.meanLatencyUs()).isEqualTo((248.413461 * 43063 + 285.514150 * 18484) / (43063 + 18484));
        // terse carries no options: pattern only from the context, depth unknown
        assertThat(p.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(p.queueDepth()).isNull();
        assertThat(p.fileSizeBytes()).isNull();
    }

    @Test
    void oneLinePerJobIsSummedPerGroup() throws Exception {
        BenchmarkResult p = importer.parse(benchmark("generated/fio-3.33_randrw70_8k_2jobs.terse"), ImportContext.NONE).get(0);
        assertThat(p.jobs()).isEqualTo(2);
        assertThat(p.readIops()).isEqualTo(19686.0 + 19646.0);
        assertThat(p.writeIops()).isEqualTo(8391.0 + 8446.0);
        assertThat(p.blockSizeBytes()).isEqualTo(8192);
        assertThat(p.pattern()).isNull();
        // percentiles of separately reported jobs are not averaged
        assertThat(p.readLatencyUs()).isNull();
    }

    @Test
    void terseOutputCannotTellTheDataSetOfJobFiles() throws Exception {
        // generated with --directory, --numjobs=2 --size=16m (two job files): terse carries no sizes, so none is claimed
        BenchmarkResult p = importer.parse(benchmark("generated/fio-3.33_randwrite_2jobs_job-files.terse"), ImportContext.NONE).get(0);
        assertThat(p.jobs()).isEqualTo(2);
        assertThat(p.fileSizeBytes()).isNull();
        assertThat(p.notes()).contains("file size are not known from it");
        assertThat(p.writeIops()).isGreaterThan(0);
    }

    @Test
    void fio1TerseVersion2HasNoIopsOrPercentiles() throws Exception {
        BenchmarkResult p = importer.parse(benchmark("shared/fio_HOWTO_terse_v2_sample.txt"), ImportContext.NONE).get(0);
        assertThat(p.toolVersion()).isNull();
        assertThat(p.parameters()).containsEntry("jobname", "card0");
        assertThat(p.readBytesPerSec()).isEqualTo(121836 * 1024.0);
        assertThat(p.writeBytesPerSec()).isEqualTo(122104 * 1024.0);
        assertThat(p.readIops()).isNull();
        assertThat(p.readLatencyUs()).isNull();
        assertThat(p.blockSizeBytes()).isNull();
    }

    @Test
    void shortAndUnknownLinesNameTheLine() {
        String full = benchmark("shared/fio333_randrw.terse").trim();
        String cut = "\n" + String.join(";", List.of(full.split(";")).subList(0, 60));
        assertThatThrownBy(() -> importer.parse(cut, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("fio terse line 2: terse version 3 needs at least 121 fields, found 60 (cut short?)");
        assertThatThrownBy(() -> importer.parse("9;" + full.substring(2), ImportContext.NONE))
                .hasMessage("fio terse line 1: unsupported terse version '9' (supported: 2, 3, 4, 5)");
        String badIops = full.replaceFirst(";43063;", ";4x3;");
        assertThatThrownBy(() -> importer.parse(badIops, ImportContext.NONE))
                .hasMessage("fio terse line 1: field 8 (read_iops): expected a number, found '4x3'");
        assertThatThrownBy(() -> importer.parse("not terse\n", ImportContext.NONE))
                .hasMessageContaining("no terse result line found");
    }
}
