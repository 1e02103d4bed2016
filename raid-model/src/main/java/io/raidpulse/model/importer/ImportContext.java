package io.raidpulse.model.importer;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Target;

/**
 * What the user knows that the output does not say, and what to record about the import.
 *
 * @param target        array and disks the benchmark ran on
 * @param ramBytes      RAM of the machine that ran it, for the cache check; null when not known
 * @param memberDisk    member-disk profile to hold results against the model; null for no model check
 * @param source        provenance to record (file name, URL)
 * @param importedAtMs  import time, epoch milliseconds; null to leave unset
 * @param pattern       access pattern when the output does not carry it (fio terse, a fio normal report without its
 *                      job lines); null otherwise
 * @param copyDirection whether a dd copy read or wrote the disk, when its command line is not in the file
 * @param jobs          how many jobs ran, when the output does not say (a fio normal report without its job lines);
 *                      null otherwise
 */
public record ImportContext(
        Target target,
        Long ramBytes,
        DiskProfile memberDisk,
        String source,
        Long importedAtMs,
        IoPattern pattern,
        CopyDirection copyDirection,
        Integer jobs) {

    public static final ImportContext NONE = new ImportContext(Target.UNKNOWN, null, null, null, null, null, null, null);

    public ImportContext {
        target = target == null ? Target.UNKNOWN : target;
        if (ramBytes != null && ramBytes <= 0) {
            throw new IllegalArgumentException("RAM must be positive, got " + ramBytes);
        }
        if (jobs != null && jobs <= 0) {
            throw new IllegalArgumentException("the job count must be positive, got " + jobs);
        }
    }

    public static ImportContext of(Target target) {
        return NONE.withTarget(target);
    }

    public ImportContext withTarget(Target t) {
        return new ImportContext(t, ramBytes, memberDisk, source, importedAtMs, pattern, copyDirection, jobs);
    }

    public ImportContext withRam(Long bytes) {
        return new ImportContext(target, bytes, memberDisk, source, importedAtMs, pattern, copyDirection, jobs);
    }

    public ImportContext withMemberDisk(DiskProfile d) {
        return new ImportContext(target, ramBytes, d, source, importedAtMs, pattern, copyDirection, jobs);
    }

    public ImportContext withSource(String s, Long atMs) {
        return new ImportContext(target, ramBytes, memberDisk, s, atMs, pattern, copyDirection, jobs);
    }

    public ImportContext withPattern(IoPattern p) {
        return new ImportContext(target, ramBytes, memberDisk, source, importedAtMs, p, copyDirection, jobs);
    }

    public ImportContext withCopyDirection(CopyDirection d) {
        return new ImportContext(target, ramBytes, memberDisk, source, importedAtMs, pattern, d, jobs);
    }

    public ImportContext withJobs(Integer n) {
        return new ImportContext(target, ramBytes, memberDisk, source, importedAtMs, pattern, copyDirection, n);
    }
}
