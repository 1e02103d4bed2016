package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.schema.SubjectKind;

/**
 * What one device or array did over one sample interval, as the detectors and windows see it.
 * Rates are per second over the interval; util is percent 0-100.
 */
public sealed interface SubjectLoad permits DeviceLoad, ArrayLoad {
    /** Device or array name (sdb, md0). */
    String subject();

    SubjectKind kind();

    /** %util, 0-100; for arrays the busiest leaf member's. */
    double util();

    /** Mean request time over reads and writes, ms; for arrays the busiest member's. */
    double awaitMs();

    /** iostat aqu-sz; for arrays the busiest member's. */
    double aquSz();

    double readIops();

    double writeIops();

    /** kB/s, 1 kB = 1024 bytes as in iostat. */
    double readKBs();

    double writeKBs();

    /** Seconds the rates were taken over (HostSample.interval_s). */
    double intervalS();

    /**
     * Whether %util alone does not mean saturation, so queue or latency evidence is needed: any
     * device not known to be rotational (SSD, NVMe, virtual) and any array with such a member
     * (iostat(1): such devices serve requests in parallel).
     */
    boolean parallel();

    /** Who loaded it, as shares of its member load (raid-model MemberLoad); null when the sample did not say. */
    MemberLoad consumers();
}
