package io.raidpulse.collector.filter;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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

    /** More device names than a host has: names that come and go (a test's hosts) cannot grow it without bound. */
    private static final int MAX_NAMES = 4096;

    private final Pattern include;
    private final Pattern exclude;
    /** The patterns' verdict by name: run once per device rather than once per device and cycle. */
    private final Map<String, Boolean> byName = new ConcurrentHashMap<>();

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
        Boolean known = byName.get(device);
        if (known == null) {
            known = (include == null || include.matcher(device).find()) && (exclude == null || !exclude.matcher(device).find());
            if (byName.size() >= MAX_NAMES) {
                byName.clear();
            }
            byName.put(device, known);
        }
        return known;
    }
}
