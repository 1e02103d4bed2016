package io.raidpulse.collector.sampling;

import java.nio.file.Path;

/** Where procfs and sysfs are: /proc and /sys, /host/proc and /host/sys in a container, or a snapshot's proc/ and sys/. */
public record Roots(Path proc, Path sys) {
    public static final Roots LIVE = new Roots(Path.of("/proc"), Path.of("/sys"));

    /** A snapshot directory laid out like a filesystem root. */
    public static Roots of(Path snapshot) {
        return new Roots(snapshot.resolve("proc"), snapshot.resolve("sys"));
    }

    /** True when these are the running system's own roots, so host-wide sources (OSHI) describe the same host. */
    public boolean live() {
        return proc.toAbsolutePath().normalize().equals(LIVE.proc) && sys.toAbsolutePath().normalize().equals(LIVE.sys);
    }

    public Path diskstats() {
        return proc.resolve("diskstats");
    }

    public Path uptime() {
        return proc.resolve("uptime");
    }

    public Path mdstat() {
        return proc.resolve("mdstat");
    }

    public Path block() {
        return sys.resolve("block");
    }
}
