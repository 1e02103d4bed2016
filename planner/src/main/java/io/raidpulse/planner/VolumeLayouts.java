package io.raidpulse.planner;

import io.raidpulse.md.Raid10Layout;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.Layouts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The layouts a hardware RAID volume's plan weighs: each one on the volume's controller, and each
 * one as md over the same disks (the controller as a plain HBA), the question of hardware RAID10
 * against md RAID10 on the same disks.
 */
final class VolumeLayouts {
    private VolumeLayouts() {
    }

    /**
     * One layout of the plan.
     *
     * @param layout   level, placement and disks
     * @param hardware whether the volume's controller forms it; else md does, over the same disks
     */
    record Candidate(RaidLayout layout, boolean hardware) {

        /** "hardware-raid5-4", "md-raid10-near2-4": the layout's key with the side that forms it. */
        String key() {
            return (hardware ? "hardware-" : "md-") + Layouts.key(layout);
        }

        /** "hardware RAID5 on its 4 disks (now)", "md RAID10 near-2 on the same 4 disks". */
        String describe(RaidLayout current) {
            // a controller's RAID10 is a stripe over mirrored pairs, the one placement md calls near-2: no word for it there
            return (hardware ? "hardware " : "md ") + Planner.describe(layout, current, hardware && layout.equals(current), !hardware);
        }
    }

    /**
     * Without targets or a disk count: the declared layout on the controller first, then on the controller RAID10, RAID5
     * and RAID6 on the same disks and the declared level with {@code moreDisks} more, then md RAID10 near-2, RAID5, RAID6
     * and the declared level on the same disks. With {@code disks}: the declared level and those three on that many, on
     * both sides. With {@code targets} ("raid10", "raid10:f2"): each on both sides where that side can form it (a
     * controller forms no far or offset RAID10, and its RAID10 is md's RAID0 over RAID1 pairs).
     */
    static List<Candidate> of(RaidLayout current, Integer disks, List<String> targets, int moreDisks) {
        int n = disks == null ? current.disks() : disks;
        List<RaidLayout> shapes = new ArrayList<>();
        if (!targets.isEmpty()) {
            for (String t : targets) {
                shapes.add(PlanCommand.target(t.trim(), n).withChunk(current.chunkBytes()));
            }
        } else if (disks == null) {
            shapes.add(current);
            shapes.addAll(AlternativeLayouts.candidates(current, 0));
        } else {
            shapes.add(current.withDisks(n));
            shapes.addAll(AlternativeLayouts.candidates(current.withDisks(n), 0));
        }
        LinkedHashSet<Candidate> out = new LinkedHashSet<>();
        out.add(new Candidate(current, true));
        for (RaidLayout l : shapes) {
            if (onController(l)) {
                out.add(new Candidate(l, true));
            }
        }
        if (targets.isEmpty() && disks == null) {
            AlternativeLayouts.candidates(current, moreDisks).stream().filter(l -> l.disks() > current.disks() && onController(l))
                    .forEach(l -> out.add(new Candidate(l, true)));
        }
        for (RaidLayout l : shapes) {
            out.add(new Candidate(l, false));
        }
        return List.copyOf(out);
    }

    /** Whether a RAID controller forms this layout: md's single levels, RAID10 as a stripe over mirrored pairs. */
    static boolean onController(RaidLayout l) {
        return switch (l.level()) {
            case RAID0, RAID1, RAID5, RAID6 -> true;
            case RAID10 -> l.layout() == Raid10Layout.NEAR && l.copies() == 2;
            case SINGLE, RAID0_OVER_RAID1 -> false;
        };
    }
}
