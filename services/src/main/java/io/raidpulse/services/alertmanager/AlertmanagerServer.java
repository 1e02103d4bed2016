package io.raidpulse.services.alertmanager;

import io.raidpulse.config.UserException;
import io.raidpulse.services.ChildProcesses;
import io.raidpulse.services.Ports;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Prometheus Alertmanager of ours (Debian's {@code prometheus-alertmanager}, 0.25 on
 * Debian 12) on a free loopback port, with a configuration file, storage (silences and the
 * notification log) and a log file in its own directory, clustering off. Stopped and started
 * again on the same port and storage, as a restart of a real one. Used by integration tests of
 * the Alertmanager notifier.
 */
public final class AlertmanagerServer implements AutoCloseable {
    /** What to do when no binary is found. */
    public static final String HOW_TO_GET_ONE = "install it (Debian/Ubuntu: apt-get install -y prometheus-alertmanager)";
    private static final Logger LOG = LoggerFactory.getLogger(AlertmanagerServer.class);
    /** Bounds how long a started Alertmanager may take to answer /-/ready. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Path binary;
    private final Path dir;
    private final Path config;
    private final Path log;
    private final int port;
    private Process process;
    private Thread reaper;

    private AlertmanagerServer(Path binary, Path dir, int port) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.config = dir.resolve("alertmanager.yml");
        this.log = dir.resolve("alertmanager.log");
    }

    /**
     * A configuration that sends every alert, each in a group of its own, to one webhook receiver
     * at {@code receiverUrl}, resolved ones too; alerts not posted again within
     * {@code resolveTimeout} resolve. Groups wait 1 s and are sent again at most every second
     * when they change (a notification repeats after an hour).
     */
    public static String webhookConfig(String receiverUrl, Duration resolveTimeout) {
        return """
                # written by raidpulse's tests: every alert to one webhook receiver, quickly
                global:
                  resolve_timeout: %ds
                route:
                  receiver: test
                  group_by: ['...']
                  group_wait: 1s
                  group_interval: 1s
                  repeat_interval: 1h
                receivers:
                  - name: test
                    webhook_configs:
                      - url: '%s'
                        send_resolved: true
                """.formatted(resolveTimeout.toSeconds(), receiverUrl);
    }

    /** The Alertmanager binary on the PATH (or in /usr/bin): Debian's {@code prometheus-alertmanager}, else {@code alertmanager}. */
    public static Optional<Path> findBinary() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin";
        for (String name : List.of("prometheus-alertmanager", "alertmanager")) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                    return Optional.of(Path.of(d, name));
                }
            }
        }
        return Optional.empty();
    }

    /** Starts the binary found by {@link #findBinary()} with {@code configYaml}, its files under {@code dir}. */
    public static AlertmanagerServer start(Path dir, String configYaml) {
        Path binary = findBinary().orElseThrow(() -> new UserException("no Alertmanager binary found: " + HOW_TO_GET_ONE));
        try {
            Files.createDirectories(dir.resolve("data"));
            AlertmanagerServer server = new AlertmanagerServer(binary, dir.toAbsolutePath(), Ports.free());
            Files.writeString(server.config, configYaml, StandardCharsets.UTF_8);
            server.restart();
            return server;
        } catch (IOException e) {
            throw new UserException("cannot prepare an Alertmanager directory in " + dir + ": " + e.getMessage());
        }
    }

    /** Base URL, e.g. {@code http://127.0.0.1:9093}. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Starts it again after {@link #stop()}: same port, configuration and storage. */
    public synchronized void restart() {
        if (process != null && process.isAlive()) {
            return;
        }
        if (!Ports.isFree(port)) {
            throw new UserException("cannot start Alertmanager: port " + port + " is in use");
        }
        ChildProcesses.Started child = ChildProcesses.start(List.of(binary.toString(),
                "--config.file=" + config,
                "--storage.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                // empty: no cluster listener, so no gossip and no waiting for peers
                "--cluster.listen-address="), log, "alertmanager-" + port);
        process = child.process();
        reaper = child.reaper();
        Process started = process;
        awaitReady(started);
        LOG.info("Alertmanager ready on {} (files in {})", url(), dir);
    }

    private void awaitReady(Process started) {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (ready()) {
                return;
            }
            if (!started.isAlive()) {
                throw new UserException("Alertmanager exited with code " + started.exitValue() + " before it was ready on " + url()
                        + "; its log: " + log);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserException("interrupted while waiting for Alertmanager on " + url());
            }
        }
        throw new UserException("Alertmanager was not ready on " + url() + " within " + READY_TIMEOUT.toSeconds() + " s; its log: " + log);
    }

    /** Whether {@code /-/ready} answers 200. */
    public boolean ready() {
        try {
            HttpResponse<Void> r = HTTP.send(HttpRequest.newBuilder(URI.create(url() + "/-/ready")).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Stops it (SIGTERM: it writes its silences and notification log); its files stay for {@link #restart()}. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        ChildProcesses.stop(process, reaper);
        process = null;
        LOG.info("Alertmanager on port {} stopped", port);
    }

    /** Its log file, for a failing test's message. */
    public Path log() {
        return log;
    }

    @Override
    public void close() {
        stop();
    }
}
