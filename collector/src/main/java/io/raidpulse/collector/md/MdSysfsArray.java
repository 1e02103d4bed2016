package io.raidpulse.collector.md;

import java.util.List;

/**
 * /sys/block/mdX/md/ (Documentation/admin-guide/md.rst); null where a file is absent or says "none".
 *
 * @param chunkBytes     {@code chunk_size}, bytes
 * @param raidDisks      {@code raid_disks}; during a reshape the new count ("new (old)")
 * @param syncDone       {@code sync_completed}, sectors done
 * @param syncTotal      {@code sync_completed}, sectors total
 * @param syncSpeedKibS  {@code sync_speed}, KiB/s over the last 30 s
 * @param sizeSectors    /sys/block/mdX/size, 512-byte sectors
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
        Long syncDone,
        Long syncTotal,
        Long syncSpeedKibS,
        Long mismatchCnt,
        Long sizeSectors,
        List<MdSysfsMember> members) {
}
