package io.raidpulse.collector.md;

import java.util.List;

/**
 * /sys/block/mdX/md/dev-NAME/ (Documentation/admin-guide/md.rst).
 *
 * @param device block device the member is, from the {@code block} link (or NAME)
 * @param slot   {@code slot}: the member's role; null for "none" (spare, faulty)
 * @param state  {@code state} words: faulty, in_sync, writemostly, blocked, spare, write_error, want_replacement, replacement...
 * @param errors {@code errors}: corrected read errors; null when absent
 */
public record MdSysfsMember(String device, Integer slot, List<String> state, Long errors) {
}
