package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.profile.IoPattern;

/**
 * What a live md array is and what load it carries, as the stream processor measures it over
 * an interval.
 *
 * @param layout           the array's level, layout, members and chunk
 * @param diskModel        member disk model (sysfs {@code device/model}); null when not known
 * @param rotational       members spin ({@code queue/rotational}); null when not known
 * @param deviceName       one member's kernel name ("sda", "nvme0n1"), for the disk-class guess; null when not known
 * @param pattern          RANDOM or SEQUENTIAL access
 * @param readFraction     reads / (reads + writes) on the md device, 0..1
 * @param requestBytes     average request size on the md device
 * @param arrayQueueDepth  requests outstanding on the md device (its aqu-sz)
 * @param memberQueueDepth mean aqu-sz of the members; null when not known
 */
public record LiveLoad(
        RaidLayout layout,
        String diskModel,
        Boolean rotational,
        String deviceName,
        IoPattern pattern,
        double readFraction,
        long requestBytes,
        double arrayQueueDepth,
        Double memberQueueDepth) {

    public LiveLoad {
        if (layout == null || pattern == null) {
            throw new IllegalArgumentException("a live load needs the array layout and the access pattern");
        }
        if (!(readFraction >= 0 && readFraction <= 1)) {
            throw new IllegalArgumentException("read fraction must be within 0..1, got " + readFraction);
        }
        if (requestBytes <= 0) {
            throw new IllegalArgumentException("request size must be positive, got " + requestBytes);
        }
        if (!(arrayQueueDepth >= 0) || memberQueueDepth != null && !(memberQueueDepth >= 0)) {
            throw new IllegalArgumentException("queue depths must not be negative");
        }
    }
}
