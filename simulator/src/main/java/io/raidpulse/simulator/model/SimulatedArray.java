package io.raidpulse.simulator.model;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.Raid10Geometry;
import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.scenario.ArraySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An md array: its rdevs, geometry, sync state and counters. Its own counters are what the
 * application was served (md_account_bio: bio-based accounting of the original bios).
 */
public final class SimulatedArray implements SimulatedDevice {
    /** Data offset of a 1.2 superblock member, sectors (mdadm 4.x reserves 128 MiB). */
    public static final long DATA_OFFSET_SECTORS = 262_144;
    /** raid1.c/raid10.c RESYNC_BLOCK_SIZE: sync bios of 64 KiB. */
    private static final long RESYNC_BIO = 64 * 1024;
    private static final double SAFEMODE_SECONDS = 0.2;

    private final ArraySpec spec;
    private final int minor;
    private final List<SimulatedMember> members = new ArrayList<>();
    private final long devSectors;
    private final long arraySectors;
    private final boolean rotational;
    private final DeviceCounters counters = new DeviceCounters();
    private final Map<IoClass, Plan> degradedPlans = new HashMap<>();
    private final Map<IoClass, Plan> healthyPlans = new HashMap<>();
    private SyncJob sync;
    private long mismatchCnt;
    private double writeRate;

    SimulatedArray(ArraySpec spec, List<SimulatedDevice> slotDevices, List<SimulatedDevice> spares) {
        this.spec = spec;
        this.minor = Integer.parseInt(spec.name().substring(2));
        int desc = 0;
        for (int i = 0; i < slotDevices.size(); i++) {
            members.add(new SimulatedMember(slotDevices.get(i), desc++, i, true));
        }
        for (SimulatedDevice s : spares) {
            members.add(new SimulatedMember(s, desc++, -1, false));
        }
        long granularity = spec.level().striped() ? spec.chunkBytes() / 512 : 128;
        long smallest = Long.MAX_VALUE;
        for (SimulatedDevice d : slotDevices) {
            smallest = Math.min(smallest, d.sizeSectors());
        }
        this.devSectors = (smallest - DATA_OFFSET_SECTORS) / granularity * granularity;
        int n = slotDevices.size();
        this.arraySectors = switch (spec.level()) {
            case RAID0 -> devSectors * n;
            case RAID1 -> devSectors;
            case RAID5, RAID6 -> devSectors * (n - spec.level().parityDisks());
            case RAID10 -> {
                // raid10.c raid10_size: in chunks, divided by far copies, times disks, divided by near copies
                long chunkSectors = spec.chunkBytes() / 512;
                long size = devSectors / chunkSectors / spec.raid10().far() * n / spec.raid10().near();
                yield size * chunkSectors;
            }
        };
        // md.c md_run: non-rotational only when every member is
        this.rotational = slotDevices.stream().anyMatch(SimulatedDevice::rotational);
    }

    public ArraySpec spec() {
        return spec;
    }

    public MdLevel level() {
        return spec.level();
    }

    public int raidDisks() {
        return spec.members().size();
    }

    /** rdevs in the order they were bound to the array. */
    public List<SimulatedMember> members() {
        return List.copyOf(members);
    }

    public Optional<SimulatedMember> member(String deviceName) {
        return members.stream().filter(m -> m.device().name().equals(deviceName)).findFirst();
    }

    /** dev_sectors: the part of each member the array uses, sectors. */
    public long devSectors() {
        return devSectors;
    }

    public Optional<SyncJob> sync() {
        return Optional.ofNullable(sync);
    }

    public long mismatchCnt() {
        return mismatchCnt;
    }

    /**
     * md/array_state: "active" while writes arrive more often than md's safemode delay (200 ms,
     * md.c DEFAULT_SAFEMODE_DELAY) lets the array turn clean, or while a resync runs; else "clean".
     */
    public String arrayState() {
        boolean resync = sync != null && !sync.delayed() && sync.kind() == SyncAction.RESYNC;
        return writeRate * SAFEMODE_SECONDS >= 1 || resync ? "active" : "clean";
    }

