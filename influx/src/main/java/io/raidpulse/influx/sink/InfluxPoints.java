package io.raidpulse.influx.sink;

import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import io.raidpulse.md.SyncAction;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateConsumer;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.load.MdState;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the sink writes to InfluxDB for each record: measurements, tags and fields as METRICS.md
 * documents them (MetricsDocTest holds the two together). Timestamps are milliseconds; a point is
 * identified by measurement, tags and time, so writing a record twice overwrites, never adds.
 * Numbers that are counts are integers, all others floats, so that a field's type never changes.
 */
public final class InfluxPoints {
    /** Device aggregates, one point per device and window. */
    public static final String DEVICE = "raidpulse_device";
    /** Array aggregates, one point per array and window. */
    public static final String ARRAY = "raidpulse_array";
    /** Who loaded an array or device: one point per consumer a window kept (the top N, other, the sync, unattributed). */
    public static final String CONSUMER = "raidpulse_consumer";
    /** Alert state changes (Grafana annotations). */
    public static final String ALERT = "raidpulse_alert";
    /** Raw per-sample device metrics (optional). */
    public static final String DEVICE_SAMPLE = "raidpulse_device_sample";
    /** Raw per-sample md array state (optional). */
    public static final String ARRAY_SAMPLE = "raidpulse_array_sample";

    public static final String RP_ALERTS = "alerts";
    public static final String RP_RAW = "raw";

    /** One line of line protocol and the retention policy it goes to (null: the database's default). */
    public record Line(String retentionPolicy, String text) {
    }

    private final boolean retentionPolicies;

    /** @param retentionPolicies write into raidpulse's retention policies; false: the database's default one */
    public InfluxPoints(boolean retentionPolicies) {
        this.retentionPolicies = retentionPolicies;
    }

    /** Retention policy of a window size: agg_1m, agg_1h. */
    public static String aggregatePolicy(int windowS) {
        return "agg_" + AggregateSettings.label(windowS * 1000L);
    }

    private String rp(String name) {
        return retentionPolicies ? name : null;
    }

    public Line aggregate(Aggregate a) {
        // a hardware RAID volume is listed with the md arrays, told apart by array_kind
        boolean hardware = a.getSubjectKind() == SubjectKind.HARDWARE;
        boolean array = a.getSubjectKind() == SubjectKind.ARRAY || hardware;
        Point p = Point.measurement(array ? ARRAY : DEVICE)
                .addTag("host", a.getHost())
                .addTag(array ? "array" : "device", a.getSubject())
                .addTag("window", AggregateSettings.label(a.getWindowS() * 1000L));
        if (array) {
            p.addTag("array_kind", hardware ? "hardware" : "md");
        }
        p
                .addField("samples", (long) a.getSamples())
                .addField("util_mean", a.getUtilMean())
                .addField("util_max", a.getUtilMax())
                .addField("await_mean_ms", a.getAwaitMeanMs())
                .addField("await_p95_ms", a.getAwaitP95Ms())
                .addField("aqu_sz_mean", a.getAquSzMean())
                .addField("r_iops", a.getRIops())
                .addField("w_iops", a.getWIops())
                .addField("rkB_s", a.getRkBS())
                .addField("wkB_s", a.getWkBS());
        optional(p, "read_fraction", a.getReadFraction());
        optional(p, "mean_request_kB", a.getMeanRequestKB());
        if (array) {
            optional(p, "member_util_mean", a.getMemberUtilMean());
            optional(p, "write_amp_io", a.getWriteAmpIo());
            optional(p, "write_amp_sectors", a.getWriteAmpSectors());
            optional(p, "busiest_member", a.getBusiestMember());
            optional(p, "sync_action", a.getSyncAction());
            optional(p, "level", a.getLevel());
            optional(p, "layout", a.getLayout());
            optionalCount(p, "raid_disks", a.getRaidDisks());
            optionalCount(p, "chunk_bytes", a.getChunkBytes());
            optional(p, "disk_model", a.getDiskModel());
            if (a.getRotational() != null) {
                p.addField("rotational", a.getRotational());
            }
            optionalCount(p, "member_bytes", a.getMemberBytes());
            optional(p, "capacity_source", a.getCapacitySource());
            optional(p, "capacity_contradicted", a.getCapacityContradicted());
            optional(p, "capacity_confidence", a.getCapacityConfidence());
            optionalCount(p, "capacity_learned_windows", a.getCapacityLearnedWindows());
            optional(p, "capacity_uncertainty", a.getCapacityUncertainty());
            optional(p, "capacity_member_iops", a.getCapacityMemberIops());
            optional(p, "capacity_member_request_kB", a.getCapacityMemberRequestKB());
            optional(p, "capacity_member_MB_s", a.getCapacityMemberMBS());
            optional(p, "capacity_util", a.getCapacityUtil());
            optional(p, "capacity_read_util", a.getCapacityReadUtil());
            optional(p, "capacity_write_util", a.getCapacityWriteUtil());
            optional(p, "headroom", a.getHeadroom());
            for (Map.Entry<String, Double> e : a.getProjections().entrySet()) {
                optional(p, "projected_util_" + e.getKey().replace('-', '_'), e.getValue());
            }
            optionalCount(p, "degraded_max", a.getDegradedMax());
            optionalCount(p, "faulty_members_max", a.getFaultyMembersMax());
            optionalCount(p, "members", a.getMembers());
            optionalCount(p, "spare_members", a.getSpareMembers());
            optional(p, "sync_completed_pct", a.getSyncCompletedPct());
            optionalCount(p, "sync_speed_kib_s", a.getSyncSpeedKibS());
            optionalCount(p, "sync_eta_s", a.getSyncEtaS());
            optionalCount(p, "mismatch_cnt", a.getMismatchCnt());
            optional(p, "controller", a.getController());
            optional(p, "controller_cache", a.getControllerCache());
        }
        p.time(a.getWindowStart().toEpochMilli(), WritePrecision.MS);
        return new Line(rp(aggregatePolicy(a.getWindowS())), p.toLineProtocol());
    }

