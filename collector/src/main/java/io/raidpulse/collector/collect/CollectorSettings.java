package io.raidpulse.collector.collect;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The collector's settings, read from {@link Settings} with their defaults and bounds. Keys are
 * documented in collector/README.md ("Settings").
 *
 * @param hwraid the hardware RAID volumes declared ({@code collector.hwraid.DEVICE.*}), by device
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
        Map<String, Declaration> hwraid) {

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);
    public static final Path DEFAULT_SPOOL_DIR = Path.of("/var/lib/raidpulse/spool");
    public static final long DEFAULT_SPOOL_MAX = 256L << 20;

    /** The clock samples are stamped with: the system clock, or a simulated host's {@code clockFile}. */
    public java.time.Clock clock() {
        return clockFile == null ? java.time.Clock.systemUTC() : new io.raidpulse.collector.sampling.FileClock(clockFile);
    }

    public static CollectorSettings from(Settings s) {
        String host = s.string("collector.host", null);
        if (host != null && host.contains("/")) {
            throw new io.raidpulse.config.ConfigException("collector.host", "expected a host name without '/' (the stream processor "
                    + "keys samples by it), got " + s.shown("collector.host"));
        }
        Pattern include = s.regex("collector.device-include", null);
        Pattern exclude = s.has("collector.device-exclude") && s.string("collector.device-exclude", "").equals("none") ? null
                : s.regex("collector.device-exclude", Pattern.compile(DeviceFilter.DEFAULT_EXCLUDE));
        return new CollectorSettings(
                s.duration("collector.interval", DEFAULT_INTERVAL, Duration.ofSeconds(1), Duration.ofHours(1)),
                host,
                Path.of(s.string("collector.spool.dir", DEFAULT_SPOOL_DIR.toString())),
                s.bytes("collector.spool.max-bytes", DEFAULT_SPOOL_MAX, 1L << 20, 1L << 40),
                s.bool("collector.spool.fsync", true),
                new DeviceFilter(include, exclude),
                new Roots(Path.of(s.string("collector.proc-root", "/proc")), Path.of(s.string("collector.sys-root", "/sys"))),
                s.string("collector.topic", io.raidpulse.schema.kafka.Topics.HOST_SAMPLES),
                s.has("collector.clock-file") ? Path.of(s.string("collector.clock-file", null)) : null,
                Declaration.from(s));
    }
}
