package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostContinuityState;
import io.raidpulse.stream.state.StateSerde;

/**
 * What the stream processor last saw from one host, to tell new samples from duplicates
 * (a collector re-sending its spool) and to count lost samples.
 *
 * @param collectorStarted HostSample.collector_started of the newest sample, ms: a change is a collector restart
 * @param lastSequence     highest sequence seen since that start
 * @param seen             bit i set when sequence lastSequence - i was seen (the last 64 sequences)
 */
record HostContinuity(long collectorStarted, long lastSequence, long seen) {

    /** An Avro {@link HostContinuityState}; binary format 1 of earlier builds (the three longs in order) is still read. */
    static final StateSerde<HostContinuity> SERDE = StateSerde.<HostContinuity, HostContinuityState>avro("host continuity", HostContinuityState.class,
                    c -> new HostContinuityState(c.collectorStarted, c.lastSequence, c.seen),
                    r -> new HostContinuity(r.getCollectorStarted(), r.getLastSequence(), r.getSeen()))
            .alsoReading(1, r -> new HostContinuity(r.readLong(), r.readLong(), r.readLong()));

    /** How a new sample relates to what was seen before. */
    enum Arrival { FIRST, RESTART, NEXT, LATE, DUPLICATE }

    Arrival classify(long started, long sequence) {
        if (started != collectorStarted) {
            return Arrival.RESTART;
        }
        if (sequence > lastSequence) {
            return Arrival.NEXT;
        }
        long age = lastSequence - sequence;
        return age < 64 && (seen & (1L << age)) != 0 ? Arrival.DUPLICATE : Arrival.LATE;
    }

    HostContinuity after(long started, long sequence) {
        if (started != collectorStarted) {
            return new HostContinuity(started, sequence, 1L);
        }
        if (sequence > lastSequence) {
            long shift = sequence - lastSequence;
            return new HostContinuity(started, sequence, (shift >= 64 ? 0L : seen << shift) | 1L);
        }
        long age = lastSequence - sequence;
        return age < 64 ? new HostContinuity(started, lastSequence, seen | (1L << age)) : this;
    }
}
