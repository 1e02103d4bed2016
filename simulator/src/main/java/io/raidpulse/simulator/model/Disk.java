package io.raidpulse.simulator.model;

import io.raidpulse.simulator.scenario.ControllerSpec;
import io.raidpulse.simulator.scenario.ControllerVolume;
import io.raidpulse.simulator.scenario.DiskSpec;
import io.raidpulse.simulator.scenario.ProfileSpec;
import io.raidpulse.simulator.scenario.ScenarioParser;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * A whole disk: one queue served at the rates of its profile, and the partitions on it. A hardware
 * RAID volume is one too, served as one parallel device at its disks' rates ({@link ControllerVolume#profile}).
 */
public final class Disk implements SimulatedDevice {
    private final DiskSpec spec;
    private final ProfileSpec profile;
    private final ControllerSpec controller;
    private final boolean rotational;
    private final int major;
    private final int minor;
    private final List<Partition> partitions = new ArrayList<>();
    private final DeviceCounters counters = new DeviceCounters();
    /** SCSI device state: running, or offline (the kernel sends the disk no I/O) */
    private boolean running = true;
    /** commands completed with an error status, and timed out, since the disk appeared (device/ioerr_cnt, iotmo_cnt) */
    private long ioerrCnt;
    private long iotmoCnt;

    /** {@code nextMinor} supplies minors for dynamically numbered devices (nvme, major 259). */
    Disk(DiskSpec spec, ProfileSpec profile, IntSupplier nextMinor) {
        this(spec, profile, null, nextMinor);
    }

    /**
     * A disk behind {@code controller} (null for one on the board's ports); {@code profile} is the
     * disk's, for a hardware RAID volume its member disks'.
     */
    Disk(DiskSpec spec, ProfileSpec profile, ControllerSpec controller, IntSupplier nextMinor) {
        this.spec = spec;
        this.controller = controller;
        // a volume's queue/rotational is what its controller reports (sd.c reads the medium rotation
        // rate from the volume's VPD page B1), usually 1 for a volume of rotational disks: its disks' flag
        this.rotational = profile.rotational();
        this.profile = spec.volume() == null ? profile : spec.volume().profile(profile, controller, profile.name());
        String n = spec.name();
        if (n.startsWith("sd")) {
            int i = letterIndex(n.substring(2));
            // drivers/scsi/sd.c: 16 minors per disk over majors 8, 65-71, 128-135
            major = i < 16 ? 8 : i < 128 ? 65 + (i - 16) / 16 : 128 + (i - 128) / 16;
            minor = (i % 16) * 16;
        } else if (n.startsWith("vd")) {
            major = 252;
            minor = letterIndex(n.substring(2)) * 16;
        } else {
            major = 259;
            minor = nextMinor.getAsInt();
        }
        long start = 2048;
        for (int p = 1; p <= spec.partitionBytes().size(); p++) {
            long sectors = spec.partitionBytes().get(p - 1) / 512;
            int partMinor = major == 259 ? nextMinor.getAsInt() : minor + p;
            partitions.add(new Partition(this, p, spec.partitionName(p), partMinor, start, sectors));
            start += (sectors + 2047) / 2048 * 2048;
        }
    }

    /** sda -> 0, sdz -> 25, sdaa -> 26 (drivers/scsi/sd.c sd_format_disk_name). */
    static int letterIndex(String letters) {
        return ScenarioParser.letterIndex(letters);
    }

    public DiskSpec spec() {
        return spec;
    }

    /** What the disk serves at: its profile, or for a hardware RAID volume its disks' profile as one parallel device. */
    public ProfileSpec profile() {
        return profile;
    }

    /** The controller the disk is behind, null for one on the board's ports. */
    public ControllerSpec controller() {
        return controller;
    }

    /** Whether its SCSI device state is running; offline, the kernel sends it no I/O. */
    public boolean running() {
        return running;
    }

    void running(boolean running) {
        this.running = running;
    }

    /** Commands completed with an error status since the disk appeared (device/ioerr_cnt). */
    public long ioerrCnt() {
        return ioerrCnt;
    }

    /** Commands that timed out since the disk appeared (device/iotmo_cnt). */
    public long iotmoCnt() {
        return iotmoCnt;
    }

    void commandErrors(long failed, long timedOut) {
        ioerrCnt += failed;
        iotmoCnt += timedOut;
    }

    /** Whether the disk is a hardware RAID volume. */
    public boolean volume() {
        return spec.volume() != null;
    }

    public List<Partition> partitions() {
        return List.copyOf(partitions);
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public int major() {
        return major;
    }

    @Override
    public int minor() {
        return minor;
    }

    @Override
    public long sizeSectors() {
        return spec.sizeBytes() / 512;
    }

    @Override
    public DeviceCounters counters() {
        return counters;
    }

    @Override
    public boolean rotational() {
        return rotational;
    }

    /**
     * Whether the disk serves requests in parallel: non-rotational (SSD, NVMe), or a hardware RAID
     * volume, which serves one request on each of its disks at once however rotational they are.
     */
    @Override
    public boolean parallel() {
        return profile.parallel();
    }

    /**
     * Share of the disk's capacity one request uses, in disk-seconds (published result D style
     * profile): a random request costs one random I/O at 4 KiB plus the transfer of the rest; a
     * sequential one only its transfer. A flush holds a rotational disk for its flush time; on a
     * parallel disk it takes one command's share, like a random write. A rotational disk serves one
     * request at a time, so this is also how long the request takes there.
     */
    public double serviceSeconds(IoClass io) {
        double transfer = io.bytes() / profile.sequentialBytesPerSecond();
        double extra = Math.max(0, io.bytes() - 4096) / profile.sequentialBytesPerSecond();
        return switch (io.kind()) {
            case FLUSH -> parallel() ? 1 / profile.writeIops() : profile.flushSeconds();
            case READ -> io.sequential() ? transfer : 1 / profile.readIops() + extra;
            case WRITE -> io.sequential() ? transfer : 1 / profile.writeIops() + extra;
        };
    }

    /**
     * Seconds one request takes on the disk when it does not wait for capacity: on a parallel disk
     * its profile latency plus the transfer beyond 4 KiB (a flush its flush time), however many
     * others are in flight; on a rotational disk its {@link #serviceSeconds}.
     */
    public double latencySeconds(IoClass io) {
        if (!parallel()) {
            return serviceSeconds(io);
        }
        double extra = Math.max(0, io.bytes() - 4096) / profile.sequentialBytesPerSecond();
        return switch (io.kind()) {
            case FLUSH -> profile.flushSeconds();
            case READ -> profile.readLatencySeconds() + extra;
            case WRITE -> profile.writeLatencySeconds() + extra;
        };
    }

    @Override
    public String toString() {
        return name();
    }
}
