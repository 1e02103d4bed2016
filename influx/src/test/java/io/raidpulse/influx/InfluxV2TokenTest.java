package io.raidpulse.influx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * InfluxDB 2.x token handling without a 2.x server (none is installable here): a small local
 * HTTP server answers as 2.x does on the paths raidpulse calls (/ping with its version header,
 * the organisations and buckets API, /api/v2/write, InfluxQL on /query) and records every
 * request. Checked: every request carries {@code Authorization: Token TOKEN}, the token is
 * never in a URL, writes go to the {@code db/rp} bucket of the configured organisation, and a
 * token the server refuses is one line without the token. Not checked: that a real 2.x server
 * accepts these requests, nor its DBRP mapping (see RELIABILITY.md).
 */
class InfluxV2TokenTest {
    private static final String TOKEN = "v2-Tok_Qm3xZ8pL==";

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<String> writes = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(0);

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        String line = x.getRequestMethod() + " " + x.getRequestURI();
        requests.add(line);
        authorizations.add(String.valueOf(x.getRequestHeaders().getFirst("Authorization")));
        byte[] body = x.getRequestBody().readAllBytes();
        x.getResponseHeaders().add("X-Influxdb-Version", "v2.7.11");
        x.getResponseHeaders().add("X-Influxdb-Build", "OSS");
        boolean authorized = ("Token " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"));
        if (path.equals("/ping")) {
            send(x, 204, null, "");
        } else if (!authorized || status.get() != 0) {
            send(x, status.get() != 0 ? status.get() : 401, "application/json", "{\"code\":\"unauthorized\",\"message\":\"unauthorized access\"}");
        } else if (path.equals("/api/v2/orgs")) {
            send(x, 200, "application/json", "{\"orgs\":[{\"id\":\"0a1b2c3d4e5f6a7b\",\"name\":\"ops\"}]}");
        } else if (path.equals("/api/v2/buckets") && x.getRequestMethod().equals("GET")) {
            send(x, 200, "application/json", "{\"buckets\":[]}");
        } else if (path.equals("/api/v2/buckets")) {
            send(x, 201, "application/json", "{\"id\":\"1b2c3d4e5f6a7b8c\",\"orgID\":\"0a1b2c3d4e5f6a7b\",\"name\":\"raidpulse/agg_1m\",\"retentionRules\":[]}");
        } else if (path.equals("/api/v2/write")) {
            writes.add(x.getRequestURI().getQuery() + " " + new String(body, StandardCharsets.UTF_8));
            send(x, 204, null, "");
        } else if (path.equals("/query")) {
            send(x, 200, "application/csv", "name,tags,time,n\r\nm,,0,5\r\n");
        } else {
            send(x, 404, "application/json", "{\"code\":\"not found\",\"message\":\"path not found\"}");
        }
    }

    private static void send(HttpExchange x, int code, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (type != null) {
            x.getResponseHeaders().add("Content-Type", type);
        }
        x.sendResponseHeaders(code, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            x.getResponseBody().write(bytes);
        }
        x.close();
    }

    private Settings settings(String token) {
        return Settings.of(Map.of("influx.url", "http://127.0.0.1:" + server.getAddress().getPort(), "influx.database", "raidpulse",
                "influx.token", token, "influx.org", "ops"));
    }

    @Test
    void everyRequestCarriesTheTokenInItsHeaderAndNeverInTheUrl() {
        try (InfluxConnection influx = InfluxConnections.open(settings(TOKEN))) {
            assertThat(influx.api()).isEqualTo(InfluxApi.V2);
            influx.ensureStorage(List.of(new RetentionPolicy("agg_1m", Duration.ofDays(30))));
            influx.write(influx.bucket("agg_1m"), List.of("raidpulse_device,host=db1,device=sda util_mean=97.5 1700000000000"));
            assertThat(influx.query("SELECT count(util_mean) AS n FROM raidpulse_device").rows()).singleElement()
                    .satisfies(r -> assertThat(r.number("n")).isEqualTo(5.0));
        }
        assertThat(requests).as("what the client asked").anyMatch(r -> r.startsWith("GET /ping"))
                .anyMatch(r -> r.startsWith("GET /api/v2/orgs")).anyMatch(r -> r.startsWith("POST /api/v2/buckets"))
                .anyMatch(r -> r.startsWith("POST /api/v2/write")).anyMatch(r -> r.contains("/query"));
        assertThat(authorizations).as("Authorization of each request").hasSameSizeAs(requests).containsOnly("Token " + TOKEN);
        assertThat(requests).noneMatch(r -> r.contains(TOKEN)).noneMatch(r -> r.contains("Tok_"));
        assertThat(writes).singleElement().satisfies(w -> assertThat(w).contains("org=ops").contains("bucket=raidpulse/agg_1m")
                .contains("precision=ms").endsWith("util_mean=97.5 1700000000000"));
    }

    @Test
    void aRefusedTokenIsOneLineWithoutTheToken() {
        assertThatThrownBy(() -> {
            try (InfluxConnection influx = InfluxConnections.open(settings("wrong-" + TOKEN))) {
                influx.ensureStorage(List.of(new RetentionPolicy("agg_1m", Duration.ofDays(30))));
            }
        }).isInstanceOf(UserException.class).message().contains("401").doesNotContain(TOKEN).doesNotContain("\n");

        try (InfluxConnection influx = InfluxConnections.open(settings(TOKEN))) {
            status.set(401);
            assertThatThrownBy(() -> influx.write(influx.bucket("agg_1m"), List.of("m v=1 1")))
                    .isInstanceOfSatisfying(InfluxWriteException.class, e -> {
                        assertThat(e.retriable()).as("a refused token is retried by the sink: nothing is skipped").isTrue();
                        assertThat(e.getMessage()).contains("401").doesNotContain(TOKEN);
                    });
        }
    }

    @Test
    void a2xServerWithoutTokenOrOrganisationIsAUsageError() {
        assertThatThrownBy(() -> InfluxConnections.open(Settings.of(Map.of("influx.url", "http://127.0.0.1:" + server.getAddress().getPort()))))
                .isInstanceOfSatisfying(UserException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
                .hasMessageContaining("needs an API token: set influx.token");
        assertThatThrownBy(() -> InfluxConnections.open(Settings.of(Map.of("influx.url", "http://127.0.0.1:" + server.getAddress().getPort(),
                "influx.token", TOKEN))))
                .isInstanceOf(UserException.class).hasMessageContaining("needs an organisation: set influx.org").hasMessageNotContaining(TOKEN);
    }
}
