package io.raidpulse.lab.checks;

import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.SoftAssertions;

/**
 * What the notifiers are told of a real md kernel's run: the incidents on raidpulse.incidents held
 * against the run's detector episodes on raidpulse.alerts (which {@link AlertChecks} holds
 * against what happened in the guest) and against the incidents the scenario is known to have.
 */
final class IncidentChecks {
    /** health.progress-step-pct's default: a sync reports at most this often, plus its start. */
    private static final int PROGRESS_REPORTS_PER_SYNC = 100 / 10 + 1;

    private IncidentChecks() {
    }

    static void check(Recording r, List<Alert> episodes, List<Alert> incidents, List<String> expected) {
        SoftAssertions soft = new SoftAssertions();
        List<Alert> firings = incidents.stream().filter(a -> a.getState() == AlertState.FIRING).toList();
        soft.assertThat(firings).as("%s: the incidents, in the order they opened", r.name()).extracting(Alert::getSubject)
                .containsExactlyElementsOf(expected);

        Map<String, List<Alert>> byIncident = new LinkedHashMap<>();
        incidents.forEach(a -> byIncident.computeIfAbsent(a.getAlertId(), k -> new ArrayList<>()).add(a));
        boolean anyEpisodeOpen = episodes.stream().filter(a -> a.getState() == AlertState.FIRING)
                .anyMatch(f -> episodes.stream().noneMatch(a -> a.getAlertId().equals(f.getAlertId()) && a.getState() == AlertState.RESOLVED));
        byIncident.forEach((id, changes) -> {
            List<AlertState> openClose = changes.stream().map(Alert::getState).filter(s -> s != AlertState.PROGRESS).toList();
            soft.assertThat(openClose).as("%s %s: one FIRING, then one RESOLVED", r.name(), id)
                    .isIn(List.of(AlertState.FIRING, AlertState.RESOLVED), List.of(AlertState.FIRING));
            if (!anyEpisodeOpen) {
                soft.assertThat(openClose).as("%s %s: every episode closed, so has the incident", r.name(), id).contains(AlertState.RESOLVED);
            }
        });

        // every detector episode is told by the incident open at its FIRING that names its subject
        for (Alert fired : episodes.stream().filter(a -> a.getState() == AlertState.FIRING).toList()) {
            boolean told = byIncident.values().stream().anyMatch(changes -> covers(changes, fired));
            soft.assertThat(told).as("%s: %s %s at %s belongs to an incident", r.name(), fired.getKind(), fired.getSubject(),
                    fired.getEventTime()).isTrue();
        }

        long syncs = episodes.stream().filter(a -> a.getKind() == AlertKind.SYNC && a.getState() == AlertState.FIRING).count();
        long endings = episodes.stream().filter(a -> a.getState() == AlertState.RESOLVED
                && Set.of(AlertKind.SYNC, AlertKind.ARRAY_DEGRADED, AlertKind.ARRAY_INACTIVE).contains(a.getKind())).count();
        long progress = incidents.stream().filter(a -> "progress".equals(a.getDetails().get("update"))).count();
        soft.assertThat(progress).as("%s: progress updates: at most one per step of each sync, and each sync's or degradation's end",
                r.name()).isLessThanOrEqualTo(syncs * PROGRESS_REPORTS_PER_SYNC + endings);
        long joined = incidents.stream().filter(a -> "joined".equals(a.getDetails().get("update"))).count();
        soft.assertThat(joined).as("%s: a kind joins an incident once", r.name())
                .isLessThanOrEqualTo(episodes.stream().filter(a -> a.getState() == AlertState.FIRING).count());
        soft.assertAll();
    }

    /** Whether the incident of {@code changes} names {@code fired}'s subject and was open when it fired. */
    private static boolean covers(List<Alert> changes, Alert fired) {
        Alert opened = changes.get(0);
        Alert last = changes.get(changes.size() - 1);
        Instant end = last.getState() == AlertState.RESOLVED ? last.getEventTime() : Instant.MAX;
        boolean named = changes.stream().anyMatch(c -> List.of(c.getDetails().getOrDefault("subjects", "").split(","))
                .contains(fired.getSubject()));
        return named && !fired.getEventTime().isBefore(opened.getEventTime()) && !fired.getEventTime().isAfter(end);
    }
}
