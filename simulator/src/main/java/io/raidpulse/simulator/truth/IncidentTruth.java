package io.raidpulse.simulator.truth;

import io.raidpulse.simulator.scenario.ArraySpec;
import io.raidpulse.simulator.scenario.DiskSpec;
import io.raidpulse.simulator.scenario.Scenario;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An incident the model predicts: the episodes of one array (its members, their partitions and
 * the arrays nested in it folded in) or of one standalone device (its partitions folded in) whose
 * times overlap, from the first FIRING due to the last RESOLVED due. The stream processor's
 * incidents are held to these; the folding is stated here again, on the scenario's own topology,
 * so that the two are independent.
 *
 * @param subject the outermost array, or the disk
 * @param firing when its FIRING is due: the earliest of its episodes'
 * @param resolved when its RESOLVED is due: the latest of its episodes'; null while one is open at the end
 * @param episodes its episodes in the order they fired
 */
public record IncidentTruth(String subject, Instant firing, Instant resolved, List<Episode> episodes) {

    public IncidentTruth {
        episodes = List.copyOf(episodes);
    }

    /** The kinds of its episodes, as the Alert schema names them, in the order they fired. */
    public Set<String> kinds() {
        Set<String> out = new LinkedHashSet<>();
        episodes.forEach(e -> out.add(e.kind()));
        return out;
    }

    /** The incidents {@code episodes} make on {@code scenario}'s host, in the order they open. */
    static List<IncidentTruth> of(Scenario scenario, List<Episode> episodes) {
        Map<String, String> subjectOf = subjects(scenario);
        Map<String, List<Episode>> bySubject = new HashMap<>();
        for (Episode e : episodes) {
            bySubject.computeIfAbsent(subjectOf.getOrDefault(e.subject(), e.subject()), s -> new ArrayList<>()).add(e);
        }
        List<IncidentTruth> out = new ArrayList<>();
        bySubject.forEach((subject, list) -> {
            list.sort(Comparator.comparing(Episode::firing));
            List<Episode> current = new ArrayList<>();
            Instant end = null;
            boolean open = false;
            for (Episode e : list) {
                if (!current.isEmpty() && !open && e.firing().isAfter(end)) {
                    out.add(new IncidentTruth(subject, current.get(0).firing(), end, current));
                    current = new ArrayList<>();
                    end = null;
                }
                current.add(e);
                if (e.resolved() == null) {
                    open = true;
                } else if (end == null || e.resolved().isAfter(end)) {
                    end = e.resolved();
                }
            }
            out.add(new IncidentTruth(subject, current.get(0).firing(), open ? null : end, current));
        });
        out.sort(Comparator.comparing(IncidentTruth::firing).thenComparing(IncidentTruth::subject));
        return out;
    }

    /** Device or array name to the subject of its incident, where they differ. */
    static Map<String, String> subjects(Scenario scenario) {
        Map<String, String> arrayOf = new HashMap<>();
        for (ArraySpec a : scenario.arrays()) {
            a.members().forEach(m -> arrayOf.putIfAbsent(m, a.name()));
            a.spares().forEach(m -> arrayOf.putIfAbsent(m, a.name()));
        }
        Map<String, String> out = new HashMap<>();
        for (String member : arrayOf.keySet()) {
            String at = arrayOf.get(member);
            while (arrayOf.containsKey(at)) {
                at = arrayOf.get(at);
            }
            out.put(member, at);
        }
        for (DiskSpec d : scenario.disks()) {
            String diskArray = out.get(d.name());
            for (int p = 1; p <= d.partitionBytes().size() && diskArray == null; p++) {
                diskArray = out.get(d.partitionName(p));
            }
            String diskSubject = diskArray != null ? diskArray : d.name();
            if (!diskSubject.equals(d.name())) {
                out.put(d.name(), diskSubject);
            }
            for (int p = 1; p <= d.partitionBytes().size(); p++) {
                out.putIfAbsent(d.partitionName(p), diskSubject);
            }
        }
        return out;
    }
}
