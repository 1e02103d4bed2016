package io.raidpulse.simulator.truth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the kernel shows of a SCSI disk behind a controller at the end of one sample interval: its
 * device state and its counts of failed and timed-out commands (/sys/block/DEV/device/state,
 * ioerr_cnt, iotmo_cnt).
 *
 * @param volume whether the disk is a hardware RAID volume (not a disk the controller passes through)
 * @param running whether its state is running; offline otherwise
 */
public record VolumeTruth(String device, boolean volume, boolean running, long ioerrCnt, long iotmoCnt) {

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("disk_device", device);
        m.put("hardware_volume", volume);
        m.put("state", running ? "running" : "offline");
        m.put("ioerr_cnt", ioerrCnt);
        m.put("iotmo_cnt", iotmoCnt);
        return m;
    }
}
