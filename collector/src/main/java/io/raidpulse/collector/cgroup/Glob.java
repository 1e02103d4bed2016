package io.raidpulse.collector.cgroup;

import java.util.regex.Pattern;

/**
 * A shell-like glob on a cgroup path or a name: {@code *} and {@code ?} stay within one path
 * segment, {@code **} crosses segments. A glob with a '/' matches the cgroup's path under the
 * root ({@code /system.slice/backup.service}); one without matches the directory's name
 * ({@code backup.service}) or the consumer's name ({@code docker/3f2a9c1b7e4d} needs the '/', so
 * it is a path glob: write {@code docker-*.scope} for containers).
 */
public record Glob(String text, Pattern pattern, boolean path) {

    public static Glob of(String text) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '*' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                re.append(".*");
                i++;
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return new Glob(text, Pattern.compile(re.toString()), text.indexOf('/') >= 0);
    }

    /** Whether the glob matches the cgroup at {@code cgroupPath} named {@code dirName}, or its consumer {@code consumer}. */
    public boolean matches(String cgroupPath, String dirName, String consumer) {
        if (path) {
            return pattern.matcher(cgroupPath).matches() || consumer != null && pattern.matcher(consumer).matches();
        }
        return pattern.matcher(dirName).matches() || consumer != null && pattern.matcher(consumer).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
