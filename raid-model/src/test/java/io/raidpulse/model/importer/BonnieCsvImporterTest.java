package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class BonnieCsvImporterTest {

    private final BonnieCsvImporter importer = new BonnieCsvImporter();

    private static BenchmarkResult phase(List<BenchmarkResult> ps, String phase) {
        return ps.stream().filter(p -> phase.equals(p.parameters().get("phase"))).findFirst().orElseThrow();
    }

    @Test
    void fiftyFieldsFromBonnie200AndTooFastKeptAsTooFast() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("shared/bonnie-2.00a_local.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(4);
        BenchmarkResult write = phase(ps, "block write");
        assertThat(write.toolVersion()).isEqualTo("2.00a");
        assertThat(write.writeBytesPerSec()).isEqualTo(367922 * 1024.0);
        assertThat(write.fileSizeBytes()).isEqualTo(512L << 20);
        assertThat(write.blockSizeBytes()).isEqualTo(8192);
        assertThat(write.writeLatencyUs()).containsEntry("max", 4739.0);
        // 91% CPU is below the CPU-bound threshold
        assertThat(write.verdict()).isEqualTo(Verdict.TRUSTED);
        for (String tooFast : List.of("rewrite", "block read", "seeks")) {
            BenchmarkResult p = phase(ps, tooFast);
            assertThat(p.readBytesPerSec()).isNull();
            assertThat(p.readIops()).isNull();
            assertThat(p.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
            assertThat(p.verdictReasons()).anySatisfy(r -> assertThat(r).startsWith("too fast: bonnie could not time " + tooFast));
        }
        // 1.98+ prints the seeker process count
        assertThat(phase(ps, "seeks").jobs()).isEqualTo(5);
    }

    @Test
    void fortyEightFieldsFromBonnie197OnMdRaid6() throws Exception {
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID6, 8).withLayout("left-symmetric")
                .withDisk("WDC WD40EFRX-68WT0N0", true, 4_000_787_030_016L));
        List<BenchmarkResult> ps = importer.parse(benchmark("public/bonnie-1.97_md-raid6-8xWD40EFRX.txt"), ctx);
        // two CSV lines, four phases each
        assertThat(ps).hasSize(8);
        BenchmarkResult rebuilding = phase(ps.subList(0, 4), "block write");
        BenchmarkResult settled = phase(ps.subList(4, 8), "block write");
        assertThat(rebuilding.writeBytesPerSec()).isEqualTo(364656 * 1024.0);
        assertThat(settled.writeBytesPerSec()).isEqualTo(347029 * 1024.0);
        assertThat(settled.fileSizeBytes()).isEqualTo(63L << 30);
        assertThat(settled.level()).isEqualTo(RaidLevel.RAID6);
        assertThat(settled.disks()).isEqualTo(8);
        BenchmarkResult rewrite = phase(ps.subList(4, 8), "rewrite");
        assertThat(rewrite.readBytesPerSec()).isEqualTo(175829 * 1024.0);
        assertThat(rewrite.writeBytesPerSec()).isEqualTo(175829 * 1024.0);
        assertThat(rewrite.writeLatencyUs()).containsEntry("max", 79061.0);
        assertThat(phase(ps.subList(4, 8), "block read").readBytesPerSec()).isEqualTo(495890 * 1024.0);
        BenchmarkResult seeks = phase(ps.subList(4, 8), "seeks");
        assertThat(seeks.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(seeks.readIops()).isEqualTo(447.9);
        assertThat(seeks.writeIops()).isEqualTo(44.79);
        // bonnie++ before 1.98 ran 3 seeker processes
        assertThat(seeks.jobs()).isEqualTo(3);
        assertThat(seeks.readLatencyUs()).containsEntry("max", 228_000.0);
    }

    @Test
    void csvLineInsideTheHumanReadableTable() throws Exception {
        List<BenchmarkResult> ps = importer.parse(benchmark("public/bonnie-1.97_nfs-worker1.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(4);
        assertThat(phase(ps, "block read").readBytesPerSec()).isEqualTo(271440 * 1024.0);
        assertThat(phase(ps, "seeks").readIops()).isEqualTo(6863.0);
        assertThat(phase(ps, "block write").writeLatencyUs()).containsEntry("max", 801_000.0);
    }

    @Test
    void fileOperationsOnlyRunHasNoCapacityProfiles() throws Exception {
        // bonnie++ 1.96 -s 0 prints 47 fields: one separator short in the empty block section
        assertThat(importer.parse(benchmark("public/bonnie-1.96_file-ops-only.txt"), ImportContext.NONE)).isEmpty();
    }

    @Test
    void bufferedRunOnAMachineWithMoreRamIsCacheSuspect() throws Exception {
        // generated here: bonnie++ -s 256 -r 128 on a 24 GiB machine
        List<BenchmarkResult> ps = importer.parse(benchmark("generated/bonnie-2.00a_256M_r128.txt"), ImportContext.NONE.withRam(24L << 30));
        assertThat(ps).allSatisfy(p -> assertThat(p.verdict()).isEqualTo(Verdict.CACHE_SUSPECT));
        assertThat(ps).allSatisfy(p -> assertThat(p.verdictReasons()).anySatisfy(r -> assertThat(r).startsWith("cache: the 256 MiB data set fits in 24 GiB")));
    }

    @Test
    void bonnie103CsvHasNoVersionFieldAndItsOwnFieldOrder() throws Exception {
        // published: bonnie++ 1.03e -s 2048 -r 512 on md RAID0 of 8 EBS volumes (256 KiB chunk), again with -b, then one EBS volume
        List<BenchmarkResult> ps = importer.parse(benchmark("public/bonnie-1.03e_md-raid0-8xEBS_three-runs.txt"),
                ImportContext.of(Target.array(RaidLevel.RAID0, 8)));
        // three 27-field lines, four phases each (+++++ seeks are kept as too fast)
        assertThat(ps).hasSize(12);
        List<BenchmarkResult> first = ps.subList(0, 4);
        BenchmarkResult write = phase(first, "block write");
        assertThat(write.toolVersion()).isEqualTo("1.03e");
        assertThat(write.parameters()).containsEntry("csv_format", "1.0x").containsEntry("name", "raid0");
        assertThat(write.writeBytesPerSec()).isEqualTo(813061 * 1024.0);
        assertThat(write.fileSizeBytes()).isEqualTo(2L << 30);
        assertThat(write.blockSizeBytes()).isEqualTo(8192);
        assertThat(write.level()).isEqualTo(RaidLevel.RAID0);
        // 1.0x prints no latencies
        assertThat(write.writeLatencyUs()).isNull();
        assertThat(write.notes()).isNull();
        // 95-100% CPU and 2.8 GB/s block reads from 8 EBS volumes: the page cache, not the array
        assertThat(write.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
        BenchmarkResult read = phase(first, "block read");
        assertThat(read.readBytesPerSec()).isEqualTo(2828489 * 1024.0);
        assertThat(read.verdictReasons()).anySatisfy(r -> assertThat(r).startsWith("cpu: 97% CPU"));
        assertThat(phase(first, "rewrite").readBytesPerSec()).isEqualTo(1185231 * 1024.0);
        BenchmarkResult seeks = phase(first, "seeks");
        assertThat(seeks.readIops()).isEqualTo(1187.5);
        assertThat(seeks.jobs()).isEqualTo(3);
        assertThat(seeks.verdict()).isEqualTo(Verdict.TRUSTED);

        List<BenchmarkResult> synced = ps.subList(4, 8);
        assertThat(phase(synced, "block write").writeBytesPerSec()).isEqualTo(55024 * 1024.0);
        assertThat(phase(synced, "block write").verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(phase(synced, "seeks").readIops()).isNull();
        assertThat(phase(synced, "seeks").verdictReasons()).anySatisfy(r -> assertThat(r).startsWith("too fast: bonnie could not time seeks"));
        assertThat(phase(ps.subList(8, 12), "rewrite").parameters()).containsEntry("name", "ebs");
    }

    @Test
    void bonnie103FastModeOnHardwareRaidWithTheRamGiven() throws Exception {
        // published: bonnie++ 1.03e -f -b, 32 GiB on a PERC H310 RAID1 of 2 x 300 GB 15k SAS with 16 GiB RAM
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID1, 2).withDisk(null, true, null)).withRam(16L << 30);
        List<BenchmarkResult> ps = importer.parse(benchmark("public/bonnie-1.03e_hw-raid1-raid10-15k-sas.txt"), ctx);
        assertThat(ps).hasSize(8);
        List<BenchmarkResult> standard = ps.subList(0, 4);
        // -f leaves the per-character fields empty: the block results sit in fields 5, 7, 11 and 13 all the same
        assertThat(phase(standard, "block write").writeBytesPerSec()).isEqualTo(162171 * 1024.0);
        assertThat(phase(standard, "rewrite").writeBytesPerSec()).isEqualTo(74414 * 1024.0);
        assertThat(phase(standard, "block read").readBytesPerSec()).isEqualTo(229003 * 1024.0);
        assertThat(phase(standard, "seeks").readIops()).isEqualTo(361.2);
        // a 32 GiB data set over 16 GiB of RAM, at 1-12% CPU: nothing to suspect
        assertThat(standard).allSatisfy(p -> {
            assertThat(p.fileSizeBytes()).isEqualTo(32L << 30);
            assertThat(p.verdict()).isEqualTo(Verdict.TRUSTED);
        });
        assertThat(phase(ps.subList(4, 8), "seeks").readIops()).isEqualTo(1186.7);
        assertThat(phase(ps.subList(4, 8), "block read").fileSizeBytes()).isEqualTo(48L << 30);
    }

    @Test
    void bonnie103LinesThatAreCutOrWrongNameTheLine() {
        String text = benchmark("public/bonnie-1.03e_md-raid0-8xEBS_three-runs.txt");
        String cut = text.replace(",16,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++\n", "\n");
        assertThatThrownBy(() -> importer.parse(cut, ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("bonnie++ CSV line 64: a bonnie++ 1.0x line ('name,size,...') has 27 fields, found 14");
        assertThatThrownBy(() -> importer.parse(text.replace(",813061,", ",81x061,"), ImportContext.NONE))
                .hasMessage("bonnie++ CSV line 64: field 5 (block write): expected a number, found '81x061'");
        // without the table above it the version is not known, and the profile says so
        BenchmarkResult bare;
        try {
            bare = importer.parse("ebs,2G,78798,88,29578,3,36800,3,88879,99,3027079,99,+++++,+++,16,443,0,+++++,+++,416,0,435,0,+++++,+++,423,0\n",
                    ImportContext.NONE).get(0);
        } catch (ImportException e) {
            throw new AssertionError(e);
        }
        assertThat(bare.toolVersion()).isNull();
        assertThat(bare.notes()).contains("carries no version");
    }

    @Test
    void badLinesNameTheLine() {
        assertThatThrownBy(() -> importer.parse("header\n1.97,1.97,host,1,2,3\n", ImportContext.NONE))
                .isInstanceOf(ImportException.class)
                .hasMessage("bonnie++ CSV line 2: expected 48 fields (bonnie++ 1.93c-1.97) or 50 (1.98+), found 6");
        String line = benchmark("public/bonnie-1.97_nfs-worker1.txt").replace(",78993,7,", ",78x93,7,");
        assertThatThrownBy(() -> importer.parse(line, ImportContext.NONE))
                .hasMessage("bonnie++ CSV line 25: field 10 (block write): expected a number, found '78x93'");
        String latency = benchmark("public/bonnie-1.97_nfs-worker1.txt").replace(",801ms,", ",801 fortnights,");
        assertThatThrownBy(() -> importer.parse(latency, ImportContext.NONE))
                .hasMessageStartingWith("bonnie++ CSV line 25: field 38 (latency): expected a latency like 6930us");
        assertThatThrownBy(() -> importer.parse("Version 1.97 ---Sequential Output---\n", ImportContext.NONE))
                .hasMessageContaining("no CSV result line found");
    }
}
