package io.raidpulse.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * InfluxDB's /query as Grafana's InfluxQL datasource calls it (GET, {@code db} from the
 * datasource, {@code epoch=ms}), answered in JSON: statement errors come back as text rather
 * than as an empty result.
 */
final class InfluxHttp {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One series of an answer; values are rows of JSON cells (time first). */
    record Series(String name, Map<String, String> tags, List<String> columns, List<List<JsonNode>> values) {
        /** Cells that are not null, time excluded. */
        long nonNullCells() {
            return values.stream().mapToLong(row -> row.subList(1, row.size()).stream().filter(c -> !c.isNull()).count()).sum();
        }

        int column(String name) {
            return columns.indexOf(name);
        }
    }

    /** The answer to one statement: its series, or InfluxDB's error. */
    record Result(List<Series> series, String error) {
        long nonNullCells() {
            return series.stream().mapToLong(Series::nonNullCells).sum();
        }

        boolean hasData() {
            return error == null && nonNullCells() > 0;
        }

        /** The first numeric cell of a one-value answer (a count, a stat), or null when there is none. */
        Double singleNumber() {
            for (Series s : series) {
                for (List<JsonNode> row : s.values()) {
                    for (JsonNode cell : row.subList(1, row.size())) {
                        if (cell.isNumber()) {
                            return cell.asDouble();
                        }
                    }
                }
            }
            return null;
        }
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String url;
    private final String database;

    InfluxHttp(String url, String database) {
        this.url = url;
        this.database = database;
    }

    Result query(String influxQl) {
        String uri = url + "/query?db=" + enc(database) + "&epoch=ms&q=" + enc(influxQl);
        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return new Result(List.of(), "InfluxDB at " + url + " did not answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(List.of(), "interrupted");
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            return new Result(List.of(), "HTTP " + response.statusCode() + ", not JSON: " + response.body());
        }
        if (body.hasNonNull("error")) {
            return new Result(List.of(), "HTTP " + response.statusCode() + ": " + body.get("error").asText());
        }
        JsonNode results = body.path("results");
        if (results.size() != 1) {
            return new Result(List.of(), "expected the answer to one statement, got " + results.size());
        }
        JsonNode r = results.get(0);
        if (r.hasNonNull("error")) {
            return new Result(List.of(), r.get("error").asText());
        }
        List<Series> series = new ArrayList<>();
        for (JsonNode s : r.path("series")) {
            Map<String, String> tags = new LinkedHashMap<>();
            s.path("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
            List<String> columns = new ArrayList<>();
            s.path("columns").forEach(c -> columns.add(c.asText()));
            List<List<JsonNode>> values = new ArrayList<>();
            for (JsonNode row : s.path("values")) {
                List<JsonNode> cells = new ArrayList<>();
                row.forEach(cells::add);
                values.add(cells);
            }
            series.add(new Series(s.path("name").asText(), tags, columns, values));
        }
        return new Result(series, null);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
