package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.load.HostLoad;
import io.raidpulse.stream.state.DecodedStore;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places each host's samples in sequence: drops duplicates (a collector re-sending its spool),
 * marks late samples, counts lost ones and notices collector restarts; computes the sample's
 * load once; forwards an {@link Observation} keyed by host.
 */
public final class IntakeProcessor implements Processor<String, HostSample, String, Observation> {
    public static final String STORE = "host-continuity";

    private static final Logger log = LoggerFactory.getLogger(IntakeProcessor.class);

    private ProcessorContext<String, Observation> context;
    private KeyValueStore<String, HostContinuity> store;

    public static StoreBuilder<KeyValueStore<String, HostContinuity>> storeBuilder() {
        // a host's continuity is a new value for every sample
        return DecodedStore.builder(STORE, Serdes.String(), HostContinuity.SERDE).puttingEveryChange();
    }

    @Override
    public void init(ProcessorContext<String, Observation> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, HostSample> record) {
        HostSample sample = record.value();
        if (sample == null) {
            return;
        }
        String host = sample.getHost().getHostname();
        long started = sample.getCollectorStarted().toEpochMilli();
        long sequence = sample.getSequence();
        HostContinuity previous = store.get(host);
        HostContinuity.Arrival arrival = previous == null ? HostContinuity.Arrival.FIRST : previous.classify(started, sequence);
        if (arrival == HostContinuity.Arrival.DUPLICATE) {
            log.debug("duplicate sample {} of {} dropped", sequence, host);
            return;
        }
        store.put(host, previous == null ? new HostContinuity(started, sequence, 1L) : previous.after(started, sequence));
        long missed = arrival == HostContinuity.Arrival.NEXT ? sequence - previous.lastSequence() - 1 : 0;
        Observation o = new Observation(host, sample, HostLoad.of(sample), arrival == HostContinuity.Arrival.RESTART,
                missed, arrival == HostContinuity.Arrival.LATE);
        context.forward(new Record<>(host, o, record.timestamp()));
    }
}
