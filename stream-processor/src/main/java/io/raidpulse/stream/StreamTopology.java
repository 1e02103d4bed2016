package io.raidpulse.stream;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.stream.aggregate.AggregateProcessor;
import io.raidpulse.stream.capacity.CapacityComparison;
import io.raidpulse.stream.capacity.CapacityDetector;
import io.raidpulse.stream.capacity.ProfileStore;
import io.raidpulse.stream.forecast.ForecastDetector;
import io.raidpulse.stream.health.MdHealthDetector;
import io.raidpulse.stream.health.VolumeHealthDetector;
import io.raidpulse.stream.incident.IncidentProcessor;
import io.raidpulse.stream.intake.IntakeProcessor;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.intake.SampleTimestamps;
import io.raidpulse.stream.intake.ValidatingSampleDeserializer;
import io.raidpulse.stream.saturation.SaturationDetector;
import io.raidpulse.topics.StreamTopics;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;

/**
 * The stream processor's topology, in one place:
 *
 * <pre>
 * host-samples ─▶ intake ─┬▶ saturation ─────────────────────┬▶ alerts
 *  (decode, validate;     ├▶ md-health ──────────────────────┤   and ─▶ incidents ─▶ incidents
 *                         ├▶ volume-health ──────────────────┤
 *   failures ─▶ dead-letters)                                │
 *                         ├▶ aggregates ─▶ capacity ─┬▶ capacity-alerts
 *                         ├──────────────▶ (shapes)  ├▶ forecast (daily, capacity-forecast alerts)
 *                         │                          └▶ aggregates
 *                         ├─────────────────────────────▶ capacity-alerts (arrays still reported)
 *                         └─────────────────────────────▶ incidents (each sample, after its alerts)
 * benchmarks (compacted) ─▶ benchmark-profiles (global store, read by capacity)
 * </pre>
 *
 * Records stay keyed by host from source to sinks: every detector works inside one HostSample, so
 * there is no repartitioning. Each processor owns its state store; the benchmark profiles are a
 * global store, every instance holding all of them.
 */
public final class StreamTopology {
    public static final String SOURCE = "host-samples";
    public static final String INTAKE = "intake";
    public static final String SATURATION = "saturation";
    public static final String MD_HEALTH = "md-health";
    public static final String VOLUME_HEALTH = "volume-health";
    public static final String AGGREGATES = "aggregates";
    public static final String CAPACITY = "capacity";
    public static final String CAPACITY_ALERTS = "capacity-alerts";
    public static final String CAPACITY_WINDOWS = "capacity-windows";
    public static final String CAPACITY_SAMPLES = "capacity-samples";
    public static final String CAPACITY_ALERT_WINDOWS = "capacity-alert-windows";
    public static final String FORECAST = "forecast";
    public static final String INCIDENT_ALERTS = "incident-alerts";
    public static final String INCIDENT_SAMPLES = "incident-samples";
    public static final String INCIDENTS = "incidents";
    public static final String INCIDENTS_SINK = "incidents-sink";
    public static final String PROFILES_SOURCE = "benchmarks";
    public static final String PROFILES = "benchmark-profiles-update";
    public static final String ALERTS_SINK = "alerts-sink";
    public static final String AGGREGATES_SINK = "aggregates-sink";

    private StreamTopology() {
    }

