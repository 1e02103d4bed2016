package io.raidpulse.influx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class V1WriteRewriteTest {

    @ParameterizedTest
    @CsvSource({
            "ns, n", "us, u", "ms, ms", "s, s"
    })
    void v2WriteBecomesV1WriteWithDatabaseRetentionPolicyAndPrecision(String v2, String v1) {
        HttpUrl in = HttpUrl.get("http://db1:8086/api/v2/write?org=-&bucket=raidpulse/agg_1m&precision=" + v2);
        HttpUrl out = V1WriteRewrite.rewrite(in);
        assertThat(out.encodedPath()).isEqualTo("/write");
        assertThat(out.queryParameter("db")).isEqualTo("raidpulse");
        assertThat(out.queryParameter("rp")).isEqualTo("agg_1m");
        assertThat(out.queryParameter("precision")).isEqualTo(v1);
        assertThat(out.queryParameter("org")).isNull();
        assertThat(out.queryParameter("bucket")).isNull();
    }

    @Test
    void bucketWithoutRetentionPolicyWritesToTheDefaultOne() {
        HttpUrl out = V1WriteRewrite.rewrite(HttpUrl.get("http://h:8086/api/v2/write?org=-&bucket=raidpulse&precision=ms"));
        assertThat(out.queryParameter("db")).isEqualTo("raidpulse");
        assertThat(out.queryParameterNames()).doesNotContain("rp");
    }

    @Test
    void aPathPrefixBehindAProxyIsKept() {
        HttpUrl out = V1WriteRewrite.rewrite(HttpUrl.get("https://proxy/influx/api/v2/write?bucket=a/b&precision=s"));
        assertThat(out.encodedPath()).isEqualTo("/influx/write");
        assertThat(out.host()).isEqualTo("proxy");
    }

    @Test
    void otherCallsPassUnchanged() {
        HttpUrl query = HttpUrl.get("http://h:8086/query?db=raidpulse");
        assertThat(V1WriteRewrite.rewrite(query)).isEqualTo(query);
        HttpUrl ping = HttpUrl.get("http://h:8086/ping");
        assertThat(V1WriteRewrite.rewrite(ping)).isEqualTo(ping);
    }

    @Test
    void unknownPrecisionIsRefused() {
        assertThatThrownBy(() -> V1WriteRewrite.rewrite(HttpUrl.get("http://h/api/v2/write?bucket=a&precision=h")))
                .hasMessageContaining("precision");
    }
}
