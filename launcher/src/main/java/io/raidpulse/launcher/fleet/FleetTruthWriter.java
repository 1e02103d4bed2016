package io.raidpulse.launcher.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.truth.Episode;
import io.raidpulse.simulator.truth.IncidentTruth;
import io.raidpulse.simulator.truth.SaturationRule;
import io.raidpulse.simulator.truth.TruthRecorder;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet's ground truth as JSON lines, in the simulator's truth format where it has one: a
 * {@code "type":"fleet"} header, then per host a {@code "type":"scenario"} line
 * (the simulator's header, plus the host's phase, clock offset, hardware and what the mix asked
 * for), one {@code "type":"episode"} line per expected alert episode with a {@code host} key, and
 * one {@code "type":"incident"} line per incident those episodes make (the simulator's
 * {@link IncidentTruth}: subject, FIRING and RESOLVED due, the kinds of its episodes).
 * Times are the host's clock, as its samples are stamped. No step lines: at thousands of hosts
 * they would be most of the file and nothing checks them.
 *
 * <p>Each host's truth is the simulator's ({@link TruthRecorder} over its own run of the host's
 * model, the same deterministic model the fleet samples), computed one host at a time before the
 * fleet starts: the recorded steps of every host at once would take about 3 KB per host and step.
 */
final class FleetTruthWriter implements Closeable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final BufferedWriter out;

    FleetTruthWriter(Path file, Map<String, Object> fleet) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("type", "fleet");
        h.putAll(fleet);
        SaturationRule r = SaturationRule.DEFAULTS;
        h.put("saturation_rule", Map.of("fire_util", r.fireUtil(), "sustain_s", r.sustainSeconds(), "clear_util", r.clearUtil(),
                "clear_s", r.clearSeconds(), "applied_to", "saturation_level: util, capacity_used for parallel devices"));
        line(h);
    }

    /** Runs each host's model to its end with the simulator's truth recorder and writes its plan and episodes. */
    void write(List<FleetMix.HostPlan> plans) throws IOException {
        for (FleetMix.HostPlan plan : plans) {
            HostModel model = new HostModel(plan.scenario());
            TruthRecorder truth = new TruthRecorder(model);
            for (long step = 1; step <= plan.scenario().steps(); step++) {
                model.advanceTo(step * plan.intervalS());
                truth.record(step, plan.scenario().start().plusSeconds(model.second()));
            }
            host(plan, truth.truth().episodes(SaturationRule.DEFAULTS), truth.truth().incidents(SaturationRule.DEFAULTS));
        }
        out.flush();
    }

    private void host(FleetMix.HostPlan plan, List<Episode> episodes, List<IncidentTruth> incidents) throws IOException {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("type", "scenario");
        h.put("scenario", plan.scenario().name());
        h.put("host", plan.host());
        h.put("start_ms", plan.scenario().start().toEpochMilli());
        h.put("interval_s", plan.intervalS());
        h.put("duration_s", plan.scenario().durationSeconds());
        h.put("phase_ms", plan.phaseMs());
        h.put("clock_offset_ms", plan.skewMs());
        h.put("hardware", plan.kind());
        h.put("asked", plan.asked().stream().map(a -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("what", a.what());
            m.put("array", a.array());
            m.put("from_ms", plan.scenario().start().plusSeconds(a.fromS()).toEpochMilli());
            m.put("to_ms", plan.scenario().start().plusSeconds(a.toS()).toEpochMilli());
            return m;
        }).toList());
        line(h);
        for (Episode e : episodes) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "episode");
            m.put("host", plan.host());
            Map<String, Object> json = e.json();
            json.remove("type");
            m.putAll(json);
            line(m);
        }
        for (IncidentTruth i : incidents) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "incident");
            m.put("host", plan.host());
            m.put("subject", i.subject());
            m.put("firing_ms", i.firing().toEpochMilli());
            m.put("resolved_ms", i.resolved() == null ? null : i.resolved().toEpochMilli());
            m.put("kinds", List.copyOf(i.kinds()));
            m.put("episodes", i.episodes().size());
            line(m);
        }
    }

    private void line(Map<String, Object> value) throws IOException {
        out.write(JSON.writeValueAsString(value));
        out.write('\n');
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
