package io.raidpulse.md;

import java.util.List;

/**
 * /sys/block/mdX/md/ (Documentation/admin-guide/md.rst); null where a file is absent, says "none",
 * or did not parse (then {@code problems} names it).
 *
 * @param layout          {@code layout}, the new one during a reshape; raid0 on Linux 6.1 prints -1 (unset)
 * @param chunkBytes      {@code chunk_size}, bytes; the new one during a reshape
 * @param raidDisks       {@code raid_disks}; during a reshape the new count ("new (old)")
 * @param lastSyncAction  {@code last_sync_action}: the sync that ran last (what mismatch_cnt is about)
 * @param checkpointDone  {@code sync_completed}, sectors done: md's checkpoint (curr_resync_completed), which
 *                        moves in steps and lags the live position /proc/mdstat shows
 * @param checkpointTotal {@code sync_completed}, sectors total
 * @param syncSpeedKibS   {@code sync_speed}, KiB/s since md's last resync mark (at most about 30 s)
 * @param sizeSectors     /sys/block/mdX/size, 512-byte sectors
 * @param problems        values that did not parse, each left null
 * @param consistencyPolicy {@code consistency_policy} (Linux 4.12+): none, resync, bitmap, journal or ppl
 * @param bitmapLocation  {@code bitmap/location}: "none", "file" (an external bitmap) or the internal bitmap's
 *                        offset from the superblock in sectors ("+8"); Linux 7.x keeps {@code bitmap/} with only
 *                        this file for an array without a bitmap
 */
public record MdSysfsArray(
        String name,
        String level,
        Integer layout,
        Long chunkBytes,
        Integer raidDisks,
        Integer degraded,
        String arrayState,
        String syncAction,
        String lastSyncAction,
        Long checkpointDone,
        Long checkpointTotal,
        Long syncSpeedKibS,
        Long mismatchCnt,
        Long sizeSectors,
        List<MdSysfsMember> members,
        List<ParseException> problems,
        String consistencyPolicy,
        String bitmapLocation) {

    /** An array whose consistency policy and bitmap location are unknown (a kernel or a model that gives none). */
    public MdSysfsArray(String name, String level, Integer layout, Long chunkBytes, Integer raidDisks, Integer degraded,
                        String arrayState, String syncAction, String lastSyncAction, Long checkpointDone,
                        Long checkpointTotal, Long syncSpeedKibS, Long mismatchCnt, Long sizeSectors,
                        List<MdSysfsMember> members, List<ParseException> problems) {
        this(name, level, layout, chunkBytes, raidDisks, degraded, arrayState, syncAction, lastSyncAction, checkpointDone,
                checkpointTotal, syncSpeedKibS, mismatchCnt, sizeSectors, members, problems, null, null);
    }
}
