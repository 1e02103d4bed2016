package io.raidpulse.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import okhttp3.Credentials;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Opens {@link InfluxConnection}s: asks the server its version on {@code /ping}, picks the write
 * API ({@code influx.api}, or from the version with {@code auto}) and builds an influxdb-client-java
 * client for it. A server that is not there or not InfluxDB is a {@link UserException} with one line.
 */
public final class InfluxConnections {
    /** Organisation name sent to 1.x, which ignores it (its v2 compatibility API documents "-"). */
    static final String V1_ORG = "-";

    private InfluxConnections() {
    }

    public static InfluxConnection open(Settings settings) {
        return open(InfluxSettings.from(settings));
    }

    public static InfluxConnection open(InfluxSettings settings) {
        OkHttpClient.Builder http = new OkHttpClient.Builder()
                .connectTimeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .writeTimeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .retryOnConnectionFailure(true);
        InfluxVersion version = ping(http.build(), settings);
        InfluxApi api = switch (settings.api()) {
            case AUTO -> version.hasV2Write() ? InfluxApi.V2 : InfluxApi.V1;
            case V1, V2 -> settings.api();
        };
        if (api == InfluxApi.V2 && !version.hasV2Write()) {
            throw new UserException("InfluxDB " + version + " at " + settings.url() + " has no v2 write API (1.8+ has it): "
                    + "set influx.api=v1 or auto", UserException.EXIT_USAGE, null);
        }
        InfluxDBClientOptions.Builder options = InfluxDBClientOptions.builder().url(settings.url());
        String org;
        if (api == InfluxApi.V1) {
            String[] credentials = settings.v1Credentials();
            http.addInterceptor(credentials == null ? new V1WriteRewrite(null, null) : new V1WriteRewrite(credentials[0], credentials[1]));
            org = V1_ORG;
        } else if (version.major() == 1) {
            // 1.8+: the v2 API takes "user:password" as its token
            String[] credentials = settings.v1Credentials();
            if (credentials != null) {
                options.authenticateToken((credentials[0] + ":" + credentials[1]).toCharArray());
            }
            org = V1_ORG;
        } else {
            if (settings.token() == null) {
                throw new UserException("InfluxDB " + version + " at " + settings.url() + " needs an API token: set influx.token",
                        UserException.EXIT_USAGE, null);
            }
            options.authenticateToken(settings.token().toCharArray());
            if (version.major() == 2 && settings.org() == null) {
                throw new UserException("InfluxDB " + version + " at " + settings.url() + " needs an organisation: set influx.org",
                        UserException.EXIT_USAGE, null);
            }
            org = settings.org() == null ? V1_ORG : settings.org();
        }
        options.okHttpClient(http).org(org);
        InfluxDBClient client = InfluxDBClientFactory.create(options.build());
        return new InfluxConnection(settings, version, api, org, client);
    }

    /** {@code GET /ping}: every InfluxDB version answers it with an {@code X-Influxdb-Version} header. */
    static InfluxVersion ping(OkHttpClient http, InfluxSettings settings) {
        Request.Builder request = new Request.Builder().url(settings.url() + "/ping").get();
        String[] credentials = settings.v1Credentials();
        if (credentials != null) {
            request.header("Authorization", Credentials.basic(credentials[0], credentials[1]));
        } else if (settings.token() != null) {
            request.header("Authorization", "Token " + settings.token());
        }
        try (Response response = http.newCall(request.build()).execute()) {
            String header = response.header("X-Influxdb-Version");
            InfluxVersion version = InfluxVersion.parse(header);
            if (version == null) {
                throw new UserException("no InfluxDB at " + settings.url() + ": /ping answered HTTP " + response.code()
                        + " without an X-Influxdb-Version header (check influx.url)");
            }
            if (response.code() == 401 || response.code() == 403) {
                throw new UserException("InfluxDB " + version + " at " + settings.url() + " refused the credentials (HTTP "
                        + response.code() + "): check influx.username/influx.password or influx.token");
            }
            return version;
        } catch (IOException e) {
            throw new UserException("InfluxDB at " + settings.url() + " is not reachable: " + reason(e)
                    + " (check influx.url or --influx-url, and that influxd is running)", e);
        }
    }

    static String reason(IOException e) {
        if (e instanceof ConnectException) {
            return "connection refused";
        }
        if (e instanceof UnknownHostException) {
            return "unknown host " + e.getMessage();
        }
        if (e instanceof InterruptedIOException) {
            return "no answer in time";
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
