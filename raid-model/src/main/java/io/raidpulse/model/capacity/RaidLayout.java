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

    /** Members that can serve reads independently for a request of this size. */
    private int dataColumns() {
        int n = disks;
        return switch (level) {
            case SINGLE, RAID1 -> 1;
            case RAID0 -> n;
            case RAID5 -> n - 1;
            case RAID6 -> n - 2;
            // near copies sit side by side, so n/copies distinct chunks per stripe; far and
            // offset keep a RAID0-like first copy over all members (md(4)).
            case RAID10 -> layout == Raid10Layout.NEAR ? Math.max(1, n / copies) : n;
            case RAID0_OVER_RAID1 -> n / 2;
        };
    }

    /* Chunks a request touches, assuming chunk-aligned requests, capped at one full stripe. */
    private int chunksTouched(long requestBytes) {
        long chunk = effectiveChunkBytes();
        long k = (requestBytes + chunk - 1) / chunk;
        return (int) Math.max(1, Math.min(k, dataColumns()));
    }

    /** Member reads per front-end read: one per chunk touched (docs/raid-model.md: 1 for small reads). */
    public MemberCost readCost(long requestBytes) {
        int k = chunksTouched(requestBytes);
        return new MemberCost(k, 0, ceilDiv(requestBytes, k), k);
    }

    /**
     * Member reads and writes per front-end write (docs/raid-model.md, "Member I/Os per front-end
     * request"). raid5 writing k of its n-1 data chunks chooses, per stripe, read-modify-write
     * (read k data + parity, write k + parity) or reconstruct-write (read the other n-1-k data
     * chunks, write k + parity), whichever reads less: min(k+1, n-1-k) reads, k+1 writes
     * ({@code handle_stripe_dirtying} in {@code drivers/md/raid5.c}); a full stripe reads
     * nothing. raid6 does the same with two syndromes: min(k+2, n-2-k) reads, k+2 writes
     * (read-modify-write for raid6 since Linux 4.1; older kernels always reconstruct). This
     * is why the request size relative to chunk x data disks matters.
     */
    public MemberCost writeCost(long requestBytes) {
        int n = disks;
        int k = chunksTouched(requestBytes);
        long perIo = ceilDiv(requestBytes, k);
        return switch (level) {
            case SINGLE -> new MemberCost(0, 1, requestBytes, 1);
            case RAID0 -> new MemberCost(0, k, perIo, k);
            case RAID1 -> new MemberCost(0, n, requestBytes, n);
            case RAID10, RAID0_OVER_RAID1 -> {
                int writes = copies * k;
                yield new MemberCost(0, writes, perIo, Math.min(n, writes));
            }
            case RAID5 -> parityWrite(n - 1, k, 1, perIo);
            case RAID6 -> parityWrite(n - 2, k, 2, perIo);
        };
    }

    private static MemberCost parityWrite(int dataDisks, int k, int parityDisks, long perIo) {
        int reads = Math.min(k + parityDisks, dataDisks - k);
        int writes = k + parityDisks;
        return new MemberCost(reads, writes, perIo, Math.max(reads, writes));
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
