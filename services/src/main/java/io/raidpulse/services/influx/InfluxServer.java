package io.raidpulse.services.influx;

import io.raidpulse.config.UserException;
import io.raidpulse.services.ChildProcesses;
import io.raidpulse.services.Ports;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
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
 * A real InfluxDB server, found or started, in this order of preference:
 * <ol>
 *   <li>the URL in the environment variable {@value #URL_ENV} (an existing server);</li>
 *   <li>an {@code influxd} (1.x) on the PATH, started on a free loopback port with its own
 *       directories (Debian's {@code influxdb} package provides one);</li>
 *   <li>Testcontainers' {@code influxdb} image, when a Docker engine is available;</li>
 *   <li>otherwise a {@link UserException} that says how to get one.</li>
 * </ol>
 * Used by {@code raidpulse up} and by integration tests, which thereby never pass silently
 * without a server.
 */
public final class InfluxServer implements AutoCloseable {
    /** Environment variable naming an existing InfluxDB to use, e.g. {@code http://localhost:8086}. */
    public static final String URL_ENV = "RAIDPULSE_INFLUX_URL";
    /** What to do when no InfluxDB can be found or started. */
    public static final String HOW_TO_GET_ONE = "install one (Debian/Ubuntu: apt-get install -y influxdb) "
            + "or set " + URL_ENV + "=http://HOST:8086 to use an existing server";
    private static final Logger LOG = LoggerFactory.getLogger(InfluxServer.class);
    /** Bounds how long a started influxd may take to answer /ping. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String url;
    private final Backend backend;

    /** How a server is run: stopped and started again, or left alone when it is not ours. */
    interface Backend {
        void stop();

        void start();

        boolean managed();
    }

    private InfluxServer(String url, Backend backend) {
        this.url = url;
        this.backend = backend;
    }

    static InfluxServer of(String url, Backend backend) {
        return new InfluxServer(url, backend);
    }

    /** Finds or starts a server (see the class comment); data of a started one goes under {@code workDir}. */
    public static InfluxServer obtain(Path workDir) {
        String env = System.getenv(URL_ENV);
        if (env != null && !env.isBlank()) {
            return external(env.trim());
        }
        Optional<Path> influxd = findInfluxd();
        if (influxd.isPresent()) {
            return startLocal(influxd.get(), workDir, 0);
        }
        if (DockerInfluxd.available()) {
            return DockerInfluxd.start();
        }
        throw new UserException("no InfluxDB available: " + HOW_TO_GET_ONE);
    }

    /** An existing server at {@code url}; fails with one line when it does not answer /ping. */
    public static InfluxServer external(String url) {
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        if (ping(base).isEmpty()) {
            throw new UserException("InfluxDB at " + base + " does not answer /ping: check the URL and that it runs");
        }
        return new InfluxServer(base, new Backend() {
            @Override
            public void stop() {
                throw new UnsupportedOperationException("an external InfluxDB at " + base + " is not ours to stop");
            }

            @Override
            public void start() {
                throw new UnsupportedOperationException("an external InfluxDB at " + base + " is not ours to start");
            }

            @Override
            public boolean managed() {
                return false;
            }
        });
    }

    /**
     * Starts {@code influxd} (1.x) with its data under {@code dataDir} on {@code port} (0: the
     * port used before there, else a free one), loopback only, reporting and self-monitoring off.
     */
    public static InfluxServer startLocal(Path influxd, Path dataDir, int port) {
        return startLocal(influxd, dataDir, port, null);
    }

    /**
     * As {@link #startLocal(Path, Path, int)}, with HTTP authentication on and {@code admin} as
     * its first (all-privileges) user when {@code admin} is not null.
     */
    public static InfluxServer startLocal(Path influxd, Path dataDir, int port, Admin admin) {
        LocalInfluxd local = LocalInfluxd.prepare(influxd, dataDir.toAbsolutePath(), port, admin);
        InfluxServer server = new InfluxServer("http://127.0.0.1:" + local.port(), local);
        local.start();
        return server;
    }

    /** The admin user of a server started with authentication. */
    public record Admin(String user, String password) {
        @Override
        public String toString() {
            return "Admin[user=" + user + ", password=****]";
        }
    }

    /** The {@code influxd} binary on the PATH (or in /usr/bin, /usr/sbin), if any. */
    public static Optional<Path> findInfluxd() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/usr/sbin";
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, "influxd");
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Base URL, e.g. {@code http://127.0.0.1:8086}. */
    public String url() {
        return url;
    }

    /** The server's version from the {@code X-Influxdb-Version} header of /ping, e.g. {@code 1.6.7~rc0}. */
    public String version() {
        return ping(url).orElseThrow(() -> new UserException("InfluxDB at " + url + " does not answer /ping"));
    }

    /** Whether this process started the server (and may stop and restart it). */
    public boolean isManaged() {
        return backend.managed();
    }

    /** Stops a server this process started; its data stays for {@link #restart()}. */
    public void stop() {
        backend.stop();
    }

    /** Starts a stopped server again, same port and data. */
    public void restart() {
        backend.start();
    }

    @Override
    public void close() {
        if (backend.managed()) {
            backend.stop();
        }
    }

    /** The version header of {@code GET base/ping}, or empty when nothing answers. */
    static Optional<String> ping(String base) {
        try {
            HttpResponse<Void> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/ping"))
                    .timeout(Duration.ofSeconds(3)).GET().build(), HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() / 100 != 2) {
                return Optional.empty();
            }
            return Optional.of(response.headers().firstValue("X-Influxdb-Version").orElse("unknown"));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    static void awaitPing(String base, Process process, Path log) {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (ping(base).isPresent()) {
                return;
            }
            if (process != null && !process.isAlive()) {
                throw new UserException("influxd exited with code " + process.exitValue() + " before answering on " + base
                        + "; its log: " + log);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserException("interrupted while waiting for influxd at " + base);
            }
        }
        throw new UserException("influxd did not answer on " + base + " within " + READY_TIMEOUT.toSeconds() + " s; its log: " + log);
    }

    /** An influxd 1.x process of ours. */
    private static final class LocalInfluxd implements Backend {
        private final Path binary;
        private final Path dir;
        private final int port;
        private final Path config;
        private final Path log;
        private final Admin admin;
        private Process process;
        private Thread reaper;

        private LocalInfluxd(Path binary, Path dir, int port, Admin admin) {
            this.binary = binary;
            this.dir = dir;
            this.port = port;
            this.admin = admin;
            this.config = dir.resolve("influxdb.conf");
            this.log = dir.resolve("influxd.log");
        }

        static LocalInfluxd prepare(Path binary, Path dir, int requestedPort, Admin admin) {
            try {
                Files.createDirectories(dir);
                Path portFile = dir.resolve("port");
                int port = requestedPort;
                if (port <= 0 && Files.isRegularFile(portFile)) {
                    int remembered = Integer.parseInt(Files.readString(portFile).trim());
                    port = Ports.isFree(remembered) ? remembered : 0;
                }
                if (port <= 0) {
                    port = Ports.free();
                } else if (!Ports.isFree(port)) {
                    throw new UserException("cannot start influxd: port " + port + " is in use");
                }
                Files.writeString(portFile, port + "\n");
                LocalInfluxd local = new LocalInfluxd(binary, dir, port, admin);
                local.writeConfig();
                return local;
            } catch (IOException | NumberFormatException e) {
                throw new UserException("cannot prepare an influxd data directory in " + dir + ": " + e.getMessage());
            }
        }

        int port() {
            return port;
        }

        private void writeConfig() throws IOException {
            int rpcPort = Ports.free();
            String conf = """
                    # written by raidpulse: a private influxd on loopback
                    reporting-disabled = true
                    bind-address = "127.0.0.1:%d"

                    [meta]
                      dir = "%s/meta"
                      logging-enabled = false

                    [data]
                      dir = "%s/data"
                      wal-dir = "%s/wal"
                      query-log-enabled = false

                    [monitor]
                      store-enabled = false

                    [subscriber]
                      enabled = false

                    [http]
                      bind-address = "127.0.0.1:%d"
                      auth-enabled = %s
                      log-enabled = false
                      pprof-enabled = false
                    """.formatted(rpcPort, dir, dir, dir, port, admin != null);
            Files.writeString(config, conf, StandardCharsets.UTF_8);
        }

        @Override
        public synchronized void start() {
            if (process != null && process.isAlive()) {
                return;
            }
            ChildProcesses.Started child = ChildProcesses.start(List.of(binary.toString(), "-config", config.toString()), log,
                    "influxd-" + port);
            process = child.process();
            reaper = child.reaper();
            Process started = process;
            String base = "http://127.0.0.1:" + port;
            awaitPing(base, started, log);
            if (admin != null) {
                createAdmin(base);
            }
            LOG.info("influxd {} ready on {} (data in {})", ping(base).orElse("?"), base, dir);
        }

        /** InfluxDB 1.x accepts CREATE USER without credentials only while it has no admin yet. */
        private void createAdmin(String base) {
            String q = "CREATE USER \"" + admin.user() + "\" WITH PASSWORD '" + admin.password().replace("'", "\\'")
                    + "' WITH ALL PRIVILEGES";
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/query"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("q=" + URLEncoder.encode(q, StandardCharsets.UTF_8)))
                        .build(), HttpResponse.BodyHandlers.ofString());
                // 401/403: an admin exists already (a restart on the same data), which is what we want
                if (response.statusCode() / 100 != 2 && response.statusCode() != 401 && response.statusCode() != 403) {
                    throw new UserException("cannot create the InfluxDB admin user on " + base + ": HTTP " + response.statusCode());
                }
            } catch (IOException e) {
                throw new UserException("cannot create the InfluxDB admin user on " + base + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserException("interrupted creating the InfluxDB admin user on " + base);
            }
        }

        @Override
        public synchronized void stop() {
            if (process == null) {
                return;
            }
            ChildProcesses.stop(process, reaper);
            process = null;
            LOG.info("influxd on port {} stopped", port);
        }

        @Override
        public boolean managed() {
            return true;
        }
    }
}
