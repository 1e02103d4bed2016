package io.raidpulse.simulator.tree;

import java.io.IOException;

/** Where each simulated instant's tree goes: a live root, numbered snapshots, or nowhere. */
public interface TreeOutput {
    /** Writes the tree of one instant; {@code index} counts instants from 0 (the start). */
    void write(HostTree tree, long index) throws IOException;

    /** Discards the trees (for runs that only want the ground truth). */
    static TreeOutput none() {
        return (tree, index) -> {
        };
    }
}
