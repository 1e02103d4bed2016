package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.config.Settings;
import io.raidpulse.md.IoStat;
import io.raidpulse.md.IoStatEntry;
import io.raidpulse.schema.AttributionStatus;
import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * io.stat read every few cycles on a host of many cgroups (collector.attribution.interval): the
 * cycles between say so and carry no consumers, and a reading's consumers cover its whole span,
 * every I/O of it counted once, as the cgroups' own io.stat differences over the span.
 */
class SpacedAttributionTest {
    @TempDir
    Path tmp;

    private final AtomicLong nanos = new AtomicLong();

    private HostSampler sampler(SyntheticHost host, Map<String, String> settings) {
        Roots roots = Roots.of(host.root());
        return new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(), HostInfo.identity(roots, null),
                "test", Instant.parse("2026-01-01T00:00:00Z"), new BlockInventory(roots.sys(), null), nanos::get, Map.of(),
                AttributionSettings.from(Settings.of(settings)));
    }

    /** The first sample, then {@code more} each a second after the last. */
    private List<HostSample> run(SyntheticHost host, HostSampler s, int more) throws IOException {
        List<HostSample> out = new ArrayList<>(List.of(s.sample(0, 0)));
        out.addAll(next(host, s, more));
        return out;
    }

    private List<HostSample> next(SyntheticHost host, HostSampler s, int samples) throws IOException {
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            host.advance(1.0);
            nanos.addAndGet(1_000_000_000L);
            out.add(s.sample(i, 0));
        }
        return out;
    }

    private static List<AttributionStatus> statuses(List<HostSample> samples) {
        return samples.stream().map(h -> h.getIoAttribution().getStatus()).toList();
    }

    private static final AttributionStatus F = AttributionStatus.FIRST_SAMPLE;
    private static final AttributionStatus A = AttributionStatus.ATTRIBUTED;
    private static final AttributionStatus B = AttributionStatus.BETWEEN_READINGS;

    @Test
    void aHostOfFewCgroupsIsReadEveryCycle() throws IOException {
        SyntheticHost host = new SyntheticHost(tmp, 12, 2, 5, 60); // 50-62 io.stat a reading: 1.2 s under auto, one cycle
        List<HostSample> got = run(host, sampler(host, Map.of()), 4);
        assertThat(statuses(got)).containsExactly(F, A, A, A, A);
        assertThat(got.subList(1, 5)).allSatisfy(h -> assertThat(h.getIoAttribution().getSpanS()).isEqualTo(1.0));
        assertThat(got.get(0).getIoAttribution().getSpanS()).isNull();
    }

    @Test
    void aHostOfManyCgroupsIsReadEveryFewCyclesEachReadingCoveringItsSpan() throws IOException {
        SyntheticHost host = new SyntheticHost(tmp, 24, 2, 11, 300);
        HostSampler s = sampler(host, Map.of());
        List<HostSample> got = run(host, s, 1);
        int files = got.get(1).getIoAttribution().getCgroupsRead();
        int every = (int) Math.round(Math.min(10.0, files / 50.0));
        assertThat(every).as("%d io.stat a reading", files).isBetween(4, 6);
        // the cgroups' counters where the span starts: after the second reading
        Map<String, Map<Long, IoStatEntry>> before = ioStat(host);
        got.addAll(next(host, s, every));
        List<AttributionStatus> expected = new ArrayList<>(List.of(F, A));
        for (int i = 1; i < every; i++) {
            expected.add(B);
        }
        expected.add(A);
        assertThat(statuses(got)).containsExactlyElementsOf(expected);

        for (HostSample between : got.subList(2, got.size() - 1)) {
            assertThat(between.getIoAttribution().getCgroupsRead()).isZero();
            assertThat(between.getIoAttribution().getSpanS()).isNull();
            assertThat(between.getDevices()).allSatisfy(d -> assertThat(d.getConsumers()).isNull());
            assertThat(between.getIntervalS()).as("the devices' own rates stay every cycle's").isEqualTo(1.0);
        }
        HostSample reading = got.get(got.size() - 1);
        assertThat(reading.getIoAttribution().getSpanS()).isEqualTo((double) every);
        assertThat(reading.getIoAttribution().getCgroupsRead()).isEqualTo(files);
        Map<String, Map<Long, IoStatEntry>> after = ioStat(host);

        List<HostSample> span = got.subList(got.size() - every, got.size());
        int devicesWithConsumers = 0;
        for (DeviceSample d : reading.getDevices()) {
            if (d.getConsumers() == null) {
                continue;
            }
            devicesWithConsumers++;
            long completed = 0;
            long attributed = 0;
            for (HostSample h : span) {
                DeviceSample same = h.getDevices().stream().filter(x -> x.getName().equals(d.getName())).findFirst().orElseThrow();
                completed += same.getDeltas().getReads() + same.getDeltas().getReadsMerged();
                // the synthetic host hands 90% of each step's completed reads to the device's cgroups
                attributed += same.getDeltas().getReads() * 9 / 10;
            }
            assertThat(d.getConsumers().stream().mapToLong(IoConsumer::getReadIos).sum())
                    .as("%s: every read of the span, once: its consumers, other and unattributed", d.getName()).isEqualTo(completed);
            assertThat(d.getConsumers().stream().filter(c -> c.getKind() != ConsumerKind.UNATTRIBUTED).mapToLong(IoConsumer::getReadIos)
                    .sum()).as(d.getName()).isEqualTo(attributed);
            long key = IoStatEntry.key(d.getMajor(), d.getMinor());
            for (IoConsumer c : d.getConsumers()) {
                if (c.getCgroup() != null && c.getCgroups() == 1 && c.getCgroup().endsWith(".service")) {
                    IoStatEntry a = after.get(c.getCgroup()).get(key);
                    IoStatEntry b = before.get(c.getCgroup()).get(key);
                    assertThat(c.getWriteIos()).as("%s on %s: its io.stat difference over the span", c.getName(), d.getName())
                            .isEqualTo(a.writeIos() - (b == null ? 0 : b.writeIos()));
                }
            }
        }
        assertThat(devicesWithConsumers).isGreaterThanOrEqualTo(8);
    }

    @Test
    void aSetIntervalReadsThatFarApartAndZeroEveryCycle() throws IOException {
        SyntheticHost host = new SyntheticHost(tmp.resolve("a"), 12, 2, 5, 60);
        assertThat(statuses(run(host, sampler(host, Map.of("collector.attribution.interval", "3s")), 7)))
                .containsExactly(F, A, B, B, A, B, B, A);
        SyntheticHost many = new SyntheticHost(tmp.resolve("b"), 24, 2, 11, 300);
        assertThat(statuses(run(many, sampler(many, Map.of("collector.attribution.interval", "0")), 3))).containsExactly(F, A, A, A);
    }

    /** Every cgroup's io.stat under the host's hierarchy, by its path from the root ("/system.slice/x.service"). */
    private static Map<String, Map<Long, IoStatEntry>> ioStat(SyntheticHost host) throws IOException {
        Path root = host.root().resolve("sys/fs/cgroup");
        Map<String, Map<Long, IoStatEntry>> out = new HashMap<>();
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("io.stat")).toList()) {
                Map<Long, IoStatEntry> byDevice = new HashMap<>();
                IoStat.parse(Files.readString(f), f.toString()).entries().forEach(e -> byDevice.put(e.deviceKey(), e));
                out.put("/" + root.relativize(f.getParent()).toString().replace('\\', '/'), byDevice);
            }
        }
        return out;
    }
}
