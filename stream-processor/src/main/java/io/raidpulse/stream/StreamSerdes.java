package io.raidpulse.stream;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import org.apache.kafka.common.serialization.Serde;

/**
 * The value serdes of every topic the stream processor reads or writes, built once and passed in.
 * Alerts and aggregates are written by a plan of their schema ({@link AvroSerdes#plannedSerde}): Avro
 * generates no coders for them (their timestamps), and its generic writer was a tenth of the stream
 * thread at a live interval.
 */
public record StreamSerdes(Serde<HostSample> hostSample, Serde<Alert> alert, Serde<Aggregate> aggregate) {
    public static StreamSerdes create() {
        return new StreamSerdes(AvroSerdes.hostSample(), AvroSerdes.plannedSerde(Alert.class), AvroSerdes.plannedSerde(Aggregate.class));
    }
}
