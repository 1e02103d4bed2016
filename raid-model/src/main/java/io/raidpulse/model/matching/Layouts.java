package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.matching.AlternativeLayouts;
import java.util.ArrayList;
import java.util.List;

/** How array shapes are named in the aggregates' {@code projections} and in {@code plan}. */
public final class Layouts {
    private Layouts() {
    }

    /** "raid10-near2-4", "raid5-4", "raid0-over-raid1-4": level, raid10 placement and copies, disks. */
    public static String key(RaidLayout l) {
        String placement = l.layout() == null ? "" : "-" + l.layout().word() + l.copies();
        return l.level().canonical() + placement + "-" + l.disks();
    }

    /** The current shape first, then the alternatives operators weigh ({@link AlternativeLayouts}). */
    public static List<RaidLayout> currentAndAlternatives(RaidLayout current, int moreDisks) {
        List<RaidLayout> out = new ArrayList<>();
        out.add(current);
        out.addAll(AlternativeLayouts.candidates(current, moreDisks));
        return out;
    }
}
