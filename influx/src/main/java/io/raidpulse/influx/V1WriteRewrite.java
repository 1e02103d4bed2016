package io.raidpulse.influx;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import okhttp3.Credentials;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Lets influxdb-client-java write to InfluxDB servers older than 1.8, which have {@code /write}
 * but no {@code /api/v2/write}. The client's v2 write call
 * {@code POST /api/v2/write?org=O&bucket=db/rp&precision=ms} becomes
 * {@code POST /write?db=db&rp=rp&precision=ms} (1.x HTTP API, "/write" endpoint); the body (line
 * protocol) is the same in both. Every call carries the 1.x credentials as basic auth.
 */
final class V1WriteRewrite implements Interceptor {
    /** v2 precision names to 1.x ones: n, u, ms, s (1.x also takes h and m, which v2 lacks). */
    private static final Map<String, String> PRECISION = Map.of("ns", "n", "us", "u", "ms", "ms", "s", "s");

    private final String authorization;

    V1WriteRewrite(String username, String password) {
        this.authorization = username == null ? null : Credentials.basic(username, password == null ? "" : password);
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        Request.Builder rewritten = request.newBuilder().url(rewrite(request.url()));
        if (authorization != null) {
            rewritten.header("Authorization", authorization);
        }
        return chain.proceed(rewritten.build());
    }

    static HttpUrl rewrite(HttpUrl url) {
        List<String> segments = url.pathSegments();
        int n = segments.size();
        if (n < 3 || !segments.get(n - 3).equals("api") || !segments.get(n - 2).equals("v2") || !segments.get(n - 1).equals("write")) {
            return url;
        }
        String bucket = url.queryParameter("bucket");
        if (bucket == null || bucket.isEmpty()) {
            throw new IllegalArgumentException("v2 write without a bucket: " + url.redact());
        }
        int slash = bucket.indexOf('/');
        String db = slash < 0 ? bucket : bucket.substring(0, slash);
        String rp = slash < 0 ? null : bucket.substring(slash + 1);

        HttpUrl.Builder b = url.newBuilder().query(null);
        for (int i = 0; i < 3; i++) {
            b.removePathSegment(n - 3);
        }
        b.addPathSegment("write").addQueryParameter("db", db);
        if (rp != null && !rp.isEmpty()) {
            b.addQueryParameter("rp", rp);
        }
        String precision = url.queryParameter("precision");
        if (precision != null) {
            String v1 = PRECISION.get(precision);
            if (v1 == null) {
                throw new IllegalArgumentException("unknown write precision '" + precision + "'");
            }
            b.addQueryParameter("precision", v1);
        }
        String consistency = url.queryParameter("consistency");
        if (consistency != null) {
            b.addQueryParameter("consistency", consistency);
        }
        return b.build();
    }
}
