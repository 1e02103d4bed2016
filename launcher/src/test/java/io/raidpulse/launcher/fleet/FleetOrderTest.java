package io.raidpulse.launcher.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fleet sends samples in the order of their true time across hosts, each stamped with its
 * host's clock: the fleet's start, plus the host's phase and sequence x interval, plus its clock
 * offset; in real time, none before its time.
 */
class FleetOrderTest {
    private static final SingleObjectCodec<HostSample> CODEC = AvroSerdes.codec(HostSample.class);

    @Test
    void samplesGoOutInTrueTimeOrderStampedWithTheirHostsClock() throws Exception {
        long start = Instant.parse("2026-01-05T00:00:00Z").toEpochMilli();
        List<FleetMix.HostPlan> plans = FleetMix.draw(9, 12, 300, 0, Instant.ofEpochMilli(start));
        Map<String, FleetMix.HostPlan> byHost = new HashMap<>();
        plans.forEach(p -> byHost.put(p.host(), p));
        List<HostSample> sent = new ArrayList<>();
        Fleet.Result r = new Fleet(plans, start, "v").run((host, value) -> {
            HostSample s = CODEC.decode("t", value);
            assertThat(s.getHost().getHostname()).isEqualTo(host);
            sent.add(s);
        }, null, () -> false);
        long expected = plans.stream().mapToLong(p -> p.scenario().steps() + 1).sum();
        assertThat(r.samples()).isEqualTo(expected).isEqualTo(sent.size());
        assertThat(plans.stream().map(FleetMix.HostPlan::intervalS).distinct().count()).isGreaterThan(1);
        long previousTrue = Long.MIN_VALUE;
        for (HostSample s : sent) {
            FleetMix.HostPlan p = byHost.get(s.getHost().getHostname().toString());
            long trueTime = start + p.phaseMs() + s.getSequence() * p.intervalS() * 1000;
            assertThat(s.getSampleTime().toEpochMilli()).isEqualTo(trueTime + p.skewMs());
            assertThat(trueTime).isGreaterThanOrEqualTo(previousTrue);
            previousTrue = trueTime;
        }
    }

    @Test
    void inRealTimeNoSampleGoesOutBeforeItsTime() throws Exception {
        long now = System.currentTimeMillis();
        // a fleet that started 299 s ago: the last samples of its 5 minutes are due within a second or two
        long start = now - 299_000;
        List<FleetMix.HostPlan> plans = FleetMix.draw(4, 3, 300, 1, Instant.ofEpochMilli(start));
        Map<String, FleetMix.HostPlan> byHost = new HashMap<>();
        plans.forEach(p -> byHost.put(p.host(), p));
        List<long[]> sentAt = new ArrayList<>();
        Fleet.Result r = new Fleet(plans, start, "v").run((host, value) -> {
            HostSample s = CODEC.decode("t", value);
            FleetMix.HostPlan p = byHost.get(host);
            sentAt.add(new long[] {System.currentTimeMillis(), start + p.phaseMs() + s.getSequence() * 1000});
        }, System::currentTimeMillis, () -> false);
        assertThat(r.samples()).isEqualTo(3 * 301);
        assertThat(sentAt).allSatisfy(t -> assertThat(t[0]).isGreaterThanOrEqualTo(t[1]));
        assertThat(sentAt.get(sentAt.size() - 1)[0]).isGreaterThanOrEqualTo(now + 1000);
    }
}
