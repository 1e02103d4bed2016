package io.raidpulse.collector.tools;

import io.raidpulse.collector.sampling.Roots;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** --proc-root and --sys-root, shared by every command that reads a host. */
public final class RootOptions {
    @Option(names = "--proc-root", paramLabel = "DIR", defaultValue = "/proc",
            description = "procfs root (/host/proc in a container, SNAPSHOT/proc for a snapshot). Default: ${DEFAULT-VALUE}")
    Path proc;

    @Option(names = "--sys-root", paramLabel = "DIR", defaultValue = "/sys",
            description = "sysfs root (/host/sys in a container). Default: ${DEFAULT-VALUE}")
    Path sys;

    public Roots roots() {
        return new Roots(proc, sys);
    }
}
