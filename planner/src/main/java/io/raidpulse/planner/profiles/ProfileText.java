package io.raidpulse.planner.profiles;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.TrustVerdicts;
import io.raidpulse.model.profile.Verdict;
import io.raidpulse.topics.profiles.ProfileRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the {@code bench} commands show profiles: one table row, a full description, JSON. */
final class ProfileText {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ProfileText() {
    }

    /** "raid10 near-2 x4", "raid5 x8", "single disk", or "?" when the output and the user did not say. */
    static String array(BenchmarkResult p) {
        if (p.level() == null) {
            return p.disks() == null ? "?" : "? x" + p.disks();
        }
        return switch (p.level()) {
            case SINGLE -> "single disk";
            default -> p.level().canonical() + (p.layout() == null ? "" : " " + p.layout()) + (p.disks() == null ? " x?" : " x" + p.disks());
        };
    }

    /** "random 70% reads 4 KiB q4x2", "sequential write 1 MiB", "pgbench". */
    static String pattern(BenchmarkResult p) {
        if (p.pattern() == IoPattern.APPLICATION) {
            return p.tool().name().toLowerCase(Locale.ROOT) + " transactions" + (p.jobs() == null ? "" : ", " + p.jobs() + " clients");
        }
        StringBuilder b = new StringBuilder(p.pattern() == null ? "pattern unknown" : p.pattern().name().toLowerCase(Locale.ROOT));
        if (p.readFraction() != null) {
            if (p.readFraction() >= 0.995) {
                b.append(" read");
            } else if (p.readFraction() <= 0.005) {
                b.append(" write");
            } else {
                b.append(String.format(Locale.ROOT, " %.0f%% reads", p.readFraction() * 100));
            }
        }
        if (p.blockSizeBytes() != null) {
            b.append(' ').append(TrustVerdicts.bytes(p.blockSizeBytes()));
        }
        if (p.queueDepth() != null || p.jobs() != null) {
            b.append(" q").append(p.queueDepth() == null ? "?" : p.queueDepth()).append('x').append(p.jobs() == null ? "?" : p.jobs());
        }
        return b.toString();
    }

    /** The headline figures: "1784 r/s", "1234 r/s + 529 w/s", "268 MB/s read", "tps 1234". */
    static String result(BenchmarkResult p) {
        List<String> parts = new ArrayList<>();
        if (p.pattern() == IoPattern.SEQUENTIAL) {
            rate(parts, p.readBytesPerSec(), "read");
            rate(parts, p.writeBytesPerSec(), "written");
        } else {
            iops(parts, p.readIops(), "r/s");
            iops(parts, p.writeIops(), "w/s");
            if (parts.isEmpty()) {
                rate(parts, p.readBytesPerSec(), "read");
                rate(parts, p.writeBytesPerSec(), "written");
            }
        }
        if (p.tps() != null) {
            parts.add(String.format(Locale.ROOT, "tps %.0f", p.tps()));
        }
        return parts.isEmpty() ? "no figures" : String.join(" + ", parts);
    }

    private static void iops(List<String> parts, Double v, String unit) {
        if (v != null && v > 0) {
            parts.add(String.format(Locale.ROOT, "%.0f %s", v, unit));
        }
    }

    private static void rate(List<String> parts, Double bytesPerSec, String what) {
        if (bytesPerSec != null && bytesPerSec > 0) {
            parts.add(String.format(Locale.ROOT, "%.1f MB/s %s", bytesPerSec / 1e6, what));
        }
    }

    /** How the stream processor will use the profile, or why it will not. */
    static String use(BenchmarkResult p) {
        if (p.verdict() != Verdict.TRUSTED) {
            return "none: a " + p.verdict() + " profile is never a capacity";
        }
        if (p.pattern() != IoPattern.RANDOM && p.pattern() != IoPattern.SEQUENTIAL) {
            return "none: only random or sequential results are capacities (" + (p.pattern() == null
                    ? "give --pattern" : p.pattern().name().toLowerCase(Locale.ROOT) + " is not") + ")";
        }
        if (p.level() == RaidLevel.SINGLE) {
            return p.diskModel() == null ? "none yet: a single-disk profile needs --disk-model to become the member disk of live arrays"
                    : "member disk of live arrays of " + p.diskModel() + " disks (with a random-read, a random-write and a sequential profile)";
        }
        if (p.level() == null || p.disks() == null) {
            return "none yet: the array is not known (give --level and --disks, or --level single for one disk)";
        }
        return "capacity of live " + array(p) + " arrays of " + (p.diskModel() == null ? "any" : p.diskModel()) + " disks"
                + (p.rotational() == null ? "" : p.rotational() ? " (spinning)" : " (solid state)") + " under a similar load";
    }

