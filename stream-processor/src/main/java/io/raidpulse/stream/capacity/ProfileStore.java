package io.raidpulse.stream.capacity;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The benchmarks topic as a global table: every instance holds every profile, by id, as the
 * Avro bytes the topic carries (a GlobalKTable is this in the Processor API). The topic is its
 * changelog, so the store keeps none of its own. Bytes are decoded where they are used
 * ({@link ProfileCatalog}), so a record this build cannot read is skipped there, never fatal here.
 */
public final class ProfileStore {
    public static final String STORE = "benchmark-profiles";

    private ProfileStore() {
    }

    public static StoreBuilder<KeyValueStore<String, byte[]>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled();
    }

    /** Keeps the store equal to the topic: a record replaces its id, a tombstone removes it. */
    public static final class Updater implements Processor<String, byte[], Void, Void> {
        private KeyValueStore<String, byte[]> store;

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, byte[]> record) {
            if (record.key() == null) {
                return;
            }
            if (record.value() == null) {
                store.delete(record.key());
            } else {
                store.put(record.key(), record.value());
            }
        }
    }
}
