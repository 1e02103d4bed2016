package io.raidpulse.collector.hwraid;

import io.raidpulse.collector.procfs.ProcFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A SCSI disk's health as the kernel sees it, read every sample: {@code device/state} (running,
 * offline, blocked...) and the counts of commands that completed with an error status
 * ({@code device/ioerr_cnt}) or timed out ({@code device/iotmo_cnt}) since the device appeared,
 * which the kernel prints in hexadecimal (scsi_sysfs.c: {@code show_iostat_counterbits}, "0x%llx").
 * A value that does not parse is null and named in {@link #problems}.
 */
public record ScsiDeviceHealth(String state, Long ioerrCnt, Long iotmoCnt, List<String> problems) {
    public static ScsiDeviceHealth read(Path sys, String device) {
        Path dev = sys.resolve("block").resolve(device).resolve("device");
        List<String> problems = new ArrayList<>();
        String state = ProcFiles.readValue(dev.resolve("state"));
        if (state != null && !state.matches("[a-z][a-z-]{0,31}")) {
            problems.add(dev.resolve("state") + ": not a SCSI device state: '" + printable(state) + "'");
            state = null;
        }
        return new ScsiDeviceHealth(state, count(dev.resolve("ioerr_cnt"), problems), count(dev.resolve("iotmo_cnt"), problems),
                List.copyOf(problems));
    }

    /** A counter as sysfs prints it: 0x-prefixed hexadecimal, or decimal; null when absent or malformed. */
    static Long count(Path file, List<String> problems) {
        String v = ProcFiles.readValue(file);
        if (v == null) {
            return null;
        }
        try {
            long n = v.startsWith("0x") || v.startsWith("0X") ? Long.parseUnsignedLong(v.substring(2), 16) : Long.parseLong(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        problems.add(file + ": not a count: '" + printable(v) + "'");
        return null;
    }

    private static String printable(String v) {
        String s = v.length() > 40 ? v.substring(0, 40) + "..." : v;
        return s.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
