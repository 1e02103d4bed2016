package io.raidpulse.collector.hwraid;

/**
 * One hardware RAID volume as the collector reports it: what sysfs shows, what was declared,
 * and what contradicts the declaration.
 *
 * @param scsi          null when the device is not a SCSI disk
 * @param recognisedBy  the table's rule that shows it is a volume; null when sysfs does not
 * @param declaration   null when nothing is declared for it
 * @param contradiction what sysfs says against the declaration; null when nothing does
 */
public record ObservedVolume(String device, ScsiDisk scsi, String recognisedBy, Declaration declaration, String contradiction) {
    /** The declared controller, else the INQUIRY vendor and model; null when neither is known. */
    public String controller() {
        if (declaration != null && declaration.controller() != null) {
            return declaration.controller();
        }
        if (scsi == null || scsi.vendor() == null && scsi.model() == null) {
            return null;
        }
        return ((scsi.vendor() == null ? "" : scsi.vendor()) + " " + (scsi.model() == null ? "" : scsi.model())).trim();
    }
}
