package io.raidpulse.influx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.services.influx.InfluxServer;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** influxdb-client-java against a real influxd: the API is picked from /ping, writes and InfluxQL reads agree. */
class InfluxConnectionIT {

    @Test
    void pointsWrittenWithTheClientReadBackEqualThroughInfluxQl(@TempDir Path dir) {
        try (InfluxServer server = InfluxServer.obtain(dir);
             InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", server.url(),
                     "influx.database", "it_rw")))) {
            assertThat(influx.version().text()).isEqualTo(server.version());
            assertThat(influx.api()).as("chosen from X-Influxdb-Version %s", server.version())
                    .isEqualTo(influx.version().hasV2Write() ? InfluxApi.V2 : InfluxApi.V1);
            influx.ensureStorage(List.of(new RetentionPolicy("agg_1m", Duration.ofDays(30)), new RetentionPolicy("forever", Duration.ZERO)));

            long now = System.currentTimeMillis() / 1000 * 1000;
            List<String> lines = List.of(
                    Point.measurement("raidpulse_device").addTag("host", "db1").addTag("device", "sda").addTag("window", "1m")
                            .addField("util_mean", 97.25).addField("samples", 6L).addField("busiest", "sdc")
                            .time(now, WritePrecision.MS).toLineProtocol(),
                    // no busiest: a null cell on the way back
                    Point.measurement("raidpulse_device").addTag("host", "db1").addTag("device", "sd b,x").addTag("window", "1m")
                            .addField("util_mean", 0.5).addField("samples", 1L)
                            .time(now - 60_000, WritePrecision.MS).toLineProtocol());
            influx.write(influx.bucket("agg_1m"), lines);

            InfluxQlResult rows = influx.query("SELECT util_mean, samples, busiest, device FROM \"agg_1m\".\"raidpulse_device\""
                    + " WHERE host = 'db1' ORDER BY time");
            assertThat(rows.rows()).hasSize(2);
            InfluxQlResult.Row first = rows.rows().get(0);
            assertThat(first.time().toEpochMilli()).isEqualTo(now - 60_000);
            assertThat(first.text("device")).isEqualTo("sd b,x");
            assertThat(first.number("util_mean")).isEqualTo(0.5);
            assertThat(first.number("samples")).isEqualTo(1.0);
            assertThat(first.text("busiest")).isNull();
            InfluxQlResult.Row second = rows.rows().get(1);
            assertThat(second.time().toEpochMilli()).isEqualTo(now);
            assertThat(second.number("util_mean")).isEqualTo(97.25);
            assertThat(second.text("busiest")).isEqualTo("sdc");

            // same measurement, tags and time: the point is overwritten, not added
            influx.write(influx.bucket("agg_1m"), List.of(lines.get(0).replace("97.25", "12.5")));
            InfluxQlResult again = influx.query("SELECT count(util_mean) AS n, max(util_mean) AS top FROM \"agg_1m\".\"raidpulse_device\""
                    + " WHERE device = 'sda'");
            assertThat(again.rows()).singleElement().satisfies(r -> {
                assertThat(r.number("n")).isEqualTo(1.0);
                assertThat(r.number("top")).isEqualTo(12.5);
            });

            influx.write(influx.bucket("agg_1m"), List.of("raidpulse_device,host=db2,device=sdq util_mean=3 " + now));
            InfluxQlResult grouped = influx.query("SELECT last(util_mean) FROM \"agg_1m\".\"raidpulse_device\" GROUP BY host");
            assertThat(grouped.rows()).extracting(r -> r.tags().get("host")).containsExactlyInAnyOrder("db1", "db2");
        }
    }

    @Test
    void theV1RewriteCanBeForcedAndWritesLandInTheNamedRetentionPolicy(@TempDir Path dir) {
        try (InfluxServer server = InfluxServer.obtain(dir);
             InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", server.url(),
                     "influx.database", "it_v1", "influx.api", "v1")))) {
            assertThat(influx.api()).isEqualTo(InfluxApi.V1);
            influx.ensureStorage(List.of(new RetentionPolicy("short", Duration.ofHours(2))));
            influx.write(influx.bucket("short"), List.of("m,t=a v=1 " + System.currentTimeMillis()));
            assertThat(influx.query("SELECT v FROM \"short\".\"m\"").rows()).hasSize(1);
            assertThat(influx.query("SELECT v FROM \"autogen\".\"m\"").rows()).as("not in the default policy").isEmpty();
            // a policy that does not exist is an error InfluxDB may stop making (created later): retriable
            assertThatThrownBy(() -> influx.write(influx.bucket("missing"), List.of("m v=1 1")))
                    .isInstanceOfSatisfying(InfluxWriteException.class, e -> assertThat(e.retriable()).isTrue());
            // a field type conflict never succeeds: not retriable
            assertThatThrownBy(() -> influx.write(influx.bucket("short"), List.of("m,t=a v=\"text\" " + System.currentTimeMillis())))
                    .isInstanceOfSatisfying(InfluxWriteException.class, e -> {
                        assertThat(e.retriable()).isFalse();
                        assertThat(e.status()).isEqualTo(400);
                    });
        }
    }

    @Test
    void credentialsWorkAsUserAndPasswordOrAsAUserPasswordToken(@TempDir Path dir) {
        Path influxd = InfluxServer.findInfluxd().orElseThrow(() -> new AssertionError("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE));
        try (InfluxServer server = InfluxServer.startLocal(influxd, dir, 0, new InfluxServer.Admin("admin", "s3cret:x"))) {
            try (InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", server.url(),
                    "influx.database", "it_auth", "influx.username", "admin", "influx.password", "s3cret:x")))) {
                influx.ensureStorage(List.of());
                influx.write(influx.bucket(null), List.of("m v=2 " + System.currentTimeMillis()));
            }
            try (InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", server.url(),
                    "influx.database", "it_auth", "influx.token", "admin:s3cret:x")))) {
                assertThat(influx.query("SELECT v FROM m").rows()).singleElement()
                        .satisfies(r -> assertThat(r.number("v")).isEqualTo(2.0));
            }
            assertThatThrownBy(() -> {
                try (InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", server.url(),
                        "influx.database", "it_auth", "influx.username", "admin", "influx.password", "wrong")))) {
                    influx.ensureStorage(List.of());
                }
            }).isInstanceOf(UserException.class).hasMessageContaining("it_auth").hasMessageNotContaining("wrong");
        }
    }

    @Test
    void anInfluxDbThatIsNotThereIsOneClearLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        assertThatThrownBy(() -> InfluxConnections.open(Settings.of(Map.of("influx.url", url))))
                .isInstanceOf(UserException.class)
                .hasMessage("InfluxDB at " + url + " is not reachable: connection refused (check influx.url or --influx-url, and that influxd is running)");
        assertThatThrownBy(() -> InfluxConnections.open(Settings.of(Map.of("influx.url", "localhost:8086"))))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config influx.url: expected an http(s) URL like http://localhost:8086, got 'localhost:8086'");
    }
}
