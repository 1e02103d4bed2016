package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;

/**
 * An array's capacity for its live load shape, and what it rests on. Random loads carry
 * IOPS, sequential loads bytes per second; the other pair is null.
 *
 * @param source           which of the three sources answered
 * @param label            one line for reports and alerts: what was chosen and why
 * @param pattern          the load shape the figures are for
 * @param readIops         read capacity at the load's read fraction (random)
 * @param writeIops        write capacity at the load's read fraction (random)
 * @param readBytesPerSec  read capacity (sequential)
 * @param writeBytesPerSec write capacity (sequential)
 * @param profile          the benchmark used, for MEASURED_PROFILE; else null
 * @param disk             the member disk behind the model, for the other two sources; else null
 */
public record CapacityChoice(
        CapacitySource source,
        String label,
        IoPattern pattern,
        Double readIops,
        Double writeIops,
        Double readBytesPerSec,
        Double writeBytesPerSec,
        BenchmarkResult profile,
        DiskProfile disk) {

    /** Reads plus writes per second, or null for a sequential load. */
    public Double totalIops() {
        return readIops == null ? null : readIops + writeIops;
    }

    /** Bytes read plus written per second, or null for a random load. */
    public Double totalBytesPerSec() {
        return readBytesPerSec == null ? null : readBytesPerSec + writeBytesPerSec;
    }
}
