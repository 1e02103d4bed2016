package io.raidpulse.planner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.raidpulse.config.BootstrapServersOption;
import io.raidpulse.config.ConfigFileOption;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.SetOption;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxOptions;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.LayoutSpec;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.CapacitySource;
import io.raidpulse.model.matching.LiveLoad;
import io.raidpulse.model.matching.MemberDisk;
import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.planner.console.BuiltInDisks;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.profiles.ProfileTopic;
import io.raidpulse.topics.saturation.SaturationRules;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code raidpulse plan}: what an array's history would do on other layouts, from the aggregates
 * in InfluxDB and the RAID model.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.planner.PlanDefaults", sortOptions = false,
        description = {"Plans a RAID migration from an array's history in InfluxDB: the load's percentiles (IOPS per direction, read fraction,"
                + " request size, member util, write amplification, peak hours), the current layout's member util at p50/p95/p99,"
                + " each alternative's projected util and headroom, usable-capacity change and rebuild time, and a one-line recommendation.",
            "A hardware RAID volume (--array sda) is planned from what was declared of it (collector.hwraid.sda.*): its load on the"
                + " declared layout and on the same disks on its controller or as md, from the RAID model and the controller's or md's"
                + " imported benchmarks, with what its write cache means for the write figures.",
            "It forecasts when the array saturates: each day's busiest hour's member util on every layout, a least-squares line"
                + " through those days, and the dates the line reaches --max-util and 100% (with the dates the slope's 95% interval"
                + " gives). The forecast needs at least 14 days of history with 12 hours or more each; --since 30d gives it room.",
            "Where the collector attributed the array's I/O to cgroups (services, containers, the running sync), it gives the peak"
                + " hour's member load by consumer; when the consumer that drives the peak is not the main application (the one with"
                + " the most member I/Os over the history), it says what moving that consumer buys before any migration: the p99"
                + " member util without it, against --max-util.",
            "InfluxDB is reached as the stream processor reaches it (--config, or --influx-url and friends)."},
        footer = {"", "Targets: raid10 (near-2), raid10:f2, raid10:o2, raid5, raid6, raid1, raid0, raid0-over-raid1; without --target:"
                + " RAID10 near-2, RAID5, RAID6 on the same disks and the current level with 2 more (or all on --disks N)."})
public final class PlanCommand implements Callable<Integer> {
    @Option(names = "--host", required = true, description = "Host name, as the collector reports it.")
    String host;

    @Option(names = "--array", required = true, description = "md array name (md0), or a hardware RAID volume's device name (sda).")
    String array;

    @Option(names = "--since", defaultValue = "30d", paramLabel = "DURATION", description = "History length before --until (default ${DEFAULT-VALUE}).")
    String since;

    @Option(names = "--until", paramLabel = "TIME", description = "End of the history, ISO-8601 (2026-03-01T00:00:00Z); default now.")
    String until;

    @Option(names = "--target", split = ",", paramLabel = "LEVEL[:LAYOUT]", description = "Layouts to consider; repeatable or comma-separated.")
    List<String> targets = new ArrayList<>();

    @Option(names = "--disks", paramLabel = "N", description = "Members of the target layouts (default: as many as now).")
    Integer disks;

    @Option(names = "--disk-profile", paramLabel = "ID",
            description = "Member-disk profile for the model: ${sys:raidpulse.diskProfiles}, or a single-disk-derived one."
                    + " Default: from the benchmarks topic when Kafka is configured, else the disk-class default.")
    String diskProfile;

    @Option(names = "--max-util", defaultValue = "70", paramLabel = "PERCENT",
            description = "p99 member util a layout should stay under to be comfortable (default ${DEFAULT-VALUE}).")
    double maxUtil;

    @Option(names = "--window", defaultValue = "1m", paramLabel = "SIZE", description = "Aggregates to read: 1m (default) or 1h (longer retention).")
    String window;

