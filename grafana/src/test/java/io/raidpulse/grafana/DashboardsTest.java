package io.raidpulse.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dashboard files without a database (DashboardQueriesIT runs their queries): datasource
 * references, uids, panel ids, variables, time bounds, and every name a query uses documented in
 * METRICS.md. Also checks that these checks catch the defects they are for.
 */
class DashboardsTest {
    private final Path root = DashboardChecks.repoRoot();

    @Test
    void dashboardsAndTheirProvisioningHaveNoProblems() {
        List<String> problems = DashboardChecks.problems(root);
        assertThat(problems).as("problems in grafana/ (one per line)%n%s", String.join(System.lineSeparator(), problems)).isEmpty();
    }

    @Test
    void foreignDatasourcesRepeatedUidsAndPanelIdsAndUnknownVariablesAreReported() {
        DashboardChecks.Datasource ds = DashboardChecks.provisionedDatasource(root);
        MetricsDoc doc = MetricsDoc.read(root.resolve("METRICS.md"));
        Dashboard fleet = Dashboard.load(DashboardChecks.dashboardsDir(root).resolve("fleet-overview.json"));
        ObjectNode broken = fleet.json().deepCopy();
        ArrayNode panels = (ArrayNode) broken.path("panels");
        ((ObjectNode) panels.get(0).path("targets").get(0)).set("datasource", broken.objectNode().put("type", "influxdb").put("uid", "P951FEA4DE68E13C5"));
        ((ObjectNode) panels.get(1)).put("id", panels.get(2).path("id").asInt());
        ((ObjectNode) panels.get(3).path("targets").get(0)).put("query", "SELECT max(util_max) FROM \"agg_1m\".\"raidpulse_array\" WHERE host =~ /^$hots$/ AND $timeFilter");
        Dashboard copy = new Dashboard(DashboardChecks.dashboardsDir(root).resolve("copy-of-fleet-overview.json"), broken);

        List<String> problems = DashboardChecks.problems(root, List.of(fleet, copy), ds, doc);

        assertThat(problems).anyMatch(p -> p.contains("uid raidpulse-fleet is also the uid of"))
                .anyMatch(p -> p.contains("P951FEA4DE68E13C5") && p.contains("not the provisioned datasource"))
                .anyMatch(p -> p.contains("which another panel of the dashboard has"))
                .anyMatch(p -> p.contains("$hots is neither a variable of the dashboard nor a Grafana macro"));
        assertThat(DashboardChecks.problems(root, List.of(fleet), ds, doc)).as("the original alone").isEmpty();
    }

    @Test
    void undocumentedNamesWrongRetentionPoliciesAndUnknownMeasurementsAreReported() {
        MetricsDoc doc = MetricsDoc.read(root.resolve("METRICS.md"));
        assertThat(DashboardChecks.namesProblems("q", "SELECT mean(util_mean) FROM \"agg_1m\".\"raidpulse_device\" WHERE host =~ /^a$/", doc)).isEmpty();
        assertThat(DashboardChecks.namesProblems("q", "SELECT mean(util_avg) FROM \"agg_1m\".\"raidpulse_device\"", doc))
                .singleElement().asString().contains("'util_avg' is not a documented");
        assertThat(DashboardChecks.namesProblems("q", "SELECT summary FROM \"raw\".\"raidpulse_alert\"", doc))
                .singleElement().asString().contains("retention policy raw");
        assertThat(DashboardChecks.namesProblems("q", "SELECT x FROM \"agg_1m\".\"raidpulse_disk\"", doc))
                .anyMatch(p -> p.contains("raidpulse_disk is not documented"));
        assertThat(DashboardChecks.namesProblems("q", "SELECT max(/^projected_util_/) FROM \"agg_1h\".\"raidpulse_array\"", doc)).isEmpty();
        assertThat(DashboardChecks.namesProblems("q", "SELECT max(/^projected_iops_/) FROM \"agg_1h\".\"raidpulse_array\"", doc))
                .singleElement().asString().contains("matches no documented");
        assertThat(DashboardChecks.namesProblems("q",
                "SELECT percentile(iops, 95) AS p95 FROM (SELECT r_iops + w_iops AS iops FROM \"agg_1m\".\"raidpulse_array\")", doc))
                .as("aliases of a subquery are names the outer query may use").isEmpty();
    }

    @Test
    void grafanaSubstitutionMatchesGrafanasOwn() {
        GrafanaTemplating.TimeRange range = new GrafanaTemplating.TimeRange(java.time.Instant.ofEpochMilli(1_000), java.time.Instant.ofEpochMilli(1_801_000));
        String browser = GrafanaTemplating.interpolate("host =~ /^$host$/ AND d =~ /^${device}$/ AND t <= ${__to}ms",
                java.util.Map.of("host", List.of("db1.example.com"), "device", List.of("sda", "nvme0n1")), range);
        assertThat(browser).isEqualTo("host =~ /^db1\\.example\\.com$/ AND d =~ /^(sda|nvme0n1)$/ AND t <= 1801000ms");
        assertThat(GrafanaTemplating.backend("WHERE $timeFilter GROUP BY time($__interval) LIMIT $__interval_ms", range, java.time.Duration.ofSeconds(2)))
                .isEqualTo("WHERE time >= 1000ms and time <= 1801000ms GROUP BY time(2s) LIMIT 2000");
        // 30 min over 1920 px: 937 ms, rounded to 1 s; a min interval of 1m wins
        assertThat(GrafanaTemplating.interval(range, 1920, null)).hasMillis(1000);
        assertThat(GrafanaTemplating.interval(range, 1920, "1m")).hasSeconds(60);
        assertThat(GrafanaTemplating.formatInterval(java.time.Duration.ofMinutes(90))).isEqualTo("1h");
    }
}
