package io.raidpulse.notify;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import java.io.PrintStream;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Prints one line per alert state change on standard output, e.g.
 * {@code 2026-01-01 00:00:20 FIRING   CRITICAL db1 sda saturated: util 97.0% for 30 s}.
 * Setting {@code notify.NAME.time-zone} (default: the system's).
 */
public final class ConsoleNotifier implements Notifier {
    static final Key<String> TIME_ZONE = Keys.string(Notifiers.CHANNEL_KEYS + "time-zone", null, "console: time zone of the printed times")
            .withDefaultDescribed("system");

    /** A key's name as this channel's own settings ({@code notify.NAME.} removed) write it. */
    private static String key(Key<?> key) {
        return Notifiers.own(key).name();
    }
    private final PrintStream out;
    private final DateTimeFormatter time;

    public ConsoleNotifier(Settings settings) {
        this(settings, System.out);
    }

    ConsoleNotifier(Settings settings, PrintStream out) {
        this.out = out;
        ZoneId zone;
        try {
            String id = settings.get(Notifiers.own(TIME_ZONE));
            zone = ZoneId.of(id == null ? ZoneId.systemDefault().getId() : id);
        } catch (DateTimeException e) {
            throw new ConfigException(key(TIME_ZONE), "expected a time zone like UTC or Europe/Berlin, got "
                    + settings.shown(key(TIME_ZONE)));
        }
        this.time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(zone);
    }

    @Override
    public void send(Alert a) {
        out.printf("%s %-8s %-8s %s%n", time.format(a.getEventTime()), a.getState(), a.getSeverity(), a.getSummary());
        out.flush();
    }
}
