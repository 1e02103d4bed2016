package io.raidpulse.collector.tools.arrays;

import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.hwraid.ObservedVolume;
import io.raidpulse.collector.hwraid.ScsiDeviceHealth;
import java.util.LinkedHashMap;
import java.util.Map;

/** A hardware RAID volume as {@code arrays} prints it: text for an operator, or one JSON object (keys in collector/README.md). */
public final class VolumesText {
    private VolumesText() {
    }

    public static String text(ObservedVolume v, ScsiDeviceHealth health) {
        Declaration d = v.declaration();
        StringBuilder sb = new StringBuilder(v.device()).append(": hardware");
        if (d != null && d.level() != null) {
            sb.append(' ').append(d.level());
            if (d.layout() != null) {
                sb.append(' ').append(d.layout());
            }
        } else {
            sb.append(" RAID, level not declared");
        }
        if (d != null && d.disks() != null) {
            sb.append(", ").append(d.disks()).append(" disks");
        }
        if (v.controller() != null) {
            sb.append(", ").append(v.controller());
        }
        if (v.scsi() != null) {
            sb.append(" (").append(v.scsi().driver() == null ? "driver unknown" : v.scsi().driver()).append(' ')
                    .append(v.scsi().address()).append(')');
        }
        sb.append(", state ").append(health.state() == null ? "-" : health.state());
        sb.append(", I/O errors ").append(health.ioerrCnt() == null ? "-" : health.ioerrCnt());
        sb.append(", timeouts ").append(health.iotmoCnt() == null ? "-" : health.iotmoCnt());
        sb.append("\n  sysfs: ").append(v.recognisedBy() != null ? "recognised (" + v.recognisedBy() + ")"
                : v.contradiction() != null ? "contradicts the declaration (" + v.contradiction() + ")" : "does not show it is a volume");
        sb.append("\n  declared: ").append(d == null ? "nothing (collector.hwraid." + v.device() + ".level, .disks, ...)" : d.describe());
        return sb.toString();
    }

    public static Map<String, Object> json(ObservedVolume v, ScsiDeviceHealth health) {
        Declaration d = v.declaration();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", v.device());
        o.put("kind", "hardware");
        o.put("driver", v.scsi() == null ? null : v.scsi().driver());
        o.put("scsi_address", v.scsi() == null ? null : v.scsi().address());
        o.put("vendor", v.scsi() == null ? null : v.scsi().vendor());
        o.put("model", v.scsi() == null ? null : v.scsi().model());
        o.put("recognised_by", v.recognisedBy());
        o.put("declared", d != null);
        o.put("contradiction", v.contradiction());
        o.put("level", d == null ? null : d.level());
        o.put("disks", d == null ? null : d.disks());
        o.put("layout", d == null ? null : d.layout());
        o.put("disk_model", d == null ? null : d.diskModel());
        o.put("controller", v.controller());
        o.put("cache", d == null ? null : d.cache());
        o.put("state", health.state());
        o.put("ioerr_cnt", health.ioerrCnt());
        o.put("iotmo_cnt", health.iotmoCnt());
        return o;
    }
}
