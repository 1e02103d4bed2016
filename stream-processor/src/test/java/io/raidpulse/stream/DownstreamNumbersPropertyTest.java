package io.raidpulse.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;

/**
 * Whatever valid samples arrive (any rates, latencies and queue sizes the intake accepts, from
 * zero and the smallest double up to the largest; gaps, restarts, repeats and late samples; md
 * arrays degraded, syncing at any speed, with faulty members), nothing the topology emits holds
 * a NaN, an infinity or a negative number where none can be: every double of every aggregate
 * and alert is finite, the non-negative ones are, and no summary or evidence prints NaN or
 * Infinity. Samples the intake refuses (values beyond any device among them, which would
 * overflow a window's sums) are dead letters, and only those.
 */
class DownstreamNumbersPropertyTest {
    /** Aggregate fields that may be negative: write amplification (members did less than md), headroom (over capacity). */
    private static final Set<String> SIGNED = Set.of("write_amp_io", "write_amp_sectors", "headroom");

    record Step(String kind, double util, double iops, double kBs, double await, double aqu, int degraded, String sync, double pct,
                long speed, boolean faulty) {
    }

    @Provide
    Arbitrary<Double> magnitude() {
        // up to the largest the intake accepts (1e12), and a few beyond it, which it refuses
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.of(0.0, Double.MIN_VALUE, 1e-300, 1e-9, 0.5, 1.0, 99.0, 1e6, 1e9, 1e12)),
                net.jqwik.api.Tuple.of(8, Arbitraries.doubles().between(0, 1e5)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(1e13, 1e300, Double.MAX_VALUE)));
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Double> m = magnitude();
        Arbitrary<Double> util = Arbitraries.oneOf(Arbitraries.of(0.0, 79.99, 80.0, 94.99, 95.0, 100.0, 105.0),
                Arbitraries.doubles().between(0, 105));
        Arbitrary<String> kind = Arbitraries.of("next", "next", "next", "next", "lose", "restart", "repeat", "late");
        Arbitrary<String> sync = Arbitraries.of("idle", "idle", "check", "resync", "recover", "repair", "reshape");
        List<Arbitrary<Object>> parts = List.of(kind.asGeneric(), util.asGeneric(), m.asGeneric(), m.asGeneric(), m.asGeneric(),
                m.asGeneric(), Arbitraries.integers().between(0, 2).asGeneric(), sync.asGeneric(),
                Arbitraries.doubles().between(0, 100).asGeneric(), Arbitraries.longs().between(0, Long.MAX_VALUE / 2).asGeneric(),
                Arbitraries.of(true, false, false, false).asGeneric());
        Arbitrary<Step> step = Combinators.combine(parts)
                .as(v -> new Step((String) v.get(0), (Double) v.get(1), (Double) v.get(2), (Double) v.get(3), (Double) v.get(4),
                        (Double) v.get(5), (Integer) v.get(6), (String) v.get(7), (Double) v.get(8), (Long) v.get(9), (Boolean) v.get(10)));
        return step.list().ofMinSize(5).ofMaxSize(60);
    }

    @Property(tries = 60)
    void nothingEmittedHoldsNaNInfinityOrANegativeNumber(@ForAll("steps") List<Step> steps,
                                                          @ForAll("intervals") long intervalMs) {
        // at_least_once: TopologyTestDriver drops dead letters produced inside a transaction (see DeadLetterTest)
        try (TopologyFixture t = new TopologyFixture(Map.of("test.processing.guarantee", "at_least_once",
                "aggregate.windows", "2s,10s", "aggregate.grace", "0s",
                "saturation.sustain", "2s", "saturation.clear-after", "2s", "health.progress-interval", "1s",
                "health.progress-step-pct", "0.1"))) {
            HostFeed feed = new HostFeed("db-prop", 1_700_000_000_000L, intervalMs);
            List<HostSample> sent = new ArrayList<>();
            // whether each sample sent was valid, judged when it was sent, as the intake judges the bytes:
            // a sample object judged again after later feed.next calls was seen to read differently
            List<Boolean> valid = new ArrayList<>();
            // a valid sample in sequence with rates (not the first after a start): it lands in a window
            boolean aggregated = false;
            for (Step s : steps) {
                List<Dev> devices = List.of(Dev.md("md0").iops(s.iops(), s.iops()).kBs(s.kBs(), s.kBs()),
                        Dev.disk("sda", s.util()).iops(s.iops(), s.iops()).kBs(s.kBs(), s.kBs()).await(s.await(), s.await()).aqu(s.aqu()),
                        Dev.ssd("sdb", s.util()).await(s.await(), 0).aqu(s.aqu()), Dev.disk("sdc", 0).iops(0, 0).kBs(0, 0));
                Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc").leaves("sda", "sdb", "sdc");
                if (s.degraded() > 0) {
                    md0 = md0.degraded(s.degraded()).remove("sdc");
                }
                if (s.faulty()) {
                    md0 = md0.faulty("sdb");
                }
                if (!s.sync().equals("idle")) {
                    md0 = md0.sync(s.sync(), s.pct(), s.speed(), s.speed() == 0 ? null : (long) ((100 - s.pct()) * 1000));
                }
                switch (s.kind()) {
                    case "lose" -> feed.lose(3);
                    case "restart" -> feed.restart(5_000);
                    case "repeat" -> {
                        if (!sent.isEmpty()) {
                            send(t, sent.get(sent.size() - 1), valid);
                        }
                    }
                    case "late" -> {
                        if (sent.size() > 3) {
                            HostSample old = sent.get(sent.size() - 3);
                            send(t, feed.at(old.getSequence(), old.getSampleTime().toEpochMilli(), devices, List.of(md0)), valid);
                        }
                    }
                    default -> { }
                }
                HostSample sample = feed.next(devices, List.of(md0));
                sent.add(sample);
                send(t, sample, valid);
                aggregated |= valid.get(valid.size() - 1) && sample.getIntervalS() != null;
                t.advanceWallClock(Duration.ofMillis(intervalMs));
            }
            // close every window: the next sample comes a minute later
            feed.restart(60_000);
            send(t, feed.next(List.of(Dev.disk("sda", 1)), List.of()), valid);

            List<Aggregate> aggregates = t.aggregates();
            List<Alert> alerts = t.alerts();
            if (aggregated) {
                assertThat(aggregates).as("windows closed").isNotEmpty();
            }
            aggregates.forEach(a -> numbersIn(a, "aggregate " + a.getSubject() + " " + a.getWindowStart()));
            alerts.forEach(a -> {
                numbersIn(a, "alert " + a.getAlertId() + " " + a.getState());
                List<String> texts = new ArrayList<>(a.getEvidence());
                texts.add(a.getSummary());
                texts.addAll(a.getDetails().values());
                assertThat(texts).as("texts of %s", a.getAlertId()).noneMatch(x -> x.contains("NaN") || x.contains("Infinity"));
            });
            assertThat(t.deadLetters()).as("dead letters: the samples the intake refuses, and only those")
                    .hasSize((int) valid.stream().filter(v -> !v).count());
        }
    }

    @Provide
    Arbitrary<Long> intervals() {
        return Arbitraries.of(1L, 1000L, 10_000L, 3_600_000L);
    }

    /** Every double of the record (and its nested records, arrays, maps) finite, and non-negative unless signed. */
    private static void send(TopologyFixture t, HostSample sample, List<Boolean> valid) {
        valid.add(io.raidpulse.stream.intake.SampleValidator.problem(sample) == null);
        t.send(sample);
    }

    private static void numbersIn(SpecificRecord r, String what) {
        for (Schema.Field f : r.getSchema().getFields()) {
            check(r.get(f.pos()), f.name(), what);
        }
    }

    private static void check(Object v, String field, String what) {
        if (v instanceof Double d) {
            assertThat(d).as("%s: %s", what, field).isFinite();
            if (!SIGNED.contains(field)) {
                assertThat(d).as("%s: %s", what, field).isGreaterThanOrEqualTo(0.0);
            }
        } else if (v instanceof Float f) {
            assertThat(f).as("%s: %s", what, field).isFinite();
        } else if (v instanceof Integer i && !SIGNED.contains(field)) {
            assertThat(i).as("%s: %s", what, field).isNotNegative();
        } else if (v instanceof SpecificRecord nested) {
            numbersIn(nested, what + " " + field);
        } else if (v instanceof List<?> list) {
            list.forEach(x -> check(x, field, what));
        } else if (v instanceof Map<?, ?> map) {
            map.values().forEach(x -> check(x, field, what));
        }
    }
}
