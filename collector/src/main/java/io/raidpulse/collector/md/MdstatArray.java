package io.raidpulse.collector.md;

import java.util.List;

/**
 * One array of /proc/mdstat (drivers/md/md.c md_seq_show and the personalities' status
 * printers in raid0.c, raid1.c, raid10.c, raid5.c, md-linear.c). Absent values are null.
 *
 * @param readOnly     "read-only" or "auto-read-only" when the array line says so, else null
 * @param level        personality name (raid1, raid5, linear...); null for an inactive array
 * @param sizeKib      array size in 1 KiB blocks ("N blocks")
 * @param superVersion metadata version after "super" (1.2, external:imsm); null for 0.90
 * @param chunkKib     chunk size in KiB (raid0/4/5/6/10), or the rounding of linear
 * @param algorithm    raid4/5/6 "algorithm N" (raid5.h ALGORITHM_*)
 * @param raid10Layout raid10 copies as "near-2", "far-2", "offset-2" (comma-joined when several)
 * @param raidDisks    the n of "[n/m]": members the array needs
 * @param activeDisks  the m of "[n/m]": members working
 * @param memberMap    the "[UU_]" string: U working, _ missing, per slot
 * @param bitmap       the bitmap line after "bitmap: ", raw
 * @param syncAction   resync, recovery, reshape or check when a progress line is shown
 * @param syncState    running, delayed (resync=DELAYED) or pending (resync=PENDING)
 * @param syncPercent  percent done as printed (one decimal)
 * @param syncDoneKib  progress done in 1 KiB blocks; for recovery, per member device
 * @param syncTotalKib progress total in 1 KiB blocks
 * @param finishMin    the kernel's estimate to completion, minutes
 * @param speedKibS    current sync speed, KiB/s
 */
public record MdstatArray(
        String name,
        boolean active,
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
