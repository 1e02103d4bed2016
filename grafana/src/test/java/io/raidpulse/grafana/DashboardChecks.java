package io.raidpulse.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What can be checked in the dashboard files without a database: datasource references against
 * the provisioned datasource, unique dashboard uids and titles, unique panel ids, variables that
 * exist, a time bound on every query, and every measurement, tag and field a query names
 * documented in METRICS.md (in the retention policy METRICS.md gives). Each problem is one line
 * naming the dashboard, panel and query.
 */
final class DashboardChecks {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** Grafana's own annotation source, present in every dashboard Grafana exports. */
    private static final String BUILT_IN_UID = "-- Grafana --";
    /** Grafana's limit on dashboard uids. */
    private static final int MAX_UID_LENGTH = 40;
    /** Macros Grafana itself fills in; any other $name must be a variable of the dashboard. */
    private static final Set<String> MACROS = Set.of("$timeFilter", "$__interval", "$__interval_ms", "$interval",
            "${__from}", "${__to}");

    /** The datasource of grafana/provisioning/datasources. */
    record Datasource(String name, String uid, String type, String database) {
    }

    private DashboardChecks() {
    }

    /** The repository root: the first directory up from here holding METRICS.md and grafana/. */
    static Path repoRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isRegularFile(dir.resolve("METRICS.md")) && Files.isDirectory(dir.resolve("grafana"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no METRICS.md with grafana/ beside it above " + Path.of("").toAbsolutePath());
    }

    static Path dashboardsDir(Path root) {
        return root.resolve("grafana/dashboards");
    }

    static JsonNode yaml(Path file) {
        try {
            return YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(file + " is not valid YAML: " + e.getMessage(), e);
        }
    }

    /** The one InfluxDB datasource provisioned under grafana/provisioning/datasources. */
    static Datasource provisionedDatasource(Path root) {
        List<Datasource> found = new ArrayList<>();
        try (var files = Files.list(root.resolve("grafana/provisioning/datasources"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml")).toList()) {
                for (JsonNode d : yaml(f).path("datasources")) {
                    found.add(new Datasource(d.path("name").asText(), d.path("uid").asText(), d.path("type").asText(),
                            d.path("jsonData").path("dbName").asText(d.path("database").asText())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (found.size() != 1) {
            throw new IllegalStateException("expected one provisioned datasource, found " + found);
        }
        return found.get(0);
    }

    /** Every problem found in the dashboards and their provisioning; empty when all is well. */
    static List<String> problems(Path root) {
        List<String> problems = new ArrayList<>();
        Datasource ds = provisionedDatasource(root);
        MetricsDoc doc = MetricsDoc.read(root.resolve("METRICS.md"));
        problems.addAll(provisioningProblems(root));
        List<Dashboard> dashboards = Dashboard.loadAll(dashboardsDir(root));
        if (dashboards.isEmpty()) {
            problems.add("no dashboards in " + dashboardsDir(root));
        }
        problems.addAll(problems(root, dashboards, ds, doc));
        return problems;
    }

    /** The problems of a set of dashboards that Grafana provisions together. */
    static List<String> problems(Path root, List<Dashboard> dashboards, Datasource ds, MetricsDoc doc) {
        List<String> problems = new ArrayList<>();
        Map<String, Path> uids = new HashMap<>();
        Map<String, Path> titles = new HashMap<>();
        for (Dashboard d : dashboards) {
            String file = root.relativize(d.file()).toString();
            if (d.uid().isBlank() || d.uid().length() > MAX_UID_LENGTH) {
                problems.add(file + ": uid '" + d.uid() + "' must be 1 to " + MAX_UID_LENGTH + " characters");
            }
            Path other = uids.put(d.uid(), d.file());
            if (other != null) {
                problems.add(file + ": uid " + d.uid() + " is also the uid of " + root.relativize(other));
            }
            other = titles.put(d.title(), d.file());
            if (other != null) {
                problems.add(file + ": title '" + d.title() + "' is also the title of " + root.relativize(other));
            }
            problems.addAll(datasourceProblems(d, ds));
            problems.addAll(panelProblems(d));
            problems.addAll(queryProblems(d, doc));
        }
        return problems;
    }

    /** grafana/provisioning/dashboards: a file provider for a dashboards directory. */
    static List<String> provisioningProblems(Path root) {
        List<String> problems = new ArrayList<>();
        Path file = root.resolve("grafana/provisioning/dashboards/raidpulse.yml");
        if (!Files.isRegularFile(file)) {
            return List.of(file + " is missing: Grafana would load no dashboards");
        }
        JsonNode providers = yaml(file).path("providers");
        if (providers.size() != 1) {
            problems.add(file + ": expected one provider, found " + providers.size());
        }
        for (JsonNode p : providers) {
            if (!"file".equals(p.path("type").asText())) {
                problems.add(file + ": provider " + p.path("name").asText() + " must be of type file");
            }
            if (!p.path("options").path("path").asText().startsWith("/")) {
                problems.add(file + ": provider " + p.path("name").asText() + " needs an absolute options.path");
            }
        }
        return problems;
    }

    static List<String> datasourceProblems(Dashboard d, Datasource ds) {
        List<String> problems = new ArrayList<>();
        d.eachDatasourceRef((path, ref) -> {
            boolean builtIn = ref.isObject() && BUILT_IN_UID.equals(ref.path("uid").asText())
                    && "grafana".equals(ref.path("type").asText()) && path.contains(".annotations.list");
            if (builtIn) {
                return;
            }
            if (!ref.isObject() || !ds.uid().equals(ref.path("uid").asText()) || !ds.type().equals(ref.path("type").asText())) {
                problems.add(d.uid() + ": " + path + " is " + ref + ", not the provisioned datasource {\"type\":\""
                        + ds.type() + "\",\"uid\":\"" + ds.uid() + "\"}");
            }
        });
        for (JsonNode p : d.panels()) {
            if (!p.has("datasource")) {
                problems.add(d.uid() + ": panel " + p.path("id") + " '" + p.path("title").asText() + "' has no datasource");
            }
        }
        for (JsonNode v : d.variables()) {
            if ("query".equals(v.path("type").asText()) && !v.has("datasource")) {
                problems.add(d.uid() + ": variable " + v.path("name").asText() + " has no datasource");
            }
        }
        for (JsonNode a : d.annotations()) {
            if (!a.has("datasource")) {
                problems.add(d.uid() + ": annotation " + a.path("name").asText() + " has no datasource");
            }
        }
        return problems;
    }

    static List<String> panelProblems(Dashboard d) {
        List<String> problems = new ArrayList<>();
        Set<Integer> ids = new HashSet<>();
        for (JsonNode p : d.panelsAndRows()) {
            int id = p.path("id").asInt(-1);
            if (id < 1 || !ids.add(id)) {
                problems.add(d.uid() + ": panel '" + p.path("title").asText() + "' has id " + p.path("id")
                        + (id < 1 ? ", not a positive number" : ", which another panel of the dashboard has"));
            }
        }
        for (JsonNode p : d.panels()) {
            String where = d.uid() + " / panel " + p.path("id") + " '" + p.path("title").asText() + "'";
            if (p.path("title").asText().isBlank() || p.path("description").asText().isBlank()) {
                problems.add(where + ": needs a title and a description that tells an operator what it shows");
            }
            if (p.path("targets").isEmpty()) {
                problems.add(where + ": has no query");
            }
            Set<String> refIds = new HashSet<>();
            for (JsonNode t : p.path("targets")) {
                if (!refIds.add(t.path("refId").asText()) || t.path("refId").asText().isBlank()) {
                    problems.add(where + ": refId '" + t.path("refId").asText() + "' missing or repeated");
                }
                if (!t.path("rawQuery").asBoolean(false) || t.path("query").asText().isBlank()) {
                    problems.add(where + ": query " + t.path("refId").asText() + " must be a raw InfluxQL query");
                }
            }
            JsonNode defaults = p.path("fieldConfig").path("defaults");
            StringBuilder queries = new StringBuilder();
            p.path("targets").forEach(t -> queries.append(t.path("query").asText()).append('\n'));
            boolean util = queries.toString().contains("util");
            if (!"table".equals(p.path("type").asText()) && defaults.path("unit").asText().isBlank()) {
                problems.add(where + ": no unit");
            }
            if ("percent".equals(defaults.path("unit").asText()) && util
                    && !hasThresholds(defaults, 80, 95)) {
                problems.add(where + ": a %util panel needs thresholds at 80 and 95");
            }
            if ("percentunit".equals(defaults.path("unit").asText()) && util
                    && !hasThresholds(defaults, 0.8, 0.95)) {
                problems.add(where + ": a capacity share panel needs thresholds at 0.8 and 0.95");
            }
        }
        return problems;
    }

    private static boolean hasThresholds(JsonNode defaults, double... values) {
        Set<Double> steps = new HashSet<>();
        defaults.path("thresholds").path("steps").forEach(s -> {
            if (s.path("value").isNumber()) {
                steps.add(s.path("value").asDouble());
            }
        });
        for (double v : values) {
            if (!steps.contains(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Each query with placeholder values (every option of a custom variable in turn; any word for a
     * query variable, whose values come from the database): no unknown variable, a time bound, and
     * only documented names.
     */
    static List<String> queryProblems(Dashboard d, MetricsDoc doc) {
        List<String> problems = new ArrayList<>();
        List<Map<String, List<String>>> assignments = placeholderAssignments(d);
        GrafanaTemplating.TimeRange range = new GrafanaTemplating.TimeRange(Instant.ofEpochMilli(0), Instant.ofEpochMilli(3_600_000));
        for (Dashboard.Query q : d.queries()) {
            if (!q.text().contains("$timeFilter") && !q.text().contains("${__to}")) {
                problems.add(q.where() + ": no $timeFilter (nor ${__to}): the query would read all of history");
            }
            for (Map<String, List<String>> vars : assignments) {
                String browser = GrafanaTemplating.interpolate(q.text(), vars, range);
                for (String left : GrafanaTemplating.leftovers(browser)) {
                    if (!MACROS.contains(left)) {
                        problems.add(q.where() + ": " + left + " is neither a variable of the dashboard nor a Grafana macro");
                    }
                }
                String sent = GrafanaTemplating.backend(browser, range, java.time.Duration.ofMinutes(1));
                problems.addAll(namesProblems(q.where(), sent, doc));
            }
        }
        for (JsonNode v : d.variables()) {
            if ("query".equals(v.path("type").asText())) {
                String sent = GrafanaTemplating.interpolate(v.path("query").asText(), assignments.get(0), range);
                problems.addAll(namesProblems(d.uid() + " / variable " + v.path("name").asText(), sent, doc));
            }
        }
        return problems;
    }

    /** Every measurement, retention policy, tag and field a statement names against METRICS.md. */
    static List<String> namesProblems(String where, String statement, MetricsDoc doc) {
        List<String> problems = new ArrayList<>();
        InfluxQlNames names;
        try {
            names = InfluxQlNames.of(statement);
        } catch (IllegalArgumentException e) {
            return List.of(where + ": cannot read the query (" + e.getMessage() + "): " + statement);
        }
        Set<MetricsDoc.Measurement> read = new HashSet<>();
        for (InfluxQlNames.Source s : names.sources) {
            Set<MetricsDoc.Measurement> matching = doc.matching(s);
            if (matching.isEmpty()) {
                problems.add(where + ": measurement " + s.measurement() + " is not documented in METRICS.md");
            }
            for (MetricsDoc.Measurement m : matching) {
                if (s.retentionPolicy() != null && !m.storedIn(s.retentionPolicy())) {
                    problems.add(where + ": reads " + m.name() + " from retention policy " + s.retentionPolicy()
                            + ", but METRICS.md says it is written to " + m.retentionPolicy());
                }
            }
            read.addAll(matching);
        }
        for (String name : names.names) {
            if (names.aliases.contains(name)) {
                continue;
            }
            if (read.stream().noneMatch(m -> m.documents(name))) {
                problems.add(where + ": '" + name + "' is not a documented tag or field of " + measurementNames(read));
            }
        }
        for (String regex : names.nameRegexes) {
            Pattern p = Pattern.compile(regex);
            if (read.stream().noneMatch(m -> m.documentsAnyMatching(p))) {
                problems.add(where + ": /" + regex + "/ matches no documented tag or field of " + measurementNames(read));
            }
        }
        return problems;
    }

    private static List<String> measurementNames(Set<MetricsDoc.Measurement> ms) {
        return ms.stream().map(MetricsDoc.Measurement::name).sorted().toList();
    }

    /** Placeholder variable values: each combination of custom variable options; "x" for query variables. */
    static List<Map<String, List<String>>> placeholderAssignments(Dashboard d) {
        List<Map<String, List<String>>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (JsonNode v : d.variables()) {
            String name = v.path("name").asText();
            List<String> values = new ArrayList<>();
            if ("custom".equals(v.path("type").asText())) {
                v.path("options").forEach(o -> values.add(o.path("value").asText()));
            } else {
                values.add("x");
            }
            List<Map<String, List<String>>> next = new ArrayList<>();
            for (Map<String, List<String>> a : out) {
                for (String value : values) {
                    Map<String, List<String>> copy = new LinkedHashMap<>(a);
                    copy.put(name, List.of(value));
                    next.add(copy);
                }
            }
            out = next;
        }
        return out;
    }
}
