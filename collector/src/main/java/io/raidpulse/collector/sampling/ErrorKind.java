package io.raidpulse.collector.sampling;

/** Kinds of input that did not have the kernel's shape (left out, or partly read), the keys of HostSample.read_errors. */
public enum ErrorKind {
    DISKSTATS("diskstats"),
    UPTIME("uptime"),
    MDSTAT("mdstat"),
    MD_SYSFS("md-sysfs"),
    INVENTORY("inventory"),
    /** a SCSI disk's state, ioerr_cnt or iotmo_cnt (a hardware RAID volume's health) that does not parse */
    SCSI_SYSFS("scsi-sysfs"),
    /** a cgroup's io.stat line that does not parse, or an io.stat that cannot be read (attribution leaves it to its parent) */
    IO_STAT("io-stat");

    private final String key;

    ErrorKind(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
