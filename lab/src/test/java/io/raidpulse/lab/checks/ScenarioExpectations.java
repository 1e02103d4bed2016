package io.raidpulse.lab.checks;

import static io.raidpulse.lab.checks.AlertChecks.Expect.fires;
import static io.raidpulse.lab.checks.AlertChecks.Expect.quiet;

import java.util.List;
import java.util.Map;

/**
 * Which benchmark of each lab scenario saturates what, as its script's header says. The rest of
 * what happened (failures, syncs, mismatches) is read from the recording's events.
 */
final class ScenarioExpectations {
    private static final Map<String, List<AlertChecks.Expect>> SATURATION = Map.of(
            // 4 KiB random writes at queue depth 32 x 4 jobs: every member at its 150 IOPS
            "raid5-short", List.of(fires("md0", "randwrite-4k")),
            // util near 100% in both phases; only the second has requests waiting
            "nvme-busy-then-overload", List.of(quiet("nvme0n1", "moderate-qd8"), fires("nvme0n1", "overload-qd64")));

    private ScenarioExpectations() {
    }

    static List<AlertChecks.Expect> saturation(String scenario) {
        List<AlertChecks.Expect> e = SATURATION.get(scenario);
        if (e == null) {
            throw new IllegalStateException("no saturation expectations for lab scenario " + scenario + " in " + ScenarioExpectations.class.getSimpleName());
        }
        return e;
    }
}
