package io.raidpulse.notify;

import static io.raidpulse.notify.ChannelRouteTest.alert;
import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenEpisodesTest {
    private static OpenEpisodes replay(Map<String, String> route, int capacity, Alert... alerts) {
        OpenEpisodes open = new OpenEpisodes(ChannelRoute.from(Settings.of(route)), capacity);
        for (Alert a : alerts) {
            open.read(a);
        }
        return open;
    }

    private static List<String> ids(List<OpenEpisode> episodes) {
        return episodes.stream().map(OpenEpisode::alertId).toList();
    }

    @Test
    void aFiringWithoutALaterResolvedIsOpenAndOneWithItIsNot() {
        Alert md0 = alert("db1", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL);
        Alert md1 = alert("db1", "md1", AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING);
        OpenEpisodes open = replay(Map.of(), 10, md0, md1,
                alert("db1", "md1", AlertKind.SATURATION, AlertState.RESOLVED, Severity.WARNING),
                // a RESOLVED whose FIRING is not in the partition any more (retention): nothing to close
                alert("db9", "md9", AlertKind.SATURATION, AlertState.RESOLVED, Severity.WARNING));
        assertThat(open.sent()).containsExactly(new OpenEpisode(md0, md0));
        assertThat(open.notSent()).isEmpty();
    }

    @Test
    void theLastChangeSentIsTheLatestProgressWhenTheRouteTakesProgress() {
        Alert firing = alert("db1", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.WARNING);
        Alert progress = alert("db1", "md0", AlertKind.SYNC, AlertState.PROGRESS, Severity.WARNING);
        assertThat(replay(Map.of(), 10, firing, progress).sent()).containsExactly(new OpenEpisode(firing, progress));
        assertThat(replay(Map.of("progress", "false"), 10, firing, progress).sent()).containsExactly(new OpenEpisode(firing, firing));
        // a PROGRESS whose FIRING was deleted by retention: no labels to re-announce it with
        assertThat(replay(Map.of(), 10, progress).sent()).isEmpty();
    }

    @Test
    void anEpisodeWhoseFiringTheRouteDidNotTakeIsOpenButNotSent() {
        Alert info = alert("db1", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.INFO);
        Alert critical = alert("db1", "md1", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL);
        OpenEpisodes open = replay(Map.of("min-severity", "warning"), 10, info, critical,
                // its PROGRESS says CRITICAL: still the FIRING decides
                alert("db1", "md0", AlertKind.SATURATION, AlertState.PROGRESS, Severity.CRITICAL));
        assertThat(ids(open.sent())).containsExactly(critical.getAlertId());
        assertThat(open.notSent()).containsExactly(info.getAlertId());
    }

    @Test
    void anEscalationTheRouteTakesMakesTheIncidentSentWithItsLabels() {
        Alert check = alert("db1", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.INFO);
        Alert raised = ChannelRouteTest.update("md0", AlertKind.SYNC, Severity.WARNING, "escalated");
        OpenEpisodes pages = replay(Map.of("min-severity", "warning", "progress", "false"), 10, check, raised);
        assertThat(pages.sent()).containsExactly(new OpenEpisode(raised, raised));
        assertThat(pages.notSent()).isEmpty();
        assertThat(replay(Map.of("min-severity", "critical"), 10, check, raised).notSent()).containsExactly(check.getAlertId());
    }

    @Test
    void pastTheCapacityTheOldestIsForgotten() {
        Alert a = alert("db1", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL);
        Alert b = alert("db2", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL);
        Alert c = alert("db3", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL);
        assertThat(ids(replay(Map.of(), 2, a, b, c).sent())).containsExactly(b.getAlertId(), c.getAlertId());
    }
}
