package io.raidpulse.planner;

import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.planner.console.Progress;
import io.raidpulse.topics.aggregate.AggregateSettings;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads an array's history from InfluxDB with InfluxQL (measurement and fields of METRICS.md):
 * its shape (the last values in the period), the percentiles of its load as the server computes
 * them, and every window for the projections. Each query that takes over a second reports
 * progress on stderr.
 */
final class HistoryQueries {
    /** Load fields whose p50/p95/p99 the plan reports. */
    static final List<String> LOAD_FIELDS = List.of("r_iops", "w_iops", "read_fraction", "mean_request_kB", "member_util_mean",
            "util_mean", "write_amp_io");
    static final List<String> PERCENTILES = List.of("p50", "p95", "p99");
    /**
     * A hardware RAID volume's: its members are hidden (no member util, no write amplification), and its own util says
     * little of a device that serves requests in parallel; its queue and latency do.
     */
    static final List<String> VOLUME_LOAD_FIELDS = List.of("r_iops", "w_iops", "read_fraction", "mean_request_kB", "util_mean",
            "aqu_sz_mean", "await_mean_ms");
    /** The array_kind tag of a hardware RAID volume's aggregates (METRICS.md); md arrays' is md, or absent on older points. */
    static final String HARDWARE = "hardware";

    private final InfluxConnection influx;
    private final boolean retentionPolicies;
    private final PrintWriter err;

    /** @param retentionPolicies whether the sink writes into raidpulse's retention policies ({@code influx.retention-policies}) */
    HistoryQueries(InfluxConnection influx, boolean retentionPolicies, PrintWriter err) {
        this.influx = influx;
        this.retentionPolicies = retentionPolicies;
        this.err = err;
    }

    ArrayHistory load(String host, String array, Instant from, Instant until, long windowMs) {
        String label = AggregateSettings.label(windowMs);
        String source = (retentionPolicies ? quote(InfluxPoints.aggregatePolicy((int) (windowMs / 1000))) + "." : "")
                + quote(InfluxPoints.ARRAY);
        String where = " WHERE \"host\" = " + literal(host) + " AND \"array\" = " + literal(array) + " AND \"window\" = " + literal(label)
                + " AND time >= " + from.toEpochMilli() + "ms AND time < " + until.toEpochMilli() + "ms";

        // one row per array_kind: a hardware RAID volume's aggregates say so in that tag
        InfluxQlResult shape = query("reading the shape of " + host + "/" + array,
                "SELECT count(\"r_iops\") AS windows, last(\"level\") AS level, last(\"layout\") AS layout, last(\"raid_disks\") AS raid_disks,"
                        + " last(\"chunk_bytes\") AS chunk_bytes, last(\"disk_model\") AS disk_model, last(\"rotational\") AS rotational,"
                        + " last(\"member_bytes\") AS member_bytes, last(\"capacity_source\") AS capacity_source,"
                        + " last(\"controller\") AS controller, last(\"controller_cache\") AS controller_cache FROM " + source + where
                        + " GROUP BY \"array_kind\"");
        // an md array's points from before array_kind have none: the tagged ones are the newer, their last values the shape's
        InfluxQlResult.Row s = shape.rows().stream().filter(r -> r.number("windows") != null && r.number("windows") > 0)
                .max(Comparator.comparingInt(r -> HARDWARE.equals(r.tags().get("array_kind")) ? 2
                        : r.tags().getOrDefault("array_kind", "").isEmpty() ? 0 : 1)).orElse(null);
        if (s == null) {
            throw noData(host, array, from, until, label);
        }
        boolean hardware = HARDWARE.equals(s.tags().get("array_kind"));
        if (hardware && (s.text("level") == null || s.number("raid_disks") == null)) {
            throw undeclared(host, array, s);
        }
        if (s.text("level") == null || s.number("raid_disks") == null) {
            throw new UserException("the aggregates of " + host + "/" + array + " in InfluxDB at " + influx.url()
                    + " do not say the array's level and disks (written by a stream processor without the capacity comparison)");
        }
        ArrayShape arrayShape = new ArrayShape(s.text("level"), s.text("layout"), s.number("raid_disks").intValue(),
                s.number("chunk_bytes") == null ? null : s.number("chunk_bytes").longValue(), s.text("disk_model"),
                s.text("rotational") == null ? null : Boolean.valueOf(s.text("rotational")),
                s.number("member_bytes") == null ? null : s.number("member_bytes").longValue(), null);

        List<String> fields = hardware ? VOLUME_LOAD_FIELDS : LOAD_FIELDS;
        StringBuilder select = new StringBuilder("SELECT ");
        for (String f : fields) {
            for (String p : PERCENTILES) {
                select.append(select.length() > 7 ? ", " : "").append("percentile(").append(quote(f)).append(", ").append(p.substring(1))
                        .append(") AS ").append(f).append('_').append(p);
            }
        }
        InfluxQlResult pct = query("percentiles of " + host + "/" + array, select + " FROM " + source + where);
        Map<String, Map<String, Double>> percentiles = new LinkedHashMap<>();
        if (!pct.isEmpty()) {
            InfluxQlResult.Row row = pct.rows().get(0);
            for (String f : fields) {
                Map<String, Double> byP = new LinkedHashMap<>();
                for (String p : PERCENTILES) {
                    Double v = row.number(f + "_" + p);
                    if (v != null) {
                        byP.put(p, v);
                    }
                }
                percentiles.put(f, byP);
            }
        }

        InfluxQlResult rows = query("windows of " + host + "/" + array,
                "SELECT \"r_iops\", \"w_iops\", \"rkB_s\", \"wkB_s\", \"member_util_mean\", \"util_mean\","
                        + " \"aqu_sz_mean\", \"await_mean_ms\" FROM " + source + where);
        List<ArrayHistory.Window> windows = new ArrayList<>(rows.size());
        for (InfluxQlResult.Row r : rows.rows()) {
            windows.add(new ArrayHistory.Window(r.time(), orZero(r.number("r_iops")), orZero(r.number("w_iops")), orZero(r.number("rkB_s")),
                    orZero(r.number("wkB_s")), orZero(r.number("member_util_mean")), orZero(r.number("util_mean")),
                    orZero(r.number("aqu_sz_mean")), orZero(r.number("await_mean_ms"))));
        }
        return new ArrayHistory(host, array, from, until, (int) (windowMs / 1000), arrayShape, s.text("capacity_source"), percentiles,
                windows, hardware ? new ArrayHistory.Volume(s.text("controller"), s.text("controller_cache")) : null);
    }

