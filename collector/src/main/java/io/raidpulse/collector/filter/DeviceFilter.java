package io.raidpulse.collector.filter;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which block devices the collector samples. By default node_exporter's diskstats exclusion:
 * no ram, zram, loop or floppy devices and no partitions of sd/hd/vd/xvd/nvme disks. An
 * optional include pattern narrows further. Members of md arrays are sampled whatever the
 * patterns say, because an array's load lives in its members (a partition sda1 included).
 */
public final class DeviceFilter {
    /** node_exporter collector/diskstats_linux.go default --collector.diskstats.device-exclude. */
    public static final String DEFAULT_EXCLUDE = "^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\\d+n\\d+p)\\d+$";

    private final Pattern include;
    private final Pattern exclude;

    /** {@code include} null means every device; {@code exclude} null means none excluded. */
    public DeviceFilter(Pattern include, Pattern exclude) {
        this.include = include;
        this.exclude = exclude;
    }

    public static DeviceFilter defaults() {
        return new DeviceFilter(null, Pattern.compile(DEFAULT_EXCLUDE));
    }

    /** Whether {@code device} is sampled; {@code mdMembers} are the member devices of every array. */
    public boolean accepts(String device, Set<String> mdMembers) {
        if (mdMembers.contains(device)) {
            return true;
        }
        if (include != null && !include.matcher(device).find()) {
            return false;
        }
        return exclude == null || !exclude.matcher(device).find();
    }
}
