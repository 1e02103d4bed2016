package io.raidpulse.simulator.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;

/**
 * What one front-end request of a class costs the members of an array, as weighted cases (one per
 * stripe position the request can land on; weights sum to 1). Member totals give the load; the
 * cases give the latency, since a read-modify-write waits for its reads and then for its writes.
 */
public record Plan(List<Case> cases) {

    /** One position with its probability and the member requests it issues. */
    public record Case(double weight, List<MemberIo> ios) {
        public Case {
            ios = List.copyOf(ios);
        }
    }

    public Plan {
        cases = List.copyOf(cases);
    }

    /** {@code a} with probability {@code wa}, else {@code b}. */
    public static Plan mix(Plan a, double wa, Plan b) {
        List<Case> out = new ArrayList<>();
        a.cases.forEach(c -> out.add(new Case(c.weight * wa, c.ios)));
        b.cases.forEach(c -> out.add(new Case(c.weight * (1 - wa), c.ios)));
        return new Plan(out);
    }

    /** Expected requests per front-end request, by member and class. */
    public Map<SimulatedDevice, Map<IoClass, Double>> totals() {
        Map<SimulatedDevice, Map<IoClass, Double>> out = new LinkedHashMap<>();
        for (Case c : cases) {
            for (MemberIo io : c.ios) {
                out.computeIfAbsent(io.member(), k -> new LinkedHashMap<>()).merge(io.io(), c.weight * io.count(), Double::sum);
            }
        }
        return out;
    }

    /**
     * Expected front-end latency, seconds, given each member's response time for a class: the
     * mean over a case's phase-0 requests plus the mean over its phase-1 requests, averaged over
     * cases.
     */
    public double latency(ToDoubleBiFunction<SimulatedDevice, IoClass> response) {
        double total = 0;
        for (Case c : cases) {
            double[] sum = new double[2];
            double[] n = new double[2];
            for (MemberIo io : c.ios) {
                sum[io.phase()] += io.count() * response.applyAsDouble(io.member(), io.io());
                n[io.phase()] += io.count();
            }
            double t = (n[0] > 0 ? sum[0] / n[0] : 0) + (n[1] > 0 ? sum[1] / n[1] : 0);
            total += c.weight * t;
        }
        return total;
    }
}
