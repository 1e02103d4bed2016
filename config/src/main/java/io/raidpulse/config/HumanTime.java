package io.raidpulse.config;

/** A span of time as an operator reads it in a line: "4 s", "95 s", "12 min", "3 h 20 min", "2 d 4 h". */
public final class HumanTime {
    private HumanTime() {
    }

    /** Seconds (negative as 0) in the largest unit that keeps them readable, with one smaller unit where it matters. */
    public static String seconds(long seconds) {
        long s = Math.max(0, seconds);
        if (s < 120) {
            return s + " s";
        }
        long min = s / 60;
        if (min < 120) {
            return min + " min";
        }
        long h = min / 60;
        if (h < 48) {
            return h + " h" + (min % 60 == 0 ? "" : " " + (min % 60) + " min");
        }
        return h / 24 + " d" + (h % 24 == 0 ? "" : " " + (h % 24) + " h");
    }
}
