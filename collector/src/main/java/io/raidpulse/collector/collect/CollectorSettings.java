package io.raidpulse.collector.collect;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.sampling.FileClock;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.kafka.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The collector's settings, each key declared once below with its default and bounds. The
 * settings table of collector/README.md and the help of {@code collect} are checked against them.
 *
 * @param hwraid the hardware RAID volumes declared ({@code collector.hwraid.DEVICE.*}), by device
 * @param attribution how device I/O is attributed to cgroups ({@code collector.attribution.*}, declared in AttributionSettings)
 */
public record CollectorSettings(
        Duration interval,
        String host,
        Path spoolDir,
        long spoolMaxBytes,
        boolean spoolFsync,
        DeviceFilter filter,
        Roots roots,
        String topic,
        Path clockFile,
        Map<String, Declaration> hwraid,
        AttributionSettings attribution) {

    public static final Key<Duration> INTERVAL = Keys.duration("collector.interval", Duration.ofSeconds(10), Duration.ofSeconds(1),
            Duration.ofHours(1), "sampling interval");
    public static final Key<String> HOST = Keys.string("collector.host", null, "host name reported and used as the Kafka key")
            .withDefaultDescribed("kernel hostname");
    public static final Key<Path> SPOOL_DIR = Keys.path("collector.spool.dir", Path.of("/var/lib/raidpulse/spool"),
            "spool directory; also holds the sequence file");
    public static final Key<Long> SPOOL_MAX = Keys.bytes("collector.spool.max-bytes", 256L << 20, 1L << 20, 1L << 40, "spool bound");
    public static final Key<Boolean> SPOOL_FSYNC = Keys.bool("collector.spool.fsync", true,
            "fsync each spooled sample and each cursor move");
    public static final Key<Pattern> DEVICE_INCLUDE = Keys.regex("collector.device-include", null,
            "regex: only devices whose name matches are sampled");
    /** Read as a regex unless it is {@code none}, which excludes nothing. */
    public static final Key<Pattern> DEVICE_EXCLUDE = Keys.of("collector.device-exclude", Pattern.compile(DeviceFilter.DEFAULT_EXCLUDE),
            DeviceFilter.DEFAULT_EXCLUDE, "regex of devices not sampled; none excludes nothing",
            (s, name, d) -> s.has(name) && s.string(name, "").equals("none") ? null : s.regex(name, d));
    public static final Key<Path> PROC_ROOT = Keys.path("collector.proc-root", Path.of("/proc"), "procfs root");
    public static final Key<Path> SYS_ROOT = Keys.path("collector.sys-root", Path.of("/sys"), "sysfs root");
    public static final Key<String> TOPIC = Keys.string("collector.topic", Topics.HOST_SAMPLES,
            "topic samples go to");
    public static final Key<Path> CLOCK_FILE = Keys.path("collector.clock-file", null,
            "stamp samples with the epoch milliseconds in this file instead of the system clock");

    public static final Duration DEFAULT_INTERVAL = INTERVAL.defaultValue();
    public static final Path DEFAULT_SPOOL_DIR = SPOOL_DIR.defaultValue();
    public static final long DEFAULT_SPOOL_MAX = SPOOL_MAX.defaultValue();

    /** The clock samples are stamped with: the system clock, or a simulated host's {@code clockFile}. */
    public Clock clock() {
        return clockFile == null ? Clock.systemUTC() : new FileClock(clockFile);
    }

    public static CollectorSettings from(Settings s) {
        String host = s.get(HOST);
        if (host != null && host.contains("/")) {
            throw new ConfigException(HOST.name(), "expected a host name without '/' (the stream processor "
                    + "keys samples by it), got " + s.shown(HOST.name()));
        }
        Pattern include = s.get(DEVICE_INCLUDE);
        Pattern exclude = s.get(DEVICE_EXCLUDE);
        return new CollectorSettings(
                s.get(INTERVAL),
                host,
                s.get(SPOOL_DIR),
                s.get(SPOOL_MAX),
                s.get(SPOOL_FSYNC),
                new DeviceFilter(include, exclude),
                new Roots(s.get(PROC_ROOT), s.get(SYS_ROOT)),
                s.get(TOPIC),
                s.get(CLOCK_FILE),
                Declaration.from(s),
                AttributionSettings.from(s));
    }
}
