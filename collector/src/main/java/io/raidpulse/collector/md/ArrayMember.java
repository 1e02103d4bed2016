package io.raidpulse.collector.md;

import java.util.List;

/**
 * One member of an array as the collector reports it.
 *
 * @param role   slot in the array (sysfs {@code slot}); from mdstat the bracketed descriptor number; null for spares
 * @param state  sysfs state words, or words derived from mdstat flags (faulty, spare, writemostly, replacement, in_sync)
 * @param errors corrected read errors (sysfs only)
 */
public record ArrayMember(String device, Integer role, List<String> state, boolean inSync, boolean faulty,
                          boolean spare, boolean writeMostly, boolean replacement, Long errors) {
}
