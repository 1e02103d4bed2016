package io.raidpulse.collector.sampling;

import io.raidpulse.collector.md.ArrayState;
import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Uptime;
import java.time.Instant;
import java.util.List;

/**
 * Everything read from the roots at one instant: counters, uptime (null when unreadable) and
 * md arrays, plus the problems met (each input left out).
 */
public record Reading(Instant readAt, Uptime uptime, List<DiskStat> devices, List<ArrayState> arrays,
                      List<Problem> problems) {
}
