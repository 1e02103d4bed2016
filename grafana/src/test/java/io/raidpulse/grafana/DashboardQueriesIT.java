package io.raidpulse.grafana;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.config.Settings;
import io.raidpulse.grafana.GrafanaTemplating.TimeRange;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.launcher.up.Pipeline;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.truth.Episode;
import io.raidpulse.simulator.truth.GroundTruth;
import io.raidpulse.simulator.truth.SaturationRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every query of every dashboard in grafana/dashboards, run against a real influxd after the whole
 * pipeline (simulator, collector, Kafka, stream processor, sink) has run four shipped scenarios
 * with {@code --fast} under {@code raidpulse up}'s defaults (the settings of {@link Pipeline} and
 * nothing else, but no console notifier): raid5-saturation (db-sim-1: saturation), member-failure
 * (db-sim-3: degraded array, faulty member, no spare, rebuild with progress), scheduled-check
 * (db-sim-4: an md check that ends with mismatch_cnt 16 and a mismatch alert still open) and
 * hardware-raid-saturation (db-sim-7: a PERC H700 RAID5 volume, recognised from sysfs and
 * declared, saturated for five minutes, beside a quiet md RAID1). Their loads are no cgroup's, so the collector attributes
 * each array's I/O to "unattributed", and the "who loads it" panel stacks that alone at 100%; EndToEndIT holds the panel's
 * query to the consumers of backup-saturation, whose loads belong to cgroups.
 *
 * <p>What a user of {@code up} sees: after each scenario alone, every panel and annotation has
 * data, except those showing an event the scenario does not have ({@link #EVENT_ONLY}, each with
 * the scenarios that have it).
 *
 * <p>Each query is sent as Grafana would send it (see {@link GrafanaTemplating}): variables from
 * their own queries against the same database (All where the variable offers All, otherwise each
 * value in turn), {@code $timeFilter} and {@code ${__to}} for a range covering the three runs,
 * {@code $__interval} from the range, the panel's width and its min interval. A panel query must
 * run without error for every selection and return data (a non-null value) for at least one;
 * queries of the state at the end of the range (those using {@code ${__to}}) are also run with the
 * range ending in the middle of the degraded episode, and their values are compared with the
 * simulator's ground truth. Annotations must return their text and tag columns; field overrides and
 * renames must match a returned name. The query log goes to target/grafana-queries.txt; the panels
 * as drawn from the same answers to target/grafana-panels/ ({@link PanelRenderer}).
 */
class DashboardQueriesIT {
    private static final List<String> SCENARIOS = List.of("raid5-saturation", "member-failure", "scheduled-check",
            "hardware-raid-saturation");

    /**
     * Fields METRICS.md documents that the sink of this build does not write yet, with the reason.
     * Queries naming one must still run without error, but need not return data. A field listed here
     * that the run did write fails the test: remove it, so that its panels are held to data.
     */
    private static final Map<String, String> AWAITING_SINK = Map.of();

    /**
     * Columns that may stay empty in every answer of this run, with the reason. Every other column a
     * query returns must have a value in some answer: a misspelt field comes back as a column of nulls.
     */
    private static final Map<String, String> EMPTY_COLUMNS_EXPECTED = Map.of();

    /**
     * The scenarios after which a panel that shows an event has data, and what happens in them; none
     * for an event no shipped scenario has, whose panel another test holds to data ({@code why} names it).
     */
    record Event(List<String> scenarios, String why) {
    }

    /**
     * Panels and annotations that show something only some scenarios make happen, keyed as
     * {@link #eventKey}; every other one must have data after each scenario alone.
     */
    private static final Map<String, Event> EVENT_ONLY;

    static {
        Event degraded = new Event(List.of("member-failure"), "a member fails and md0 is degraded until its recovery ends "
                + "(the array is whole at the end of the run: this state is seen with the range ending in the middle of it)");
        Event sync = new Event(List.of("member-failure", "scheduled-check"), "md syncs: the recovery onto the replacement "
                + "disk, the scheduled check");
        Event mdAlerts = new Event(List.of("member-failure", "scheduled-check"), "md health alerts fire: degraded, faulty "
                + "member, no spare and the recovery; the check and the mismatches it finds");
        Map<String, Event> events = new LinkedHashMap<>();
        events.put("raidpulse-fleet / Degraded arrays", degraded);
        for (String panel : List.of("Sync progress", "Sync speed", "Sync time left (ETA)", "Sync running (1-minute windows)",
                "Sync progress (1-minute windows)", "Sync time left (1-minute windows)")) {
            events.put("raidpulse-md-health / " + panel, sync);
        }
        events.put("raidpulse-alerts / annotation PROGRESS", new Event(sync.scenarios(), "a sync reports its progress"));
        for (String panel : List.of("md health alerts", "annotation md FIRING", "annotation md RESOLVED")) {
            events.put("raidpulse-md-health / " + panel, mdAlerts);
        }
        Event volume = new Event(List.of("hardware-raid-saturation"), "a hardware RAID volume reports: the PERC H700 volume, "
                + "whose queue fills while it is saturated");
        events.put("raidpulse-fleet / Hardware volumes", volume);
        events.put("raidpulse-fleet / Hardware RAID volumes in the time range", volume);
        events.put("raidpulse-fleet / Hardware volume health alerts", new Event(List.of("hardware-raid-saturation"),
                "the PERC H700 volume's controller fails three reads: its ioerr_cnt rises"));
        // what is open at the end of the range, or in the middle of member-failure's degraded episode: the
        // runs overlap in time, so raid5-saturation's saturation is open then too; the volume's has ended by both
        Event open = new Event(List.of("raid5-saturation", "member-failure", "scheduled-check"), "an alert is open at the "
                + "end of the range (scheduled-check's mismatch) or in the middle of member-failure's degraded episode (its md "
                + "alerts, and raid5-saturation's saturation, whose run overlaps it); hardware-raid-saturation's ends before both");
        events.put("raidpulse-fleet / Open alerts", open);
        events.put("raidpulse-alerts / Open alerts", open);
        events.put("raidpulse-alerts / Saturation: hardware volumes (queue and request time)", volume);
        // no shipped scenario lasts the 14 days a trend needs
        events.put("raidpulse-planning / Capacity forecasts", new Event(List.of(), "a CAPACITY_FORECAST fires only after 14 days "
                + "of hourly history; ForecastEndToEndIT runs this panel's query on two months of it and checks the forecasts it lists"));
        EVENT_ONLY = Map.copyOf(events);
    }

    @TempDir
    static Path shared;
    static InfluxServer influx;
    static InfluxHttp http;
    static Path root;
    static List<Dashboard> dashboards;
    static final List<Run> RUNS = new ArrayList<>();
    /** Covers every run: Grafana's time picker set from the first sample to the last. */
    static TimeRange range;
    /** Ends in the middle of member-failure's degraded episode. */
    static TimeRange degradedRange;
    static final List<String> LOG = new ArrayList<>();
    /** Answers per query and selection, for the renderer. */
    static final Map<Dashboard.Query, Map<Map<String, List<String>>, InfluxHttp.Result>> ANSWERS = new LinkedHashMap<>();

    record Run(String scenario, Scenario scenarioRun, GroundTruth truth) {
        String host() {
            return scenarioRun.host();
        }

        List<Episode> episodes() {
            return truth.episodes(SaturationRule.DEFAULTS);
        }
    }

    @BeforeAll
    static void runTheScenarios() throws Exception {
        root = DashboardChecks.repoRoot();
        dashboards = Dashboard.loadAll(DashboardChecks.dashboardsDir(root));
        DashboardChecks.Datasource ds = DashboardChecks.provisionedDatasource(root);
        influx = InfluxServer.obtain(shared.resolve("influxdb"));
        http = new InfluxHttp(influx.url(), ds.database());
        // up's defaults: nothing set but the console channel off, which only prints (it writes nothing to InfluxDB)
        assertThat(ds.database()).as("the database Grafana's datasource reads is the one up writes by default")
                .isEqualTo(InfluxSettings.DEFAULT_DATABASE);
        Settings settings = Settings.of(Map.of("notify.channels", ""));
        for (String scenario : SCENARIOS) {
            try (Pipeline p = Pipeline.start(new Pipeline.Options(shared.resolve(scenario), 0, influx.url(), false, settings, scenario, true))) {
                p.runSimulation(sim -> { });
                assertThat(p.awaitSpoolDrained(Duration.ofSeconds(60))).as("%s: every sample reached Kafka", scenario).isTrue();
                Run run = new Run(scenario, p.simulation().scenario(), p.simulation().truth());
                awaitSettled(run);
                RUNS.add(run);
            }
        }
        Instant from = RUNS.stream().map(r -> r.scenarioRun().start()).min(Instant::compareTo).orElseThrow();
        Instant to = RUNS.stream().map(r -> r.scenarioRun().start().plusSeconds(r.scenarioRun().durationSeconds() + r.scenarioRun().intervalSeconds()))
                .max(Instant::compareTo).orElseThrow();
        range = new TimeRange(from, to);
        Episode degraded = episode("member-failure", "ARRAY_DEGRADED", "md0");
        Instant middle = degraded.firing().plus(Duration.between(degraded.firing(), degraded.resolved()).dividedBy(2));
        degradedRange = new TimeRange(from, middle);
    }

    @AfterAll
    static void stop() throws IOException {
        if (influx != null) {
            influx.close();
        }
        if (!LOG.isEmpty()) {
            Path out = Path.of("target", "grafana-queries.txt");
            Files.createDirectories(out.getParent());
            Files.write(out, LOG);
        }
    }

    /**
     * The sink has written what the run produced: every raw array sample, and alert and aggregate
     * counts that no longer change; at most two minutes.
     */
    private static void awaitSettled(Run run) throws InterruptedException {
        String host = "host = '" + run.host() + "'";
        long samples = (run.scenarioRun().steps() + 1) * run.scenarioRun().arrays().size();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        String last = "";
        int stable = 0;
        while (System.nanoTime() < deadline) {
            Double raw = http.query("SELECT count(members) FROM \"raw\".\"raidpulse_array_sample\" WHERE " + host).singleNumber();
            Double alerts = http.query("SELECT count(alert_id) FROM \"alerts\".\"raidpulse_alert\" WHERE " + host).singleNumber();
            Double windows = http.query("SELECT count(samples) FROM \"agg_1m\".\"raidpulse_device\" WHERE " + host).singleNumber();
            String now = raw + "/" + alerts + "/" + windows;
            stable = now.equals(last) ? stable + 1 : 0;
            last = now;
            if (raw != null && raw >= samples && alerts != null && windows != null && stable >= 4) {
                return;
            }
            Thread.sleep(500);
        }
        fail("%s: InfluxDB did not settle within 2 min (raw array samples/alert points/1m device windows: %s, "
                + "expected %d raw array samples)%s", run.scenario(), last, samples, last.startsWith("null/")
                ? ": up's defaults wrote no raw samples (sink.raw-samples), which the per-sample panels of device detail "
                + "and md array health read" : "");
    }

    private static Episode episode(String scenario, String kind, String subject) {
        return RUNS.stream().filter(r -> r.scenario().equals(scenario)).flatMap(r -> r.episodes().stream())
                .filter(e -> e.kind().equals(kind) && e.subject().equals(subject)).findFirst()
                .orElseThrow(() -> new AssertionError(scenario + "'s truth has no " + kind + " episode of " + subject));
    }

    // ------------------------------------------------------------------------------------------
    // variables and selections
    // ------------------------------------------------------------------------------------------

    /** One way of setting a dashboard's variables; {@code dataExpected} false for non-default custom options. */
    record Selection(Map<String, List<String>> values, boolean dataExpected) {
        @Override
        public String toString() {
            return values.entrySet().stream().map(e -> e.getKey() + "=" + (e.getValue().size() > 1 ? "All" : e.getValue().get(0)))
                    .collect(Collectors.joining(" "));
        }
    }

    /** The values Grafana lists for a query variable: its query's "value" column, deduplicated and sorted. */
    static List<String> variableValues(Dashboard d, JsonNode variable, Map<String, List<String>> earlier) {
        String sent = GrafanaTemplating.interpolate(variable.path("query").asText(), earlier, range);
        InfluxHttp.Result r = http.query(sent);
        if (r.error() != null) {
            throw new AssertionError(d.uid() + " / variable " + variable.path("name").asText() + ": InfluxDB error "
                    + r.error() + " for: " + sent);
        }
        Set<String> values = new TreeSet<>();
        for (InfluxHttp.Series s : r.series()) {
            int column = s.column("value");
            s.values().forEach(row -> values.add(row.get(column).asText()));
        }
        LOG.add(d.uid() + " / variable " + variable.path("name").asText() + " -> " + values + "\n    " + sent);
        return new ArrayList<>(values);
    }

    /** Every selection Grafana could show: All where offered, else each value; custom variables: each option. */
    static List<Selection> selections(Dashboard d) {
        return selections(d, Map.of());
    }

    /** The same with some variables set beforehand, as a user picking one host from the list. */
    static List<Selection> selections(Dashboard d, Map<String, List<String>> fixed) {
        List<Selection> out = new ArrayList<>(List.of(new Selection(new LinkedHashMap<>(fixed), true)));
        for (JsonNode v : d.variables()) {
            String name = v.path("name").asText();
            if (fixed.containsKey(name)) {
                continue;
            }
            List<Selection> next = new ArrayList<>();
            for (Selection s : out) {
                if ("custom".equals(v.path("type").asText())) {
                    String current = v.path("current").path("value").asText();
                    for (JsonNode o : v.path("options")) {
                        String value = o.path("value").asText();
                        next.add(with(s, name, List.of(value), s.dataExpected() && value.equals(current)));
                    }
                    continue;
                }
                List<String> values = variableValues(d, v, s.values());
                assertThat(values).as("%s / variable %s for %s", d.uid(), name, s).isNotEmpty();
                if (v.path("includeAll").asBoolean(false)) {
                    next.add(with(s, name, values, s.dataExpected()));
                } else {
                    values.forEach(value -> next.add(with(s, name, List.of(value), s.dataExpected())));
                }
            }
            out = next;
        }
        return out;
    }

    private static Selection with(Selection s, String name, List<String> values, boolean dataExpected) {
        Map<String, List<String>> copy = new LinkedHashMap<>(s.values());
        copy.put(name, values);
        return new Selection(copy, dataExpected);
    }

    /** The query as InfluxDB receives it from Grafana for this selection and range. */
    static String sent(Dashboard.Query q, Selection s, TimeRange r) {
        String browser = GrafanaTemplating.interpolate(q.text(), s.values(), r);
        String min = q.minInterval() == null ? null : GrafanaTemplating.interpolate(q.minInterval(), s.values(), r);
        int width = q.panel().path("gridPos").path("w").asInt(24);
        Duration interval = GrafanaTemplating.interval(r, GrafanaTemplating.resolution(width, q.panel().path("maxDataPoints").asInt(0)), min);
        return GrafanaTemplating.backend(browser, r, interval);
    }

    static InfluxHttp.Result run(Dashboard.Query q, Selection s, TimeRange r) {
        String sent = sent(q, s, r);
        InfluxHttp.Result result = http.query(sent);
        LOG.add(q.where() + " [" + s + (r.equals(range) ? "" : ", range ending " + r.to()) + "] -> "
                + (result.error() != null ? "ERROR " + result.error() : result.series().size() + " series, " + result.nonNullCells() + " values")
                + "\n    " + sent);
        if (r.equals(range)) {
            ANSWERS.computeIfAbsent(q, k -> new LinkedHashMap<>()).put(s.values(), result);
        }
        return result;
    }

    /** Documented fields (as METRICS.md writes them) a query names that the sink does not write yet. */
    static Set<String> awaited(Dashboard.Query q) {
        Set<String> out = new LinkedHashSet<>();
        for (String field : AWAITING_SINK.keySet()) {
            Pattern p = MetricsDoc.placeholderPattern(field);
            if (p.matcher(q.text()).find() || q.text().contains(field.replaceAll("[A-Z]{2,}.*", ""))) {
                out.add(field);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------
    // the tests
    // ------------------------------------------------------------------------------------------

    @Test
    void theDashboardFilesHaveNoProblems() {
        List<String> problems = DashboardChecks.problems(root);
        assertThat(problems).as("%s", String.join(System.lineSeparator(), problems)).isEmpty();
    }

    @Test
    void everyPanelAndAnnotationQueryRunsAndReturnsData() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Dashboard d : dashboards) {
            List<Selection> selections = selections(d);
            for (Dashboard.Query q : d.queries()) {
                boolean endOfRange = q.text().contains("${__to}");
                Set<String> awaited = awaited(q);
                List<String> withData = new ArrayList<>();
                Map<String, Boolean> columns = new LinkedHashMap<>();
                for (Selection s : selections) {
                    List<TimeRange> ranges = endOfRange ? List.of(range, degradedRange) : List.of(range);
                    for (TimeRange r : ranges) {
                        InfluxHttp.Result result = run(q, s, r);
                        if (result.error() != null) {
                            failures.add(q.where() + " [" + s + "]: InfluxDB error: " + result.error() + "\n    sent: " + sent(q, s, r));
                        } else if (result.hasData() && s.dataExpected()) {
                            withData.add(s.toString());
                        }
                        for (InfluxHttp.Series series : result.series()) {
                            for (int c = 1; c < series.columns().size(); c++) {
                                int column = c;
                                boolean value = series.values().stream().anyMatch(row -> !row.get(column).isNull());
                                columns.merge(series.columns().get(c), value, Boolean::logicalOr);
                            }
                        }
                    }
                }
                Event event = EVENT_ONLY.get(eventKey(q));
                if (withData.isEmpty() && awaited.isEmpty() && (event == null || !event.scenarios().isEmpty())) {
                    failures.add(q.where() + ": no data for any selection (" + selections.stream().filter(Selection::dataExpected)
                            .map(Selection::toString).collect(Collectors.joining("; ")) + ")" + (endOfRange
                            ? " at the end of the run nor in the middle of the degraded episode" : "")
                            + "\n    sent: " + sent(q, selections.get(0), range));
                }
                List<String> neverFilled = columns.entrySet().stream()
                        .filter(e -> !e.getValue() && !EMPTY_COLUMNS_EXPECTED.containsKey(e.getKey())).map(Map.Entry::getKey).toList();
                if (!withData.isEmpty() && !neverFilled.isEmpty() && awaited.isEmpty()) {
                    failures.add(q.where() + ": column(s) " + neverFilled + " empty in every answer\n    sent: " + sent(q, selections.get(0), range));
                }
                if (!awaited.isEmpty()) {
                    LOG.add(q.where() + ": data not required, it names " + awaited + ", which the sink does not write yet: "
                            + AWAITING_SINK.get(awaited.iterator().next()));
                }
                checked++;
            }
        }
        assertThat(checked).as("queries checked").isGreaterThanOrEqualTo(40);
        assertThat(failures).as("%d of %d queries failed:%n%s", failures.size(), checked, String.join(System.lineSeparator(), failures))
                .isEmpty();
    }

    /**
     * After each scenario alone, under up's defaults, every query of every panel and every annotation
     * returns data (its host picked from the list, the other variables as above), except those listed
     * in {@link #EVENT_ONLY}, which must return data after the scenarios where their event happens.
     * An entry whose panel has data after every scenario fails too: remove it.
     */
    @Test
    void everyQueryHasDataAfterEachScenarioOrAfterTheOnesWhereItsEventHappens() {
        List<String> failures = new ArrayList<>();
        Set<String> listed = new TreeSet<>();
        int checked = 0;
        for (Dashboard d : dashboards) {
            Map<Run, List<Selection>> perRun = new LinkedHashMap<>();
            for (Run run : RUNS) {
                perRun.put(run, selections(d, Map.of("host", List.of(run.host()))).stream().filter(Selection::dataExpected).toList());
            }
            for (Dashboard.Query q : d.queries()) {
                Set<String> withData = new TreeSet<>();
                perRun.forEach((run, selections) -> {
                    if (selections.stream().anyMatch(s -> hasData(q, s))) {
                        withData.add(run.scenario());
                    }
                });
                Event event = EVENT_ONLY.get(eventKey(q));
                List<String> expected = event == null ? SCENARIOS : event.scenarios();
                List<String> missing = expected.stream().filter(x -> !withData.contains(x)).toList();
                if (!missing.isEmpty()) {
                    failures.add(q.where() + ": no data after " + missing + (event == null ? "" : ", where " + event.why())
                            + "; data after " + withData + "\n    sent: " + sent(q, perRun.values().iterator().next().get(0), range));
                }
                if (event != null) {
                    listed.add(eventKey(q));
                    if (withData.containsAll(SCENARIOS)) {
                        failures.add(eventKey(q) + " has data after every scenario: remove it from EVENT_ONLY");
                    }
                }
                checked++;
            }
        }
        assertThat(listed).as("EVENT_ONLY entries that name a panel or annotation").containsExactlyInAnyOrderElementsOf(EVENT_ONLY.keySet());
        assertThat(checked).as("queries checked").isGreaterThanOrEqualTo(60);
        assertThat(failures).as("%d of %d queries failed:%n%s", failures.size(), checked, String.join(System.lineSeparator(), failures))
                .isEmpty();
    }

    /** "uid / panel title", or "uid / annotation NAME": the key of {@link #EVENT_ONLY}. */
    private static String eventKey(Dashboard.Query q) {
        return q.dashboard().uid() + " / " + (q.annotation() ? "annotation " + q.panel().path("name").asText() : q.panel().path("title").asText());
    }

    /** Data over the whole range, or for a query of the state at its end, also at the middle of the degraded episode. */
    private static boolean hasData(Dashboard.Query q, Selection s) {
        List<TimeRange> ranges = q.text().contains("${__to}") ? List.of(range, degradedRange) : List.of(range);
        return ranges.stream().anyMatch(r -> run(q, s, r).hasData());
    }

    @Test
    void fieldsAwaitedFromTheSinkAreReallyNotWrittenYet() {
        Set<String> written = new TreeSet<>();
        for (String m : List.of("raidpulse_array", "raidpulse_device")) {
            InfluxHttp.Result r = http.query("SHOW FIELD KEYS FROM \"agg_1m\".\"" + m + "\"");
            r.series().forEach(s -> s.values().forEach(row -> written.add(row.get(0).asText())));
        }
        assertThat(written).as("fields of the aggregates").contains("util_mean", "r_iops");
        for (String field : AWAITING_SINK.keySet()) {
            Pattern p = MetricsDoc.placeholderPattern(field);
            assertThat(written.stream().filter(w -> p.matcher(w).matches()).toList())
                    .as("%s is written now: remove it from AWAITING_SINK so that the panels using it must return data", field)
                    .isEmpty();
        }
    }

    @Test
    void theStateAtTheEndOfTheRangeIsTheTruths() {
        Dashboard fleet = dashboard("raidpulse-fleet");
        Selection all = selections(fleet).get(0);
        Dashboard.Query degradedArrays = query(fleet, "Degraded arrays");
        Dashboard.Query openCount = query(fleet, "Open alerts", "stat");
        Dashboard.Query openTable = query(fleet, "Open alerts", "table");

        assertThat(run(degradedArrays, all, degradedRange).singleNumber()).as("%s in the middle of the degraded episode", degradedArrays.where())
                .isEqualTo(1.0);
        assertThat(run(degradedArrays, all, range).hasData()).as("%s at the end: the array is whole again (Grafana shows noValue 0)",
                degradedArrays.where()).isFalse();

        List<String> expected = RUNS.stream().flatMap(r -> r.episodes().stream().filter(e -> e.resolved() == null)
                .map(e -> r.host() + " " + e.subject() + " " + e.kind().toLowerCase(Locale.ROOT))).sorted().toList();
        assertThat(expected).as("the scheduled-check run ends with its mismatch alert open").isNotEmpty();
        assertThat(run(openCount, all, range).singleNumber()).as("%s at the end of the run", openCount.where())
                .isEqualTo((double) expected.size());
        InfluxHttp.Result table = run(openTable, all, range);
        List<String> listed = table.series().stream().map(s -> s.tags().get("host") + " " + s.tags().get("subject") + " " + s.tags().get("kind"))
                .sorted().toList();
        assertThat(listed).as("%s at the end of the run", openTable.where()).isEqualTo(expected);

        long mdOpenInTheMiddle = RUNS.stream().filter(r -> r.scenario().equals("member-failure")).flatMap(r -> r.episodes().stream())
                .filter(e -> !e.kind().equals("SATURATION") && !e.firing().isAfter(degradedRange.to())
                        && (e.resolved() == null || e.resolved().isAfter(degradedRange.to()))).count();
        assertThat(mdOpenInTheMiddle).as("md health episodes open in the middle of the degraded one").isGreaterThanOrEqualTo(2);
        assertThat(run(openCount, all, degradedRange).singleNumber()).as("%s in the middle of the degraded episode", openCount.where())
                .isGreaterThanOrEqualTo((double) mdOpenInTheMiddle);
    }

    @Test
    void annotationsReturnTheirTextAndTagColumns() {
        int annotations = 0;
        for (Dashboard d : dashboards) {
            List<Selection> selections = selections(d).stream().filter(Selection::dataExpected).toList();
            for (Dashboard.Query q : d.queries().stream().filter(Dashboard.Query::annotation).toList()) {
                JsonNode target = q.panel().path("target");
                List<String> needed = new ArrayList<>(List.of(target.path("textColumn").asText().split(",")));
                needed.addAll(List.of(target.path("tagsColumn").asText().split(",")));
                int events = 0;
                for (Selection s : selections) {
                    InfluxHttp.Result r = run(q, s, range);
                    assertThat(r.error()).as("%s [%s]: InfluxDB error", q.where(), s).isNull();
                    for (InfluxHttp.Series series : r.series()) {
                        assertThat(series.columns()).as("%s [%s]: the columns Grafana reads the text and tags from", q.where(), s)
                                .containsAll(needed);
                        events += series.values().size();
                    }
                }
                assertThat(events).as("%s: events for any of %s", q.where(), selections).isPositive();
                annotations++;
            }
        }
        assertThat(annotations).as("annotations checked").isGreaterThanOrEqualTo(5);
    }

    @Test
    void overridesAndRenamesMatchWhatTheQueriesReturn() {
        List<String> failures = new ArrayList<>();
        for (Dashboard d : dashboards) {
            List<Selection> selections = selections(d).stream().filter(Selection::dataExpected).toList();
            for (JsonNode panel : d.panels()) {
                List<Dashboard.Query> qs = d.queries().stream().filter(q -> q.panel() == panel).toList();
                Event event = EVENT_ONLY.get(d.uid() + " / " + panel.path("title").asText());
                if (qs.stream().anyMatch(q -> !awaited(q).isEmpty()) || event != null && event.scenarios().isEmpty()) {
                    // no data here: a panel checked elsewhere has its names checked there
                    continue;
                }
                Set<String> names = new TreeSet<>();
                for (Dashboard.Query q : qs) {
                    for (Selection s : selections) {
                        names.addAll(DisplayNames.of(q, run(q, s, range)));
                    }
                }
                for (JsonNode o : panel.path("fieldConfig").path("overrides")) {
                    String id = o.path("matcher").path("id").asText();
                    String option = o.path("matcher").path("options").asText();
                    boolean matches = id.equals("byName") ? names.contains(option)
                            : id.equals("byRegexp") && names.stream().anyMatch(n -> Pattern.compile(option).matcher(n).find());
                    if (!matches) {
                        failures.add(d.uid() + " / panel " + panel.path("id") + " '" + panel.path("title").asText() + "': override "
                                + id + " '" + option + "' matches none of " + names);
                    }
                }
                for (JsonNode t : panel.path("transformations")) {
                    if (t.path("id").asText().equals("renameByRegex")) {
                        String regex = t.path("options").path("regex").asText();
                        if (names.stream().noneMatch(n -> Pattern.compile(regex).matcher(n).find())) {
                            failures.add(d.uid() + " / panel '" + panel.path("title").asText() + "': renameByRegex " + regex + " matches none of " + names);
                        }
                    }
                }
            }
        }
        assertThat(failures).as(String.join(System.lineSeparator(), failures)).isEmpty();
    }

    @Test
    void everyDashboardIsDrawnFromTheAnswersItsQueriesGot() throws IOException {
        PanelRenderer renderer = new PanelRenderer(range);
        List<String> index = new ArrayList<>();
        for (Dashboard d : dashboards) {
            Selection best = null;
            Map<Dashboard.Query, InfluxHttp.Result> bestAnswers = null;
            long bestPanels = -1;
            for (Selection s : selections(d).stream().filter(Selection::dataExpected).toList()) {
                Map<Dashboard.Query, InfluxHttp.Result> answers = new LinkedHashMap<>();
                d.queries().forEach(q -> answers.put(q, run(q, s, range)));
                long panels = panelsWithData(d, answers).size();
                if (panels > bestPanels) {
                    best = s;
                    bestAnswers = answers;
                    bestPanels = panels;
                }
            }
            Path file = Path.of("target", "grafana-panels", d.uid() + ".png");
            PanelRenderer.Outcome drawn = renderer.render(d, bestAnswers, best.values(), best.toString(), file);
            assertThat(drawn.drawnWithData()).as("%s: every panel with data drawn as data", d.uid())
                    .containsExactlyInAnyOrderElementsOf(panelsWithData(d, bestAnswers));
            assertThat(drawn.drawnWithData().size() + drawn.drawnEmpty().size()).as("%s: every panel drawn", d.uid())
                    .isEqualTo(d.panels().size());
            assertThat(Files.size(file)).as("%s", file).isGreaterThan(10_000);
            index.add(file.getFileName() + ": " + d.title() + " [" + best + "], " + drawn.drawnWithData().size() + " of "
                    + d.panels().size() + " panels with data; no data: " + drawn.drawnEmpty());
        }
        Files.write(Path.of("target", "grafana-panels", "index.txt"), index);
    }

    private static List<String> panelsWithData(Dashboard d, Map<Dashboard.Query, InfluxHttp.Result> answers) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : d.panels()) {
            if (answers.entrySet().stream().anyMatch(e -> !e.getKey().annotation() && e.getKey().panel() == p && e.getValue().hasData())) {
                out.add(d.uid() + " / " + p.path("id").asText() + " " + p.path("title").asText());
            }
        }
        return out;
    }

    private static Dashboard dashboard(String uid) {
        return dashboards.stream().filter(d -> d.uid().equals(uid)).findFirst()
                .orElseThrow(() -> new AssertionError("no dashboard " + uid + " in grafana/dashboards"));
    }

    private static Dashboard.Query query(Dashboard d, String title, String... type) {
        return d.queries().stream().filter(q -> !q.annotation() && q.panel().path("title").asText().equals(title)
                        && (type.length == 0 || q.panel().path("type").asText().equals(type[0])))
                .findFirst().orElseThrow(() -> new AssertionError(d.uid() + " has no panel '" + title + "'"));
    }
}