    /**
     * The window's consumers ({@link Aggregate#getConsumers}), one point each, into the window's retention policy
     * as its aggregate; none when the window has none. Bounded by what the window kept: aggregate.consumers-top
     * named consumers, "other", and the sync and "unattributed" when present.
     */
    public List<Line> consumers(Aggregate a) {
        List<AggregateConsumer> consumers = a.getConsumers();
        if (consumers == null || consumers.isEmpty()) {
            return List.of();
        }
        boolean array = a.getSubjectKind() == SubjectKind.ARRAY || a.getSubjectKind() == SubjectKind.HARDWARE;
        String window = AggregateSettings.label(a.getWindowS() * 1000L);
        String rp = rp(aggregatePolicy(a.getWindowS()));
        long time = a.getWindowStart().toEpochMilli();
        List<Line> lines = new ArrayList<>(consumers.size());
        for (AggregateConsumer c : consumers) {
            Point p = Point.measurement(CONSUMER)
                    .addTag("host", a.getHost())
                    .addTag(array ? "array" : "device", a.getSubject())
                    .addTag("consumer", c.getName())
                    .addTag("consumer_kind", c.getKind())
                    .addTag("window", window)
                    .addField("member_load_pct", c.getMemberLoadPct())
                    .addField("member_iops", c.getMemberIops())
                    .addField("r_iops", c.getRIops())
                    .addField("w_iops", c.getWIops())
                    .addField("rkB_s", c.getRkBS())
                    .addField("wkB_s", c.getWkBS())
                    .addField("samples", (long) a.getConsumerSamples())
                    .time(time, WritePrecision.MS);
            lines.add(new Line(rp, p.toLineProtocol()));
        }
        return lines;
    }

    public Line alert(Alert a) {
        Point p = Point.measurement(ALERT)
                .addTag("host", a.getHost())
                .addTag("subject", a.getSubject())
                .addTag("subject_kind", lower(a.getSubjectKind().name()))
                .addTag("kind", lower(a.getKind().name()))
                .addTag("state", lower(a.getState().name()))
                .addTag("severity", lower(a.getSeverity().name()))
                .addField("alert_id", a.getAlertId())
                .addField("summary", a.getSummary())
                .addField("start_time_ms", a.getStartTime().toEpochMilli());
        if (a.getEndTime() != null) {
            p.addField("end_time_ms", a.getEndTime().toEpochMilli());
        }
        optional(p, "peak_util", a.getPeakUtil());
        optional(p, "mean_util", a.getMeanUtil());
        optional(p, "busiest_member", a.getBusiestMember());
        optional(p, "cause", a.getCause());
        if (!a.getEvidence().isEmpty()) {
            p.addField("evidence", String.join("; ", a.getEvidence()));
        }
        if (a.getKind() == AlertKind.CAPACITY_FORECAST) {
            forecast(p, a.getDetails());
        }
        p.time(a.getEventTime().toEpochMilli(), WritePrecision.MS);
        return new Line(rp(RP_ALERTS), p.toLineProtocol());
    }

