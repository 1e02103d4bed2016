package io.raidpulse.stream.influx;

import io.raidpulse.config.ConfigException;
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

    public InfluxSettings {
        if (url == null || url.isBlank()) {
            throw new ConfigException("influx.url", "is required and not set");
        }
        url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        try {
            URI uri = URI.create(url);
            if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException("influx.url", "expected an http(s) URL like http://localhost:8086, got '" + url + "'");
        }
        if (database == null || database.isBlank() || database.contains("/")) {
            throw new ConfigException("influx.database", "expected a database name without '/', got '" + database + "'");
        }
    }

    /** Whether {@code influx.url} is set: without it the InfluxDB sink does not run. */
    public static boolean configured(Settings settings) {
        return settings.has("influx.url");
    }

    public static InfluxSettings from(Settings settings) {
        return new InfluxSettings(
                settings.requiredString("influx.url"),
                settings.choice("influx.api", InfluxApi.AUTO, InfluxApi.class),
                settings.string("influx.database", DEFAULT_DATABASE),
                settings.string("influx.username", null),
                settings.string("influx.password", null),
                settings.string("influx.token", null),
                settings.string("influx.org", null),
                settings.duration("influx.timeout", Duration.ofSeconds(10), Duration.ofMillis(100), Duration.ofMinutes(10)));
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
