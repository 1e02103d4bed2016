package io.raidpulse.collector.md;

/**
 * One member as /proc/mdstat lists it: {@code name[n]} with flags (md.c md_seq_show). The
 * number in brackets is the member's descriptor number in the superblock, which equals its slot
 * for an array assembled in order but is not the slot in general; sysfs has the slot.
 */
public record MdstatMember(String device, int descriptor, boolean faulty, boolean spare, boolean writeMostly,
                           boolean replacement, boolean journal) {
}
