package io.raidpulse.collector.tools.cost;

import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --devices} and {@code --arrays}: the synthetic host that sample-cost measures and synthetic-host writes. */
final class SyntheticHostOptions {
    @Option(names = "--devices", defaultValue = "64", description = "Disks. Default: ${DEFAULT-VALUE}")
    int devices;

    @Option(names = "--arrays", defaultValue = "8", description = "md arrays of 4 member partitions each. Default: ${DEFAULT-VALUE}")
    int arrays;

    /** Whether the disks can hold the arrays, 4 member partitions each on its own disk. */
    boolean fit() {
        return arrays * 4 <= devices;
    }

    /** The host written under {@code dir}, its counters drawn from {@code seed}. */
    SyntheticHost write(Path dir, long seed) throws IOException {
        return new SyntheticHost(dir, devices, arrays, seed);
    }
}
