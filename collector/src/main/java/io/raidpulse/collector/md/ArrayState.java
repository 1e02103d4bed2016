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
 * @param syncState     running, delayed or pending; null when no sync is due
 * @param syncEtaS      seconds to completion; null when unknown, speed 0, or beyond {@link MdArrays#MAX_ETA_S}
 * @param leafDisks     member block devices after resolving nested arrays
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
        Long mismatchCnt,
        List<ArrayMember> members,
        List<String> leafDisks) {
}
