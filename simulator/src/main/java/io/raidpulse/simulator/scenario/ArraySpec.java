package io.raidpulse.simulator.scenario;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.Raid10Geometry;
import java.util.List;

/**
 * An md array as assembled at boot.
 *
 * @param layoutCode md/layout: raid5/6 algorithm (2 = left-symmetric), raid10 geometry code, 0 otherwise
 * @param raid10 raid10 copies, null for other levels
 * @param chunkBytes chunk size, bytes (0 for raid1)
 * @param members member devices in slot order (disks, partitions or other arrays)
 * @param spares hot spares present from the start
 * @param bitmap whether the array has an internal write-intent bitmap
 */
public record ArraySpec(String name, MdLevel level, int layoutCode, Raid10Geometry raid10, long chunkBytes,
        List<String> members, List<String> spares, boolean bitmap, int line) {
    public ArraySpec {
        members = List.copyOf(members);
        spares = List.copyOf(spares);
    }
}
