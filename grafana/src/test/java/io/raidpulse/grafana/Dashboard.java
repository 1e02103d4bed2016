package io.raidpulse.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * One dashboard file of grafana/dashboards as Grafana's provisioning reads it: the panels (those
 * inside rows included), their InfluxQL targets, the annotation queries and the template variables.
 */
record Dashboard(Path file, JsonNode json) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A raw InfluxQL query of a panel target or an annotation, with where it comes from. */
    record Query(Dashboard dashboard, JsonNode panel, String refId, String text, String resultFormat, String alias,
                 boolean annotation) {

        /** "uid / panel 3 'Title' / query A", for messages. */
        String where() {
            String panelPart = annotation ? "annotation '" + panel.path("name").asText() + "'"
                    : "panel " + panel.path("id").asText() + " '" + panel.path("title").asText() + "'";
            return dashboard.uid() + " / " + panelPart + (annotation ? "" : " / query " + refId);
        }

        /** The panel's min interval ("Min interval" in Grafana's query options), or null. */
        String minInterval() {
            return annotation || panel.path("interval").asText().isEmpty() ? null : panel.path("interval").asText();
        }
    }

    static List<Dashboard> loadAll(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().map(Dashboard::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    static Dashboard load(Path file) {
        try {
            return new Dashboard(file, JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(file + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    String uid() {
        return json.path("uid").asText();
    }

    String title() {
        return json.path("title").asText();
    }

    /** Every panel but rows, in file order; panels of collapsed rows included. */
    List<JsonNode> panels() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode p : json.path("panels")) {
            if ("row".equals(p.path("type").asText())) {
                p.path("panels").forEach(out::add);
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** Every panel including rows, for id checks. */
    List<JsonNode> panelsAndRows() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode p : json.path("panels")) {
            out.add(p);
            p.path("panels").forEach(out::add);
        }
        return out;
    }

    List<JsonNode> variables() {
        List<JsonNode> out = new ArrayList<>();
        json.path("templating").path("list").forEach(out::add);
        return out;
    }

    /** The InfluxDB annotations (Grafana's built-in one excluded). */
    List<JsonNode> annotations() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode a : json.path("annotations").path("list")) {
            if (a.path("builtIn").asInt(0) != 1) {
                out.add(a);
            }
        }
        return out;
    }

    /** Every query of the dashboard: panel targets, then annotations. */
    List<Query> queries() {
        List<Query> out = new ArrayList<>();
        for (JsonNode p : panels()) {
            for (JsonNode t : p.path("targets")) {
                out.add(new Query(this, p, t.path("refId").asText(), t.path("query").asText(),
                        t.path("resultFormat").asText("time_series"), t.path("alias").asText(null), false));
            }
        }
        for (JsonNode a : annotations()) {
            out.add(new Query(this, a, "Anno", a.path("target").path("query").asText(), "table", null, true));
        }
        return out;
    }

    /** Calls {@code visit(path, node)} for every "datasource" object in the document. */
    void eachDatasourceRef(BiConsumer<String, JsonNode> visit) {
        walk(json, uid(), visit);
    }

    private static void walk(JsonNode node, String path, BiConsumer<String, JsonNode> visit) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                String here = path + "." + e.getKey();
                if (e.getKey().equals("datasource")) {
                    visit.accept(here, e.getValue());
                }
                walk(e.getValue(), here, visit);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                String label = element.has("title") ? "[" + element.path("title").asText() + "]"
                        : element.has("name") ? "[" + element.path("name").asText() + "]" : "[" + i + "]";
                walk(element, path + label, visit);
            }
        }
    }
}