    public static Topology build(StreamConfig config, StreamSerdes serdes) {
        StreamTopics topics = config.topics();
        Topology t = new Topology();
        t.addSource(AutoOffsetReset.earliest(), SOURCE, new SampleTimestamps(), Serdes.String().deserializer(),
                new ValidatingSampleDeserializer(serdes.hostSample().deserializer(), config.intake().maxAhead(),
                        System::currentTimeMillis), topics.hostSamples());
        t.addProcessor(INTAKE, IntakeProcessor::new, SOURCE);
        t.addStateStore(IntakeProcessor.storeBuilder(), INTAKE);

        t.addProcessor(SATURATION, () -> new SaturationDetector(config.saturation(), config.expiry()), INTAKE);
        t.addStateStore(SaturationDetector.storeBuilder(), SATURATION);
        t.addProcessor(MD_HEALTH, () -> new MdHealthDetector(config.health(), config.expiry()), INTAKE);
        t.addStateStore(MdHealthDetector.storeBuilder(), MD_HEALTH);
        t.addProcessor(VOLUME_HEALTH, () -> new VolumeHealthDetector(config.health(), config.expiry()), INTAKE);
        t.addStateStore(VolumeHealthDetector.storeBuilder(), VOLUME_HEALTH);
        t.addProcessor(AGGREGATES, () -> new AggregateProcessor(config.aggregates()), INTAKE);
        t.addStateStore(AggregateProcessor.storeBuilder(), AGGREGATES);

        t.addGlobalStore(ProfileStore.storeBuilder(), PROFILES_SOURCE, Serdes.String().deserializer(), Serdes.ByteArray().deserializer(),
                topics.benchmarks(), PROFILES, ProfileStore.Updater::new);
        long smallestWindow = config.aggregates().windows().stream().mapToLong(Duration::toMillis).min().orElseThrow();
        // the capacity processors take two inputs, each tagged as what it is: samples first, windows second
        t.addProcessor(CAPACITY_WINDOWS, TwoInputs::<Observation, Aggregate>second, AGGREGATES);
        t.addProcessor(CAPACITY_SAMPLES, TwoInputs::<Observation, Aggregate>first, INTAKE);
        t.addProcessor(CAPACITY, () -> new CapacityComparison(config.capacity(), smallestWindow), CAPACITY_WINDOWS, CAPACITY_SAMPLES);
        t.addStateStore(CapacityComparison.storeBuilder(), CAPACITY);
        t.addProcessor(CAPACITY_ALERT_WINDOWS, TwoInputs::<Observation, Aggregate>second, CAPACITY);
        t.addProcessor(CAPACITY_ALERTS, () -> new CapacityDetector(config.capacity(), config.expiry(), smallestWindow),
                CAPACITY_ALERT_WINDOWS, CAPACITY_SAMPLES);
        t.addStateStore(CapacityDetector.storeBuilder(), CAPACITY_ALERTS);
        t.addProcessor(FORECAST, () -> new ForecastDetector(config.forecast(), config.expiry(), config.aggregates().grace().toMillis()),
                CAPACITY);
        t.addStateStore(ForecastDetector.storeBuilder(), FORECAST);

        // the incident processor takes two inputs, each tagged as what it is: alerts first, samples second; its
        // samples' node added last, so intake's last child: each sample's observation arrives after the alerts it caused
        t.addProcessor(INCIDENT_ALERTS, TwoInputs::<Alert, Observation>first, SATURATION, MD_HEALTH, VOLUME_HEALTH, CAPACITY_ALERTS,
                FORECAST);
        t.addProcessor(INCIDENT_SAMPLES, TwoInputs::<Alert, Observation>second, INTAKE);
        t.addProcessor(INCIDENTS, IncidentProcessor::new, INCIDENT_ALERTS, INCIDENT_SAMPLES);
        t.addStateStore(IncidentProcessor.storeBuilder(), INCIDENTS);

        t.addSink(ALERTS_SINK, topics.alerts(), Serdes.String().serializer(), serdes.alert().serializer(), SATURATION, MD_HEALTH,
                VOLUME_HEALTH, CAPACITY_ALERTS, FORECAST);
        t.addSink(INCIDENTS_SINK, topics.incidents(), Serdes.String().serializer(), serdes.alert().serializer(), INCIDENTS);
        t.addSink(AGGREGATES_SINK, topics.aggregates(), Serdes.String().serializer(), serdes.aggregate().serializer(), CAPACITY);
        return t;
    }
}
