package io.raidpulse.launcher.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.launcher.Main;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.truth.Episode;
import io.raidpulse.simulator.truth.SaturationRule;
import io.raidpulse.simulator.truth.TruthRecorder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class FleetMixTest {
    private static final Instant START = Instant.parse("2026-01-05T00:00:00Z");

    @Test
    void theSameSeedDrawsTheSameFleetAndAHostDoesNotDependOnTheFleetsSize() {
        List<FleetMix.HostPlan> a = FleetMix.draw(5, 40, 3600, 0, START);
        List<FleetMix.HostPlan> b = FleetMix.draw(5, 80, 3600, 0, START);
        assertThat(b.subList(0, 40).stream().map(FleetMix.HostPlan::scenarioText).toList())
                .isEqualTo(a.stream().map(FleetMix.HostPlan::scenarioText).toList());
        assertThat(b.subList(0, 40).stream().map(p -> p.phaseMs() + "/" + p.skewMs()).toList())
                .isEqualTo(a.stream().map(p -> p.phaseMs() + "/" + p.skewMs()).toList());
        assertThat(FleetMix.draw(6, 40, 3600, 0, START).stream().map(FleetMix.HostPlan::scenarioText).toList())
                .isNotEqualTo(a.stream().map(FleetMix.HostPlan::scenarioText).toList());
    }

    @Test
    void aThousandHostsHoldEveryKindLayoutAndEventInAboutTheirShares() {
        List<FleetMix.HostPlan> plans = FleetMix.draw(1, 1000, 3600, 0, START);
        Map<String, Long> kinds = new TreeMap<>(plans.stream().collect(Collectors.groupingBy(p -> p.kind().split(" ")[0], Collectors.counting())));
        assertThat(kinds).containsOnlyKeys("hdd", "ssd", "nvme").allSatisfy((k, n) -> assertThat(n).isBetween(250L, 420L));
        for (String level : List.of("raid0", "raid1", "raid5", "raid6", "raid10")) {
            assertThat(plans).as(level).anyMatch(p -> p.kind().contains("md0=" + level));
        }
        Map<String, Long> asked = plans.stream().flatMap(p -> p.asked().stream())
                .collect(Collectors.groupingBy(FleetMix.Asked::what, TreeMap::new, Collectors.counting()));
        // shares of all hosts; failures and checks only on redundant data arrays (four layouts of five)
        assertThat(asked.get("saturation")).isBetween(250L, 350L);
        assertThat(asked.get("degraded")).isBetween(90L, 150L).isEqualTo(asked.get("rebuild"));
        assertThat(asked.get("check")).isBetween(120L, 200L);
        assertThat(plans.stream().map(FleetMix.HostPlan::intervalS).distinct().sorted().toList()).containsExactly(5L, 10L, 15L, 30L);
        assertThat(plans).allSatisfy(p -> {
            assertThat(p.skewMs()).isBetween(-FleetMix.MAX_SKEW_MS, FleetMix.MAX_SKEW_MS);
            assertThat(p.phaseMs()).isBetween(0L, p.intervalS() * 1000 - 1);
            assertThat(p.scenario().start().toEpochMilli()).isEqualTo(START.toEpochMilli() + p.phaseMs() + p.skewMs());
            assertThat(p.scenario().durationSeconds() % p.intervalS()).isZero();
        });
    }

    /**
     * The mix's capacity formula against the simulator's model: hosts asked for nothing show no
     * episode at all, and every saturating phase asked for fires, over 40 hosts of every kind.
     */
    @Test
    void theModelSaturatesExactlyWhereTheMixAskedAndNowhereElseOnQuietHosts() {
        List<FleetMix.HostPlan> plans = FleetMix.draw(3, 40, 600, 10, START);
        int quiet = 0;
        int saturating = 0;
        for (FleetMix.HostPlan p : plans) {
            HostModel model = new HostModel(p.scenario());
            TruthRecorder truth = new TruthRecorder(model);
            for (long step = 1; step <= p.scenario().steps(); step++) {
                model.advanceTo(step * p.intervalS());
                truth.record(step, p.scenario().start().plusSeconds(model.second()));
            }
            List<Episode> episodes = truth.truth().episodes(SaturationRule.DEFAULTS);
            if (p.asked().isEmpty()) {
                quiet++;
                assertThat(episodes).as("%s: %s", p.host(), p.kind()).isEmpty();
            }
            for (FleetMix.Asked a : p.asked()) {
                if (a.what().equals("saturation") && p.asked().size() == 1) {
                    saturating++;
                    assertThat(episodes).as("%s: %s", p.host(), p.kind())
                            .anyMatch(e -> e.kind().equals("SATURATION") && e.subject().equals(a.array()));
                    assertThat(episodes).as("%s: %s", p.host(), p.kind()).allMatch(e -> e.kind().equals("SATURATION"));
                }
            }
        }
        assertThat(quiet).isGreaterThan(5);
        assertThat(saturating).isGreaterThan(5);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--hosts 0|--hosts must be 1 to 100000, got 0",
        "--hosts 100001|--hosts must be 1 to 100000, got 100001",
        "--duration 4m|--duration must be at least 5m, got 4m",
        "--duration soon|--duration must be a time like 90s, 10m, 1h30m or 2d, got 'soon'",
        "--interval 0s|--interval must be 1s to 1h, got 0s",
        "--interval 1h --duration 5h|--interval 1h leaves fewer than 10 samples in --duration 5h: make it shorter or the duration longer",
        "--start yesterday --dry-run|--start must be an ISO-8601 instant like 2026-01-01T00:00:00Z, got yesterday",
        "--fast|config kafka.bootstrap.servers: is required: set it or pass --bootstrap-servers host:port"})
    void userErrorsEndInOneLineAndExitCode2(String args, String message) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.getSubcommands().get("fleet").setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        String[] argv = ("fleet " + args).split(" ");
        int exit = cli.execute(argv);
        assertThat(exit).as(err.toString()).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("raidpulse fleet: " + message);
    }
}
