package io.raidpulse.lab.recording;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of a recording's events.log, written in the guest by lab/guest/lib.sh:
 * {@code WALL_MS UPTIME_S TEXT}, where TEXT is an event word and {@code key=value} words
 * ("pull disk=vdc id=d2", "bench-start name=x tool=fio ...") or a command ("do mdadm ...").
 */
public record Event(Instant time, double uptime, String text) {
    static Event parse(String line, String where) {
        String[] p = line.split(" ", 3);
        if (p.length < 3) {
            throw new IllegalArgumentException(where + ": expected 'WALL_MS UPTIME TEXT', got '" + line + "'");
        }
        try {
            return new Event(Instant.ofEpochMilli(Long.parseLong(p[0])), Double.parseDouble(p[1]), p[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": bad time in '" + line + "'", e);
        }
    }

    /** The first word: scenario-start, do, done, set, pull, bench-start, idle, action, faulty, sleep... */
    public String kind() {
        int sp = text.indexOf(' ');
        return sp < 0 ? text : text.substring(0, sp);
    }

    /** The words after the kind that are {@code key=value}, in order. */
    public Map<String, String> attrs() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : text.split(" ")) {
            int eq = w.indexOf('=');
            if (eq > 0 && !w.startsWith("-")) {
                out.putIfAbsent(w.substring(0, eq), w.substring(eq + 1));
            }
        }
        return out;
    }

    public String attr(String key) {
        return attrs().get(key);
    }

    /** Everything after the kind (the command of a "do" event). */
    public String rest() {
        int sp = text.indexOf(' ');
        return sp < 0 ? "" : text.substring(sp + 1);
    }
}
