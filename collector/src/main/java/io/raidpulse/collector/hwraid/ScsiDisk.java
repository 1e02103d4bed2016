package io.raidpulse.collector.hwraid;

import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.procfs.ProcFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What sysfs says about one SCSI disk: its address, its host's driver and its INQUIRY strings.
 * The address is the name of the one directory under {@code /sys/block/DEV/device/scsi_device/}
 * (H:C:T:L); the driver is {@code /sys/class/scsi_host/hostH/proc_name}; vendor and model are
 * {@code /sys/block/DEV/device/{vendor,model}}, which the kernel pads with spaces (trimmed here).
 *
 * @param driver null when the host's proc_name cannot be read
 */
public record ScsiDisk(String device, int host, int channel, int target, long lun, String driver, String vendor, String model) {
    private static final Pattern ADDRESS = Pattern.compile("(\\d{1,9}):(\\d{1,9}):(\\d{1,9}):(\\d{1,18})");

    /** The disk {@code device} under {@code sys}, or null when it is not a SCSI disk (no scsi_device address: NVMe, virtio, md). */
    public static ScsiDisk read(Path sys, String device) {
        Path dev = sys.resolve("block").resolve(device).resolve("device");
        Matcher a = null;
        for (String name : BlockInventory.entries(dev.resolve("scsi_device"))) {
            Matcher m = ADDRESS.matcher(name);
            if (m.matches()) {
                a = m;
                break;
            }
        }
        if (a == null) {
            return null;
        }
        int host = Integer.parseInt(a.group(1));
        return new ScsiDisk(device, host, Integer.parseInt(a.group(2)), Integer.parseInt(a.group(3)), Long.parseLong(a.group(4)),
                blankToNull(ProcFiles.readValue(sys.resolve("class/scsi_host/host" + host + "/proc_name"))),
                blankToNull(ProcFiles.readValue(dev.resolve("vendor"))), blankToNull(ProcFiles.readValue(dev.resolve("model"))));
    }

    /** host:channel:target:lun, as the kernel names the address. */
    public String address() {
        return host + ":" + channel + ":" + target + ":" + lun;
    }

    /** Every whole device under {@code sys/block} that is a SCSI disk, by name. */
    public static List<String> devices(Path sys) {
        List<String> out = new ArrayList<>();
        for (String name : BlockInventory.entries(sys.resolve("block"))) {
            if (!BlockInventory.entries(sys.resolve("block").resolve(name).resolve("device/scsi_device")).isEmpty()) {
                out.add(name);
            }
        }
        out.sort(null);
        return out;
    }


    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
