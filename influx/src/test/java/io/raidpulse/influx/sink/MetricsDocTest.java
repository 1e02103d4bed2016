package io.raidpulse.influx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateConsumer;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * METRICS.md documents exactly what the sink writes: every tag and field of the line protocol
 * produced for records with every optional value set appears in the table with the same kind
 * and type, and every documented name is written.
 */
class MetricsDocTest {
    private static final Pattern HEADING = Pattern.compile("^## (\\w+)\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\| (\\w+) \\| (tag|field) \\| (\\w+) \\|.*");

    /** measurement -> name -> "tag string" / "field float" */
    static Map<String, Map<String, String>> documented() throws IOException {
        Path doc = Path.of("..", "METRICS.md");
        Map<String, Map<String, String>> out = new TreeMap<>();
        String measurement = null;
        for (String line : Files.readAllLines(doc)) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                measurement = h.group(1);
                continue;
            }
            Matcher r = ROW.matcher(line);
            if (r.matches() && measurement != null) {
                out.computeIfAbsent(measurement, m -> new TreeMap<>()).put(r.group(1), r.group(2) + " " + r.group(3));
            }
        }
        return out;
    }

    static Map<String, Map<String, String>> written() {
        InfluxPoints points = new InfluxPoints(true);
        List<String> lines = new ArrayList<>();
        lines.add(points.aggregate(aggregate(SubjectKind.DEVICE)).text());
        lines.add(points.aggregate(aggregate(SubjectKind.ARRAY)).text());
        lines.add(points.aggregate(hardwareAggregate()).text());
        points.consumers(withConsumers(aggregate(SubjectKind.ARRAY))).forEach(l -> lines.add(l.text()));
        points.consumers(withConsumers(aggregate(SubjectKind.DEVICE))).forEach(l -> lines.add(l.text()));
        lines.add(points.alert(alert()).text());
        Alert forecast = alert();
        forecast.setAlertId("db1/md0/CAPACITY_FORECAST/70/1");
        forecast.setKind(AlertKind.CAPACITY_FORECAST);
        forecast.setDetails(Map.of("threshold_pct", "70", "crossing", "2027-03-01T12:00:00Z"));
        lines.add(points.alert(forecast).text());
        points.sample(sample()).forEach(l -> lines.add(l.text()));
        Map<String, Map<String, String>> out = new TreeMap<>();
        for (String line : lines) {
            LineProtocol p = LineProtocol.parse(line);
            Map<String, String> names = out.computeIfAbsent(p.measurement(), m -> new TreeMap<>());
            p.tags().keySet().forEach(t -> names.put(t, "tag string"));
            p.fields().forEach((f, v) -> names.put(f.startsWith("projected_util_") ? "projected_util_LAYOUT" : f,
                    "field " + LineProtocol.type(v)));
        }
        return out;
    }

    @Test
    void everyMeasurementTagAndFieldWrittenIsDocumentedWithItsTypeAndNothingElse() throws IOException {
        Map<String, Map<String, String>> documented = documented();
        Map<String, Map<String, String>> written = written();
        assertThat(documented.keySet()).containsExactlyInAnyOrder(InfluxPoints.DEVICE, InfluxPoints.ARRAY, InfluxPoints.CONSUMER,
                InfluxPoints.ALERT, InfluxPoints.DEVICE_SAMPLE, InfluxPoints.ARRAY_SAMPLE);
        assertThat(written).isEqualTo(documented);
    }

    @Test
    void aHardwareVolumeIsListedWithTheArraysAndToldApartByArrayKind() {
        InfluxPoints points = new InfluxPoints(true);
        LineProtocol volume = LineProtocol.parse(points.aggregate(hardwareAggregate()).text());
        assertThat(volume.measurement()).isEqualTo(InfluxPoints.ARRAY);
        assertThat(volume.tags()).containsEntry("array", "sdb").containsEntry("array_kind", "hardware");
        assertThat(volume.fields()).containsEntry("controller", "PERC 5/i").containsEntry("level", "raid10")
                .doesNotContainKeys("member_util_mean", "busiest_member", "write_amp_io", "members");
        LineProtocol md = LineProtocol.parse(points.aggregate(aggregate(SubjectKind.ARRAY)).text());
        assertThat(md.tags()).containsEntry("array_kind", "md");
        assertThat(md.fields()).doesNotContainKeys("controller", "controller_cache");
        LineProtocol device = LineProtocol.parse(points.aggregate(aggregate(SubjectKind.DEVICE)).text());
        assertThat(device.measurement()).isEqualTo(InfluxPoints.DEVICE);
        assertThat(device.tags()).doesNotContainKey("array_kind");
    }

    @Test
    void eachConsumerAWindowKeptIsOnePointInTheWindowsPolicyAtItsStart() {
        InfluxPoints points = new InfluxPoints(true);
        Aggregate md0 = withConsumers(aggregate(SubjectKind.ARRAY));
        md0.setWindowS(3600);
        List<InfluxPoints.Line> lines = points.consumers(md0);
        assertThat(lines).extracting(InfluxPoints.Line::retentionPolicy).containsOnly("agg_1h");
        List<LineProtocol> parsed = lines.stream().map(l -> LineProtocol.parse(l.text())).toList();
        assertThat(parsed).extracting(LineProtocol::measurement).containsOnly(InfluxPoints.CONSUMER);
        assertThat(parsed).extracting(LineProtocol::time).containsOnly(md0.getWindowStart().toEpochMilli());
        assertThat(parsed).extracting(p -> p.tags().get("consumer"))
                .containsExactly("postgresql@15-main.service", "md check", "user sessions", "other", "unattributed");
        assertThat(parsed.get(0).tags()).containsEntry("host", "db1").containsEntry("array", "md0").containsEntry("consumer_kind", "service")
                .containsEntry("window", "1h").doesNotContainKey("device");
        assertThat(parsed.get(1).tags()).containsEntry("consumer_kind", "sync");
        assertThat(parsed.get(0).fields()).containsEntry("member_load_pct", 61.5).containsEntry("member_iops", 400.0)
                .containsEntry("w_iops", 100.0).containsEntry("wkB_s", 400.0).containsEntry("samples", 6L);
        assertThat(parsed.stream().mapToDouble(p -> (Double) p.fields().get("member_load_pct")).sum()).isEqualTo(100.0);
        LineProtocol disk = LineProtocol.parse(points.consumers(withConsumers(aggregate(SubjectKind.DEVICE))).get(0).text());
        assertThat(disk.tags()).containsEntry("device", "sda").doesNotContainKey("array");
        assertThat(points.consumers(aggregate(SubjectKind.ARRAY))).as("a window without consumers writes none").isEmpty();
        assertThat(new InfluxPoints(false).consumers(md0)).extracting(InfluxPoints.Line::retentionPolicy).containsOnlyNulls();
    }

    /** The window with the consumers it kept, as the stream processor closes it: shares summing to 100, largest first. */
    static Aggregate withConsumers(Aggregate a) {
        a.setConsumers(List.of(
                new AggregateConsumer("postgresql@15-main.service", "service", 61.5, 400.0, 0.0, 400.0, 0.0, 100.0, 0.0, 400.0),
                new AggregateConsumer("md check", "sync", 20.0, 130.0, 130.0, 0.0, 0.0, 0.0, 0.0, 0.0),
                new AggregateConsumer("user sessions", "sessions", 10.0, 65.0, 65.0, 0.0, 65.0, 0.0, 260.0, 0.0),
                new AggregateConsumer("other", "other", 8.0, 52.0, 26.0, 26.0, 26.0, 6.5, 104.0, 26.0),
                new AggregateConsumer("unattributed", "unattributed", 0.5, 3.25, 0.0, 3.25, 0.0, 0.8, 0.0, 3.2)));
        a.setConsumerSamples(6);
        return a;
    }

    @Test
    void theParserSeesEscapesAndTypes() {
        LineProtocol p = LineProtocol.parse("m,host=db\\ 1,x=a\\,b f=1.5,n=3i,s=\"say \\\"hi\\\"\",b=true 1700000000000");
        assertThat(p.tags()).containsEntry("host", "db 1").containsEntry("x", "a,b");
        assertThat(p.fields()).containsEntry("f", 1.5).containsEntry("n", 3L).containsEntry("s", "say \"hi\"").containsEntry("b", true);
        assertThat(p.time()).isEqualTo(1700000000000L);
    }

    static Aggregate aggregate(SubjectKind kind) {
        boolean array = kind == SubjectKind.ARRAY;
        return Aggregate.newBuilder().setHost("db1").setSubject(array ? "md0" : "sda").setSubjectKind(kind).setWindowS(60)
                .setWindowStart(Instant.ofEpochMilli(1_767_225_600_000L)).setWindowEnd(Instant.ofEpochMilli(1_767_225_660_000L))
                .setSamples(6).setUtilMean(50.5).setUtilMax(97.0).setMemberUtilMean(array ? 40.0 : null).setAwaitMeanMs(4.5)
                .setAwaitP95Ms(9.0).setAquSzMean(1.5).setRIops(100.0).setWIops(50.0).setRkBS(400.0).setWkBS(800.0)
                .setReadFraction(0.66).setMeanRequestKB(8.0).setWriteAmpIo(array ? 4.0 : null)
                .setWriteAmpSectors(array ? 3.9 : null).setBusiestMember(array ? "sdc" : null).setSyncAction(array ? "check" : null)
                .setLevel(array ? "raid5" : null).setLayout(array ? "left-symmetric" : null).setRaidDisks(array ? 4 : null)
                .setChunkBytes(array ? 524_288L : null).setDiskModel(array ? "ST16000NM001G-2KK103" : null).setRotational(array ? true : null)
                .setMemberBytes(array ? 16_000_000_000_000L : null)
                .setCapacitySource(array ? "profile:D" : null).setCapacityContradicted(array ? "default:hdd-7200" : null)
                .setCapacityConfidence(array ? "medium" : null).setCapacityLearnedWindows(array ? 4 : null)
                .setCapacityUncertainty(array ? 0.08 : null).setCapacityMemberIops(array ? 151.0 : null)
                .setCapacityMemberRequestKB(array ? 4.0 : null).setCapacityMemberMBS(array ? 158.0 : null).setCapacityUtil(array ? 0.5 : null)
                .setCapacityReadUtil(array ? 0.2 : null).setCapacityWriteUtil(array ? 0.3 : null).setHeadroom(array ? 0.5 : null)
                .setProjections(array ? Map.of("raid10-near2-4", 0.3, "raid6-4", 0.9) : Map.of())
                .setDegradedMax(array ? 1 : null).setFaultyMembersMax(array ? 1 : null).setMembers(array ? 4 : null)
                .setSpareMembers(array ? 0 : null).setSyncCompletedPct(array ? 42.5 : null).setSyncSpeedKibS(array ? 90_000L : null)
                .setSyncEtaS(array ? 3600L : null).setMismatchCnt(array ? 0L : null)
                .build();
    }

    /** A hardware RAID volume's window: its own figures, its declared shape, no member or md fields. */
    static Aggregate hardwareAggregate() {
        return Aggregate.newBuilder().setHost("db1").setSubject("sdb").setSubjectKind(SubjectKind.HARDWARE).setWindowS(60)
                .setWindowStart(Instant.ofEpochMilli(1_767_225_600_000L)).setWindowEnd(Instant.ofEpochMilli(1_767_225_660_000L))
                .setSamples(6).setUtilMean(99.0).setUtilMax(100.0).setAwaitMeanMs(12.0).setAwaitP95Ms(30.0).setAquSzMean(8.0)
                .setRIops(550.0).setWIops(20.0).setRkBS(2200.0).setWkBS(80.0).setReadFraction(0.96).setMeanRequestKB(4.0)
                .setLevel("raid10").setLayout("near-2").setRaidDisks(4).setDiskModel("ST3146855SS").setRotational(true)
                .setController("PERC 5/i").setControllerCache("write-back-battery")
                .build();
    }

    static Alert alert() {
        return Alert.newBuilder().setAlertId("db1/md0/SATURATION/1").setHost("db1").setSubject("md0")
                .setSubjectKind(SubjectKind.ARRAY).setKind(AlertKind.SATURATION).setState(AlertState.RESOLVED)
                .setSeverity(Severity.INFO).setStartTime(Instant.ofEpochMilli(1)).setEndTime(Instant.ofEpochMilli(2))
                .setEventTime(Instant.ofEpochMilli(3)).setPeakUtil(100.0).setMeanUtil(97.0).setBusiestMember("sdc")
                .setCause("md check running on md0").setEvidence(List.of("util 97% >= 95% for 30 s")).setSummary("db1 md0 ...")
                .setDetails(Map.of()).build();
    }

    static HostSample sample() {
        HostFeed feed = new HostFeed("db1", 1_767_225_600_000L, 10_000);
        return feed.next(List.of(Dev.md("md0"), Dev.disk("sda", 50), Dev.disk("sdb", 50), Dev.disk("sdc", 50)),
                List.of(Md.array("md0", "raid5", "sda", "sdb", "sdc").spare("sdd").sync("check", 10, 1000L, 100L).mismatch(0)));
    }
}
