package io.raidpulse.topics.saturation;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.SubjectKind;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Thresholds per host, device and array: {@code saturation.*} for everything, overridden by
 * rules {@code saturation.rule.NAME.*} that match by {@code host} and {@code subject} (regular
 * expressions over the whole name) and {@code kind} (device, array, hardware or any). The first matching
 * rule in name order wins; its unset keys fall back to {@code saturation.*}.
 */
public final class SaturationRules {
    private static final String RULE_PREFIX = "saturation.rule.";
    public static final Key<Pattern> HOST = Keys.regex("saturation.rule.NAME.host", Pattern.compile(".*"),
            "regex over host names a rule applies to");
    public static final Key<Pattern> SUBJECT = Keys.regex("saturation.rule.NAME.subject", Pattern.compile(".*"),
            "regex over device or array names");
    public static final Key<String> KIND = Keys.string("saturation.rule.NAME.kind", "any", "device, array (md), hardware (a hardware RAID volume) or any");

    record Rule(String name, Pattern host, Pattern subject, SubjectKind kind, SaturationThresholds thresholds) {
        boolean matches(String h, String s, SubjectKind k) {
            return (kind == null || kind == k) && host.matcher(h).matches() && subject.matcher(s).matches();
        }
    }

    private final SaturationThresholds defaults;
    private final List<Rule> rules;
    private final Map<String, SaturationThresholds> resolved = new ConcurrentHashMap<>();

    SaturationRules(SaturationThresholds defaults, List<Rule> rules) {
        this.defaults = defaults;
        this.rules = List.copyOf(rules);
    }

    public static SaturationRules from(Settings s) {
        SaturationThresholds defaults = SaturationThresholds.read(s, SaturationThresholds.PREFIX, SaturationThresholds.DEFAULTS);
        TreeSet<String> names = new TreeSet<>();
        for (String key : s.keys()) {
            if (key.startsWith(RULE_PREFIX)) {
                int dot = key.indexOf('.', RULE_PREFIX.length());
                if (dot < 0) {
                    throw new ConfigException(key, "expected saturation.rule.NAME.SETTING");
                }
                names.add(key.substring(RULE_PREFIX.length(), dot));
            }
        }
        List<Rule> rules = new ArrayList<>();
        for (String name : names) {
            String p = RULE_PREFIX + name + ".";
            String kind = s.get(KIND.in(name)).toLowerCase(Locale.ROOT);
            SubjectKind k = switch (kind) {
                case "any" -> null;
                case "device" -> SubjectKind.DEVICE;
                case "array" -> SubjectKind.ARRAY;
                case "hardware" -> SubjectKind.HARDWARE;
                default -> throw new ConfigException(KIND.in(name).name(), "expected device, array, hardware or any, got '" + kind + "'");
            };
            rules.add(new Rule(name, s.get(HOST.in(name)), s.get(SUBJECT.in(name)),
                    k, SaturationThresholds.read(s, p, defaults)));
        }
        return new SaturationRules(defaults, rules);
    }

    public SaturationThresholds forSubject(String host, String subject, SubjectKind kind) {
        if (rules.isEmpty()) {
            return defaults;
        }
        return resolved.computeIfAbsent(host + '\u0000' + subject + '\u0000' + kind, k -> {
            for (Rule r : rules) {
                if (r.matches(host, subject, kind)) {
                    return r.thresholds();
                }
            }
            return defaults;
        });
    }

    public SaturationThresholds defaults() {
        return defaults;
    }
}
