package io.raidpulse.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.domain.Bucket;
import com.influxdb.client.domain.BucketRetentionRules;
import com.influxdb.client.domain.InfluxQLQuery;
import com.influxdb.client.domain.Organization;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.service.InfluxQLQueryService;
import com.influxdb.exceptions.InfluxException;
import io.raidpulse.config.UserException;
import java.io.IOException;
import java.util.List;
import okhttp3.ResponseBody;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One InfluxDB server reached through influxdb-client-java, whatever its version: writes go
 * through the client's v2 write call (rewritten for servers before 1.8), queries are InfluxQL.
 * Obtain one from {@link InfluxConnections#open}. Thread-safe.
 */
public final class InfluxConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(InfluxConnection.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxSettings settings;
    private final InfluxVersion version;
    private final InfluxApi api;
    private final String org;
    private final InfluxDBClient client;

    InfluxConnection(InfluxSettings settings, InfluxVersion version, InfluxApi api, String org, InfluxDBClient client) {
        this.settings = settings;
        this.version = version;
        this.api = api;
        this.org = org;
        this.client = client;
    }

    /** The server's version from {@code X-Influxdb-Version}. */
    public InfluxVersion version() {
        return version;
    }

    /** The API in use: {@link InfluxApi#V1} (rewritten writes) or {@link InfluxApi#V2}, never AUTO. */
    public InfluxApi api() {
        return api;
    }

    public String url() {
        return settings.url();
    }

    public String database() {
        return settings.database();
    }

    /** The underlying client, for calls this class does not wrap. */
    public InfluxDBClient client() {
        return client;
    }

    /** The v2 bucket for a retention policy of the configured database: {@code db/rp}. */
    public String bucket(String retentionPolicy) {
        return retentionPolicy == null ? settings.database() : settings.database() + "/" + retentionPolicy;
    }

    /**
     * Writes line-protocol lines with millisecond timestamps to {@code bucket} ({@code db/rp}) and
     * returns once the server acknowledged them.
     *
     * @throws InfluxWriteException when the server did not acknowledge the write
     */
    public void write(String bucket, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        try {
            client.getWriteApiBlocking().writeRecords(bucket, org, WritePrecision.MS, lines);
        } catch (InfluxException e) {
            throw new InfluxWriteException("InfluxDB at " + settings.url() + " refused a write of " + lines.size()
                    + " points to " + bucket + ": " + describe(e), e.status(), e);
        } catch (RuntimeException e) {
            throw new InfluxWriteException("InfluxDB at " + settings.url() + " did not acknowledge a write of " + lines.size()
                    + " points to " + bucket + ": " + e.getMessage(), 0, e);
        }
    }

    /**
     * Runs an InfluxQL query against the configured database through the client's InfluxQL API
     * with CSV answers (its JSON parsing fails on null cells). Times come back in epoch ms.
     * On 1.x servers a statement error inside a CSV answer (such as "database not found") gives an
     * empty result, not an exception. The client's CSV parser cannot read GROUP BY tag values that
     * contain an escaped comma; host, device and array names never do.
     */
    public InfluxQlResult query(String influxQl) {
        InfluxQLQuery q = new InfluxQLQuery(influxQl, settings.database(), InfluxQLQuery.AcceptHeader.CSV)
                .setPrecision(InfluxQLQuery.InfluxQLPrecision.MILLISECONDS);
        try {
            return InfluxQlResult.of(client.getInfluxQLQueryApi().queryCSV(q));
        } catch (InfluxException e) {
            throw new UserException("InfluxQL query failed on " + settings.url() + ": " + describe(e) + " (query: " + influxQl + ")", e);
        }
    }

    /**
     * Runs an InfluxQL statement that returns no rows (CREATE, ALTER, DROP) as a POST, as 1.x
     * requires for these, and fails when the server reports a statement error. JSON answers here:
     * CSV answers drop statement errors on 1.x.
     */
    public void execute(String statement) {
        try {
            retrofit2.Response<ResponseBody> response = client.getService(InfluxQLQueryService.class)
                    .query(statement, settings.database(), null, null, null, "application/json").execute();
            try (ResponseBody body = response.isSuccessful() ? response.body() : response.errorBody()) {
                String text = body == null ? "" : body.string();
                if (!response.isSuccessful()) {
                    String header = response.headers().get("X-Influxdb-Error");
                    throw new UserException("InfluxDB at " + settings.url() + " refused '" + statement + "': HTTP "
                            + response.code() + " " + (header != null ? header : text.strip()));
                }
                if (!text.isBlank()) {
                    for (JsonNode result : JSON.readTree(text).path("results")) {
                        if (result.hasNonNull("error")) {
                            throw new UserException("InfluxDB at " + settings.url() + " refused '" + statement + "': "
                                    + result.get("error").asText());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UserException("InfluxDB at " + settings.url() + " did not answer '" + statement + "': " + InfluxConnections.reason(e), e);
        }
    }

    /**
     * Makes sure the database and its retention policies exist with the given durations. 1.x:
     * {@code CREATE DATABASE} and {@code CREATE/ALTER RETENTION POLICY}; 2.x: buckets named
     * {@code db/rp} with a retention rule (queryable by InfluxQL through 2.x's virtual DBRP
     * mappings); 3.x creates databases on first write and takes retention from its own CLI, so
     * nothing is done there.
     */
    public void ensureStorage(List<RetentionPolicy> policies) {
        if (version.major() == 1) {
            String db = quote(settings.database());
            execute("CREATE DATABASE " + db);
            for (RetentionPolicy rp : policies) {
                String spec = " ON " + db + " DURATION " + rp.influxQlDuration() + " REPLICATION 1";
                try {
                    execute("CREATE RETENTION POLICY " + quote(rp.name()) + spec);
                } catch (UserException e) {
                    if (!String.valueOf(e.getMessage()).contains("already exists")) {
                        throw e;
                    }
                    // exists with another duration: the configured one wins
                    execute("ALTER RETENTION POLICY " + quote(rp.name()) + " ON " + db + " DURATION " + rp.influxQlDuration());
                }
            }
            log.info("InfluxDB {}: database {} with retention policies {} ready", version, settings.database(), policies);
        } else if (version.major() == 2) {
            ensureBuckets(policies);
        } else {
            log.info("InfluxDB {} creates databases on first write; retention is set with its own CLI, not by raidpulse", version);
        }
    }

    private void ensureBuckets(List<RetentionPolicy> policies) {
        try {
            List<Organization> orgs = client.getOrganizationsApi().findOrganizations();
            Organization organization = orgs.stream().filter(o -> o.getName().equals(org)).findFirst()
                    .orElseThrow(() -> new UserException("InfluxDB at " + settings.url() + " has no organisation '" + org
                            + "' (set influx.org)"));
            for (RetentionPolicy rp : policies) {
                String name = bucket(rp.name());
                Bucket existing = client.getBucketsApi().findBucketByName(name);
                if (existing == null) {
                    BucketRetentionRules rule = new BucketRetentionRules().everySeconds((int) rp.duration().toSeconds());
                    client.getBucketsApi().createBucket(name, rule, organization.getId());
                    log.info("InfluxDB {}: created bucket {} ({})", version, name, rp.duration().isZero() ? "forever" : rp.duration());
                }
            }
        } catch (InfluxException e) {
            throw new UserException("cannot create buckets on InfluxDB at " + settings.url() + ": " + describe(e), e);
        }
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String describe(InfluxException e) {
        if (e.status() == 0) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return cause instanceof IOException io ? InfluxConnections.reason(io) : String.valueOf(cause.getMessage());
        }
        String message = String.valueOf(e.getMessage());
        return message.startsWith("HTTP status code") ? message : "HTTP " + e.status() + ": " + message;
    }

    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return "InfluxDB " + version + " at " + settings.url() + " (" + api.name().toLowerCase() + " API, database " + settings.database() + ")";
    }
}