    @Option(names = "--time-zone", paramLabel = "ZONE", description = "Zone of the peak hours and dates (default: this machine's).")
    String timeZone;

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|json|html", description = "Output format (default ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report here instead of standard output.")
    Path out;

    @Mixin
    ConfigFileOption config = new ConfigFileOption();

    @Mixin
    InfluxOptions influx = new InfluxOptions();

    @Mixin
    BootstrapServersOption bootstrapServers = new BootstrapServersOption();

    @Mixin
    SetOption set = new SetOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * influxdb-client-java logs through java.util.logging, to stderr, a WARNING for every query
     * whose answer is empty ("... already exhausted"): noise around plan's own one-line answer.
     * Held here so that the logger, and its level, are not collected.
     */
    private static final Logger INFLUX_CLIENT_LOG = Logger.getLogger("com.influxdb");

    static {
        INFLUX_CLIENT_LOG.setLevel(Level.SEVERE);
        BuiltInDisks.forHelp();
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Settings settings = settings();
        String fmt = format.toLowerCase(Locale.ROOT);
        if (!List.of("text", "json", "html").contains(fmt)) {
            throw UserException.usage("--format must be text, json or html, got '" + format + "'");
        }
        if (!(maxUtil > 0 && maxUtil <= 100)) {
            throw UserException.usage("--max-util must be a percentage above 0 and at most 100, got " + maxUtil);
        }
        ZoneId zone = zone();
        Instant end = until == null ? Instant.now() : instant(until);
        Duration length = duration("--since", since, Duration.ofMinutes(1), Duration.ofDays(3650));
        long windowMs = duration("--window", window, Duration.ofSeconds(1), Duration.ofDays(7)).toMillis();
        Instant start = end.minus(length);

        ArrayHistory history;
        List<ConsumerLoads.Row> consumers;
        try (InfluxConnection influx = InfluxConnections.open(settings)) {
            HistoryQueries queries = new HistoryQueries(influx, settings.get(SinkSettings.RETENTION_POLICIES), err);
            history = queries.load(host, array, start, end, windowMs);
            // a hardware volume's members are hidden: its plan is the model's on every layout, nothing measured to take apart
            consumers = history.hardware() ? List.of() : queries.consumers(host, array, start, end, windowMs);
        }
        RaidLayout current = history.shape().raidLayout().orElseThrow(() -> UserException.usage(host + "/" + array + " is "
                + (history.hardware() ? "a hardware RAID volume declared " : "") + history.shape().level()
                + (history.shape().layout() == null ? "" : " " + history.shape().layout())
                + ": the RAID model does not cover it"));
        List<RaidLayout> alternatives = history.hardware() ? List.of() : alternatives(current);
        List<VolumeLayouts.Candidate> candidates = history.hardware() ? volumeLayouts(current) : List.of();
        // an md array's plan reads them only for the member disk; a volume's matches its layouts against them
        List<BenchmarkResult> benchmarks = diskProfile == null || history.hardware() ? benchmarks(settings, err) : List.of();
        Map.Entry<DiskProfile, String> disk = memberDisk(benchmarks, history.shape(), history.capacitySource(), current);
        // the thresholds the stream processor judges this array by, from the same settings
        SaturationThresholds saturation = SaturationRules.from(settings).forSubject(host, array,
                history.hardware() ? SubjectKind.HARDWARE : SubjectKind.ARRAY);
        PlanReport report = history.hardware()
                ? Planner.planVolume(history, candidates, disk.getKey(), disk.getValue(), benchmarks, maxUtil, zone, saturation)
                : Planner.plan(history, current, alternatives, disk.getKey(), disk.getValue(), maxUtil, zone, saturation);
        report = report.withConsumers(ConsumerLoads.of(history, consumers, report, current, disk.getKey(), saturation, zone));

        String text = switch (fmt) {
            case "json" -> json(report);
            case "html" -> PlanHtml.render(report);
            default -> PlanText.render(report);
        };
        if (out != null) {
            try {
                Files.writeString(out, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserException("cannot write " + out + ": " + e.getMessage(), e);
            }
            spec.commandLine().getOut().println("wrote " + out + ": " + report.recommendation().line());
        } else {
            spec.commandLine().getOut().print(text);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    Settings settings() {
        Settings s = bootstrapServers.over(influx.over(set.over(config.load())));
        if (!s.has(InfluxSettings.URL.name())) {
            throw UserException.usage("no InfluxDB: give --influx-url or influx.url in --config");
        }
        // every setting read before anything connects: a bad one is one line naming it, exit 2
        s.get(SinkSettings.RETENTION_POLICIES);
        SaturationRules.from(s);
        if (s.has(KafkaKeys.BOOTSTRAP_SERVERS.name())) {
            new ProfileTopic(s, ProfileTopic.DEFAULT_TIMEOUT);
        }
        return s;
    }

    private List<RaidLayout> alternatives(RaidLayout current) {
        int n = disks == null ? current.disks() : disks;
        if (n < 1) {
            throw UserException.usage("--disks must be at least 1, got " + n);
        }
        LinkedHashSet<RaidLayout> out = new LinkedHashSet<>();
        try {
            if (targets.isEmpty()) {
                if (disks == null) {
                    out.addAll(AlternativeLayouts.candidates(current, 2));
                } else {
                    out.add(current.withDisks(n));
                    out.addAll(AlternativeLayouts.candidates(current.withDisks(n), 0));
                }
            } else {
                for (String t : targets) {
                    out.add(target(t.trim(), n).withChunk(current.chunkBytes()));
                }
            }
        } catch (IllegalArgumentException e) {
            throw UserException.usage(e.getMessage(), e);
        }
        out.remove(current);
        if (out.isEmpty()) {
            throw UserException.usage("no layout to compare with: the targets given are the current layout");
        }
        return List.copyOf(out);
    }

    /** A hardware RAID volume's: on its controller and as md over the same disks (VolumeLayouts). */
    private List<VolumeLayouts.Candidate> volumeLayouts(RaidLayout current) {
        if (disks != null && disks < 1) {
            throw UserException.usage("--disks must be at least 1, got " + disks);
        }
        try {
            return VolumeLayouts.of(current, disks, targets, 2);
        } catch (IllegalArgumentException e) {
            throw UserException.usage(e.getMessage(), e);
        }
    }

    /** "raid10", "raid10:f2", "raid6" on {@code n} disks. */
    static RaidLayout target(String spec, int n) {
        int colon = spec.indexOf(':');
        RaidLevel level = RaidLevel.parse(colon < 0 ? spec : spec.substring(0, colon));
        String layout = colon < 0 ? null : spec.substring(colon + 1);
        if (level == RaidLevel.RAID10) {
            LayoutSpec s = LayoutSpec.parse(level, layout);
            return RaidLayout.raid10(s.raid10(), s.copies(), n);
        }
        return RaidLayout.of(level, n);
    }

    /** The benchmark profiles on the benchmarks topic; none when Kafka is not configured. */
    private List<BenchmarkResult> benchmarks(Settings settings, PrintWriter err) {
        if (!settings.has(KafkaKeys.BOOTSTRAP_SERVERS.name())) {
            return List.of();
        }
        ProfileTopic topic = new ProfileTopic(settings, ProfileTopic.DEFAULT_TIMEOUT);
        try (io.raidpulse.planner.console.Progress progress = io.raidpulse.planner.console.Progress.of(err,
                "reading " + topic.name() + " from Kafka at " + topic.bootstrap())) {
            return List.copyOf(topic.read(null).profiles().values());
        }
    }

    /**
     * The member disk: --disk-profile; else what the benchmarks topic gives for the disk model (when
     * Kafka is configured); else the disk-class default, as the stream processor chooses it.
     */
    private Map.Entry<DiskProfile, String> memberDisk(List<BenchmarkResult> profiles, ArrayShape shape, String capacitySource,
                                                      RaidLayout current) {
        if (diskProfile != null) {
            DiskProfile d = BuiltInDisks.byId(diskProfile);
            return Map.entry(d, "--disk-profile: " + d.source());
        }
        LiveLoad load = new LiveLoad(current, shape.diskModel(), shape.rotational(), shape.device(), IoPattern.RANDOM, 0.5, 4096, 1, null);
        MemberDisk m = new ProfileMatcher(profiles, List.of()).memberDisk(load);
        if (m.source() != CapacitySource.DISK_CLASS_DEFAULT) {
            return Map.entry(m.disk(), m.disk().source());
        }
        // the class the stream processor chose knew the member's device name (nvme...), which the aggregates do not carry
        DiskProfile byClass = capacitySource != null && capacitySource.startsWith("default:")
                ? Stream.of(DiskClass.values()).map(DiskClass::defaults)
                        .filter(d -> d.id().equals("default-" + capacitySource.substring("default:".length()))).findFirst().orElse(m.disk())
                : m.disk();
        return Map.entry(byClass, "disk-class default (no single-disk benchmarks of these disks" + (profiles.isEmpty() ? " read" : "") + "): "
                + byClass.source());
    }

    private ZoneId zone() {
        try {
            return timeZone == null ? ZoneId.systemDefault() : ZoneId.of(timeZone);
        } catch (RuntimeException e) {
            throw UserException.usage("--time-zone: unknown zone '" + timeZone + "' (like UTC or Europe/Berlin)", e);
        }
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw UserException.usage("--until: expected an ISO-8601 instant like 2026-03-01T00:00:00Z, got '" + text + "'", e);
        }
    }

    private static Duration duration(String option, String value, Duration min, Duration max) {
        return io.raidpulse.planner.console.Durations.option(option, value, min, max);
    }

    static String json(PlanReport report) {
        try {
            // instants as ISO-8601 text
            return new ObjectMapper().registerModule(new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance))
                    .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(report) + System.lineSeparator();
        } catch (IOException e) {
            throw new IllegalStateException("plan report does not serialise", e);
        }
    }
}
