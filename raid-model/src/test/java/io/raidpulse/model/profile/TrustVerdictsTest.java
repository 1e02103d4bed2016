package io.raidpulse.model.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrustVerdictsTest {

    private static final DiskProfile DISK = new DiskProfile("d", "test disk", null, true, 200, 180, 4096, 1, 150, "test");

    private static BenchmarkResult.Builder randomRead(double iops) {
        return BenchmarkResult.builder("p", Tool.FIO).pattern(IoPattern.RANDOM).level(RaidLevel.RAID5).disks(4)
                .readFraction(1.0).blockSizeBytes(4096L).queueDepth(16).jobs(1).readIops(iops).writeIops(0.0).direct(true);
    }

    @Test
    void agreementWithTheModelIsTrusted() {
        double model = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), DISK).randomReadIops(4096, 16);
        BenchmarkResult p = TrustVerdicts.assess(randomRead(model * 0.9).build(), OutputSignals.NONE, DISK);
        assertThat(p.verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(p.modelRatio()).isCloseTo(0.9, within(1e-12));
        assertThat(p.verdictReasons()).isEmpty();
    }

    @Test
    void farFromTheModelIsModelSuspectInBothDirections() {
        double model = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), DISK).randomReadIops(4096, 16);
        BenchmarkResult low = TrustVerdicts.assess(randomRead(model * 0.49).build(), OutputSignals.NONE, DISK);
        assertThat(low.verdict()).isEqualTo(Verdict.MODEL_SUSPECT);
        assertThat(low.verdictReasons()).singleElement().asString()
                .startsWith("model: measured ").contains("0.49x the model's").contains("raid5 x4, member disk d");
        BenchmarkResult high = TrustVerdicts.assess(randomRead(model * 1.51).build(), OutputSignals.NONE, DISK);
        assertThat(high.verdict()).isEqualTo(Verdict.MODEL_SUSPECT);
        assertThat(TrustVerdicts.assess(randomRead(model * 1.49).build(), OutputSignals.NONE, DISK).verdict()).isEqualTo(Verdict.TRUSTED);
    }

    @Test
    void cpuBoundAndTooFastAreCacheSuspectAndOutrankTheModel() {
        BenchmarkResult seq = BenchmarkResult.builder("b", Tool.BONNIE).pattern(IoPattern.SEQUENTIAL).level(RaidLevel.RAID5).disks(4)
                .readFraction(1.0).readBytesPerSec(800e6).build();
        BenchmarkResult p = TrustVerdicts.assess(seq, OutputSignals.cpu(99.0), DISK);
        assertThat(p.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
        assertThat(p.verdictReasons()).hasSize(2);
        assertThat(p.verdictReasons().get(0)).startsWith("cpu: 99% CPU");
        assertThat(p.verdictReasons().get(1)).startsWith("model: measured 800.0 MB/s is 1.78x the model's 450.0 MB/s");
        assertThat(TrustVerdicts.assess(seq, OutputSignals.cpu(94.0), null).verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(TrustVerdicts.assess(seq, OutputSignals.tooFast("seeks"), null).verdictReasons())
                .containsExactly("too fast: bonnie could not time seeks (printed +++++): it finished too quickly to have reached the disks");
    }

    @Test
    void dataSetInRamIsCacheSuspectUnlessDirectOrFlushedWrites() {
        BenchmarkResult.Builder b = BenchmarkResult.builder("s", Tool.SYSBENCH).pattern(IoPattern.RANDOM)
                .fileSizeBytes(2L << 30).ramBytes(16L << 30).readFraction(0.6).readIops(100.0).writeIops(66.0);
        assertThat(TrustVerdicts.assess(b.direct(false).build(), OutputSignals.NONE, null).verdictReasons())
                .containsExactly("cache: the 2 GiB data set fits in 16 GiB of RAM and the I/O was buffered");
        assertThat(TrustVerdicts.assess(b.direct(true).build(), OutputSignals.NONE, null).verdict()).isEqualTo(Verdict.TRUSTED);
        BenchmarkResult writes = b.direct(null).readFraction(0.0).readIops(0.0).build();
        assertThat(TrustVerdicts.assess(writes, OutputSignals.flushed(true), null).verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(TrustVerdicts.assess(writes, OutputSignals.NONE, null).verdictReasons().get(0)).endsWith("not known to bypass the page cache");
    }

    @Test
    void recheckKeepsOutputReasonsAndRedoesTheModel() {
        double model = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), DISK).randomReadIops(4096, 16);
        BenchmarkResult p = TrustVerdicts.assess(randomRead(model * 3).build(), OutputSignals.cpu(97.0), DISK);
        assertThat(p.verdictReasons()).hasSize(2);
        DiskProfile faster = new DiskProfile("f", "faster", null, false, 600, 540, 4096, 1, 450, "test");
        BenchmarkResult again = TrustVerdicts.recheck(p, faster);
        assertThat(again.verdictReasons()).singleElement().asString().startsWith("cpu: 97% CPU");
        assertThat(again.modelRatio()).isCloseTo(1.0, within(1e-9));
        assertThat(again.verdict()).isEqualTo(Verdict.CACHE_SUSPECT);
    }

    @Test
    void comparisonsThatCannotBeMadeSayWhy() {
        assertThat(TrustVerdicts.compareWithModel(randomRead(100).build(), null).skippedBecause()).isEqualTo("no member-disk profile to compare with");
        assertThat(TrustVerdicts.compareWithModel(randomRead(100).queueDepth(null).build(), DISK).describe())
                .isEqualTo("not compared with the model: the queue depth or job count is not known");
        BenchmarkResult pg = BenchmarkResult.builder("pg", Tool.PGBENCH).pattern(IoPattern.APPLICATION).tps(900.0)
                .level(RaidLevel.RAID10).disks(4).build();
        assertThat(TrustVerdicts.compareWithModel(pg, DISK).skippedBecause()).contains("application benchmark");
        BenchmarkResult impossible = randomRead(100).level(RaidLevel.RAID6).disks(3).build();
        assertThat(TrustVerdicts.compareWithModel(impossible, DISK).skippedBecause()).isEqualTo("the target is not a valid array: raid6 needs at least 4 disks, got 3");
    }

    @Test
    void profilesRejectImpossibleValues() {
        assertThatThrownBy(() -> randomRead(-1).build()).hasMessage("read IOPS must be a finite number >= 0, got -1.0");
        assertThatThrownBy(() -> randomRead(1).readFraction(1.2).build()).hasMessage("read fraction must be within 0..1, got 1.2");
        assertThatThrownBy(() -> randomRead(1).readLatencyUs(Map.of("median", 3.0)).build())
                .hasMessage("read latency key must be like p50, p99.9 or max, got 'median'");
        BenchmarkResult p = randomRead(1).readLatencyUs(Map.of("max", 9.0, "p99.9", 5.0, "p50", 1.0)).build();
        assertThat(p.readLatencyUs().keySet()).containsExactly("p50", "p99.9", "max");
    }
}
