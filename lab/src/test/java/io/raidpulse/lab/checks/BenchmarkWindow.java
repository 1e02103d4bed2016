package io.raidpulse.lab.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.lab.recording.Recording;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * When a fio benchmark of a recording really did I/O, and the guest's own iostat reports that lie
 * inside it. fio's runtime ending at its own timestamp, not the bench-start and bench-end events:
 * under TCG fio takes a second or two to start before its first request.
 */
record BenchmarkWindow(Instant ioStart, Instant ioEnd) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** iostat -t in the guest (C locale, UTC): "12/01/26 21:24:47". */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM/dd/yy HH:mm:ss");

    static BenchmarkWindow of(Recording r, String bench) throws IOException {
        JsonNode fio = JSON.readTree(r.bench().resolve(bench + ".fio.json").toFile());
        long runtimeMs = 0;
        for (JsonNode job : fio.path("jobs")) {
            runtimeMs = Math.max(runtimeMs, Math.max(job.path("read").path("runtime").asLong(), job.path("write").path("runtime").asLong()));
        }
        Instant end = Instant.ofEpochMilli(fio.path("timestamp_ms").asLong());
        return new BenchmarkWindow(end.minusMillis(runtimeMs), end);
    }

    /** Each iostat report whose whole interval lies inside the window: device name to its row. */
    List<Map<String, JsonNode>> iostat(Recording r) throws IOException {
        double interval = r.manifest().path("record_interval_s").asDouble();
        List<Map<String, JsonNode>> out = new ArrayList<>();
        for (JsonNode st : r.iostat().path("sysstat").path("hosts").get(0).path("statistics")) {
            // iostat -t prints whole seconds: the interval ended within the second after
            Instant at = LocalDateTime.parse(st.path("timestamp").asText(), TIME).toInstant(ZoneOffset.UTC);
            if (at.minusMillis(Math.round(interval * 1000)).isBefore(ioStart) || at.plusSeconds(1).isAfter(ioEnd)) {
                continue;
            }
            Map<String, JsonNode> devices = new LinkedHashMap<>();
            for (JsonNode d : st.path("disk")) {
                devices.put(d.path("disk_device").asText(), d);
            }
            out.add(devices);
        }
        return out;
    }

    /** What the lab's disks did during a benchmark: the busiest one's mean %util, and MB/s moved by all together. */
    record Disks(double busiestUtil, double totalMBps) {
    }

    Disks disks(Recording r) throws IOException {
        List<String> names = new ArrayList<>();
        r.manifest().path("disks").forEach(d -> names.add(d.path("guest").asText()));
        List<Map<String, JsonNode>> reports = iostat(r);
        if (reports.isEmpty()) {
            throw new IllegalStateException(r.name() + ": no whole iostat interval inside " + ioStart + " - " + ioEnd);
        }
        Map<String, Double> util = new LinkedHashMap<>();
        double mbps = 0;
        for (Map<String, JsonNode> report : reports) {
            for (String n : names) {
                JsonNode d = report.get(n);
                if (d != null) {
                    util.merge(n, d.path("util").asDouble() / reports.size(), Double::sum);
                    mbps += (d.path("rkB/s").asDouble() + d.path("wkB/s").asDouble()) * 1024 / 1e6 / reports.size();
                }
            }
        }
        return new Disks(util.values().stream().mapToDouble(Double::doubleValue).max().orElse(0), mbps);
    }
}
