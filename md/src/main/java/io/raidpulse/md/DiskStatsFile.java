package io.raidpulse.md;

import java.util.List;

/** A parsed /proc/diskstats: the devices that parsed and an error for each line that did not. */
public record DiskStatsFile(List<DiskStat> devices, List<ParseException> errors) {
}
