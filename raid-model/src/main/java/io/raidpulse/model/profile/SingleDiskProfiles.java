package io.raidpulse.model.profile;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLevel;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Member-disk profiles from trusted benchmarks of one disk: the input the capacity model needs. */
public final class SingleDiskProfiles {

    /** Read fraction at or above which a random profile counts as reads only (and at or below 1 minus it, writes only). */
    private static final double ONE_DIRECTION = 0.99;

    private SingleDiskProfiles() {
    }

    /**
     * A disk profile from a random-read, a random-write and a sequential result of one disk,
     * all TRUSTED and of level {@link RaidLevel#SINGLE}; empty unless all three are there.
     * Random results at {@code preferredBlockBytes} are chosen first, then the fastest.
     */
    public static Optional<DiskProfile> derive(String id, String description, Collection<BenchmarkResult> candidates, long preferredBlockBytes) {
        List<BenchmarkResult> single = candidates.stream()
                .filter(p -> p.level() == RaidLevel.SINGLE && p.verdict() == Verdict.TRUSTED)
                .collect(Collectors.toList());
        Optional<BenchmarkResult> reads = best(single, IoPattern.RANDOM, true, preferredBlockBytes);
        Optional<BenchmarkResult> writes = best(single, IoPattern.RANDOM, false, preferredBlockBytes);
        Optional<Double> sequential = single.stream()
                .filter(p -> p.pattern() == IoPattern.SEQUENTIAL)
                .map(p -> Math.max(orZero(p.readBytesPerSec()), orZero(p.writeBytesPerSec())))
                .filter(v -> v > 0)
                .max(Comparator.naturalOrder());
        if (reads.isEmpty() || writes.isEmpty() || sequential.isEmpty()) {
            return Optional.empty();
        }
        BenchmarkResult r = reads.get();
        BenchmarkResult w = writes.get();
        String model = r.diskModel();
        String source = "single-disk profiles " + r.id() + ", " + w.id() + " and the fastest sequential one";
        return Optional.of(new DiskProfile(id, description, model, r.rotational(), r.readIops(), w.writeIops(),
                r.blockSizeBytes(), r.outstanding(), sequential.get() / 1e6, source));
    }

    private static Optional<BenchmarkResult> best(List<BenchmarkResult> single, IoPattern pattern, boolean reads, long preferredBlockBytes) {
        return single.stream()
                .filter(p -> p.pattern() == pattern && p.readFraction() != null && p.blockSizeBytes() != null)
                .filter(p -> reads ? p.readFraction() >= ONE_DIRECTION && orZero(p.readIops()) > 0
                        : p.readFraction() <= 1 - ONE_DIRECTION && orZero(p.writeIops()) > 0)
                .max(Comparator.<BenchmarkResult>comparingInt(p -> p.blockSizeBytes() == preferredBlockBytes ? 1 : 0)
                        .thenComparingDouble(p -> reads ? p.readIops() : p.writeIops()));
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }
}
