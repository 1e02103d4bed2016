package io.raidpulse.model.importer;

import static io.raidpulse.model.Fixtures.benchmark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.BenchmarkProfile;
import io.raidpulse.model.profile.Pattern;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class BonnieCsvImporterTest {

    private final BonnieCsvImporter importer = new BonnieCsvImporter();

    private static BenchmarkProfile phase(List<BenchmarkProfile> ps, String phase) {
        return ps.stream().filter(p -> phase.equals(p.parameters().get("phase"))).findFirst().orElseThrow();
    }

    @Test
    void fiftyFieldsFromBonnie200AndTooFastKeptAsTooFast() throws Exception {
        List<BenchmarkProfile> ps = importer.parse(benchmark("shared/bonnie-2.00a_local.txt"), ImportContext.NONE);
        assertThat(ps).hasSize(4);
        BenchmarkProfile write = phase(ps, "block write");
        assertThat(write.toolVersion()).isEqualTo("2.00a");
        assertThat(write.writeBytesPerSec()).isEqualTo(367922 * 1024.0);
        assertThat(write.fileSizeBytes()).isEqualTo(512L << 20);
        assertThat(write.blockSizeBytes()).isEqualTo(8192);
        assertThat(write.writeLatencyUs()).containsEntry("max", 4739.0);
        // 91% CPU is below the CPU-bound threshold
        assertThat(write.verdict()).isEqualTo(Verdict.TRUSTED);
        for (String tooFast : List.of("rewrite", "block read", "seeks")) {
            BenchmarkProfile p = phase(ps, tooFast);
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
        List<BenchmarkProfile> ps = importer.parse(benchmark("public/bonnie-1.97_md-raid6-8xWD40EFRX.txt"), ctx);
        // two CSV lines, four phases each
        assertThat(ps).hasSize(8);
        BenchmarkProfile rebuilding = phase(ps.subList(0, 4), "block write");
        BenchmarkProfile settled = phase(ps.subList(4, 8), "block write");
        assertThat(rebuilding.writeBytesPerSec()).isEqualTo(364656 * 1024.0);
        assertThat(settled.writeBytesPerSec()).isEqualTo(347029 * 1024.0);
        assertThat(settled.fileSizeBytes()).isEqualTo(63L << 30);
        assertThat(settled.level()).isEqualTo(RaidLevel.RAID6);
        assertThat(settled.disks()).isEqualTo(8);
        BenchmarkProfile rewrite = phase(ps.subList(4, 8), "rewrite");
        assertThat(rewrite.readBytesPerSec()).isEqualTo(175829 * 1024.0);
        assertThat(rewrite.writeBytesPerSec()).isEqualTo(175829 * 1024.0);
        assertThat(rewrite.writeLatencyUs()).containsEntry("max", 79061.0);
        assertThat(phase(ps.subList(4, 8), "block read").readBytesPerSec()).isEqualTo(495890 * 1024.0);
        BenchmarkProfile seeks = phase(ps.subList(4, 8), "seeks");
        assertThat(seeks.pattern()).isEqualTo(Pattern.RANDOM);
        assertThat(seeks.readIops()).isEqualTo(447.9);
        assertThat(seeks.writeIops()).isEqualTo(44.79);
        // bonnie++ before 1.98 ran 3 seeker processes
        assertThat(seeks.jobs()).isEqualTo(3);
        assertThat(seeks.readLatencyUs()).containsEntry("max", 228_000.0);
    }

    @Test
    void csvLineInsideTheHumanReadableTable() throws Exception {
        List<BenchmarkProfile> ps = importer.parse(benchmark("public/bonnie-1.97_nfs-worker1.txt"), ImportContext.NONE);
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
        List<BenchmarkProfile> ps = importer.parse(benchmark("generated/bonnie-2.00a_256M_r128.txt"), ImportContext.NONE.withRam(24L << 30));
        assertThat(ps).allSatisfy(p -> assertThat(p.verdict()).isEqualTo(Verdict.CACHE_SUSPECT));
        assertThat(ps).allSatisfy(p -> assertThat(p.verdictReasons()).anySatisfy(r -> assertThat(r).startsWith("cache: the 256 MiB data set fits in 24 GiB")));
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
