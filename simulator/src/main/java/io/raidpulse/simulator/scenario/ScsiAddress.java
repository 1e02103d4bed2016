package io.raidpulse.simulator.scenario;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A SCSI device's address, host:channel:target:lun, as the kernel names /sys/block/sdX/device/scsi_device/H:C:T:L. */
public record ScsiAddress(int host, int channel, int target, long lun) {
    private static final Pattern TEXT = Pattern.compile("(\\d{1,4}):(\\d{1,4}):(\\d{1,6}):(\\d{1,9})");

    /** {@code H:C:T:L}, or null when the text is not one. */
    public static ScsiAddress parse(String text) {
        Matcher m = TEXT.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        return new ScsiAddress(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                Long.parseLong(m.group(4)));
    }

    @Override
    public String toString() {
        return host + ":" + channel + ":" + target + ":" + lun;
    }
}
