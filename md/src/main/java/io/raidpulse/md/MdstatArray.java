package io.raidpulse.md;

import java.util.List;

/**
 * One array of /proc/mdstat (drivers/md/md.c md_seq_show and the personalities' status
 * printers in raid0.c, raid1.c, raid10.c, raid5.c, md-linear.c). Absent values are null.
 *
 * @param broken       the array line says "broken" instead of "active" (md.c: MD_BROKEN, the array lost more
 *                     members than it can run without)
 * @param readOnly     "read-only" or "auto-read-only" when the array line says so, else null
 * @param level        personality name (raid1, raid5, linear...); null for an inactive array
 * @param members      member devices in the kernel's order; empty for an array with none (its metadata
 *                     version and the personality's status are then on the array line)
 * @param sizeKib      array size in 1 KiB blocks ("N blocks"); null for an array without members
 * @param superVersion metadata version after "super" (1.2, external:imsm); null for 0.90
 * @param chunkKib     chunk size in KiB (raid0/4/5/6/10), or the rounding of linear
 * @param algorithm    raid4/5/6 "algorithm N" (raid5.h ALGORITHM_*)
 * @param raid10Layout raid10 copies as "near-2", "far-2", "offset-2" (comma-joined when several)
 * @param raidDisks    the n of "[n/m]": members the array needs
 * @param activeDisks  the m of "[n/m]": raid_disks less md's degraded count
 * @param memberMap    the "[UU_]" string, per slot: U the slot's member is in sync, _ missing or not yet in sync
 *                     (being rebuilt)
 * @param bitmap       the bitmap line after "bitmap: ", raw
 * @param syncAction   the word status_resync prints: resync (also for a repair), recovery, reshape or check on
 *                     a progress line; resync, recover or reshape before =DELAYED, =PENDING, =REMOTE
 * @param syncState    running, delayed (resync=DELAYED), pending (resync=PENDING) or remote (clustered md:
 *                     resync=, recover= or reshape=REMOTE, the sync runs on another node)
 * @param syncPercent  percent done as printed (one decimal, rounded down)
 * @param syncDoneKib  the live position (curr_resync less the requests in flight), 1 KiB blocks, in the units
 *                     of {@code syncTotalKib}
 * @param syncTotalKib the sync's end, 1 KiB blocks: md's resync_max_sectors for resync, check, repair and
 *                     reshape (the member size, but the array size for raid10), dev_sectors (the member size)
 *                     for recovery
 * @param finishMin    the kernel's estimate to completion, minutes
 * @param speedKibS    current sync speed, KiB/s
 */
public record MdstatArray(
        String name,
        boolean active,
        boolean broken,
        String readOnly,
        String level,
        List<MdstatMember> members,
        Long sizeKib,
        String superVersion,
        Long chunkKib,
        Integer algorithm,
        String raid10Layout,
        Integer raidDisks,
        Integer activeDisks,
        String memberMap,
        String bitmap,
        String syncAction,
        String syncState,
        Double syncPercent,
        Long syncDoneKib,
        Long syncTotalKib,
        Double finishMin,
        Long speedKibS) {
}
