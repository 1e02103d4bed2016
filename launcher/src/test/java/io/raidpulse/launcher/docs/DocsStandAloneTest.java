package io.raidpulse.launcher.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The project's documentation stands alone: a clone of the repository has everything it points
 * to. Every relative link of every Markdown file, every Markdown file a Markdown file names, and
 * every {@code docs/...md} a Java source names resolve to a file of the repository, down to the
 * heading when the reference names one; and nothing names a file the repository does not have
 * (a shared folder next to it, design notes by a bare name) or a tracker entry instead of the
 * reason itself. The design notes the code relies on live in {@code docs/}.
 */
class DocsStandAloneTest {
    static final Path ROOT = root();

    /** Directories that are not the project's sources: build output, caches, run data. */
    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", "node_modules", ".idea");
    private static final Set<Path> SKIPPED_PATHS = Set.of(ROOT.resolve("lab/.cache"), ROOT.resolve("lab/out"), ROOT.resolve("var"));
    /** The text files whose references are checked for what lies outside the repository. */
    private static final Set<String> TEXT_EXTENSIONS = Set.of("md", "java", "sh", "properties", "xml", "yml", "yaml");

    private static final Pattern FENCE = Pattern.compile("(?m)^\\s*(```|~~~)");
    /** Inline code: `vdc[1](F)` is what mdstat prints, not a link. */
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)[^`]*?\\1");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_DEFINITION = Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern URL = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s)>\\]`'\"]+");
    /** A Markdown file named in running text or code: {@code lab/README.md}, {@code ../docs/md.md#layouts}. */
    private static final Pattern MD_MENTION = Pattern.compile("(?<![\\w./-])([\\w./-]*[\\w-]\\.md)(#[\\w-]+)?(?![\\w])");
    /** A design note named in a Java source, from the repository's root. */
    private static final Pattern JAVA_DOCS_MENTION = Pattern.compile("(?<![\\w./-])(docs/[\\w./-]*[\\w-]\\.md)(#[\\w-]+)?(?![\\w])");
    /** A path in inline code: `lab/recordings/`, `collector/src/test/resources/fixtures/mdstat/`. */
    private static final Pattern CODE_TEXT = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern PATH = Pattern.compile("(?:\\.{1,2}/)*[\\w.+-]+(?:/[\\w.+-]*)+");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    /** What names a file or a tracker entry outside the repository, and why it is refused. */
    private static final Map<Pattern, String> OUTSIDE = Map.of(
            Pattern.compile("/work/shared"), "a path on one machine",
            Pattern.compile("\\.\\./shared\\b"), "a folder beside the repository",
            Pattern.compile("\\bshared/(domain|fixtures)\\b"), "the shared folder, which a clone does not have",
            Pattern.compile("(?<![\\w-])domain/[\\w-]+\\.md"), "design notes outside the repository (they are in docs/)",
            Pattern.compile("(?i)\\bissues?\\s+#?\\d+"), "a tracker entry: say the reason itself");
    /** The design notes by a bare name, which resolve nowhere from a Java source or a script. */
    private static final Pattern BARE_NOTE = Pattern.compile("(?<![\\w./-])(iostat|md|raid-model|published-results)\\.md\\b");

    @Test
    void theDesignNotesAreInTheRepository() {
        for (String note : List.of("iostat.md", "md.md", "raid-model.md", "published-results.md")) {
            assertThat(ROOT.resolve("docs").resolve(note)).as("docs/" + note).isRegularFile();
        }
    }

    @Test
    void everyRelativeLinkOfTheMarkdownFilesResolves() {
        List<String> broken = new ArrayList<>();
        for (Path md : files("md")) {
            // code spans blanked out but for their line breaks, so that line numbers stay right
            String text = CODE_SPAN.matcher(withoutFencedCode(read(md))).replaceAll(c -> c.group().replaceAll("[^\n]", " "));
            List<MatchResult> links = new ArrayList<>(INLINE_LINK.matcher(text).results().toList());
            links.addAll(REFERENCE_DEFINITION.matcher(text).results().toList());
            for (MatchResult link : links) {
                String target = link.group(1);
                if (SCHEME.matcher(target).find()) {
                    continue;
                }
                String problem = unresolved(md.getParent(), md, URLDecoder.decode(target.replace("+", "%2B"), StandardCharsets.UTF_8));
                if (problem != null) {
                    broken.add(ROOT.relativize(md) + ":" + line(text, link.start()) + ": link (" + target + ") " + problem);
                }
            }
        }
        assertThat(broken).as("relative links that lead nowhere in a clone").isEmpty();
    }

    @Test
    void everyMarkdownFileAMarkdownFileNamesExists() {
        List<String> broken = new ArrayList<>();
        for (Path md : files("md")) {
            String text = URL.matcher(read(md)).replaceAll(" ");
            Matcher m = MD_MENTION.matcher(text);
            while (m.find()) {
                String name = m.group(1) + (m.group(2) == null ? "" : m.group(2));
                if (("/" + m.group(1)).contains("/target/")) {
                    continue; // build output, written by the build, not kept in the repository
                }
                // named from the file's own folder, or from the repository's root as the READMEs do
                String here = unresolved(md.getParent(), md, name);
                if (here != null && unresolved(ROOT, md, name) != null) {
                    broken.add(ROOT.relativize(md) + ":" + line(text, m.start()) + ": " + name + " " + here);
                }
            }
        }
        assertThat(broken).as("Markdown files named that a clone does not have").isEmpty();
    }

    /**
     * A path in inline code whose first folder is one of the repository's (from the file's own
     * folder or from the root) names something the repository has: a file moved or renamed
     * leaves no stale path behind. Build output, caches and run data are written, not kept.
     */
    @Test
    void everyRepositoryPathInTheMarkdownFilesExists() {
        List<String> broken = new ArrayList<>();
        for (Path md : files("md")) {
            String text = withoutFencedCode(read(md));
            Matcher m = CODE_TEXT.matcher(text);
            while (m.find()) {
                String path = m.group(1).strip();
                if (!PATH.matcher(path).matches() || path.contains("...") || written(path) || mdSysfs(path)) {
                    continue;
                }
                String first = path.substring(0, path.indexOf('/'));
                List<Path> candidates = new ArrayList<>();
                if (first.equals(".") || first.equals("..") || Files.isDirectory(md.getParent().resolve(first))) {
                    candidates.add(md.getParent().resolve(path).normalize());
                }
                if (first.equals(".") || Files.isDirectory(ROOT.resolve(first))) {
                    candidates.add(ROOT.resolve(path).normalize());
                }
                if (!candidates.isEmpty() && candidates.stream().noneMatch(Files::exists)) {
                    broken.add(ROOT.relativize(md) + ":" + line(text, m.start()) + ": `" + path + "` does not exist");
                }
            }
        }
        assertThat(broken).as("paths in the Markdown files that the repository does not have").isEmpty();
    }

    /**
     * Whether {@code path} is an md array's sysfs attribute ({@code md/layout},
     * {@code md/dev-NAME/state}: the {@code md/} directory under {@code /sys/block/mdN/}) rather
     * than a path into the {@code md} module, which has no entry of that name at its top.
     */
    private static boolean mdSysfs(String path) {
        String[] segments = path.split("/");
        return segments[0].equals("md") && segments.length > 1 && !Files.exists(ROOT.resolve("md").resolve(segments[1]));
    }

    /** Whether {@code path} is written by a build or a run rather than kept in the repository. */
    private static boolean written(String path) {
        List<String> segments = List.of(path.split("/"));
        String fromRoot = path.replaceFirst("^(\\./)+", "");
        return segments.contains("target") || segments.contains(".cache") || fromRoot.startsWith("var")
                || fromRoot.startsWith("lab/out");
    }

    @Test
    void everyDesignNoteAJavaSourceNamesExists() {
        List<String> broken = new ArrayList<>();
        for (Path java : files("java")) {
            String text = read(java);
            Matcher m = JAVA_DOCS_MENTION.matcher(text);
            while (m.find()) {
                String name = m.group(1) + (m.group(2) == null ? "" : m.group(2));
                String problem = unresolved(ROOT, java, name);
                if (problem != null) {
                    broken.add(ROOT.relativize(java) + ":" + line(text, m.start()) + ": " + name + " " + problem);
                }
            }
        }
        assertThat(broken).as("design notes named in Java sources that the repository does not have").isEmpty();
    }

    @Test
    void nothingNamesWhatLiesOutsideTheRepository() {
        List<String> found = new ArrayList<>();
        for (String ext : TEXT_EXTENSIONS) {
            for (Path f : files(ext)) {
                if (f.getFileName().toString().equals(DocsStandAloneTest.class.getSimpleName() + ".java")) {
                    continue; // its patterns name what they refuse
                }
                String text = read(f);
                for (Map.Entry<Pattern, String> e : OUTSIDE.entrySet()) {
                    Matcher m = e.getKey().matcher(text);
                    while (m.find()) {
                        found.add(ROOT.relativize(f) + ":" + line(text, m.start()) + ": '" + m.group() + "', " + e.getValue());
                    }
                }
                if (!ext.equals("md")) { // a Markdown file's names are resolved from its folder above
                    Matcher m = BARE_NOTE.matcher(text);
                    while (m.find()) {
                        found.add(ROOT.relativize(f) + ":" + line(text, m.start()) + ": '" + m.group()
                                + "', a design note by a bare name: docs/" + m.group());
                    }
                }
            }
        }
        assertThat(found).as("references to what a clone of the repository does not have").isEmpty();
    }

    /** Why {@code ref} (a path, optionally with #heading) does not resolve from {@code dir}; null when it does. */
    static String unresolved(Path dir, Path from, String ref) {
        int hash = ref.indexOf('#');
        String path = hash < 0 ? ref : ref.substring(0, hash);
        String anchor = hash < 0 ? "" : ref.substring(hash + 1);
        Path target = path.isEmpty() ? from : (path.startsWith("/") ? ROOT.resolve(path.substring(1)) : dir.resolve(path)).normalize();
        if (!target.startsWith(ROOT)) {
            return "is outside the repository";
        }
        if (!Files.exists(target)) {
            return "does not exist";
        }
        if (!anchor.isEmpty() && target.toString().endsWith(".md") && !anchors(target).contains(anchor)) {
            return "has no heading #" + anchor;
        }
        return null;
    }

    private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

    /** The anchors GitHub gives a Markdown file's headings (and its explicit HTML anchors). */
    static synchronized Set<String> anchors(Path md) {
        return ANCHORS.computeIfAbsent(md, p -> {
            Set<String> out = new LinkedHashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            for (String l : withoutFencedCode(read(p)).split("\n")) {
                Matcher h = HEADING.matcher(l);
                if (h.matches()) {
                    String slug = slug(h.group(1));
                    int n = seen.merge(slug, 1, Integer::sum);
                    out.add(n == 1 ? slug : slug + "-" + (n - 1));
                }
                HTML_ANCHOR.matcher(l).results().forEach(a -> out.add(a.group(1)));
            }
            return out;
        });
    }

    /** GitHub's heading anchor: the heading's text without markup, lower case, punctuation dropped, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static String withoutFencedCode(String text) {
        StringBuilder out = new StringBuilder();
        boolean inFence = false;
        for (String l : text.split("\n", -1)) {
            if (FENCE.matcher(l).find()) {
                inFence = !inFence;
                out.append('\n');
                continue;
            }
            out.append(inFence ? "" : l).append('\n');
        }
        return out.toString();
    }

    private static int line(String text, int offset) {
        int n = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    static List<Path> files(String extension) {
        List<Path> out = new ArrayList<>();
        collect(ROOT, "." + extension, out);
        return out;
    }

    private static void collect(Path dir, String suffix, List<Path> out) {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    if (!SKIPPED_DIRS.contains(p.getFileName().toString()) && !SKIPPED_PATHS.contains(p)) {
                        collect(p, suffix, out);
                    }
                } else if (p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository's root: the first folder up from here with ARCHITECTURE.md and docs/ in it. */
    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("ARCHITECTURE.md")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p.normalize();
            }
        }
        throw new IllegalStateException("no ARCHITECTURE.md with pom.xml beside it above " + Path.of("").toAbsolutePath());
    }
}
