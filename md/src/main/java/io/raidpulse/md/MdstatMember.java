package io.raidpulse.md;

import java.util.List;

/**
 * One member as /proc/mdstat lists it: {@code name[n]} with flags (md.c md_seq_show prints (W)
 * write-mostly, (J) journal, (F) faulty, (S) spare (no slot), (R) replacement). The number in
 * brackets is the member's descriptor number in the superblock, which equals its slot for an
 * array assembled in order but is not the slot in general; sysfs has the slot. A member being
 * rebuilt holds a slot and has no flag: mdstat alone cannot tell it from one in sync.
 *
 * @param unknownFlags flags md.c does not print, as written (without parentheses)
 */
public record MdstatMember(String device, int descriptor, boolean faulty, boolean spare, boolean writeMostly,
                           boolean replacement, boolean journal, List<String> unknownFlags) {
}
