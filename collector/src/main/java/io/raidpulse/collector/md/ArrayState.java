package io.raidpulse.collector.md;

import java.util.List;

/**
 * One md array's configuration and health, merged from md sysfs (preferred) and /proc/mdstat.
 * Null means unknown or not applicable. Units: bytes for chunk, KiB for size and speed,
 * 512-byte sectors for sync progress, seconds for the ETA.
 *
 * @param fromSysfs     true when /sys/block/NAME/md was read, false when only mdstat was
 * @param layout        raid10 near-N/far-N/offset-N, raid4/5/6 algorithm name, raid0 original/alternate
 * @param layoutCode    md/layout (or mdstat's "algorithm N")
 * @param syncState     running, delayed, pending or remote (clustered md: another node syncs); null when no
 *                      sync is due
 * @param syncDoneSectors  the sync's live position as /proc/mdstat and mdadm --detail show it, in the units of
 *                      {@code syncTotalSectors}; null when mdstat shows no progress for this array
 * @param syncTotalSectors the sync's end: the member size for recovery and for raid1/4/5/6, the array size for
 *                      raid10 resync, check, repair and reshape (md.c status_resync)
 * @param syncCompletedPct percent done as /proc/mdstat prints it
 * @param syncEtaS      seconds to completion: /proc/mdstat's finish= where it prints one (md computes it from
 *                      the exact rate and truncates it to a tenth of a minute, so it may be up to 6 s short),
 *                      else from the position and the speed (KiB left / KiB/s, rounded up), as also when md
 *                      sysfs was read after mdstat and its checkpoint is already past mdstat's position; null when
 *                      unknown, speed 0, or beyond {@link MdArrays#MAX_ETA_S}
 * @param syncCheckpointSectors md/sync_completed's done: md's checkpoint, where an interrupted sync resumes;
 *                      it moves in steps and lags the live position
 * @param lastSyncAction md/last_sync_action: the sync that ran last, which mismatch_cnt is about, in md/sync_action's
 *                      words (Linux 6.1 prints "recovery" there, 6.12 and later "recover": both read "recover")
 * @param leafDisks     member block devices after resolving nested arrays
 * @param bitmap        the write-intent bitmap: "internal" or "external" (md/bitmap/location, or mdstat's bitmap
 *                      line with or without a file), "none"; null when neither says
 * @param consistencyPolicy md/consistency_policy: none, resync, bitmap, journal (a write journal) or ppl (partial
 *                      parity log); null when absent (Linux before 4.12, or mdstat only)
 */
public record ArrayState(
        String name,
        boolean fromSysfs,
        boolean active,
        String level,
        String layout,
        Integer layoutCode,
        Long chunkBytes,
        Integer raidDisks,
        Integer degraded,
        String arrayState,
        Long sizeKib,
        String syncAction,
        String syncState,
        Long syncDoneSectors,
        Long syncTotalSectors,
        Double syncCompletedPct,
        Long syncSpeedKibS,
        Long syncEtaS,
        Long syncCheckpointSectors,
        Long mismatchCnt,
        String lastSyncAction,
        List<ArrayMember> members,
        List<String> leafDisks,
        String bitmap,
        String consistencyPolicy) {

    public ArrayState withLeafDisks(List<String> leaves) {
        return new ArrayState(name, fromSysfs, active, level, layout, layoutCode, chunkBytes, raidDisks, degraded, arrayState,
                sizeKib, syncAction, syncState, syncDoneSectors, syncTotalSectors, syncCompletedPct, syncSpeedKibS, syncEtaS,
                syncCheckpointSectors, mismatchCnt, lastSyncAction, members, leaves, bitmap, consistencyPolicy);
    }
}
