package io.raidpulse.stream.state;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A write-through view of a processor's state store that keeps the decoded values, so that a
 * value written for one sample is not decoded again for the next one of the same host; every
 * write still goes to the store (and so to its changelog) at once. Only the owning processor
 * writes its store, so the two cannot differ; the processor clears the view in {@code init}, which
 * Kafka Streams calls again whenever it rebuilds the task from the changelog.
 */
public final class DecodedCache<K, V> {
    private final KeyValueStore<K, V> store;
    private final Map<K, V> decoded = new HashMap<>();

    public DecodedCache(KeyValueStore<K, V> store) {
        this.store = store;
    }

    public V get(K key) {
        V v = decoded.get(key);
        if (v == null) {
            v = store.get(key);
            if (v != null) {
                decoded.put(key, v);
            }
        }
        return v;
    }

    public void put(K key, V value) {
        store.put(key, value);
        decoded.put(key, value);
    }

    public void delete(K key) {
        store.delete(key);
        decoded.remove(key);
    }

    public KeyValueStore<K, V> store() {
        return store;
    }
}
