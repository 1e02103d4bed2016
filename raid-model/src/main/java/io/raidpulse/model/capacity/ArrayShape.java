package io.raidpulse.model.capacity;

import java.util.Optional;

/**
 * What an md array is made of, as the capacity model needs it, from one HostSample.
 *
 * @param level       md's level (raid5), {@code raid0-over-raid1} for a raid0 striped over md raid1 pairs, or
 *                    "raid1 over raid0" and the like for other nestings the model does not cover; null when unknown
 * @param layout      md's layout (near-2, left-symmetric); null when the level has none
 * @param disks       leaf member disks of the complete array (md/raid_disks, multiplied through nested arrays)
 * @param chunkBytes  md/chunk_size, bytes; null when not striped
 * @param diskModel   model of the leaf members (sysfs device/model, of the whole disk for a member partition)
 * @param rotational  queue/rotational of the leaf members: true when they spin
 * @param memberBytes size of the smallest leaf member, bytes
 * @param device      one leaf member's whole-disk name (sda, nvme0n1), for the disk-class guess
 */
public record ArrayShape(String level, String layout, Integer disks, Long chunkBytes, String diskModel, Boolean rotational,
                         Long memberBytes, String device) {

    /** The geometry for the capacity model, or empty when the level or count is unknown or not covered. */
    public Optional<RaidLayout> raidLayout() {
        if (level == null || disks == null) {
            return Optional.empty();
        }
        try {
            RaidLevel l = RaidLevel.parse(level);
            RaidLayout r = l == RaidLevel.RAID0_OVER_RAID1 ? RaidLayout.of(l, disks) : RaidLayout.parse(level, layout, disks);
            // md reports chunk_size 0 for raid1; the model wants none then
            return Optional.of(chunkBytes != null && chunkBytes >= 512 ? r.withChunk(chunkBytes) : r);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
