package io.raidpulse.stream.notify;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import java.io.PrintStream;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Prints one line per alert state change on standard output, e.g.
 * {@code 2026-01-01 00:00:20 FIRING   CRITICAL db1 sda saturated: util 97.0% for 30 s}.
 * Setting {@code notify.NAME.time-zone} (default: the system's).
 */
public final class ConsoleNotifier implements Notifier {
    private final PrintStream out;
    private final DateTimeFormatter time;

    public ConsoleNotifier(Settings settings) {
        this(settings, System.out);
    }

    ConsoleNotifier(Settings settings, PrintStream out) {
        this.out = out;
        ZoneId zone;
        try {
            zone = ZoneId.of(settings.string("time-zone", ZoneId.systemDefault().getId()));
        } catch (java.time.DateTimeException e) {
            throw new io.raidpulse.config.ConfigException("time-zone", "expected a time zone like UTC or Europe/Berlin, got "
                    + settings.shown("time-zone"));
        }
        this.time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(zone);
    }

    @Override
    public void send(Alert a) {
        out.printf("%s %-8s %-8s %s%n", time.format(a.getEventTime()), a.getState(), a.getSeverity(), a.getSummary());
        out.flush();
    }
}
