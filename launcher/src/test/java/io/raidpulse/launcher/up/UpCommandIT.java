package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code raidpulse up} itself, as a user runs it, on a --config that renames the topics: its collector
 * sends where its stream processor reads, it says where everything is under the names configured
 * (the incidents topic among them), and its status lines follow the incidents where the stream
 * processor writes them (scheduled-check ends with md0's incident open, its check having found
 * mismatches). Before, up's collector kept sending to the default topic, which nothing read, and up
 * listed the defaults and watched the default incidents topic. Ctrl-C (here: an interrupt) stops it
 * with exit code 0. What was logged is in the data directory's raidpulse-up.log (UpLogTest: the Kafka
 * clients' warnings only there).
 */
class UpCommandIT {
    @TempDir
    Path dir;

    @Test
    void saysWhereEverythingIsAndFollowsTheIncidentsUnderTheConfiguredTopicNames() throws Exception {
        Path config = dir.resolve("up.properties");
        Files.writeString(config, "topics.host-samples=ops.samples\ntopics.alerts=ops.alerts\ntopics.incidents=ops.incidents\n"
                + "topics.aggregates=ops.aggregates\ntopics.dead-letters=ops.dead-letters\n");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = CommandRun.writingTo(out, err);
        AtomicInteger exit = new AtomicInteger(-1);
        Thread up = new Thread(() -> exit.set(cli.execute("up", "--data-dir", dir.resolve("var").toString(), "--config",
                config.toString(), "--no-influx", "--simulate", "scheduled-check", "--fast")), "raidpulse-up");
        up.start();
        try {
            // the status line printed after the simulation has finished
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200))
                    .until(() -> !up.isAlive() || out.toString().matches("(?s).*finished at simulated .*\\n[0-9:]{8} status: .*"));
        } finally {
            up.interrupt();
            up.join(Duration.ofSeconds(60).toMillis());
        }
        String text = out.toString();
        assertThat(exit.get()).as("exit code; output:%n%s%nerrors:%n%s", text, err).isZero();
        assertThat(text).contains("topics ops.samples, ops.alerts, ops.incidents, ops.aggregates, raidpulse.benchmarks, ops.dead-letters");
        String status = text.substring(text.lastIndexOf(" status: "));
        assertThat(status).as("the last status line").contains("1 open incident").contains(" db-sim-4/md0 since ");
        assertThat(text).contains("stopped; data kept in ");
        // what was logged (the Kafka clients' retried warnings among it) in the data directory, not among the incidents
        Path log = dir.resolve("var").resolve("raidpulse-up.log");
        assertThat(text).contains("  log        " + log + " ");
        assertThat(Files.readString(log)).contains(" INFO  ");
    }
}
