package io.raidpulse.stream.intake;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.DeadLetters;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Undecodable and impossible HostSamples go to the dead-letter topic, untouched, with the reason; processing goes on. */
class DeadLetterTest {
    /**
     * at_least_once here only: TopologyTestDriver's MockProducer.clear() drops sends made inside an
     * open transaction before any record is processed, which is where dead letters are produced.
     * DeadLettersIT shows them under exactly_once_v2 on a real broker.
     */
    private final TopologyFixture topology = new TopologyFixture(Map.of("test.processing.guarantee", "at_least_once"));
    private final HostFeed db1 = new HostFeed("db1", Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    private static String header(TestRecord<byte[], byte[]> r, String name) {
        return DeadLetters.header(r.headers(), name);
    }

    @Test
    void bytesThatAreNoHostSampleAreDeadLetteredWithTheDecodingReason() {
        byte[] garbage = "not avro at all".getBytes(StandardCharsets.UTF_8);
        topology.sendRaw("db1", garbage);
        List<TestRecord<byte[], byte[]>> dead = topology.deadLetters();
        assertThat(dead).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("db1".getBytes(StandardCharsets.UTF_8));
            assertThat(r.value()).isEqualTo(garbage);
            assertThat(header(r, DeadLetters.STAGE)).isEqualTo("decode");
            assertThat(header(r, DeadLetters.REASON)).startsWith("not Avro single-object encoded");
            assertThat(header(r, DeadLetters.TOPIC)).isEqualTo(Topics.HOST_SAMPLES);
            assertThat(header(r, DeadLetters.OFFSET)).isEqualTo("0");
            assertThat(header(r, DeadLetters.CONSUMER)).isEqualTo("topology-test");
        });
    }

    @Test
    void aTruncatedRecordIsDeadLettered() {
        byte[] whole = AvroSerdes.hostSample().serializer().serialize("t", db1.next(Dev.disk("sda", 10)));
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length / 2);
        topology.sendRaw("db1", cut);
        assertThat(topology.deadLetters()).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo(cut);
            assertThat(header(r, DeadLetters.REASON)).startsWith("corrupt body");
        });
    }

    @Test
    void aSampleWithImpossibleValuesIsDeadLetteredAsItWasSentAndProcessingContinues() {
        HostSample bad = db1.next(Dev.disk("sda", 10));
        IostatMetrics m = bad.getDevices().get(0).getMetrics();
        m.setUtil(250.0);
        byte[] bytes = AvroSerdes.hostSample().serializer().serialize("t", bad);
        topology.sendRaw("db1", bytes);
        for (int i = 0; i < 3; i++) {
            topology.send(db1.next(Dev.disk("sda", 99)));
        }
        assertThat(topology.deadLetters()).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo(bytes);
            assertThat(header(r, DeadLetters.STAGE)).isEqualTo("validate");
            assertThat(header(r, DeadLetters.REASON)).isEqualTo("device sda: util 250.0% above 105.0%");
        });
        assertThat(topology.alerts()).as("later samples are processed").hasSize(1);
    }

    @Test
    void negativeRatesAndNaNAreRefused() {
        HostSample s = db1.next(Dev.disk("sda", 10));
        s.getDevices().get(0).getMetrics().setRS(-1.0);
        assertThat(SampleValidator.problem(s)).isEqualTo("device sda: r_s -1.0 is not a non-negative number");
        s.getDevices().get(0).getMetrics().setRS(Double.NaN);
        assertThat(SampleValidator.problem(s)).isEqualTo("device sda: r_s NaN is not a non-negative number");
        HostSample ok = db1.next(Dev.disk("sda", 10));
        assertThat(SampleValidator.problem(ok)).isNull();
        ok.setIntervalS(0.0);
        assertThat(SampleValidator.problem(ok)).startsWith("interval_s 0.0 outside");
    }

    @Test
    void aSampleStampedFurtherAheadOfTheClockThanIntakeMaxAheadIsDeadLetteredAndItsHostNamed() {
        long now = System.currentTimeMillis();
        HostFeed skewed = new HostFeed("db9", now + 2 * 3_600_000L, 10_000);
        byte[] ahead = AvroSerdes.hostSample().serializer().serialize("t", skewed.next(Dev.disk("sda", 10)));
        topology.sendRaw("db9", ahead);
        HostFeed fine = new HostFeed("db8", now + 10 * 60_000L, 10_000);
        topology.send(fine.next(Dev.disk("sda", 99)));
        topology.send(fine.next(Dev.disk("sda", 99)));
        assertThat(topology.deadLetters()).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo(ahead);
            assertThat(header(r, DeadLetters.STAGE)).isEqualTo("validate");
            assertThat(header(r, DeadLetters.REASON)).startsWith("sample_time ").contains("of host db9 is 2 h ahead of",
                    "more than intake.max-ahead (30 min): the host's clock is wrong");
        });
    }

    @Test
    void intakeMaxAheadIsASetting() {
        ValidatingSampleDeserializer lenient = new ValidatingSampleDeserializer(AvroSerdes.hostSample().deserializer(),
                IntakeSettings.from(io.raidpulse.config.Settings.of(Map.of("intake.max-ahead", "3h"))).maxAhead(), () -> 0L);
        HostSample twoHours = new HostFeed("db9", 2 * 3_600_000L, 10_000).next(Dev.disk("sda", 10));
        byte[] bytes = AvroSerdes.hostSample().serializer().serialize("t", twoHours);
        assertThat(lenient.deserialize("t", bytes)).isEqualTo(twoHours);
    }
}
