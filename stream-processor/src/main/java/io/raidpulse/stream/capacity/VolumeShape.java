package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.VolumeShapeState;
import java.util.Locale;

/**
 * What the capacity comparison knows of a hardware RAID volume: what the operator declared of it
 * ({@code collector.hwraid.DEVICE.*}: its members are hidden behind the controller) and the volume
 * device's rotational flag; null where neither says.
 *
 * @param device     the volume's block device (sda)
 * @param level      declared RAID level, named as md names it (raid5)
 * @param layout     declared layout (near-2); null when not declared
 * @param disks      declared member disks, parity and mirror copies included
 * @param diskModel  declared model of the member disks
 * @param rotational the volume device's queue/rotational: what the controller reports (a PERC: 1 whatever its disks)
 * @param controller declared controller, else the INQUIRY vendor and model (DELL PERC H700)
 * @param cache      declared cache policy: write-back, write-back-battery or write-through
 */
record VolumeShape(String device, String level, String layout, Integer disks, String diskModel, Boolean rotational, String controller,
                   String cache) {

    static VolumeShape of(HardwareVolume v, DeviceSample d) {
        return new VolumeShape(v.getDevice(), v.getLevel(), v.getLayout(), v.getDisks(), v.getDiskModel() == null ? null : v.getDiskModel().trim(),
                d == null ? null : d.getRotational(), v.getController(), v.getCache());
    }

    /** As the capacity model takes an array: no chunk (the controller's stripe is not declared), no member size. */
    ArrayShape arrayShape() {
        return new ArrayShape(level, layout, disks, null, diskModel, rotational, null, device);
    }

    /**
     * The controller acknowledges writes from its cache before they reach the disks (write-back, or
     * write-back-battery): what the level's write penalty costs then is the controller's own, which only a
     * benchmark of it tells.
     */
    boolean writeBack() {
        return cache != null && cache.toLowerCase(Locale.ROOT).startsWith("write-back");
    }

    VolumeShapeState toRecord() {
        return new VolumeShapeState(level, layout, disks, diskModel, rotational, controller, cache);
    }

    static VolumeShape fromRecord(String device, VolumeShapeState r) {
        return new VolumeShape(device, r.getLevel(), r.getLayout(), r.getDisks(), r.getDiskModel(), r.getRotational(), r.getController(),
                r.getCache());
    }
}
