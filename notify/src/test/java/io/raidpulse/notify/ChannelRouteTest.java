package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.alert.Alerts;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChannelRouteTest {

    static Alert alert(String host, String subject, AlertKind kind, AlertState state, Severity severity) {
        return Alerts.alert(host, subject, SubjectKind.ARRAY, kind, state, severity, 1000, 5000, host + " " + subject + " " + kind).build();
    }

    /** As the runner does: route, then forget a RESOLVED's episode once it was handled. */
    private static boolean routed(EpisodeRouter router, Alert a, int partition) {
        boolean routed = router.routes(a, partition);
        router.handled(a);
        return routed;
    }

    private static ChannelRoute route(Map<String, String> settings) {
        return ChannelRoute.from(Settings.of(settings));
    }

    @Test
    void withoutSettingsEverythingIsSent() {
        ChannelRoute all = route(Map.of());
        assertThat(all).isEqualTo(ChannelRoute.ALL);
        assertThat(all.all()).isTrue();
        for (AlertKind kind : AlertKind.values()) {
            for (Severity severity : Severity.values()) {
                for (AlertState state : AlertState.values()) {
                    assertThat(all.accepts(alert("db1", "md0", kind, state, severity))).isTrue();
                }
            }
        }
    }

    @Test
    void minSeverityKeepsThatSeverityAndTheMoreUrgentOnes() {
        ChannelRoute warning = route(Map.of("min-severity", "warning"));
        assertThat(warning.accepts(AlertKind.SATURATION, "db1", "md0", Severity.CRITICAL)).isTrue();
        assertThat(warning.accepts(AlertKind.SATURATION, "db1", "md0", Severity.WARNING)).isTrue();
        assertThat(warning.accepts(AlertKind.SATURATION, "db1", "md0", Severity.INFO)).isFalse();
        ChannelRoute critical = route(Map.of("min-severity", "CRITICAL"));
        assertThat(critical.accepts(AlertKind.SATURATION, "db1", "md0", Severity.WARNING)).isFalse();
        assertThat(critical.accepts(AlertKind.SATURATION, "db1", "md0", Severity.CRITICAL)).isTrue();
    }

    @Test
    void kindsAreAnyCaseAndOnlyThoseListed() {
        ChannelRoute r = route(Map.of("kinds", "array_degraded, Member_Faulty,SYNC"));
        assertThat(r.kinds()).containsExactlyInAnyOrder(AlertKind.ARRAY_DEGRADED, AlertKind.MEMBER_FAULTY, AlertKind.SYNC);
        assertThat(r.accepts(AlertKind.SYNC, "db1", "md0", Severity.INFO)).isTrue();
        assertThat(r.accepts(AlertKind.SATURATION, "db1", "md0", Severity.CRITICAL)).isFalse();
        assertThat(r.toString()).isEqualTo("severity >= info, kinds array_degraded,member_faulty,sync");
    }

    @Test
    void hostsAndSubjectsMatchTheWholeName() {
        ChannelRoute r = route(Map.of("hosts", "db[0-9]+", "subjects", "md.*"));
        assertThat(r.accepts(AlertKind.SATURATION, "db12", "md127", Severity.INFO)).isTrue();
        assertThat(r.accepts(AlertKind.SATURATION, "db12.example.com", "md127", Severity.INFO)).as("a part of the name is not enough").isFalse();
        assertThat(r.accepts(AlertKind.SATURATION, "web1", "md127", Severity.INFO)).isFalse();
        assertThat(r.accepts(AlertKind.SATURATION, "db1", "sda", Severity.INFO)).isFalse();
    }

    @Test
    void progressUpdatesCanBeLeftOut() {
        ChannelRoute r = route(Map.of("progress", "false"));
        assertThat(r.accepts(alert("db1", "md0", AlertKind.SYNC, AlertState.PROGRESS, Severity.WARNING))).isFalse();
        assertThat(r.accepts(alert("db1", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.WARNING))).isTrue();
        assertThat(r.accepts(alert("db1", "md0", AlertKind.SYNC, AlertState.RESOLVED, Severity.WARNING))).isTrue();
    }

    @Test
    void mistakesNameTheKeyAndSayWhatIsValid() {
        assertThatThrownBy(() -> route(Map.of("min-severity", "page")))
                .isInstanceOf(ConfigException.class).hasMessage("config min-severity: expected one of critical, warning, info, got 'page'");
        assertThatThrownBy(() -> route(Map.of("kinds", "array_degraded,degraded")))
                .isInstanceOf(ConfigException.class).hasMessage("config kinds: unknown alert kind 'degraded'; the kinds are saturation, "
                        + "capacity, array_degraded, member_faulty, array_inactive, sync, mismatch, no_spare, other, capacity_forecast, volume_offline, volume_errors");
        assertThatThrownBy(() -> route(Map.of("kinds", " , ")))
                .isInstanceOf(ConfigException.class).hasMessage("config kinds: names no alert kind; leave it unset for all");
        assertThatThrownBy(() -> route(Map.of("hosts", "db(1")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config hosts: is not a Java regular expression: Unclosed group at index 4 in 'db(1'");
        assertThatThrownBy(() -> route(Map.of("subjects", "*md")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config subjects: is not a Java regular expression: Dangling meta");
        assertThatThrownBy(() -> route(Map.of("progress", "sometimes")))
                .isInstanceOf(ConfigException.class).hasMessage("config progress: expected true or false, got 'sometimes'");
    }

    @Test
    void aChannelsRouteIsReadFromItsOwnKeysAndItsErrorsNameTheFullKey() {
        List<Notifiers.Channel> channels = Notifiers.from(Settings.of(Map.of("notify.channels", "pager:console,all:console",
                "notify.pager.min-severity", "critical", "notify.pager.kinds", "array_degraded")));
        assertThat(channels.get(0).route().minSeverity()).isEqualTo(Severity.CRITICAL);
        assertThat(channels.get(0).route().kinds()).isEqualTo(Set.of(AlertKind.ARRAY_DEGRADED));
        assertThat(channels.get(1).route()).isEqualTo(ChannelRoute.ALL);
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "pager:console", "notify.pager.hosts", "[db"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config notify.pager.hosts: is not a Java regular expression: Unclosed character class");
    }

    @Test
    void anEpisodeGoesWhereItsFiringWentWhateverItsResolvedSays() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("min-severity", "critical")), 100);
        // fired WARNING (not sent), resolved saying CRITICAL: not sent either
        assertThat(routed(router, alert("db1", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING), 0)).isFalse();
        assertThat(routed(router, alert("db1", "md0", AlertKind.SATURATION, AlertState.RESOLVED, Severity.CRITICAL), 0)).isFalse();
        // fired CRITICAL (sent), progress and resolved saying INFO: sent
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.FIRING, Severity.CRITICAL), 0)).isTrue();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.PROGRESS, Severity.INFO), 0)).isTrue();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.RESOLVED, Severity.INFO), 0)).isTrue();
        assertThat(router.known()).as("resolved episodes are forgotten").isZero();
    }

    @Test
    void aResolvedReadAgainBeforeItWasHandledIsStillRoutedByItsFiring() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("min-severity", "critical")), 100);
        Alert resolved = alert("db1", "md0", AlertKind.SATURATION, AlertState.RESOLVED, Severity.INFO);
        router.routes(alert("db1", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.CRITICAL), 0);
        assertThat(router.routes(resolved, 0)).isTrue();
        // its delivery was given up (the partition moved and came back): read again
        assertThat(router.routes(resolved, 0)).isTrue();
        router.handled(resolved);
        assertThat(router.known()).isZero();
    }

    @Test
    void aResolvedWhoseFiringWasNotSeenIsJudgedByItsOwnFields() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("min-severity", "critical")), 100);
        assertThat(routed(router, alert("db1", "md0", AlertKind.ARRAY_DEGRADED, AlertState.RESOLVED, Severity.CRITICAL), 0)).isTrue();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.RESOLVED, Severity.WARNING), 0)).isFalse();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.PROGRESS, Severity.WARNING), 0)).isFalse();
    }

    @Test
    void progressOfASentEpisodeFollowsTheProgressSetting() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("progress", "false")), 100);
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.FIRING, Severity.WARNING), 0)).isTrue();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.PROGRESS, Severity.WARNING), 0)).isFalse();
        assertThat(routed(router, alert("db1", "md1", AlertKind.SYNC, AlertState.RESOLVED, Severity.WARNING), 0)).isTrue();
    }

    /** An incident update with {@code details.update}. */
    static Alert update(String subject, AlertKind kind, Severity severity, String update) {
        return Alerts.alert("db1", subject, SubjectKind.ARRAY, kind, AlertState.PROGRESS, severity, 1000, 6000, "db1 " + subject + " update")
                .setDetails(Map.of("update", update)).build();
    }

    @Test
    void anEscalationOpensTheIncidentOnAChannelItsFiringWasTooMildForAndReachesOneWithoutProgress() {
        EpisodeRouter pages = new EpisodeRouter(route(Map.of("min-severity", "warning", "progress", "false")), 100);
        // a check opens at INFO: not for pages; its progress neither
        assertThat(routed(pages, alert("db1", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.INFO), 0)).isFalse();
        assertThat(routed(pages, update("md0", AlertKind.SYNC, Severity.INFO, "progress"), 0)).isFalse();
        // it found mismatches: WARNING now, and that is the incident's opening on this channel
        assertThat(routed(pages, update("md0", AlertKind.SYNC, Severity.WARNING, "escalated"), 0)).isTrue();
        assertThat(routed(pages, update("md0", AlertKind.SYNC, Severity.WARNING, "joined"), 0)).as("progress off").isFalse();
        assertThat(routed(pages, alert("db1", "md0", AlertKind.SYNC, AlertState.RESOLVED, Severity.WARNING), 0)).isTrue();

        EpisodeRouter everything = new EpisodeRouter(route(Map.of("progress", "false")), 100);
        assertThat(routed(everything, alert("db1", "md1", AlertKind.SYNC, AlertState.FIRING, Severity.INFO), 0)).isTrue();
        assertThat(routed(everything, update("md1", AlertKind.SYNC, Severity.WARNING, "escalated"), 0))
                .as("an escalation is no progress update").isTrue();
    }

    @Test
    void anIncidentGoesToAChannelTakingAnyOfItsKinds() {
        ChannelRoute mismatches = route(Map.of("kinds", "mismatch,array_degraded"));
        Alert check = Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.SYNC, AlertState.FIRING, Severity.WARNING, 1000, 5000, "s")
                .setDetails(Map.of("kinds", "SYNC,SATURATION")).build();
        assertThat(mismatches.accepts(check)).isFalse();
        Alert failed = Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.MEMBER_FAULTY, AlertState.FIRING, Severity.CRITICAL, 1000, 5000,
                "s").setDetails(Map.of("kinds", "MEMBER_FAULTY,ARRAY_DEGRADED,FUTURE_KIND")).build();
        assertThat(mismatches.accepts(failed)).isTrue();
    }

    @Test
    void episodesOfPartitionsThatWentElsewhereAreReleased() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("min-severity", "warning")), 100);
        routed(router, alert("db1", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL), 0);
        routed(router, alert("db2", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL), 1);
        routed(router, alert("db3", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.INFO), 1);
        assertThat(router.release(Set.of(0, 1))).isEmpty();
        assertThat(router.release(Set.of(0))).as("only episodes sent to the channel are named")
                .containsExactly("db2/md0/ARRAY_DEGRADED/1000");
        assertThat(router.known()).isEqualTo(1);
    }

    @Test
    void theOldestOpenEpisodeIsForgottenPastCapacity() {
        EpisodeRouter router = new EpisodeRouter(route(Map.of("min-severity", "critical")), 2);
        routed(router, alert("db1", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING), 0);
        routed(router, alert("db2", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING), 0);
        routed(router, alert("db3", "md0", AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING), 0);
        assertThat(router.known()).isEqualTo(2);
        assertThat(routed(router, alert("db1", "md0", AlertKind.SATURATION, AlertState.RESOLVED, Severity.CRITICAL), 0))
                .as("forgotten: judged by its own fields").isTrue();
        assertThat(routed(router, alert("db2", "md0", AlertKind.SATURATION, AlertState.RESOLVED, Severity.CRITICAL), 0)).isFalse();
    }
}
