package io.raidpulse.launcher.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.launcher.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code raidpulse config check FILE}: valid files pass with one line, every problem is one line
 * naming its key (with a "did you mean" for likely typos), exit 2; and the keys the components'
 * readers ask for are exactly the keys their READMEs document, so neither the check nor the
 * docs drift from the code.
 */
class ConfigCheckTest {
    @TempDir
    Path dir;

    private record Result(int exit, List<String> out, List<String> err) {
    }

    private Result check(String text) throws IOException {
        Path file = dir.resolve("raidpulse.properties");
        Files.writeString(file, text);
        return run("config", "check", file.toString());
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Result(exit, out.toString().lines().toList(), err.toString().lines().toList());
    }

    private static final String VALID = """
            kafka.bootstrap.servers=kafka1.example.com:9093
            kafka.security.protocol=SASL_SSL
            kafka.sasl.mechanism=SCRAM-SHA-512
            kafka.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="u" password="p";
            kafka.ssl.truststore.location=/etc/raidpulse/truststore.p12
            kafka.num.standby.replicas=1
            kafka.producer.linger.ms=50
            collector.interval=10s
            collector.spool.dir=/var/lib/raidpulse/spool
            collector.spool.max-bytes=512MiB
            collector.device-exclude=none
            saturation.fire-util=90
            saturation.rule.db.host=db.*
            saturation.rule.db.sustain=1m
            aggregate.windows=1m,1h
            influx.url=https://influx.example.com:8086
            influx.username=raidpulse
            influx.password=secret
            influx.retention.agg_1h=1000d
            notify.channels=console,ops:webhook
            notify.ops.url=https://hooks.example.com/services/T0/B0/X
            notify.ops.header.Authorization=Bearer abc
            notify.console.time-zone=UTC
            """;

