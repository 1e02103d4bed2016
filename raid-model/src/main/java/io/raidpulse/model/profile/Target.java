package io.raidpulse.model.profile;

import io.raidpulse.model.capacity.LayoutSpec;
import io.raidpulse.model.capacity.RaidLevel;

/**
 * What a benchmark ran on, as the user states it: benchmark outputs rarely say. Any field
 * may be null (not known).
 *
 * @param level         array level, {@link RaidLevel#SINGLE} for one disk
 * @param layout        layout as given ("n2", "far-2", "left-symmetric"); stored in canonical form
 * @param disks         active members
 * @param diskModel     member disk model as sysfs reports it
 * @param rotational    true for spinning members
 * @param controller    HBA or RAID controller ("IBM M1015", "Dell PERC 5/i")
 * @param filesystem    filesystem and mount options the benchmark ran on
 * @param diskSizeBytes size of one member in bytes
 */
public record Target(
        RaidLevel level,
        String layout,
        Integer disks,
        String diskModel,
        Boolean rotational,
        String controller,
        String filesystem,
        Long diskSizeBytes) {

    public static final Target UNKNOWN = new Target(null, null, null, null, null, null, null, null);

    public Target {
        if (layout != null && layout.isBlank()) {
            layout = null;
        }
        if (layout != null && level != null) {
            layout = LayoutSpec.parse(level, layout).canonical();
        }
        if (disks != null && disks < 1) {
            throw new IllegalArgumentException("disks must be at least 1, got " + disks);
        }
        if (level == RaidLevel.SINGLE && disks != null && disks != 1) {
            throw new IllegalArgumentException("a single-disk target has 1 disk, got " + disks);
        }
        if (diskSizeBytes != null && diskSizeBytes <= 0) {
            throw new IllegalArgumentException("disk size must be positive, got " + diskSizeBytes);
        }
    }

    public static Target array(RaidLevel level, Integer disks) {
        return new Target(level, null, disks, null, null, null, null, null);
    }

    public Target withLayout(String l) {
        return new Target(level, l, disks, diskModel, rotational, controller, filesystem, diskSizeBytes);
    }

    public Target withDisk(String model, Boolean isRotational, Long sizeBytes) {
        return new Target(level, layout, disks, model, isRotational, controller, filesystem, sizeBytes);
    }

    public Target withController(String c) {
        return new Target(level, layout, disks, diskModel, rotational, c, filesystem, diskSizeBytes);
    }

    public Target withFilesystem(String fs) {
        return new Target(level, layout, disks, diskModel, rotational, controller, fs, diskSizeBytes);
    }
}
