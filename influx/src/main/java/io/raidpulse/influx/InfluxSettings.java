package io.raidpulse.influx;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.net.URI;
import java.time.Duration;

/**
 * Where InfluxDB is and how to reach it; every key is under {@code influx.}.
 *
 * @param url       server base URL ({@code influx.url}), e.g. {@code http://localhost:8086}
 * @param api       {@code influx.api}: auto, v1 or v2 (see {@link InfluxApi})
 * @param database  {@code influx.database}: the 1.x database, the db of 2.x/3.x {@code db/rp} buckets
 * @param username  {@code influx.username}: 1.x user (null when authentication is off)
 * @param password  {@code influx.password}: 1.x password
 * @param token     {@code influx.token}: 2.x/3.x API token; {@code user:password} works for 1.x too
 * @param org       {@code influx.org}: 2.x organisation name; 1.x and 3.x ignore it
 * @param timeout   {@code influx.timeout}: connect, read and write timeout of each HTTP call
 */
public record InfluxSettings(String url, InfluxApi api, String database, String username, String password,
                             String token, String org, Duration timeout) {

    public static final String DEFAULT_DATABASE = "raidpulse";
    public static final Key<String> URL = Keys.string("influx.url", null, "InfluxDB base URL");
    public static final Key<InfluxApi> API = Keys.choice("influx.api", InfluxApi.AUTO, InfluxApi.class, "auto, v1 (write rewrite) or v2");
    public static final Key<String> DATABASE = Keys.string("influx.database", DEFAULT_DATABASE,
            "1.x database, or the db of 2.x/3.x db/rp buckets");
    public static final Key<String> USERNAME = Keys.string("influx.username", null, "1.x user");
    public static final Key<String> PASSWORD = Keys.string("influx.password", null, "1.x password");
    public static final Key<String> TOKEN = Keys.string("influx.token", null, "2.x/3.x API token (1.x: user:password)");
    public static final Key<String> ORG = Keys.string("influx.org", null, "2.x organisation");
    public static final Key<Duration> TIMEOUT = Keys.duration("influx.timeout", Duration.ofSeconds(10), Duration.ofMillis(100),
            Duration.ofMinutes(10), "per HTTP call");

    public InfluxSettings {
        if (url == null || url.isBlank()) {
            throw new ConfigException(URL.name(), "is required and not set");
        }
        url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        try {
            URI uri = URI.create(url);
            if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException(URL.name(), "expected an http(s) URL like http://localhost:8086, got '" + url + "'");
        }
        if (database == null || database.isBlank() || database.contains("/")) {
            throw new ConfigException(DATABASE.name(), "expected a database name without '/', got '" + database + "'");
        }
    }

    /** Whether {@code influx.url} is set: without it the InfluxDB sink does not run. */
    public static boolean configured(Settings settings) {
        return settings.has(URL.name());
    }

    public static InfluxSettings from(Settings settings) {
        return new InfluxSettings(
                settings.requiredString(URL.name()),
                settings.get(API),
                settings.get(DATABASE),
                settings.get(USERNAME),
                settings.get(PASSWORD),
                settings.get(TOKEN),
                settings.get(ORG),
                settings.get(TIMEOUT));
    }

    /** 1.x credentials: {@code influx.username}/{@code influx.password}, else a token of the form {@code user:password}. */
    String[] v1Credentials() {
        if (username != null) {
            return new String[] {username, password == null ? "" : password};
        }
        if (token != null && token.contains(":")) {
            int colon = token.indexOf(':');
            return new String[] {token.substring(0, colon), token.substring(colon + 1)};
        }
        return null;
    }

    @Override
    public String toString() {
        return "InfluxSettings[url=" + url + ", api=" + api + ", database=" + database + ", username=" + username
                + ", org=" + org + ", timeout=" + timeout + "]";
    }
}
