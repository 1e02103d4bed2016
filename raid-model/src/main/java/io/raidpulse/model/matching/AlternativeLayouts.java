package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.capacity.RebuildEstimate;
import io.raidpulse.model.capacity.SyncSpeedLimits;
import io.raidpulse.model.profile.IoPattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What the same load would do on other array shapes: the question behind {@code raidpulse plan}. */
public final class AlternativeLayouts {

    private AlternativeLayouts() {
    }

    /**
     * The alternatives operators weigh (docs/raid-model.md#projections-to-other-layouts): RAID10 near-2, RAID5 and RAID6 on the same disks, and the
     * current level with {@code moreDisks} more members; shapes the disk count cannot form are left out,
     * as is the current shape itself.
     */
    public static List<RaidLayout> candidates(RaidLayout current, int moreDisks) {
        Set<RaidLayout> out = new LinkedHashSet<>();
        int n = current.disks();
        for (RaidLevel level : new RaidLevel[] {RaidLevel.RAID10, RaidLevel.RAID5, RaidLevel.RAID6}) {
            if (n >= level.minDisks()) {
                out.add(RaidLayout.of(level, n).withChunk(current.chunkBytes()));
            }
        }
        if (moreDisks > 0 && current.level() != RaidLevel.SINGLE) {
            int grown = n + moreDisks;
            if (current.level() != RaidLevel.RAID0_OVER_RAID1 || grown % 2 == 0) {
                out.add(current.withDisks(grown));
            }
        }
        out.remove(current);
        return new ArrayList<>(out);
    }

    /**
     * Member utilisation U of {@code readsPerSec} reads and {@code writesPerSec} writes on each
     * layout over {@code disk} (docs/raid-model.md#capacity-under-a-mix: U = (R/Dr + W(br/Dr + bw/Dw))/n), with usable space
     * and the rebuild lower bound for members of {@code memberBytes} (null to skip).
     */
    public static List<Projection> project(List<RaidLayout> layouts, DiskProfile disk, double readsPerSec, double writesPerSec,
            long readBytes, long writeBytes, Long memberBytes) {
        return project(layouts, disk, IoPattern.RANDOM, readsPerSec, writesPerSec, readBytes, writeBytes, memberBytes);
    }

    /**
     * The same for a load of either shape: random loads as above; a sequential load occupies the
     * members for the share of each layout's sequential read and write rate it moves,
     * R br / seqRead + W bw / seqWrite (docs/raid-model.md#sequential-rates), as {@link ProfileMatcher#use} counts it.
     */
    public static List<Projection> project(List<RaidLayout> layouts, DiskProfile disk, IoPattern pattern, double readsPerSec,
            double writesPerSec, long readBytes, long writeBytes, Long memberBytes) {
        List<Projection> out = new ArrayList<>();
        for (RaidLayout l : layouts) {
            RaidModel m = new RaidModel(l, disk);
            Double rebuild = memberBytes == null ? null
                    : m.rebuild(memberBytes, SyncSpeedLimits.KERNEL_DEFAULTS).map(RebuildEstimate::idleHoursAtLeast).orElse(null);
            double u = pattern == IoPattern.SEQUENTIAL
                    ? readsPerSec * readBytes / (m.sequentialReadMBps() * 1e6) + writesPerSec * writeBytes / (m.sequentialWriteMBps() * 1e6)
                    : m.projectedUtilisation(readsPerSec, writesPerSec, readBytes, writeBytes);
            out.add(new Projection(l, u, m.usableFraction(), rebuild));
        }
        return out;
    }
}
