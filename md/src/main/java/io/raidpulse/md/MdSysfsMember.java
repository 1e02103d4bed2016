package io.raidpulse.md;

import java.util.List;

/**
 * /sys/block/mdX/md/dev-NAME/ (Documentation/admin-guide/md.rst, md.c rdev attributes).
 *
 * @param device        block device the member is, from the {@code block} link (or NAME)
 * @param slot          {@code slot}: the member's role in the array; null for "none" (an idle spare, a faulty
 *                      member), "journal", or when unknown
 * @param slotKnown     false when {@code slot} was absent or did not parse
 * @param stateKnown    false when {@code state} was absent
 * @param state         {@code state} words: faulty, in_sync, journal, write_mostly, blocked, spare, write_error,
 *                      want_replacement, replacement...; "spare" for every member neither faulty, journal nor in
 *                      sync, those being rebuilt included
 * @param errors        {@code errors}: corrected read errors; null when absent
 * @param recoveryStart {@code recovery_start}: sectors of the member already rebuilt (md's recovery_offset, a
 *                      checkpoint); null for "none" (in sync)
 */
public record MdSysfsMember(String device, Integer slot, boolean slotKnown, boolean stateKnown, List<String> state,
                            Long errors, Long recoveryStart) {
}
