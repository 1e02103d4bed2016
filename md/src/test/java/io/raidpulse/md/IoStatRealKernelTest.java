package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The io.stat texts a real 6.1 kernel printed in the lab (src/test/resources/io-stat/debian-6.1/README.md says how). */
class IoStatRealKernelTest {
    static final Path DIR = Path.of("src/test/resources/io-stat/debian-6.1");
    private static final long MD0 = IoStatEntry.key(9, 0);

    static String text(String file) {
        try {
            return Files.readString(DIR.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static IoStatEntry entry(String file, long key) {
        return IoStat.parse(text(file), file).entries().stream().filter(e -> e.deviceKey() == key).findFirst().orElse(null);
    }

    @Test
    void everyCapturedFileParsesWholeAndWritesBackTheSameRecords() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.filter(p -> p.toString().endsWith(".io.stat")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(25);
        int lines = 0;
        for (Path p : files) {
            String text = Files.readString(p);
            IoStatFile f = IoStat.parse(text, p.toString());
            assertThat(f.errors()).as(p.toString()).isEmpty();
            assertThat(f.entries()).as(p.toString()).hasSize((int) text.lines().filter(l -> !l.isBlank()).count());
            assertThat(IoStat.parse(IoStat.text(f.entries()), "again").entries()).isEqualTo(f.entries());
            lines += f.entries().size();
        }
        assertThat(lines).isGreaterThan(60);
    }

    @Test
    void aDeviceWithABlkgAndNoIoIsPrintedWithoutKeys() {
        assertThat(text("0-created.root.io.stat")).startsWith("9:0 \n");
        assertThat(entry("0-created.root.io.stat", MD0)).isEqualTo(new IoStatEntry(9, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void theRootsIoStatIsTheDevicesOwnCounters() {
        // md0 idle from 2-done on (in 1-running fio moved it on between the two reads)
        for (String step : List.of("2-done", "3-discard", "4-check")) {
            DiskStat md0 = Diskstats.parse(text(step + ".diskstats"), step).devices().stream()
                    .filter(d -> d.name().equals("md0")).findFirst().orElseThrow();
            IoStatEntry root = entry(step + ".root.io.stat", MD0);
            assertThat(root.readIos()).as(step).isEqualTo(md0.readsCompleted());
            assertThat(root.writeIos()).as(step).isEqualTo(md0.writesCompleted());
            assertThat(root.readBytes()).as(step).isEqualTo(md0.sectorsRead() * 512);
            assertThat(root.writeBytes()).as(step).isEqualTo(md0.sectorsWritten() * 512);
        }
    }

    @Test
    void ioStatAgreesWithFiosOwnCounts() {
        IoStatEntry db = entry("2-done.system.slice_db.service.io.stat", MD0);
        IoStatEntry backup = entry("2-done.system.slice_backup.service.io.stat", MD0);
        assertThat(db.writeIos()).isEqualTo(fio("db.fio.json", "write", "total_ios")).isPositive();
        assertThat(db.writeBytes()).isEqualTo(fio("db.fio.json", "write", "io_bytes"));
        assertThat(db.readIos()).isZero();
        assertThat(backup.readIos()).isEqualTo(fio("backup.fio.json", "read", "total_ios")).isPositive();
        assertThat(backup.readBytes()).isEqualTo(fio("backup.fio.json", "read", "io_bytes"));
        assertThat(backup.writeIos()).isZero();
    }

    @Test
    void raid5ReadsOfTheMembersAreTheReadersAndItsCheckIsTheRoots() {
        IoStatEntry member = entry("2-done.system.slice_backup.service.io.stat", IoStatEntry.key(254, 0));
        assertThat(member.readIos()).isPositive();
        assertThat(entry("2-done.system.slice_db.service.io.stat", IoStatEntry.key(254, 0))).isNull();
        long sliceBefore = entry("2-done.system.slice.io.stat", IoStatEntry.key(254, 0)).readBytes();
        long sliceDuringCheck = entry("4-check.system.slice.io.stat", IoStatEntry.key(254, 0)).readBytes();
        long rootBefore = entry("2-done.root.io.stat", IoStatEntry.key(254, 0)).readBytes();
        long rootDuringCheck = entry("4-check.root.io.stat", IoStatEntry.key(254, 0)).readBytes();
        assertThat(sliceDuringCheck).isEqualTo(sliceBefore);
        assertThat(rootDuringCheck - rootBefore).isGreaterThan(100L << 20);
    }

    @Test
    void discardsAreCountedAndARemovedCgroupStaysInItsParent() {
        IoStatEntry vde = entry("3-discard.user.slice.io.stat", IoStatEntry.key(254, 64));
        assertThat(vde.discardIos()).isEqualTo(1);
        assertThat(vde.discardBytes()).isEqualTo(16L << 20);
        assertThat(text("5-backup-gone.system.slice_backup.service.io.stat")).isEmpty();
        assertThat(entry("5-backup-gone.system.slice.io.stat", MD0)).isEqualTo(entry("2-done.system.slice.io.stat", MD0));
        assertThat(entry("2-done.system.slice.io.stat", MD0).readIos())
                .isEqualTo(entry("2-done.system.slice_backup.service.io.stat", MD0).readIos());
    }

    /** The first job's {@code key} under {@code direction} in fio's JSON report. */
    private static long fio(String file, String direction, String key) {
        String json = text(file);
        int at = json.indexOf("\"" + direction + "\" : {");
        Matcher m = Pattern.compile("\"" + key + "\" : (\\d+)").matcher(json);
        assertThat(at).as(file + " " + direction).isNotNegative();
        assertThat(m.find(at)).as(file + " " + key).isTrue();
        return Long.parseLong(m.group(1));
    }
}