    @Test
    void aValidFileIsOneOkLine() throws IOException {
        Result r = check(VALID);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).singleElement().asString().endsWith(": OK (23 settings, checked by collector, stream)");
        assertThat(r.exit()).isZero();
    }

    @Test
    void everyProblemIsOneLineNamingItsKeyWithTheNearestKnownKeyForATypo() throws IOException {
        Result r = check(VALID + """
                collector.intervall=5s
                saturation.fire-util=150
                saturation.rule.db.sustian=2m
                kafka.bootstrap.server=localhost:9092
                kafka.acks=most
                kafka.num.standby.replicas=lots
                influx.timeout=forever
                notify.ops.tiemout=5s
                notify.pager.url=https://pager.example.com/hook
                stream.threds=4
                """);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).allSatisfy(l -> assertThat(l).startsWith(dir.resolve("raidpulse.properties") + ": config "));
        assertThat(r.err().stream().map(l -> l.substring(l.indexOf(": config ") + 2)).toList()).containsExactlyInAnyOrder(
                "config saturation.fire-util: expected a number from 1.0 to 100.0, got '150'",
                "config kafka.acks: String must be one of: all, -1, 0, 1, got 'most'",
                "config kafka.num.standby.replicas: Not a number of type INT, got 'lots'",
                "config influx.timeout: expected a duration from 100ms to 10m (like 500ms, 10s, 5m, 2h), got 'forever'",
                "config collector.intervall: no component reads this key (did you mean collector.interval?)",
                "config saturation.rule.db.sustian: no component reads this key (did you mean saturation.rule.db.sustain?)",
                "config kafka.bootstrap.server: not a setting of the Kafka clients (did you mean kafka.bootstrap.servers?)",
                "config notify.ops.tiemout: no component reads this key (did you mean notify.ops.timeout?)",
                "config notify.pager.url: no component reads this key (channel pager is not in notify.channels)",
                "config stream.threds: no component reads this key (did you mean stream.threads?)");
    }

    @Test
    void secretsAreNotShownAndAMissingFileIsOneLine() throws IOException {
        Result r = check(VALID.replace("notify.ops.url=https://hooks.example.com/services/T0/B0/X", "notify.ops.url=hooks/T0/B0/SECRETPART"));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).singleElement().asString().contains("config notify.ops.url: expected an http(s) URL")
                .doesNotContain("SECRETPART");

        Result missing = run("config", "check", dir.resolve("nope.properties").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).singleElement().asString().isEqualTo("raidpulse config check: config file "
                + dir.resolve("nope.properties") + " does not exist");
    }

    @Test
    void kafkaSettingsTheStreamProcessorSetsItselfAreReportedWithTheSettingToUse() throws IOException {
        Result r = check("""
                kafka.bootstrap.servers=localhost:9092
                kafka.application.id=my-app
                kafka.num.stream.threads=4
                kafka.processing.guarantee=at_least_once
                kafka.state.dir=/var/lib/raidpulse/streams
                """);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().stream().map(l -> l.substring(l.indexOf(": config ") + 2)).toList()).containsExactlyInAnyOrder(
                "config kafka.application.id: the stream processor sets application.id itself, to 'raidpulse-stream', so this value "
                        + "is not used (set stream.application-id)",
                "config kafka.num.stream.threads: the stream processor sets num.stream.threads itself, to '1', so this value is not "
                        + "used (set stream.threads)",
                "config kafka.processing.guarantee: the stream processor sets processing.guarantee itself, to 'exactly_once_v2', so "
                        + "this value is not used (always exactly_once_v2)");
    }

    /** The ```properties blocks of a document. */
    private static List<String> propertiesBlocks(Path doc) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```properties\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(doc));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void theShippedSettingsFilesAndEveryDocumentedExamplePass() throws IOException {
        try (var files = Files.list(Path.of("..", "deploy", "config"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties")).toList()) {
                Result r = run("config", "check", f.toString());
                assertThat(r.err()).as("%s", f).isEmpty();
                assertThat(r.exit()).isZero();
            }
        }
        int examples = 0;
        for (String doc : List.of("README.md", "DEPLOYMENT.md", "collector/README.md", "stream-processor/README.md")) {
            for (String block : propertiesBlocks(Path.of("..", doc))) {
                java.util.Properties p = new java.util.Properties();
                p.load(new java.io.StringReader(block));
                Map<String, String> m = new LinkedHashMap<>();
                p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
                // an example may leave out what another shows (the broker address)
                assertThat(ConfigCheck.problems(Settings.of(m))).as("example in %s:%n%s", doc, block)
                        .allSatisfy(problem -> assertThat(problem).endsWith("is required and not set"));
                examples++;
            }
        }
        assertThat(examples).as("documented examples").isGreaterThanOrEqualTo(3);
    }

    /**
     * The notifier keys that the stream processor's table says one channel type reads ("console:
     * ...", "slack: ...", "alertmanager: ..."), as {@code notify.ops.*}, with the test's channel of
     * that type; keys of several types or every channel stay on {@code ops}, the webhook.
     */
    private static Map<String, String> channelTypes() throws IOException {
        Map<String, String> channelOf = Map.of("console", "con", "slack", "chat", "alertmanager", "pager");
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("^\\| `notify\\.NAME\\.([a-zA-Z0-9_.\\-]*)` \\|[^|]*\\| ([a-z]+): ", Pattern.MULTILINE)
                .matcher(Files.readString(Path.of("../stream-processor/README.md")));
        while (m.find()) {
            if (channelOf.containsKey(m.group(2))) {
                out.put("notify.ops." + m.group(1).replace("HEADER", "X-Team"), channelOf.get(m.group(2)));
            }
        }
        return out;
    }

    /** Keys of the READMEs' settings tables ({@code | `key` | default | ...}); NAME and HEADER made concrete. */
    private static Map<String, String> documented() throws IOException {
        Map<String, String> keys = new LinkedHashMap<>();
        Pattern row = Pattern.compile("^\\| `([a-z][a-zA-Z0-9_.\\-]*)` \\|([^|]*)\\|", Pattern.MULTILINE);
        for (String readme : List.of("../collector/README.md", "../stream-processor/README.md")) {
            String text = Files.readString(Path.of(readme));
            String settings = text.substring(text.indexOf("## Settings"));
            settings = settings.substring(0, settings.indexOf("\n## ", 3) < 0 ? settings.length() : settings.indexOf("\n## ", 3));
            Matcher m = row.matcher(settings);
            while (m.find()) {
                String key = m.group(1).replace("NAME", "ops").replace("HEADER", "X-Team");
                if (key.endsWith(".*") || key.equals("kafka.*")) {
                    continue;
                }
                keys.put(key, m.group(2).strip().replace("`", ""));
            }
        }
        return keys;
    }

    @Test
    void theKeysTheComponentsReadAreTheKeysTheirReadmesDocument() throws IOException {
        Map<String, String> documented = documented();
        assertThat(documented).containsKeys("collector.interval", "collector.spool.fsync", "saturation.fire-util", "influx.url",
                "notify.ops.url", "notify.ops.header.X-Team", "saturation.rule.ops.kind", "kafka.bootstrap.servers");

        Map<String, String> file = new LinkedHashMap<>();
        documented.forEach((k, v) -> file.put(k, v.isEmpty() || v.startsWith("(") ? "x" : v));
        file.put("kafka.bootstrap.servers", "localhost:9092");
        // every optional part on, so that its keys are read: a channel of each type, raw samples
        file.put("notify.channels", "con:console,ops:webhook,chat:slack,pager:alertmanager");
        file.put("notify.ops.url", "https://hooks.example.com/x");
        file.put("notify.chat.url", "https://hooks.slack.com/services/T000/B000/XXXX");
        file.put("notify.pager.url", "https://alertmanager.example.com:9093");
        // a key the table says only one type reads goes to that type's channel ("console: ...", "slack: ...")
        channelTypes().forEach((key, channel) -> {
            String value = file.remove(key);
            if (value != null) {
                file.put(key.replace("notify.ops.", "notify." + channel + "."), value);
            }
        });
        file.put("sink.raw-samples", "true");
        List<String> problems = ConfigCheck.problems(Settings.of(file));
        assertThat(problems).as("every documented key is read by some component").noneMatch(p -> p.contains("no component reads"))
                .noneMatch(p -> p.contains("not a setting of the Kafka clients"));

        Settings tracked = Settings.of(file).tracked();
        ConfigCheck.COMPONENTS.values().forEach(v -> {
            Settings s = tracked;
            // a placeholder value ("x") is refused: read on without it, so the parts after it are read too
            while (true) {
                try {
                    v.accept(s);
                    return;
                } catch (io.raidpulse.config.ConfigException documentedPlaceholder) {
                    if (!s.keys().contains(documentedPlaceholder.key())) {
                        return;
                    }
                    s = s.without(documentedPlaceholder.key());
                }
            }
        });
        Set<String> read = new TreeSet<>(tracked.keysRead());
        read.removeIf(k -> k.startsWith("kafka."));
        // back to the table's names: notify.NAME.* is documented once, as notify.ops.*
        new ArrayList<>(read).stream().filter(k -> k.matches("notify\\.(con|chat|pager)\\..*")).forEach(k -> {
            read.remove(k);
            read.add("notify.ops." + k.substring(k.indexOf('.', "notify.".length()) + 1));
        });
        List<String> undocumented = new ArrayList<>(read);
        undocumented.removeAll(documented.keySet());
        // saturation.rule.NAME.* is documented as "any saturation.* setting above, for that rule"
        undocumented.removeIf(k -> k.startsWith("saturation.rule.ops.")
                && documented.containsKey("saturation." + k.substring("saturation.rule.ops.".length())));
        assertThat(undocumented).as("keys read by the code but in no README settings table").isEmpty();

        // and every key read is declared, as a Key constant next to its reader (what the tables are checked against)
        List<Pattern> declared = new ArrayList<>();
        for (String sources : List.of("../collector/src/main/java", "../topics/src/main/java", "../influx/src/main/java",
                "../notify/src/main/java", "../stream-processor/src/main/java")) {
            Keys.declaredInSources(Path.of(sources)).forEach(k -> declared.add(template(k.name())));
        }
        List<String> undeclared = new ArrayList<>(read);
        undeclared.removeIf(k -> declared.stream().anyMatch(d -> d.matcher(k).matches()));
        undeclared.removeIf(k -> k.startsWith("saturation.rule.ops.")
                && declared.stream().anyMatch(d -> d.matcher("saturation." + k.substring("saturation.rule.ops.".length())).matches()));
        assertThat(declared).as("declared keys").hasSizeGreaterThan(60);
        assertThat(undeclared).as("keys read by the code but declared nowhere").isEmpty();
    }

    /** A declared key's name as a pattern: NAME is one part of the name (a channel, rule, volume), HEADER the rest. */
    private static Pattern template(String name) {
        return Pattern.compile(java.util.Arrays.stream(name.split("\\.", -1))
                .map(p -> p.equals("NAME") ? "[^.]+" : p.equals("HEADER") ? ".+" : Pattern.quote(p))
                .collect(java.util.stream.Collectors.joining("\\.")));
    }
}