    /**
     * Every consumer's windows of the array in the period (raidpulse_consumer: the top consumers of each closed window,
     * "other", the sync and "unattributed"), oldest first; empty when the stream processor wrote none (no attribution on
     * the host, or a stream processor from before it).
     */
    List<ConsumerLoads.Row> consumers(String host, String array, Instant from, Instant until, long windowMs) {
        String label = AggregateSettings.label(windowMs);
        String source = (retentionPolicies ? quote(InfluxPoints.aggregatePolicy((int) (windowMs / 1000))) + "." : "") + quote(InfluxPoints.CONSUMER);
        InfluxQlResult rows = query("consumers of " + host + "/" + array,
                "SELECT \"member_load_pct\", \"member_iops\", \"r_iops\", \"w_iops\", \"rkB_s\", \"wkB_s\" FROM " + source
                        + " WHERE \"host\" = " + literal(host) + " AND \"array\" = " + literal(array) + " AND \"window\" = " + literal(label)
                        + " AND time >= " + from.toEpochMilli() + "ms AND time < " + until.toEpochMilli() + "ms"
                        + " GROUP BY \"consumer\", \"consumer_kind\"");
        List<ConsumerLoads.Row> out = new ArrayList<>(rows.size());
        for (InfluxQlResult.Row r : rows.rows()) {
            String consumer = unescaped(r.tags().get("consumer"));
            if (consumer == null || consumer.isEmpty()) {
                continue;
            }
            out.add(new ConsumerLoads.Row(r.time(), consumer, unescaped(r.tags().getOrDefault("consumer_kind", "")), orZero(r.number("member_load_pct")),
                    orZero(r.number("member_iops")), orZero(r.number("r_iops")), orZero(r.number("w_iops")), orZero(r.number("rkB_s")),
                    orZero(r.number("wkB_s"))));
        }
        out.sort(Comparator.comparing(ConsumerLoads.Row::start));
        return out;
    }

    /**
     * A hardware RAID volume whose level or disk count was not declared: the controller hides both from the host, so only
     * the collector's declaration (collector/README.md, Hardware RAID volumes) can give the model its shape.
     */
    private static UserException undeclared(String host, String array, InfluxQlResult.Row s) {
        List<String> keys = new ArrayList<>();
        if (s.text("level") == null) {
            keys.add("collector.hwraid." + array + ".level");
        }
        if (s.number("raid_disks") == null) {
            keys.add("collector.hwraid." + array + ".disks");
        }
        return new UserException(host + "/" + array + " is a hardware RAID volume whose " + (keys.size() == 2 ? "level and disks are"
                : s.text("level") == null ? "level is" : "disk count is") + " not declared, and the RAID model needs "
                + (keys.size() == 2 ? "both" : "it") + ": declare " + String.join(" and ", keys) + " in the collector's settings on " + host
                + " (the controller hides them from the host)", UserException.EXIT_USAGE, null);
    }

    private InfluxQlResult query(String what, String influxQl) {
        try (Progress progress = Progress.of(err, what + " from InfluxDB at " + influx.url())) {
            return influx.query(influxQl);
        }
    }

    private UserException noData(String host, String array, Instant from, Instant until, String label) {
        TreeSet<String> arrays = tagValues("SHOW TAG VALUES FROM " + quote(InfluxPoints.ARRAY) + " WITH KEY = \"array\" WHERE \"host\" = "
                + literal(host));
        String known;
        if (!arrays.isEmpty()) {
            known = "arrays of " + host + " there: " + String.join(", ", arrays);
        } else {
            TreeSet<String> hosts = tagValues("SHOW TAG VALUES FROM " + quote(InfluxPoints.ARRAY) + " WITH KEY = \"host\"");
            known = hosts.isEmpty() ? "no array aggregates at all (is the stream processor's sink writing there?)"
                    : "hosts with arrays there: " + String.join(", ", hosts);
        }
        return new UserException("no " + label + " aggregates of " + host + "/" + array + " from " + from + " to " + until + " in InfluxDB at "
                + influx.url() + " (database " + influx.database() + "); " + known, UserException.EXIT_USAGE, null);
    }

    private TreeSet<String> tagValues(String influxQl) {
        TreeSet<String> out = new TreeSet<>();
        for (InfluxQlResult.Row r : influx.query(influxQl).rows()) {
            if (r.text("value") != null) {
                out.add(r.text("value"));
            }
        }
        return out;
    }

    /*
     * A tag value as written: the client's CSV answers of a GROUP BY keep line protocol's escapes of a space, a comma and
     * an equals sign ("md\\ check", "user\\ sessions").
     */
    static String unescaped(String tag) {
        return tag == null ? null : tag.replace("\\ ", " ").replace("\\,", ",").replace("\\=", "=");
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }

    /** An identifier in double quotes. */
    static String quote(String identifier) {
        return "\"" + identifier.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A string literal in single quotes. */
    static String literal(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
