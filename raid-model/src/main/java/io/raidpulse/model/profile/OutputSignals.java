package io.raidpulse.model.profile;

import java.util.List;

/**
 * What a tool's raw output showed about a measurement that the profile's fields do not
 * carry, for {@link TrustVerdicts}.
 *
 * @param cpuPercent     CPU use of the measured phase in percent of one CPU (bonnie++ %CP, fio usr+sys); null when not printed
 * @param tooFast        metrics the tool could not time because they finished too quickly (bonnie++ "+++++")
 * @param writesFlushed  true when the timed writes include a flush to the disks (dd conv=fsync, sysbench fsync at the end)
 */
public record OutputSignals(Double cpuPercent, List<String> tooFast, boolean writesFlushed) {

    public static final OutputSignals NONE = new OutputSignals(null, List.of(), false);

    public OutputSignals {
        tooFast = tooFast == null ? List.of() : List.copyOf(tooFast);
    }

    public static OutputSignals cpu(Double percent) {
        return new OutputSignals(percent, List.of(), false);
    }

    public static OutputSignals tooFast(String metric) {
        return new OutputSignals(null, List.of(metric), false);
    }

    public static OutputSignals flushed(boolean flushed) {
        return new OutputSignals(null, List.of(), flushed);
    }
}