    /** A forecast's threshold and predicted crossing, as numbers a dashboard can sort and format. */
    private static void forecast(Point p, Map<String, String> details) {
        try {
            String threshold = details.get("threshold_pct");
            if (threshold != null) {
                p.addField("threshold_pct", Double.parseDouble(threshold));
            }
            String crossing = details.get("crossing");
            if (crossing != null) {
                p.addField("crossing_ms", Instant.parse(crossing).toEpochMilli());
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            // details written by another version in another form: the summary still says it
        }
    }

    /** Raw per-sample points: every device with metrics and every array. */
    public List<Line> sample(HostSample s) {
        List<Line> out = new ArrayList<>(s.getDevices().size() + s.getArrays().size());
        String host = s.getHost().getHostname();
        long t = s.getSampleTime().toEpochMilli();
        for (DeviceSample d : s.getDevices()) {
            IostatMetrics m = d.getMetrics();
            if (m == null) {
                continue;
            }
            Point p = Point.measurement(DEVICE_SAMPLE).addTag("host", host).addTag("device", d.getName())
                    .addTag("kind", lower(d.getKind().name()))
                    .addField("r_s", m.getRS()).addField("w_s", m.getWS()).addField("d_s", m.getDS()).addField("f_s", m.getFS())
                    .addField("rkB_s", m.getRkBS()).addField("wkB_s", m.getWkBS()).addField("dkB_s", m.getDkBS())
                    .addField("rrqm_s", m.getRrqmS()).addField("wrqm_s", m.getWrqmS()).addField("drqm_s", m.getDrqmS())
                    .addField("rrqm", m.getRrqm()).addField("wrqm", m.getWrqm()).addField("drqm", m.getDrqm())
                    .addField("r_await", m.getRAwait()).addField("w_await", m.getWAwait()).addField("d_await", m.getDAwait())
                    .addField("f_await", m.getFAwait()).addField("rareq_sz", m.getRareqSz()).addField("wareq_sz", m.getWareqSz())
                    .addField("dareq_sz", m.getDareqSz()).addField("aqu_sz", m.getAquSz()).addField("util", m.getUtil())
                    .time(t, WritePrecision.MS);
            out.add(new Line(rp(RP_RAW), p.toLineProtocol()));
        }
        for (MdArray a : s.getArrays()) {
            MdState state = MdState.of(a);
            Point p = Point.measurement(ARRAY_SAMPLE).addTag("host", host).addTag("array", a.getName())
                    .addTag("level", a.getLevel() == null ? "unknown" : a.getLevel())
                    .addField("active", a.getActive())
                    .addField("members", (long) state.members())
                    .addField("faulty_members", (long) state.faulty())
                    .addField("spare_members", (long) state.spares())
                    .addField("sync_action", a.getSyncAction() == null ? SyncAction.IDLE.word() : a.getSyncAction());
            optionalCount(p, "raid_disks", a.getRaidDisks());
            optionalCount(p, "degraded", state.degraded());
            optional(p, "sync_completed_pct", state.syncPct());
            optionalCount(p, "sync_speed_kib_s", state.syncSpeed());
            optionalCount(p, "sync_eta_s", state.syncEta());
            optionalCount(p, "mismatch_cnt", state.mismatches());
            p.time(t, WritePrecision.MS);
            out.add(new Line(rp(RP_RAW), p.toLineProtocol()));
        }
        return out;
    }

    private static void optional(Point p, String field, Double v) {
        if (v != null && Double.isFinite(v)) {
            p.addField(field, v);
        }
    }

    private static void optional(Point p, String field, String v) {
        if (v != null) {
            p.addField(field, v);
        }
    }

    /** An integer field (Integer or Long), when known. */
    private static void optionalCount(Point p, String field, Number v) {
        if (v != null) {
            p.addField(field, v.longValue());
        }
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
