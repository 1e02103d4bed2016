package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.SubjectKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One block device over one interval: its iostat metrics (HostSample devices[].metrics) and the
 * diskstats counter differences they came from (devices[].deltas).
 *
 * @param reads          reads completed in the interval (diskstats field 4 delta)
 * @param writes         writes completed (field 8 delta)
 * @param sectorsRead    512-byte sectors read (field 6 delta)
 * @param sectorsWritten 512-byte sectors written (field 10 delta)
 * @param ioMs           time spent reading plus writing, ms summed over requests (fields 7 + 11)
 * @param hardware       the hardware RAID volume this device is (HostSample hardware_volumes), or null
 * @param consumers      who loaded it, as shares of its member load (HostSample v5 consumers); null when the sample
 *                       did not say, and for an md array's own device (its array's load has them)
 */
public record DeviceLoad(String subject, DeviceKind deviceKind, Boolean rotational, String parent, double intervalS,
                         double util, double readIops, double writeIops, double readKBs, double writeKBs,
                         double awaitMs, double aquSz,
                         long reads, long writes, long sectorsRead, long sectorsWritten, long ioMs,
                         HardwareVolume hardware, MemberLoad consumers) implements SubjectLoad {

    /** iostat can show a little over 100% from jiffy and uptime rounding; detectors and windows see at most 100. */
    static final double MAX_UTIL = 100.0;

    /**
     * The device's load, or null when the sample has no metrics for it (first sample after a start).
     * {@code hardware}: the hardware RAID volume the device is, or null; {@code perInterval}: what its
     * consumers' counts are multiplied by to stand for the interval (ConsumerLoads.perInterval).
     */
    static DeviceLoad of(DeviceSample d, Double intervalS, double perInterval, HardwareVolume hardware) {
        IostatMetrics m = d.getMetrics();
        if (m == null || intervalS == null) {
            return null;
        }
        double t = intervalS;
        CounterDeltas c = d.getDeltas();
        long reads = c != null ? c.getReads() : Math.round(m.getRS() * t);
        long writes = c != null ? c.getWrites() : Math.round(m.getWS() * t);
        long sectorsRead = c != null ? c.getSectorsRead() : Math.round(m.getRkBS() * t * 2);
        long sectorsWritten = c != null ? c.getSectorsWritten() : Math.round(m.getWkBS() * t * 2);
        long ioMs = c != null ? c.getReadMs() + c.getWriteMs()
                : Math.round(m.getRAwait() * m.getRS() * t + m.getWAwait() * m.getWS() * t);
        double ios = m.getRS() + m.getWS();
        // iostat -d "await" over reads and writes: (Δread_ms + Δwrite_ms) / (Δreads + Δwrites)
        double await = ios > 0 ? (m.getRAwait() * m.getRS() + m.getWAwait() * m.getWS()) / ios : 0.0;
        MemberLoad consumers = d.getConsumers() == null || d.getKind() == DeviceKind.MD ? null
                : hardware != null ? ConsumerLoads.ofVolume(d.getConsumers(), perInterval, hardware)
                : ConsumerLoads.ofDisk(d.getConsumers(), perInterval, reads, writes);
        return new DeviceLoad(d.getName(), d.getKind(), d.getRotational(), d.getParent(), t,
                Math.min(MAX_UTIL, m.getUtil()), m.getRS(), m.getWS(), m.getRkBS(), m.getWkBS(), await, m.getAquSz(),
                reads, writes, sectorsRead, sectorsWritten, ioMs, hardware, consumers);
    }

    @Override
    public SubjectKind kind() {
        return hardware == null ? SubjectKind.DEVICE : SubjectKind.HARDWARE;
    }

    /**
     * Serves requests in parallel, so that %util near 100 says nothing of saturation: not a spinning
     * disk (SSD, NVMe, unknown), an md or dm device, or a hardware RAID volume, which the kernel sees
     * as one disk (rotational, as a PERC presents it) while the controller serves it from several.
     */
    @Override
    public boolean parallel() {
        return !Boolean.TRUE.equals(rotational) || deviceKind == DeviceKind.MD || deviceKind == DeviceKind.DM || hardware != null;
    }

    /** How an alert names it: "sda", or "hardware RAID5 volume sda (PERC H700, 4 disks)" for a hardware RAID volume. */
    public String described() {
        return described(subject, hardware);
    }

    /** How alerts name device {@code subject}, the hardware RAID volume {@code hardware} (null: a plain device). */
    public static String described(String subject, HardwareVolume hardware) {
        return hardware == null ? subject : volume(subject, hardware.getLevel(), hardware.getController(), hardware.getDisks());
    }

    /**
     * How an alert names hardware RAID volume {@code device} of what was declared of it (each null when not
     * known): "hardware RAID5 volume sda (PERC H700, 4 disks)"; for the detectors that know it from its
     * aggregates.
     */
    public static String volume(String device, String level, String controller, Integer disks) {
        String l = level == null ? "" : level.toUpperCase(Locale.ROOT) + " ";
        List<String> about = new ArrayList<>(2);
        if (controller != null) {
            about.add(controller);
        }
        if (disks != null) {
            about.add(disks + " disks");
        }
        return "hardware " + l + "volume " + device + (about.isEmpty() ? "" : " (" + String.join(", ", about) + ")");
    }
}
