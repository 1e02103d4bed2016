package io.raidpulse.collector.tools.iostat;

import io.raidpulse.collector.iostat.DeviceMetrics;
import io.raidpulse.collector.iostat.IostatMath;
import io.raidpulse.collector.sampling.Reading;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.iostat.IostatReport;
import io.raidpulse.md.DiskStat;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Prints a report the way iostat chooses devices: whole devices (those under SYS/block; every
 * device when the snapshot has no sys/block) that have completed at least one I/O since boot
 * (iostat.c write_stats without ALL), in /proc/diskstats order.
 */
final class IostatPrinter {
    private final PrintWriter out;
    private final boolean json;
    private final Roots roots;

    IostatPrinter(PrintWriter out, boolean json, Roots roots) {
        this.out = out;
        this.json = json;
        this.roots = roots;
    }

    /** The report of {@code cur} against {@code prev}; {@code prev} null means since boot (iostat's first report). */
    void report(Reading prev, Reading cur) {
        long itv = prev == null ? cur.uptime().centiseconds() : cur.uptime().centiseconds() - prev.uptime().centiseconds();
        Map<String, DiskStat> before = new HashMap<>();
        if (prev != null) {
            prev.devices().forEach(d -> before.put(d.name(), d));
        }
        if (!json) {
            out.println(IostatReport.HEADER);
        }
        for (DiskStat d : cur.devices()) {
            if (!d.extended() || !shown(d)) {
                continue;
            }
            DeviceMetrics m;
            if (prev == null) {
                m = IostatMath.sinceBoot(d, itv);
            } else {
                DiskStat p = before.get(d.name());
                if (p == null || !p.extended()) {
                    continue;
                }
                m = IostatMath.compute(p, d, itv).metrics();
            }
            out.println(json ? IostatReport.json(d.name(), m) : IostatReport.plainLine(d.name(), m));
        }
        if (!json) {
            out.println();
        }
        out.flush();
    }

    private boolean shown(DiskStat d) {
        if (d.readsCompleted() == 0 && d.writesCompleted() == 0 && d.discardsCompleted() == 0 && d.flushesCompleted() == 0) {
            return false;
        }
        Path block = roots.block();
        return !Files.isDirectory(block) || Files.isDirectory(block.resolve(d.name().replace('/', '!')));
    }

}
