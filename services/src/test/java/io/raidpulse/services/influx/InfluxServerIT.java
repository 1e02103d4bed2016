package io.raidpulse.services.influx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.UserException;
import io.raidpulse.services.Ports;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfluxServerIT {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void obtainsARealServerThatKeepsDataAcrossRestart(@TempDir Path dir) throws Exception {
        try (InfluxServer influx = InfluxServer.obtain(dir)) {
            assertThat(influx.version()).isNotBlank();
            query(influx, "CREATE DATABASE probe");
            post(influx.url() + "/write?db=probe", "m,host=db1 v=1.5 1700000000000000000");
            assertThat(query(influx, "SELECT v FROM probe..m")).contains("1.5");

            if (influx.isManaged()) {
                String url = influx.url();
                influx.stop();
                assertThat(InfluxServer.ping(url)).isEmpty();
                influx.restart();
                assertThat(influx.url()).isEqualTo(url);
                assertThat(query(influx, "SELECT v FROM probe..m")).contains("1.5");
            }
        }
    }

    @Test
    void authenticationRefusesAnonymousAndAcceptsTheAdmin(@TempDir Path dir) throws Exception {
        java.util.Optional<Path> influxd = InfluxServer.findInfluxd();
        assertThat(influxd).as("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE).isPresent();
        InfluxServer.Admin admin = new InfluxServer.Admin("admin", "it's-a-secret");
        try (InfluxServer influx = InfluxServer.startLocal(influxd.get(), dir, 0, admin)) {
            HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(URI.create(influx.url() + "/query?q=SHOW+DATABASES")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            String basic = java.util.Base64.getEncoder().encodeToString("admin:it's-a-secret".getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> authorised = http.send(HttpRequest.newBuilder(URI.create(influx.url() + "/query?q=SHOW+DATABASES"))
                    .header("Authorization", "Basic " + basic).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(authorised.statusCode()).isEqualTo(200);
            influx.stop();
            influx.restart();
            assertThat(http.send(HttpRequest.newBuilder(URI.create(influx.url() + "/query?q=SHOW+DATABASES"))
                    .header("Authorization", "Basic " + basic).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aServerThatIsNotThereIsOneClearLine() {
        String url = "http://127.0.0.1:" + Ports.free();
        assertThatThrownBy(() -> InfluxServer.external(url))
                .isInstanceOf(UserException.class)
                .hasMessage("InfluxDB at " + url + " does not answer /ping: check the URL and that it runs");
    }

    private String query(InfluxServer influx, String q) throws Exception {
        return post(influx.url() + "/query?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8), "");
    }

    private String post(String url, String body) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("%s -> %s", url, response.body()).isBetween(200, 299);
        return response.body();
    }
}
