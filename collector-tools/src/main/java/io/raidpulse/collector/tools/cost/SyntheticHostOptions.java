package io.raidpulse.collector.tools.cost;

import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --devices}, {@code --arrays} and {@code --cgroups}: the synthetic host that sample-cost measures and synthetic-host writes. */
final class SyntheticHostOptions {
    @Option(names = "--devices", defaultValue = "64", description = "Disks. Default: ${DEFAULT-VALUE}")
    int devices;

    @Option(names = "--arrays", defaultValue = "8", description = "md arrays of 4 member partitions each. Default: ${DEFAULT-VALUE}")
    int arrays;

    @Option(names = "--cgroups", defaultValue = "0",
            description = "Leaf cgroups of a cgroup v2 hierarchy under sys/fs/cgroup (services, containers, sessions), each with an io.stat. Default: ${DEFAULT-VALUE}")
    int cgroups;

    /** Whether the disks can hold the arrays, 4 member partitions each on its own disk. */
    boolean fit() {
        return arrays * 4 <= devices && cgroups >= 0;
    }

    /** The host written under {@code dir}, its counters drawn from {@code seed}. */
    SyntheticHost write(Path dir, long seed) throws IOException {
        return new SyntheticHost(dir, devices, arrays, seed, cgroups);
    }
}
