package io.raidpulse.model.importer;

import java.util.Map;

/**
 * One job (or one group_reporting group) of a fio run, as JSON, terse and normal output carry it.
 *
 * @param name        jobname
 * @param groupId     fio's groupid: jobs between stonewalls share one
 * @param options     global options with job options over them, values as printed; null when the output has none (terse, old JSON)
 * @param workload    the workload as the output prints it when it has no job options (fio normal output); null otherwise
 * @param read        read direction
 * @param write       write direction
 * @param cpuPercent  usr + sys CPU in percent of one CPU; null when not printed
 * @param error       fio's error code for the job, 0 when it finished cleanly
 * @param where       line or JSON path of the job, for messages
 */
record FioJob(String name, int groupId, Map<String, String> options, FioProfiles.Workload workload, Direction read, Direction write,
        Double cpuPercent, int error, String where) {

    /**
     * One direction's results.
     *
     * @param iops          I/Os per second; null when the output does not give it (terse v2 of fio 1.x)
     * @param bytesPerSec   bytes per second
     * @param clatUs        completion latency percentiles in microseconds, keys "p50", "p99.9"; empty when none
     * @param latMeanUs     mean total latency (submission + completion), microseconds; null when absent
     * @param binsUs        json+ completion latency histogram: bucket value in microseconds to count; empty when absent
     */
    record Direction(Double iops, double bytesPerSec, Map<String, Double> clatUs, Double latMeanUs, Map<Double, Long> binsUs) {
        boolean active() {
            return bytesPerSec > 0 || (iops != null && iops > 0);
        }
    }
}
