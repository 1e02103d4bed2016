package io.raidpulse.collector.hwraid;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The host's hardware RAID volumes: every SCSI disk sysfs shows to be a controller's volume
 * ({@link VolumeRules}), and every device the configuration declares one ({@link Declaration}),
 * with what sysfs says against each declaration. Sampled with the inventory (they change when a
 * device appears), not every interval; their health is read every interval ({@link ScsiDeviceHealth}).
 *
 * @param notes one line for each volume: what was recognised and declared, for the startup log and {@code arrays}
 * @param warnings a declared device that does not exist or that sysfs says is a plain disk
 */
public record HardwareVolumes(List<ObservedVolume> volumes, List<String> notes, List<String> warnings) {
    public static final HardwareVolumes NONE = new HardwareVolumes(List.of(), List.of(), List.of());

    public static HardwareVolumes scan(Path sys, Map<String, Declaration> declared) {
        TreeSet<String> names = new TreeSet<>(ScsiDisk.devices(sys));
        names.addAll(declared.keySet());
        List<ObservedVolume> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (String name : names) {
            Declaration d = declared.get(name);
            if (!Files.isDirectory(sys.resolve("block").resolve(name))) {
                warnings.add("collector.hwraid." + name + " declares a hardware RAID volume, but there is no block device " + name
                        + " (" + sys.resolve("block") + "): it is not reported");
                continue;
            }
            ScsiDisk scsi = ScsiDisk.read(sys, name);
            VolumeRules.Verdict v = scsi == null ? null : VolumeRules.judge(scsi);
            boolean recognised = v != null && v.kind() == VolumeRules.Kind.VOLUME;
            if (!recognised && d == null) {
                continue;
            }
            String contradiction = null;
            if (d != null && scsi == null) {
                contradiction = "it is not a SCSI disk (no " + sys.resolve("block").resolve(name).resolve("device/scsi_device")
                        + "), and a RAID controller's volumes are";
            } else if (d != null && v.kind() == VolumeRules.Kind.DISK) {
                contradiction = v.reason();
            }
            ObservedVolume h = new ObservedVolume(name, scsi, recognised ? v.reason() : null, d, contradiction);
            out.add(h);
            notes.add(note(h, v));
            if (contradiction != null) {
                warnings.add("collector.hwraid." + name + " declares a hardware RAID volume, but sysfs says otherwise: "
                        + contradiction + "; it is reported as declared, marked contradicted");
            }
        }
        return new HardwareVolumes(List.copyOf(out), List.copyOf(notes), List.copyOf(warnings));
    }

    private static String note(ObservedVolume h, VolumeRules.Verdict v) {
        StringBuilder sb = new StringBuilder("hardware RAID volume ").append(h.device());
        if (h.scsi() != null) {
            sb.append(" (").append(h.controller() == null ? "no INQUIRY strings" : h.controller()).append(", ")
                    .append(h.scsi().driver() == null ? "driver unknown" : h.scsi().driver()).append(' ').append(h.scsi().address())
                    .append(')');
        }
        sb.append(": ");
        if (h.recognisedBy() != null) {
            sb.append("recognised from sysfs (").append(h.recognisedBy()).append(')');
        } else if (h.contradiction() != null) {
            sb.append("declared, contradicted by sysfs (").append(h.contradiction()).append(')');
        } else {
            sb.append("declared; sysfs neither shows nor contradicts it (").append(v == null ? "?" : v.reason()).append(')');
        }
        if (h.declaration() != null) {
            sb.append("; declared: ").append(h.declaration().describe());
        } else {
            sb.append("; nothing declared (collector.hwraid.").append(h.device())
                    .append(".level and .disks tell what the OS cannot see: its level and disks)");
        }
        return sb.toString();
    }
}