    /** Front-end writes served per second over the last step. */
    public double writeRate() {
        return writeRate;
    }

    void writeRate(double perSecond) {
        writeRate = perSecond;
    }

    /** mddev->degraded: slots without an in-sync member. */
    public int degraded() {
        int inSync = 0;
        for (SimulatedMember m : members) {
            if (m.inSync() && m.slot() >= 0) {
                inSync++;
            }
        }
        return raidDisks() - inSync;
    }

    /** The member in {@code slot}, in sync or being recovered; null when the slot is empty. */
    public SimulatedMember inSlot(int slot) {
        for (SimulatedMember m : members) {
            if (m.slot() == slot && !m.faulty()) {
                return m;
            }
        }
        return null;
    }

    /** Whether every block still has a working copy when {@code without} stops working. */
    boolean survivesLoss(SimulatedMember without) {
        SimulatedDevice[] slots = slots(false);
        if (without.slot() >= 0) {
            slots[without.slot()] = null;
        }
        int n = slots.length;
        int missing = 0;
        for (SimulatedDevice d : slots) {
            if (d == null) {
                missing++;
            }
        }
        return switch (level()) {
            case RAID0 -> missing == 0;
            case RAID1 -> missing < n;
            case RAID5, RAID6 -> missing <= level().parityDisks();
            case RAID10 -> {
                Raid10Geometry g = spec.raid10();
                for (int x = 0; x < n; x++) {
                    boolean any = false;
                    for (int f = 0; f < g.far(); f++) {
                        for (int j = 0; j < g.near(); j++) {
                            any |= slots[g.slot(x, j, f, n)] != null;
                        }
                    }
                    if (!any) {
                        yield false;
                    }
                }
                yield true;
            }
        };
    }

    /** Slot devices that serve I/O: in-sync members, plus the recovering one when {@code withRecovering}. */
    SimulatedDevice[] slots(boolean withRecovering) {
        SimulatedDevice[] out = new SimulatedDevice[raidDisks()];
        for (SimulatedMember m : members) {
            if (m.slot() >= 0 && !m.faulty() && (m.inSync() || withRecovering)) {
                out[m.slot()] = m.device();
            }
        }
        return out;
    }

    /**
     * The member plan for a front-end class. While a member is recovered, the part of the array
     * below the recovery point has it (raid5.c and raid1.c use a recovering device below
     * recovery_offset), the rest does not.
     */
    public Plan plan(IoClass fe) {
        Plan degraded = degradedPlans.computeIfAbsent(fe,
                c -> IoMapping.plan(level(), spec.raid10(), spec.chunkBytes(), slots(false), c));
        if (sync == null || sync.kind() != SyncAction.RECOVER || sync.delayed()) {
            return degraded;
        }
        Plan healthy = healthyPlans.computeIfAbsent(fe,
                c -> IoMapping.plan(level(), spec.raid10(), spec.chunkBytes(), slots(true), c));
        return Plan.mix(healthy, sync.done() / sync.maxSectors(), degraded);
    }

    void stateChanged() {
        degradedPlans.clear();
        healthyPlans.clear();
    }

