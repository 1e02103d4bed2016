package io.raidpulse.schema.kafka;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateWindowState;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.BenchmarkProfile;
import io.raidpulse.schema.CapacityAlertState;
import io.raidpulse.schema.CapacityShapesState;
import io.raidpulse.schema.ForecastState;
import io.raidpulse.schema.HostContinuityState;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IncidentsState;
import io.raidpulse.schema.MdHealthState;
import io.raidpulse.schema.SaturationState;
import io.raidpulse.schema.VolumeHealthState;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Serdes for every record raidpulse puts on Kafka: Avro single-object encoding
 * ({@code C3 01} + 8-byte schema fingerprint + binary body), so no schema registry is needed
 * and every released schema version stays readable through {@link SchemaHistory}.
 */
public final class AvroSerdes {
    /** The top-level record types: one topic value type each. */
    static final List<Class<? extends SpecificRecord>> TYPES =
            List.of(HostSample.class, Alert.class, Aggregate.class, BenchmarkProfile.class);
    /**
     * The stream processor's state-store values: never on a topic of ours, but in the stores'
     * changelogs, which a restart or an upgrade restores, so their history is kept as the topics' is.
     */
    static final List<Class<? extends SpecificRecord>> STATE_TYPES =
            List.of(SaturationState.class, MdHealthState.class, CapacityAlertState.class, ForecastState.class, AggregateWindowState.class,
                    HostContinuityState.class, CapacityShapesState.class, IncidentsState.class, VolumeHealthState.class);
    /** Every type with a schema history. */
    static final List<Class<? extends SpecificRecord>> ALL_TYPES =
            Stream.concat(TYPES.stream(), STATE_TYPES.stream()).toList();

    private AvroSerdes() {
    }

    public static Serde<HostSample> hostSample() {
        return serde(HostSample.class);
    }

    public static Serde<Alert> alert() {
        return serde(Alert.class);
    }

    public static Serde<Aggregate> aggregate() {
        return serde(Aggregate.class);
    }

    public static Serde<BenchmarkProfile> benchmarkProfile() {
        return serde(BenchmarkProfile.class);
    }

    public static <T extends SpecificRecord> Serde<T> serde(Class<T> type) {
        SingleObjectCodec<T> codec = new SingleObjectCodec<>(type);
        return Serdes.serdeFrom((topic, value) -> codec.encode(value), codec::decode);
    }

    /**
     * The serde of {@code type} whose serializer writes through a {@link RecordWriter}: the same
     * bytes, for a type Avro generated no coders for (a logical type in it) that is written often.
     */
    public static <T extends SpecificRecord> Serde<T> plannedSerde(Class<T> type) {
        SingleObjectCodec<T> codec = new SingleObjectCodec<>(type);
        RecordWriter<T> writer = RecordWriter.of(type);
        return Serdes.serdeFrom((topic, value) -> codec.encode(value, writer), codec::decode);
    }

    public static <T extends SpecificRecord> SingleObjectCodec<T> codec(Class<T> type) {
        return new SingleObjectCodec<>(type);
    }
}
