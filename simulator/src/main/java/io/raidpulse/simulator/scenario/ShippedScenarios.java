package io.raidpulse.simulator.scenario;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The scenarios shipped in the jar (resources/scenarios, listed in scenarios/index), and scenario files. */
public final class ShippedScenarios {
    private static final String DIR = "/scenarios/";
    private static final String SUFFIX = ".scenario";

    private ShippedScenarios() {
    }

    /** Names of the shipped scenarios, in the order --list shows them. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (String line : resource("index").split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                out.add(l);
            }
        }
        return out;
    }

    public static Scenario load(String name) {
        if (!names().contains(name)) {
            throw new UserException("no shipped scenario named '" + name + "' (see 'simulate --list')", UserException.EXIT_USAGE,
                    null);
        }
        return ScenarioParser.parse(resource(name + SUFFIX), name, name);
    }

    /** A shipped scenario by name, else a scenario file by path. */
    public static Scenario resolve(String nameOrPath) {
        if (names().contains(nameOrPath)) {
            return load(nameOrPath);
        }
        Path p = Path.of(nameOrPath);
        String text;
        try {
            text = Files.readString(p, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserException("'" + nameOrPath + "' is neither a shipped scenario (see 'simulate --list') nor a file",
                    UserException.EXIT_USAGE, null);
        } catch (IOException e) {
            throw new UserException("cannot read scenario file " + p + ": " + e.getMessage(), UserException.EXIT_USAGE, null);
        }
        String file = p.getFileName().toString();
        String base = file.endsWith(SUFFIX) ? file.substring(0, file.length() - SUFFIX.length()) : file;
        return ScenarioParser.parse(text, p.toString(), base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-"));
    }

    /** The text of a shipped scenario, as documentation and as a starting point for one's own. */
    public static String text(String name) {
        return resource(name + SUFFIX);
    }

    private static String resource(String name) {
        try (InputStream in = ShippedScenarios.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + DIR + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + DIR + name, e);
        }
    }
}
