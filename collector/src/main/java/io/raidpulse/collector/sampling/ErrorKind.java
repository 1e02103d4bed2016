package io.raidpulse.collector.sampling;

/** Kinds of input that did not have the kernel's shape (left out, or partly read), the keys of HostSample.read_errors. */
public enum ErrorKind {
    DISKSTATS("diskstats"),
    UPTIME("uptime"),
    MDSTAT("mdstat"),
    MD_SYSFS("md-sysfs"),
    INVENTORY("inventory"),
    /** a SCSI disk's state, ioerr_cnt or iotmo_cnt (a hardware RAID volume's health) that does not parse */
    SCSI_SYSFS("scsi-sysfs");

    private final String key;

    ErrorKind(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
