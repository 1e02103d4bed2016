package io.raidpulse.topics.bench;

import java.util.HashMap;
import java.util.Map;

/** The benchmarks' arguments: {@code name=value} words, as Maven's exec plugin passes them (one argument, or several). */
public final class BenchArgs {
    private BenchArgs() {
    }

    public static Map<String, String> parse(String[] args) {
        Map<String, String> a = new HashMap<>();
        for (String arg : String.join(" ", args).trim().split("\\s+")) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                a.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
        }
        return a;
    }
}
