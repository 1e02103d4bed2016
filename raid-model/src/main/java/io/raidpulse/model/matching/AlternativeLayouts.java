package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.capacity.RebuildEstimate;
import io.raidpulse.model.capacity.SyncSpeedLimits;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What the same load would do on other array shapes: the question behind {@code raidpulse plan}. */
public final class AlternativeLayouts {

    private AlternativeLayouts() {
    }

    /**
     * The alternatives the issue names: RAID10 near-2, RAID5 and RAID6 on the same disks, and the
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
     * layout over {@code disk} (raid-model.md: U = (R/Dr + W(br/Dr + bw/Dw))/n), with usable space
     * and the rebuild lower bound for members of {@code memberBytes} (null to skip).
     */
    public static List<Projection> project(List<RaidLayout> layouts, DiskProfile disk, double readsPerSec, double writesPerSec,
            long readBytes, long writeBytes, Long memberBytes) {
        List<Projection> out = new ArrayList<>();
        for (RaidLayout l : layouts) {
            RaidModel m = new RaidModel(l, disk);
            Double rebuild = memberBytes == null ? null
                    : m.rebuild(memberBytes, SyncSpeedLimits.KERNEL_DEFAULTS).map(RebuildEstimate::idleHoursAtLeast).orElse(null);
            out.add(new Projection(l, m.projectedUtilisation(readsPerSec, writesPerSec, readBytes, writeBytes), m.usableFraction(), rebuild));
        }
        return out;
    }
}