    /** A table with a header and columns as wide as their widest cell. */
    static String table(List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        for (List<String> r : concat(header, rows)) {
            for (int i = 0; i < r.size(); i++) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (List<String> r : concat(header, rows)) {
            for (int i = 0; i < r.size(); i++) {
                b.append(i == r.size() - 1 ? r.get(i) : String.format(Locale.ROOT, "%-" + width[i] + "s  ", r.get(i)));
            }
            b.append(System.lineSeparator());
        }
        return b.toString();
    }

    private static List<List<String>> concat(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }

    /** Everything about one profile, a line per fact. */
    static String describe(BenchmarkResult p) {
        List<String> lines = new ArrayList<>();
        lines.add(p.id());
        line(lines, "tool", p.tool().name().toLowerCase(Locale.ROOT) + (p.toolVersion() == null ? "" : " " + p.toolVersion()));
        line(lines, "pattern", pattern(p) + (p.direct() == null ? "" : p.direct() ? ", direct I/O" : ", buffered I/O"));
        List<String> on = new ArrayList<>();
        on.add(array(p));
        if (p.diskModel() != null) {
            on.add(p.diskModel());
        }
        if (p.rotational() != null) {
            on.add(p.rotational() ? "spinning" : "solid state");
        }
        if (p.diskSizeBytes() != null) {
            on.add(String.format(Locale.ROOT, "%.1f TB members", p.diskSizeBytes() / 1e12));
        }
        if (p.controller() != null) {
            on.add(p.controller());
        }
        if (p.filesystem() != null) {
            on.add(p.filesystem());
        }
        line(lines, "on", String.join(", ", on));
        if (p.fileSizeBytes() != null || p.ramBytes() != null) {
            line(lines, "data set", (p.fileSizeBytes() == null ? "?" : TrustVerdicts.bytes(p.fileSizeBytes()))
                    + (p.ramBytes() == null ? " (RAM not given)" : " with " + TrustVerdicts.bytes(p.ramBytes()) + " of RAM"));
        }
        line(lines, "measured", result(p));
        List<String> latency = new ArrayList<>();
        latencies(latency, "read", p.readLatencyUs());
        latencies(latency, "write", p.writeLatencyUs());
        if (p.meanLatencyUs() != null) {
            latency.add(String.format(Locale.ROOT, "mean %.3f ms", p.meanLatencyUs() / 1000));
        }
        if (!latency.isEmpty()) {
            line(lines, "latency", String.join("; ", latency));
        }
        if (p.memberWritesPerMdWrite() != null) {
            line(lines, "members", String.format(Locale.ROOT, "%.2f reads + %.2f writes per md write (fio disk_util)",
                    p.memberReadsPerMdWrite() == null ? 0 : p.memberReadsPerMdWrite(), p.memberWritesPerMdWrite()));
        }
        line(lines, "verdict", p.verdict() + (p.modelRatio() == null ? "" : String.format(Locale.ROOT, " (measured/model %.2f)", p.modelRatio())));
        for (String r : p.verdictReasons()) {
            lines.add(continued(r));
        }
        if (p.verdict() == Verdict.TRUSTED && p.modelRatio() == null && p.pattern() != IoPattern.APPLICATION) {
            lines.add(continued("not held against the model (no member-disk profile: --disk-profile, or single-disk profiles of the disk model)"));
        }
        if (!p.parameters().isEmpty()) {
            line(lines, "parameters", String.join(" ", p.parameters().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        }
        if (p.source() != null) {
            line(lines, "source", p.source());
        }
        if (p.importedAtMs() != null) {
            line(lines, "imported", Instant.ofEpochMilli(p.importedAtMs()).toString());
        }
        if (p.notes() != null) {
            line(lines, "notes", p.notes());
        }
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }

    private static void latencies(List<String> out, String what, Map<String, Double> us) {
        if (us == null) {
            return;
        }
        StringBuilder b = new StringBuilder(what);
        for (String k : List.of("p50", "p95", "p99", "p99.9", "max")) {
            Double v = us.get(k);
            if (v != null) {
                b.append(String.format(Locale.ROOT, " %s %.3f ms", k, v / 1000));
            }
        }
        if (b.length() > what.length()) {
            out.add(b.toString());
        }
    }

    private static void line(List<String> lines, String label, String value) {
        lines.add(labelled(label, value));
    }

    /** A further line of the fact above, aligned with its value. */
    static String continued(String value) {
        return " ".repeat(14) + value;
    }

    /** "  verdict:    TRUSTED": a fact of {@link #describe}. */
    static String labelled(String label, String value) {
        return String.format(Locale.ROOT, "  %-11s %s", label + ":", value);
    }

    /** The profile as published: the Avro record's fields and values, as JSON. */
    static JsonNode node(BenchmarkResult p) {
        try {
            return JSON.readTree(ProfileRecords.toAvro(p).toString());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Avro's JSON of profile " + p.id() + " does not parse", e);
        }
    }

    static String json(List<BenchmarkResult> profiles) {
        List<JsonNode> nodes = profiles.stream().map(ProfileText::node).toList();
        try {
            return JSON.writeValueAsString(nodes);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String json(BenchmarkResult p) {
        try {
            return JSON.writeValueAsString(node(p));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
