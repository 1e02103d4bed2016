package io.raidpulse.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The machine's own apt sources, read to find its Debian archive: one-line entries of
 * {@code /etc/apt/sources.list} and {@code sources.list.d/*.list} ({@code deb [options] URI SUITE
 * COMPONENT...}) and deb822 stanzas of {@code sources.list.d/*.sources} ({@code Types:},
 * {@code URIs:}, {@code Suites:}, {@code Components:}, {@code Signed-By:}, {@code Enabled:}), as
 * sources.list(5) describes them. Pure: texts in, entries out. The lab names no mirror of its own:
 * it asks the one this machine already uses for another suite's kernel.
 */
public final class AptSources {
    private AptSources() {
    }

    /**
     * One source: a type (deb, deb-src), a URI, its suites and components, and the keyring it is
     * signed with (null when the entry names none: apt's trusted keys).
     */
    public record Source(String type, String uri, List<String> suites, List<String> components, String signedBy) {
        /** A binary source with {@code main} for a suite of the archive proper (not -security, -updates, -backports). */
        boolean debianArchive() {
            return type.equals("deb") && components.contains("main")
                    && suites.stream().anyMatch(s -> !s.contains("-") && !s.contains("/"));
        }
    }

    /** The one-line entries of a sources.list text; comments and blank lines skipped. */
    public static List<Source> oneLine(String text) {
        List<Source> out = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.contains("#") ? raw.substring(0, raw.indexOf('#')) : raw;
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            String signedBy = null;
            String type;
            String rest;
            int sp = line.indexOf(' ');
            if (sp < 0) {
                continue;
            }
            type = line.substring(0, sp);
            rest = line.substring(sp + 1).trim();
            if (rest.startsWith("[")) {
                int close = rest.indexOf(']');
                if (close < 0) {
                    continue;
                }
                for (String opt : rest.substring(1, close).trim().split("\\s+")) {
                    if (opt.startsWith("signed-by=")) {
                        signedBy = opt.substring("signed-by=".length());
                    }
                }
                rest = rest.substring(close + 1).trim();
            }
            String[] words = rest.split("\\s+");
            if (words.length < 2) {
                continue;
            }
            out.add(new Source(type, words[0], List.of(words[1]), List.of(words).subList(2, words.length), signedBy));
        }
        return out;
    }

    /** The deb822 stanzas of a .sources text, one Source per type and URI; disabled stanzas skipped. */
    public static List<Source> deb822(String text) {
        List<Source> out = new ArrayList<>();
        for (String stanza : text.split("\n\\s*\n")) {
            Map<String, String> fields = new LinkedHashMap<>();
            String last = null;
            for (String line : stanza.split("\n")) {
                if (line.startsWith("#")) {
                    continue;
                }
                if ((line.startsWith(" ") || line.startsWith("\t")) && last != null) {
                    fields.merge(last, " " + line.trim(), String::concat); // a folded field (Signed-By with an inline key)
                    continue;
                }
                int colon = line.indexOf(':');
                if (colon > 0) {
                    last = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                    fields.put(last, line.substring(colon + 1).trim());
                }
            }
            if (fields.isEmpty() || "no".equalsIgnoreCase(fields.getOrDefault("enabled", "yes"))) {
                continue;
            }
            String signedBy = fields.get("signed-by");
            if (signedBy != null && signedBy.contains("BEGIN PGP")) {
                signedBy = null; // an inline key: the archive keyring below is used instead
            }
            for (String type : words(fields.get("types"))) {
                for (String uri : words(fields.get("uris"))) {
                    out.add(new Source(type, uri, words(fields.get("suites")), words(fields.get("components")), signedBy));
                }
            }
        }
        return out;
    }

    /** The Debian archive among {@code sources}: the first binary source with main for a suite proper. */
    public static Optional<Source> debianArchive(List<Source> sources) {
        return sources.stream().filter(Source::debianArchive).findFirst();
    }

    /**
     * A one-entry deb822 source for {@code suite} of {@code archive}, main only, with the archive's
     * keyring (Debian's own when it names none, the keyring that signs every suite the lab boots).
     */
    public static String privateList(Source archive, String suite) {
        String keyring = archive.signedBy() != null ? archive.signedBy() : "/usr/share/keyrings/debian-archive-keyring.gpg";
        return "Types: deb\nURIs: " + archive.uri() + "\nSuites: " + suite + "\nComponents: main\nSigned-By: " + keyring + "\n";
    }

    private static List<String> words(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }
}
