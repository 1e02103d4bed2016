package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class DdImporterTest {

    private final DdImporter importer = new DdImporter();

    @Test
    void gnuTranscriptWithCommandLines() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("generated/dd-gnu-9.1_transcript.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(3);
        BenchmarkResult write = ps.get(0);
        assertThat(write.pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(write.writeBytesPerSec()).isEqualTo(67108864 / 0.0586759);
        assertThat(write.readBytesPerSec()).isNull();
        assertThat(write.blockSizeBytes()).isEqualTo(1 << 20);
        assertThat(write.direct()).isTrue();
        assertThat(write.fileSizeBytes()).isEqualTo(67108864);
        BenchmarkResult read = ps.get(1);
        assertThat(read.readBytesPerSec()).isEqualTo(67108864 / 0.52758);
        assertThat(read.readFraction()).isEqualTo(1.0);
        assertThat(read.blockSizeBytes()).isEqualTo(8192);
        assertThat(read.direct()).isTrue();
        BenchmarkResult fdatasync = ps.get(2);
        assertThat(fdatasync.writeBytesPerSec()).isEqualTo(16384000 / 0.057346);
        assertThat(fdatasync.direct()).isFalse();
        assertThat(fdatasync.parameters()).containsEntry("conv", "fdatasync");
    }

    @Test
    void flushedWritesAreNotCacheResidentButBufferedReadsOfAFileInRamAre() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("generated/dd-gnu-9.1_transcript.txt"), ImportContext.NONE.withRam(24L << 30));
        assertThat(ps.get(2).verdict()).isEqualTo(Verdict.TRUSTED);
        // hp01 has 96 GB of RAM: reading back the 4 GiB file it just wrote measures the page cache
        List<BenchmarkResult> hp01 = importer.parse(benchmark("public/dd-gnu-8_hp01_sata-and-nvme.txt"), ImportContext.NONE.withRam(96L << 30));
        assertThat(hp01).hasSize(4);
        assertThat(hp01.get(2).readBytesPerSec()).isEqualTo(4294967296.0 / 35.3813);
        assertThat(hp01.get(2).verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
        assertThat(hp01.get(0).writeBytesPerSec()).isEqualTo(4294967296.0 / 42.1565);
        assertThat(hp01.get(3).readBytesPerSec()).isEqualTo(4294967296.0 / 2.67133);
    }

    @Test
    void bsdAndOldGnuSummaries() throws Exception {
        // of=/dev/disk2 from an image file: neither end says which side is under test
        String macos = benchmark("public/dd-bsd-macos_sd-card.txt");
        assertThatThrownBy(() -> importer.parse(macos, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("dd line 5: cannot tell whether this copy read or wrote the storage");
        BenchmarkResult sd = importer.parse(macos, ImportContext.NONE.withCopyDirection(CopyDirection.WRITE)).get(0);
        assertThat(sd.writeBytesPerSec()).isEqualTo(1021592274 / 480.752682);
        // BSD dd: 1m is 1 MiB
        assertThat(sd.blockSizeBytes()).isEqualTo(1 << 20);
        assertThat(sd.parameters()).containsEntry("output", "bsd");

        BenchmarkResult old = importer.parse(benchmark("public/dd-gnu-5_2004_transferred.txt"), ImportContext.NONE).get(0);
        assertThat(old.writeBytesPerSec()).isEqualTo(10485760 / 0.028418);
        assertThat(old.blockSizeBytes()).isNull();
        assertThat(old.notes()).contains("bs=$((1024*1024)) is not a plain size");
    }

    @Test
    void summaryWithoutCommandNeedsTheDirection() throws Exception {
        String text = benchmark("generated/dd-gnu-9.1_write_no-command.txt");
        assertThatThrownBy(() -> importer.parse(text, ImportContext.NONE)).isInstanceOf(ImportException.class);
        BenchmarkResult p = importer.parse(text, ImportContext.NONE.withCopyDirection(CopyDirection.WRITE)).get(0);
        // "10240 bytes (10 kB, 10 KiB) copied, 0.0777466 s, 132 kB/s"
        assertThat(p.writeBytesPerSec()).isEqualTo(10240 / 0.0777466);
        assertThat(p.blockSizeBytes()).isNull();
        assertThat(p.direct()).isNull();
    }

    @Test
    void progressUpdatesAreNotResults() throws Exception {
        String text = "$ dd if=/dev/zero of=x bs=1M count=300 status=progress\n"
                + "209715200 bytes (210 MB, 200 MiB) copied, 1 s, 210 MB/s\r"
                + "300+0 records in\n300+0 records out\n"
                + "314572800 bytes (315 MB, 300 MiB) copied, 1.4 s, 225 MB/s\n";
        List<BenchmarkResult> ps = importer.parse(text, ImportContext.NONE);
        assertThat(ps).hasSize(1);
        assertThat(ps.get(0).writeBytesPerSec()).isEqualTo(314572800 / 1.4);
    }

    @Test
    void badNumbersNameTheLine() {
        String text = "1+0 records in\n1+0 records out\n99999999999999999999 bytes (1 GB) copied, 1 s, 1 GB/s\n";
        assertThatThrownBy(() -> importer.parse(text, ImportContext.NONE.withCopyDirection(CopyDirection.READ)))
                .hasMessage("dd line 3: bytes copied: expected a whole number >= 0, found '99999999999999999999'");
        String unit = "1+0 records in\n1+0 records out\n1000 bytes copied, 1 s, 1 QB/s\n";
        assertThatThrownBy(() -> importer.parse(unit, ImportContext.NONE.withCopyDirection(CopyDirection.READ)))
                .hasMessage("dd line 3: unknown rate unit 'QB/s'");
        assertThatThrownBy(() -> importer.parse("nothing here", ImportContext.NONE)).hasMessageContaining("no transfer summary found");
    }
}