    /**
     * Member requests per KiB of sync progress: resync and check read every member (raid10 counts
     * progress in array sectors, so each member reads copies/n of it), recovery reads what
     * rebuilds the target and writes the target. Requests are 512 KiB merged from the stripe
     * cache's 4 KiB pages (raid4/5/6) or from 64 KiB resync bios (raid1/10).
     */
    public List<MemberIo> syncPlan() {
        if (sync == null) {
            return List.of();
        }
        long bio = level() == MdLevel.RAID5 || level() == MdLevel.RAID6 ? IoClass.STRIPE_PAGE : RESYNC_BIO;
        IoClass read = IoClass.merged(IoKind.READ, IoClass.MAX_REQUEST, true, bio);
        IoClass write = IoClass.merged(IoKind.WRITE, IoClass.MAX_REQUEST, true, bio);
        double perKib = 1024d / IoClass.MAX_REQUEST;
        SimulatedDevice[] slots = slots(false);
        List<MemberIo> ios = new ArrayList<>();
        if (sync.kind() == SyncAction.RECOVER) {
            SimulatedMember target = sync.target();
            Map<SimulatedDevice, Double> reads = new HashMap<>();
            switch (level()) {
                case RAID1 -> {
                    for (SimulatedDevice d : slots) {
                        if (d != null) {
                            reads.put(d, 1.0);
                            break;
                        }
                    }
                }
                case RAID10 -> {
                    Raid10Geometry g = spec.raid10();
                    int n = raidDisks();
                    double occurrences = 0;
                    Map<SimulatedDevice, Double> partners = new HashMap<>();
                    for (int x = 0; x < n; x++) {
                        List<SimulatedDevice> copies = new ArrayList<>();
                        boolean onTarget = false;
                        for (int f = 0; f < g.far(); f++) {
                            for (int j = 0; j < g.near(); j++) {
                                int s = g.slot(x, j, f, n);
                                if (s == target.slot()) {
                                    onTarget = true;
                                } else if (slots[s] != null) {
                                    copies.add(slots[s]);
                                }
                            }
                        }
                        if (onTarget && !copies.isEmpty()) {
                            occurrences++;
                            partners.merge(copies.get(0), 1.0, Double::sum);
                        }
                    }
                    final double occ = occurrences;
                    partners.forEach((d, c) -> reads.put(d, c / occ));
                }
                default -> {
                    for (SimulatedDevice d : slots) {
                        if (d != null) {
                            reads.put(d, 1.0);
                        }
                    }
                }
            }
            reads.forEach((d, share) -> ios.add(new MemberIo(d, read, perKib * share, 1)));
            ios.add(new MemberIo(target.device(), write, perKib, 1));
            return ios;
        }
        double share = level() == MdLevel.RAID10 ? (double) spec.raid10().copies() / raidDisks() : 1;
        for (SimulatedDevice d : slots) {
            if (d != null) {
                ios.add(new MemberIo(d, read, perKib * share, 1));
            }
        }
        return ios;
    }

    void sync(SyncJob job) {
        sync = job;
        stateChanged();
    }

    /** The pass length md uses for a sync kind (md.c: resync_max_sectors for resync/check/repair, dev_sectors for recovery). */
    long syncMaxSectors(SyncAction kind) {
        if (kind != SyncAction.RECOVER && level() == MdLevel.RAID10) {
            return arraySectors;
        }
        return devSectors;
    }

    void mismatchCnt(long sectors) {
        mismatchCnt = sectors;
    }

    /** Sectors per mismatch unit: a stripe page for raid4/5/6, a resync block for raid1/10. */
    long mismatchGranularity() {
        return level() == MdLevel.RAID5 || level() == MdLevel.RAID6 ? IoClass.STRIPE_PAGE / 512 : RESYNC_BIO / 512;
    }

    void bind(SimulatedMember m) {
        members.add(m);
        stateChanged();
    }

    void unbind(SimulatedMember m) {
        members.remove(m);
        stateChanged();
    }

    /** md.c bind_rdev_to_array: the first unused desc_nr from raid_disks up. */
    int nextDescNr() {
        int choice = raidDisks();
        while (true) {
            final int c = choice;
            if (members.stream().noneMatch(m -> m.descNr() == c)) {
                return choice;
            }
            choice++;
        }
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public int major() {
        return 9;
    }

    @Override
    public int minor() {
        return minor;
    }

    /** array_sectors. */
    @Override
    public long sizeSectors() {
        return arraySectors;
    }

    @Override
    public DeviceCounters counters() {
        return counters;
    }

    @Override
    public boolean rotational() {
        return rotational;
    }

    @Override
    public String toString() {
        return name();
    }
}
