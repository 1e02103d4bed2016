package io.raidpulse.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.services.kafka.SelfSignedTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No secret ever appears in what raidpulse prints or writes. The whole pipeline runs as an
 * operator runs it, from the shipped jar ({@code raidpulse collect} and {@code raidpulse stream}
 * as separate processes, debug logging on) against a broker that only takes SASL_SSL with
 * SCRAM-SHA-512 for them, an influxd with authentication and a webhook that wants a bearer
 * token; then failing variants (wrong passwords, a refused webhook token, unreachable hosts, a
 * malformed JAAS configuration, invalid secret values in config check). Every byte of their
 * stdout and stderr, and every file they wrote, is searched for each secret (and for the HTTP
 * basic-auth form of the InfluxDB credentials).
 */
class SecretsIT {
    private static final String KAFKA_PASSWORD = "kafkaPw-S3cr3t-41x";
    private static final String INFLUX_PASSWORD = "influxPw-S3cr3t-52y";
    private static final String HOOK_TOKEN = "hookTok-S3cr3t-63z";

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;
    static InfluxServer influx;
    static HttpServer webhook;
    static SelfSignedTls tls;
    static SyntheticHost host;
    static final List<String> notified = new CopyOnWriteArrayList<>();
    static final AtomicInteger refused = new AtomicInteger();
    static final AtomicBoolean ticking = new AtomicBoolean(true);
    static Thread ticker;
    /** Every process run here, with the files its output went to. */
    static final List<Path> outputs = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        tls = SelfSignedTls.generate(dir.resolve("tls"));
        kafka = EmbeddedKafka.start(dir.resolve("kafka"), new EmbeddedKafka.Options(0, Map.of(), tls));
        kafka.addScramUser("raidpulse", KAFKA_PASSWORD);
        java.util.Optional<Path> influxd = InfluxServer.findInfluxd();
        assertThat(influxd).as("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE).isPresent();
        influx = InfluxServer.startLocal(influxd.get(), dir.resolve("influx"), 0, new InfluxServer.Admin("raidpulse", INFLUX_PASSWORD));
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (("Bearer " + HOOK_TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                notified.add(new String(body, StandardCharsets.UTF_8));
                exchange.sendResponseHeaders(204, -1);
            } else {
                refused.incrementAndGet();
                exchange.sendResponseHeaders(401, -1);
            }
            exchange.close();
        });
        webhook.start();
        host = new SyntheticHost(dir.resolve("host"), 8, 2, 5);
        ticker = new Thread(() -> {
            while (ticking.get()) {
                try {
                    Thread.sleep(250);
                    host.advance(0.25);
                } catch (Exception e) {
                    return;
                }
            }
        }, "synthetic-host");
        ticker.start();
    }

    @AfterAll
    static void stop() throws Exception {
        ticking.set(false);
        if (ticker != null) {
            ticker.join();
        }
        if (webhook != null) {
            webhook.stop(0);
        }
        if (influx != null) {
            influx.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    /** The secrets, and the forms they could leak in. */
    private static List<String> secrets() {
        return List.of(KAFKA_PASSWORD, INFLUX_PASSWORD, HOOK_TOKEN, tls.password(),
                Base64.getEncoder().encodeToString(("raidpulse:" + INFLUX_PASSWORD).getBytes(StandardCharsets.UTF_8)),
                // the webhook URL's path stands for a Slack-style URL that is its own secret
                "T0SECRET/B0SECRET");
    }

    /** One operator's settings: the collector's and the stream processor's, in one file. */
    private static Map<String, String> settings(String name) {
        Map<String, String> s = new LinkedHashMap<>();
        kafka.saslSslClientSettings("raidpulse", KAFKA_PASSWORD).forEach((k, v) -> s.put("kafka." + k, v));
        Path run = dir.resolve(name);
        s.put("collector.interval", "1s");
        s.put("collector.host", "secret-host");
        s.put("collector.spool.dir", run.resolve("spool").toString());
        s.put("collector.proc-root", host.root().resolve("proc").toString());
        s.put("collector.sys-root", host.root().resolve("sys").toString());
        s.put("stream.application-id", "secrets-" + name);
        s.put("stream.state-dir", run.resolve("state").toString());
        s.put("stream.startup-timeout", "5s");
        s.put("topics.partitions", "1");
        s.put("aggregate.windows", "2s,10s");
        s.put("aggregate.grace", "0s");
        // every busy disk of the synthetic host is an alert, so the webhook gets called
        s.put("saturation.fire-util", "1");
        s.put("saturation.clear-util", "0.5");
        s.put("saturation.sustain", "2s");
        s.put("saturation.evidence", "never");
        s.put("influx.url", influx.url());
        s.put("influx.database", "it_secrets");
        s.put("influx.username", "raidpulse");
        s.put("influx.password", INFLUX_PASSWORD);
        s.put("sink.raw-samples", "true");
        s.put("sink.flush-interval", "200ms");
        s.put("notify.channels", "console,hook:webhook");
        s.put("notify.hook.url", "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook/services/T0SECRET/B0SECRET");
        s.put("notify.hook.header.Authorization", "Bearer " + HOOK_TOKEN);
        s.put("notify.retry-max-backoff", "500ms");
        return s;
    }

    private static Path write(String name, Map<String, String> settings) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        StringBuilder text = new StringBuilder();
        settings.forEach((k, v) -> text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        return Files.writeString(run.resolve(name + ".properties"), text);
    }

    /** Starts {@code raidpulse ARGS} from the shipped jar, debug logging on, output to files in the run's directory. */
    private static Process raidpulse(String name, String... args) throws IOException {
        Path jar = Path.of("target", "raidpulse.jar").toAbsolutePath();
        assertThat(jar).as("the shaded jar (built by 'package' before integration tests)").exists();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path run = Files.createDirectories(dir.resolve(name));
        Path out = run.resolve(args[0] + ".stdout");
        Path err = run.resolve(args[0] + ".stderr");
        outputs.add(out);
        outputs.add(err);
        ProcessBuilder pb = new ProcessBuilder(command).directory(run.toFile())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(err.toFile()));
        pb.environment().put("RAIDPULSE_LOG_LEVEL", "DEBUG");
        return pb.start();
    }

    private static int exit(Process p, Duration within) throws InterruptedException {
        if (!p.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroy(); // SIGTERM, as systemd or docker stop: the shutdown path runs and logs too
            p.waitFor(30, TimeUnit.SECONDS);
        }
        return p.exitValue();
    }

    private static String stderr(String name, String command) throws IOException {
        return Files.readString(dir.resolve(name).resolve(command + ".stderr"));
    }

    @Test
    void noSecretInAnyOutputOfAWorkingPipelineOrOfItsFailures() throws Exception {
        // the working pipeline: samples over SASL_SSL, points in InfluxDB with a password, notifications with a token
        Map<String, String> working = settings("working");
        // the stream and the collector start together, each with TLS and SCRAM: on a loaded 2-core
        // machine the stream's first answer from the broker took over 5 s
        working.put("stream.startup-timeout", "30s");
        Path config = write("working", working);
        Process stream = raidpulse("working", "stream", "--config", config.toString());
        Process collect = raidpulse("working", "collect", "--config", config.toString());
        try (InfluxConnection q = InfluxConnections.open(Settings.of(working))) {
            await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> {
                assertThat(stream.isAlive()).as("stream runs: %s", stderr("working", "stream")).isTrue();
                assertThat(notified).as("webhook calls with the token").isNotEmpty();
                List<InfluxQlResult.Row> raw = q.query("SELECT count(util) AS n FROM \"raw\".\"raidpulse_device_sample\" "
                        + "WHERE host = 'secret-host'").rows();
                assertThat(raw).as("raw points written with the password").singleElement()
                        .satisfies(r -> assertThat(r.number("n")).isGreaterThan(10.0));
            });
        }
        assertThat(refused.get()).isZero();
        assertThat(exit(raidpulse("working", "config", "check", config.toString()), Duration.ofSeconds(60))).isZero();
        collect.destroy();
        stream.destroy();
        assertThat(collect.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(stream.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(dir.resolve("working").resolve("config.stdout"))).contains("OK");
        assertThat(stderr("working", "stream")).as("every sample of the collector accepted").doesNotContain("dead letter");

        // failing variants: each ends (or is stopped) with its reason in one line, and no secret
        String jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"raidpulse\" password=\"";
        Map<String, String> wrongKafka = settings("wrong-kafka");
        wrongKafka.put("kafka.sasl.jaas.config", jaas + "x" + KAFKA_PASSWORD + "\";");
        // the broker's refusal comes after the TLS and SCRAM exchange, which took over 5 s on a loaded machine (the
        // stream then said the broker did not answer): it is given the working run's time, and ends as soon as refused
        wrongKafka.put("stream.startup-timeout", "30s");
        assertThat(exit(raidpulse("wrong-kafka", "stream", "--config", write("wrong-kafka", wrongKafka).toString()), Duration.ofSeconds(60)))
                .isEqualTo(1);
        assertThat(stderr("wrong-kafka", "stream")).containsIgnoringCase("authentication");
        exit(raidpulse("wrong-kafka", "collect", "--config", write("wrong-kafka", wrongKafka).toString()), Duration.ofSeconds(12));
        assertThat(stderr("wrong-kafka", "collect")).contains("refuses the collector").doesNotContain("not reachable");

        Map<String, String> malformedJaas = settings("malformed-jaas");
        malformedJaas.put("kafka.sasl.jaas.config", jaas + KAFKA_PASSWORD); // no closing quote or semicolon
        assertThat(exit(raidpulse("malformed-jaas", "stream", "--config", write("malformed-jaas", malformedJaas).toString()),
                Duration.ofSeconds(60))).isEqualTo(2);
        assertThat(stderr("malformed-jaas", "stream")).contains("kafka.sasl.jaas.config");
        assertThat(exit(raidpulse("malformed-jaas", "collect", "--config", write("malformed-jaas", malformedJaas).toString()),
                Duration.ofSeconds(60))).isEqualTo(2);
        assertThat(stderr("malformed-jaas", "collect")).contains("kafka.sasl.jaas.config");

        Map<String, String> wrongInflux = settings("wrong-influx");
        wrongInflux.put("influx.password", "x" + INFLUX_PASSWORD);
        assertThat(exit(raidpulse("wrong-influx", "stream", "--config", write("wrong-influx", wrongInflux).toString()), Duration.ofSeconds(60)))
                .isEqualTo(1);
        assertThat(stderr("wrong-influx", "stream")).contains("401");

        Map<String, String> wrongToken = settings("wrong-token");
        wrongToken.put("notify.hook.header.Authorization", "Bearer x" + HOOK_TOKEN);
        Process refusedStream = raidpulse("wrong-token", "stream", "--config", write("wrong-token", wrongToken).toString());
        await().atMost(Duration.ofSeconds(90)).until(() -> refused.get() > 0 || !refusedStream.isAlive());
        Thread.sleep(2_000); // a few retries
        exit(refusedStream, Duration.ZERO);
        assertThat(stderr("wrong-token", "stream")).contains("HTTP 401");

        Map<String, String> unreachable = settings("unreachable");
        unreachable.put("influx.url", "http://127.0.0.1:1");
        assertThat(exit(raidpulse("unreachable", "stream", "--config", write("unreachable", unreachable).toString()), Duration.ofSeconds(60)))
                .isEqualTo(1);
        unreachable.put("kafka.bootstrap.servers", "127.0.0.1:1");
        assertThat(exit(raidpulse("unreachable", "stream", "--config", write("unreachable", unreachable).toString()), Duration.ofSeconds(60)))
                .isEqualTo(1);

        Map<String, String> invalid = settings("invalid");
        invalid.put("notify.hook.url", "hooks.example.com/services/T0SECRET/B0SECRET");
        invalid.put("influx.passwrd", INFLUX_PASSWORD);
        invalid.put("kafka.ssl.truststore.password", "x" + tls.password());
        assertThat(exit(raidpulse("invalid", "config", "check", write("invalid", invalid).toString()), Duration.ofSeconds(60))).isEqualTo(2);
        assertThat(stderr("invalid", "config")).contains("notify.hook.url").contains("influx.passwrd");
        assertThat(exit(raidpulse("invalid", "stream", "--config", write("invalid", invalid).toString()), Duration.ofSeconds(60))).isEqualTo(2);

        // everything they printed, and every file they wrote (but their own settings files), without a secret
        List<Path> searched = new ArrayList<>(outputs);
        for (String run : List.of("working", "wrong-kafka", "malformed-jaas", "wrong-influx", "wrong-token", "unreachable", "invalid")) {
            try (Stream<Path> files = Files.walk(dir.resolve(run))) {
                files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".properties"))
                        .filter(f -> !searched.contains(f)).forEach(searched::add);
            }
        }
        assertThat(searched).as("files searched").hasSizeGreaterThan(20);
        long bytes = 0;
        for (Path f : searched) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            bytes += text.length();
            for (String secret : secrets()) {
                assertThat(text).as("%s", f).doesNotContain(secret);
            }
        }
        assertThat(bytes).as("output searched").isGreaterThan(10_000);
    }
}
