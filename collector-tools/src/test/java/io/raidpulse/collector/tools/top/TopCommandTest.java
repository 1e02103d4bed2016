package io.raidpulse.collector.tools.top;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.Run;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code top} as a user runs it, on a synthetic host with a cgroup tree, live and between recorded snapshots. */
class TopCommandTest {
    @TempDir
    Path tmp;

    private Run record(Path host, Path out) {
        Run rec = Run.of("record", "--proc-root", host.resolve("proc").toString(), "--sys-root", host.resolve("sys").toString(),
                "--out", out.toString(), "--count", "1");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        return rec;
    }

    @Test
    void betweenTwoRecordedSnapshotsGivesWhatTheCollectorSawLive() throws Exception {
        // 12 disks: sda..sdh hold md0 (raid1) and md1 (raid5, a check running); sdi..sdl standalone; 60 cgroups
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 12, 2, 11, 60);
        Roots live = Roots.of(host.root());
        AtomicLong nanos = new AtomicLong();
        HostSampler collector = new HostSampler(new RootReader(live, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(live, null), "test", Instant.now(), new BlockInventory(live.sys(), null), nanos::get);
        collector.sample(0, 0);
        record(host.root(), tmp.resolve("s0"));
        host.advance(2.0);
        nanos.addAndGet(2_000_000_000L);
        HostSample seen = collector.sample(1, 0);
        record(host.root(), tmp.resolve("s1"));
        assertThat(tmp.resolve("s1/00000/sys/fs/cgroup/system.slice/io.stat")).isRegularFile();
        assertThat(tmp.resolve("s1/00000/sys/fs/cgroup/cgroup.subtree_control")).hasContent("cpu io memory pids");

        Run top = Run.of("top", "--between", tmp.resolve("s0/00000").toString(), tmp.resolve("s1/00000").toString(), "--json");
        assertThat(top.exitCode()).as(top.err()).isZero();
        List<JsonNode> lines = top.jsonLines();
        assertThat(lines).hasSize(1);
        JsonNode report = lines.get(0);
        assertThat(report.get("interval_s").asDouble()).isEqualTo(2.0);
        assertThat(report.get("attribution").get("status").asText()).isEqualTo("ATTRIBUTED");
        Map<String, JsonNode> byName = new HashMap<>();
        report.get("devices").forEach(d -> byName.put(d.get("name").asText(), d));
        assertThat(byName.keySet()).containsExactlyInAnyOrder("md0", "md1", "sdi", "sdj", "sdk", "sdl");
        assertThat(byName.get("md1").get("layout").asText()).isEqualTo("raid5 x4");
        assertThat(byName.get("md1").get("sync").asText()).isEqualTo("md check");
        for (JsonNode d : byName.values()) {
            double sum = 0;
            for (JsonNode c : d.get("consumers")) {
                sum += c.get("member_load_pct").asDouble();
            }
            assertThat(sum).as(d.get("name").asText()).isCloseTo(100.0, within(1e-6));
        }
        // the consumers' own requests are the collector's, a second
        Map<String, DeviceSample> samples = new HashMap<>();
        seen.getDevices().forEach(d -> samples.put(d.getName(), d));
        for (String name : byName.keySet()) {
            for (IoConsumer c : samples.get(name).getConsumers()) {
                JsonNode shown = null;
                for (JsonNode j : byName.get(name).get("consumers")) {
                    if (j.get("name").asText().equals(c.getName())) {
                        shown = j;
                    }
                }
                assertThat(shown).as(name + " " + c.getName()).isNotNull();
                assertThat(shown.get("r/s").asDouble()).as(name + " " + c.getName()).isEqualTo(c.getReadIos() / 2.0);
                assertThat(shown.get("w/s").asDouble()).as(name + " " + c.getName()).isEqualTo(c.getWriteIos() / 2.0);
            }
        }

        Run text = Run.of("top", "--between", tmp.resolve("s0/00000").toString(), tmp.resolve("s1/00000").toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("md1 (raid5 x4)", "md check running", "load%", "member/s", "consumer");
    }

    @Test
    void onceJsonLiveGivesOneInterval() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 8, 2, 3, 20);
        Thread mover = new Thread(() -> {
            try {
                for (int i = 0; i < 6; i++) {
                    Thread.sleep(100);
                    host.advance(1.0); // the synthetic host's counters are a busy second's: a shorter step has util above 100%
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        mover.start();
        Run run = Run.of("top", "--once", "--json", "--interval", "0.3", "--proc-root", host.root().resolve("proc").toString(),
                "--sys-root", host.root().resolve("sys").toString());
        mover.join();
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("attribution").get("status").asText()).isEqualTo("ATTRIBUTED");
        JsonNode md0 = lines.get(0).get("devices").get(0);
        assertThat(md0.get("name").asText()).isEqualTo("md0");
        assertThat(md0.get("layout").asText()).isEqualTo("raid1 x4");
        assertThat(md0.get("consumers").size()).isPositive();
    }

    @Test
    void aHostWithoutCgroupV2SaysSoAndStillShowsItsArrays() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 4, 1, 3);
        Files.createDirectories(host.root().resolve("sys/fs/cgroup/blkio"));
        record(host.root(), tmp.resolve("s0"));
        host.advance(1.0);
        record(host.root(), tmp.resolve("s1"));
        Run top = Run.of("top", "--between", tmp.resolve("s0/00000").toString(), tmp.resolve("s1/00000").toString());
        assertThat(top.exitCode()).as(top.err()).isZero();
        assertThat(top.out()).contains("consumers: none (unreadable)", "md0 (raid1 x4)");
    }

    @Test
    void badArgumentsAreOneClearLine() {
        Run missing = Run.of("top", "--between", tmp.resolve("nope").toString(), tmp.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("raidpulse-collector-tools top: " + tmp.resolve("nope")
                + " is not a snapshot directory (no proc/diskstats in it)");
        Run interval = Run.of("top", "--interval", "0", "--once");
        assertThat(interval.exitCode()).isEqualTo(2);
        assertThat(interval.err()).contains("--interval must be more than 0");
    }
}
