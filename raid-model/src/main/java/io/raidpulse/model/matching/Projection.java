package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.RaidLayout;

/**
 * The same live load on another array shape.
 *
 * @param layout             the alternative
 * @param memberUtilisation  predicted member busy fraction U; above 1 the shape cannot carry the load
 * @param usableFraction     share of raw member space that would hold data
 * @param rebuildHours       lower bound on replacing a member; null without a member size or redundancy
 */
public record Projection(RaidLayout layout, double memberUtilisation, double usableFraction, Double rebuildHours) {

    /** 1 - U, negative when overloaded. */
    public double headroom() {
        return 1 - memberUtilisation;
    }
}
