package io.raidpulse.simulator.scenario;

/**
 * A SCSI host adapter whose disks sysfs shows under {@code hostN}: a RAID controller (PERC H700 on
 * megaraid_sas) that serves volumes built from disks the OS does not see, and passes other disks
 * through.
 *
 * @param host the SCSI host number (the H of H:C:T:L, /sys/class/scsi_host/hostH)
 * @param driver what /sys/class/scsi_host/hostH/proc_name shows: the driver's name (megaraid_sas)
 * @param vendor the INQUIRY vendor of the volumes it serves (device/vendor, 8 characters: DELL)
 * @param model the INQUIRY product of its volumes (device/model, 16 characters: PERC H700)
 * @param queue what queue/nr_requests shows for each of its volumes: the requests the block layer holds for one
 */
public record ControllerSpec(String name, int host, String driver, String vendor, String model, int queue, int line) {
}
