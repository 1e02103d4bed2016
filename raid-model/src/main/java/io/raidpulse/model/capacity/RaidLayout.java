package io.raidpulse.model.capacity;

import io.raidpulse.md.Raid10Layout;

/**
 * The geometry of an array: what the capacity model needs to count member I/Os.
 *
 * @param level      organisation
 * @param layout     raid10 copy placement; null for every other level
 * @param copies     copies of each block: 1 for single/raid0/raid5/raid6, n for an n-way raid1,
 *                   the raid10 copy count, 2 for raid0 over raid1 pairs
 * @param disks      active members (not counting spares)
 * @param chunkBytes stripe chunk in bytes ({@code /sys/block/mdX/md/chunk_size}); null when
 *                   unknown, in which case {@link #MD_DEFAULT_CHUNK_BYTES} is assumed
 */
public record RaidLayout(RaidLevel level, Raid10Layout layout, int copies, int disks, Long chunkBytes) {

    /** mdadm's default chunk since mdadm 3.1 (mdadm(8) --chunk). */
    public static final long MD_DEFAULT_CHUNK_BYTES = 512 * 1024;

    public RaidLayout {
        if (level == null) {
            throw new IllegalArgumentException("RAID level is required");
        }
        if (disks < level.minDisks()) {
            throw new IllegalArgumentException(level.canonical() + " needs at least " + level.minDisks() + " disks, got " + disks);
        }
        if (level == RaidLevel.SINGLE && disks != 1) {
            throw new IllegalArgumentException("a single-disk layout has exactly 1 disk, got " + disks);
        }
        if ((level == RaidLevel.RAID10) != (layout != null)) {
            throw new IllegalArgumentException("a raid10 placement (near/far/offset) is given for raid10 and only for raid10");
        }
        int expected = switch (level) {
            case RAID1 -> disks;
            case RAID10 -> copies;
            case RAID0_OVER_RAID1 -> 2;
            default -> 1;
        };
        if (copies != expected) {
            throw new IllegalArgumentException(level.canonical() + " with " + disks + " disks keeps " + expected + " copies, got " + copies);
        }
        if (level == RaidLevel.RAID10 && (copies < 2 || copies > disks)) {
            throw new IllegalArgumentException("raid10 with " + disks + " disks cannot keep " + copies + " copies");
        }
        if (level == RaidLevel.RAID0_OVER_RAID1 && disks % 2 != 0) {
            throw new IllegalArgumentException("raid0 over raid1 pairs needs an even number of disks, got " + disks);
        }
        if (chunkBytes != null && chunkBytes < 512) {
            throw new IllegalArgumentException("chunk must be at least 512 bytes, got " + chunkBytes);
        }
    }

    /** The level's usual layout: raid10 near-2, raid1 mirroring all members. */
    public static RaidLayout of(RaidLevel level, int disks) {
        return switch (level) {
            case RAID10 -> new RaidLayout(level, Raid10Layout.NEAR, 2, disks, null);
            case RAID1 -> new RaidLayout(level, null, disks, disks, null);
            case RAID0_OVER_RAID1 -> new RaidLayout(level, null, 2, disks, null);
            default -> new RaidLayout(level, null, 1, disks, null);
        };
    }

    public static RaidLayout raid10(Raid10Layout layout, int copies, int disks) {
        return new RaidLayout(RaidLevel.RAID10, layout, copies, disks, null);
    }

    /** Level and layout as strings, as the collector or a user gives them ("raid10", "far-2"). */
    public static RaidLayout parse(String level, String layout, int disks) {
        RaidLevel l = RaidLevel.parse(level);
        LayoutSpec spec = LayoutSpec.parse(l, layout);
        if (l == RaidLevel.RAID10) {
            return raid10(spec.raid10(), spec.copies(), disks);
        }
        return of(l, disks);
    }

    public RaidLayout withChunk(Long bytes) {
        return new RaidLayout(level, layout, copies, disks, bytes);
    }

    public RaidLayout withDisks(int n) {
        return level == RaidLevel.RAID1 ? new RaidLayout(level, null, n, n, chunkBytes) : new RaidLayout(level, layout, copies, n, chunkBytes);
    }

    public long effectiveChunkBytes() {
        return chunkBytes == null ? MD_DEFAULT_CHUNK_BYTES : chunkBytes;
    }

    /** "raid10 near-2 x4", "raid5 x8": how reports name an array shape. */
    public String describe() {
        String l = layout == null ? "" : " " + layout.word() + "-" + copies;
        return level.canonical() + l + " x" + disks;
    }
}
