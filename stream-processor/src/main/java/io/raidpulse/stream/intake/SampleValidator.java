package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.check.SampleRules;

/**
 * Refuses HostSamples that decode but cannot be true, so that one broken collector cannot raise
 * false alerts or poison windows: the first problem found, as one line, or null. The rules are
 * {@link SampleRules}, which the collector applies to what it sends too.
 */
public final class SampleValidator {
    static final double MAX_UTIL = SampleRules.MAX_UTIL;

    private SampleValidator() {
    }

    public static String problem(HostSample s) {
        return SampleRules.problem(s);
    }
}
