package io.raidpulse.stream.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Predicate;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.internals.InternalProcessorContext;
import org.apache.kafka.streams.processor.internals.ProcessorRecordContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * A processor's state store of decoded values, in memory, encoded only when they go to the
 * changelog: at each commit, once per key written since the last one, however many times it was
 * written in between. The values are the processor's own objects: a store written for every
 * sample of a host encoded the host's whole state for every sample (a tenth to a third of the
 * stream thread, the windows of every device each time), although only the last value before a
 * commit ever reaches the changelog.
 *
 * <p>It holds every entry decoded (loaded from the bytes store below it on first use, after
 * restoration) and keeps the keys written since the last commit. Kafka Streams flushes it
 * before each commit, as it does its own record caches ({@link CachedStateStore#flushCache()},
 * called by the task's prepareCommit): the pending values are encoded and written to the
 * in-memory bytes store and its changelog with the record context of their last write, so under
 * exactly_once_v2 the changelog holds every value a committed output depends on in the same
 * transaction. Restoration and standby replicas write the bytes store only; the decoded view is
 * dropped whenever Kafka Streams recycles the task ({@link #clearCache()}) or initialises the
 * store again, and read again from the bytes on next use. Writing a value, reading it back and
 * changing it in place are the same object: a processor that changes a value must put it again
 * for the change to reach the changelog.
 *
 * <p>A store whose processor puts every change ({@link Builder#puttingEveryChange}) encodes a value
 * as it is put, while it is still in the CPU's caches, when the keys written in the last commit
 * interval were written about once each: at a live interval a host has one sample per commit, and
 * encoding its 10,000th host's state at the commit, long after the sample touched it, read it back
 * from memory (a fifth of the stream thread went to encoding state). A replayed backlog writes
 * each key many times per commit and is encoded at the commit as above; a key written again after
 * it was encoded is encoded again.
 *
 * <p>Range and full scans are in the order of the encoded keys, as Kafka's stores give them.
 * CachedStateStore and InternalProcessorContext are Kafka Streams' internal interfaces (the ones
 * its own caching store implements and uses); FailoverIT and StreamPipelineIT hold a restore from
 * the changelog to what was committed.
 */
public final class DecodedStore<K, V> implements KeyValueStore<K, V>, CachedStateStore<K, V> {
    private static final Comparator<Map.Entry<byte[], ?>> BY_KEY_BYTES = (a, b) -> Arrays.compareUnsigned(a.getKey(), b.getKey());

    private final KeyValueStore<Bytes, byte[]> bytes;
    private final Serde<K> keySerde;
    private final Serde<V> valueSerde;
    /** whether the processor puts every change, so that a value may be encoded as it is put */
    private final boolean putsEveryChange;
    /** whether puts encode now: set at each flush from the interval before it */
    private boolean encodeOnPut;
    /** puts and deletes since the last flush */
    private int writes;
    private InternalProcessorContext<?, ?> context;
    /** every entry, decoded; null until first used after init or a recycle */
    private Map<K, V> values;
    /**
     * keys written since the last flush, with their value (null: deleted) and the record context
     * of their last write; in write order. The value is kept here so that the flush does not look
     * every key up again in {@link #values}: with 10,000 hosts those lookups missed the CPU's
     * caches, a twentieth of the stream thread.
     */
    private final Map<K, Write<V>> pending = new LinkedHashMap<>();

    /**
     * A write not yet flushed: its value (null: a delete), the key and value encoded when it was put
     * (null: encode them at the flush) and the record context it was made in.
     */
    private record Write<V>(V value, byte[] encodedKey, byte[] encoded, ProcessorRecordContext context) {
    }

    private DecodedStore(KeyValueStore<Bytes, byte[]> bytes, Serde<K> keySerde, Serde<V> valueSerde, boolean putsEveryChange) {
        this.bytes = bytes;
        this.keySerde = keySerde;
        this.valueSerde = valueSerde;
        this.putsEveryChange = putsEveryChange;
    }

    /** An in-memory store named {@code name}, backed by its changelog. */
    public static <K, V> Builder<K, V> builder(String name, Serde<K> keySerde, Serde<V> valueSerde) {
        return new Builder<>(name, keySerde, valueSerde, false);
    }

    @Override
    public String name() {
        return bytes.name();
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        this.context = (InternalProcessorContext<?, ?>) context;
        values = null;
        forgetWrites();
        bytes.init(context, root);
    }

    private Map<K, V> values() {
        if (values == null) {
            Map<K, V> all = new HashMap<>();
            try (KeyValueIterator<Bytes, byte[]> it = bytes.all()) {
                while (it.hasNext()) {
                    KeyValue<Bytes, byte[]> kv = it.next();
                    all.put(keySerde.deserializer().deserialize(null, kv.key.get()),
                            valueSerde.deserializer().deserialize(null, kv.value));
                }
            }
            values = all;
        }
        return values;
    }

    @Override
    public V get(K key) {
        return values().get(key);
    }

    @Override
    public void put(K key, V value) {
        if (value == null) {
            delete(key);
            return;
        }
        values().put(key, value);
        writes++;
        pending.put(key, encodeOnPut
                ? new Write<>(value, keySerde.serializer().serialize(null, key), valueSerde.serializer().serialize(null, value),
                        context.recordContext())
                : new Write<>(value, null, null, context.recordContext()));
    }

    @Override
    public V putIfAbsent(K key, V value) {
        V old = get(key);
        if (old == null) {
            put(key, value);
        }
        return old;
    }

    @Override
    public void putAll(List<KeyValue<K, V>> entries) {
        for (KeyValue<K, V> kv : entries) {
            put(kv.key, kv.value);
        }
    }

    @Override
    public V delete(K key) {
        V old = values().remove(key);
        if (old != null) {
            writes++;
            pending.put(key, new Write<>(null, null, null, context.recordContext()));
        }
        return old;
    }

    /**
     * Encodes the values written since the last flush (those not encoded as they were put) into the
     * bytes store and its changelog.
     */
    @Override
    public void flushCache() {
        if (pending.isEmpty()) {
            return;
        }
        ProcessorRecordContext current = context.recordContext();
        try {
            for (Map.Entry<K, Write<V>> e : pending.entrySet()) {
                Write<V> w = e.getValue();
                if (w.context() != null) {
                    context.setRecordContext(w.context());
                }
                byte[] key = w.encodedKey() != null ? w.encodedKey() : keySerde.serializer().serialize(null, e.getKey());
                byte[] value = w.value() == null ? null : w.encoded() != null ? w.encoded() : valueSerde.serializer().serialize(null, w.value());
                bytes.put(Bytes.wrap(key), value);
            }
        } finally {
            context.setRecordContext(current);
        }
        // at most a quarter more writes than keys: about one each, encoded best as they are put
        encodeOnPut = putsEveryChange && writes * 4L <= pending.size() * 5L;
        writes = 0;
        pending.clear();
    }

    private void forgetWrites() {
        pending.clear();
        writes = 0;
        encodeOnPut = false;
    }

    /** Drops the decoded values and the unflushed writes: the bytes store is what holds from here on. */
    @Override
    public void clearCache() {
        values = null;
        forgetWrites();
    }

    @Override
    public boolean setFlushListener(CacheFlushListener<K, V> listener, boolean sendOldValues) {
        return false;
    }

    @Override
    public KeyValueIterator<K, V> range(K from, K to) {
        byte[] lo = from == null ? null : keySerde.serializer().serialize(null, from);
        byte[] hi = to == null ? null : keySerde.serializer().serialize(null, to);
        return sorted(k -> (lo == null || Arrays.compareUnsigned(lo, k) <= 0) && (hi == null || Arrays.compareUnsigned(k, hi) <= 0));
    }

    @Override
    public KeyValueIterator<K, V> all() {
        return sorted(k -> true);
    }

    private KeyValueIterator<K, V> sorted(Predicate<byte[]> inRange) {
        List<Map.Entry<byte[], KeyValue<K, V>>> in = new ArrayList<>();
        for (Map.Entry<K, V> e : values().entrySet()) {
            byte[] k = keySerde.serializer().serialize(null, e.getKey());
            if (inRange.test(k)) {
                in.add(Map.entry(k, KeyValue.pair(e.getKey(), e.getValue())));
            }
        }
        in.sort(BY_KEY_BYTES);
        Iterator<Map.Entry<byte[], KeyValue<K, V>>> it = in.iterator();
        return new KeyValueIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public KeyValue<K, V> next() {
                if (!it.hasNext()) {
                    throw new NoSuchElementException();
                }
                return it.next().getValue();
            }

            @Override
            public K peekNextKey() {
                throw new UnsupportedOperationException("peekNextKey");
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public long approximateNumEntries() {
        return values().size();
    }

    @Override
    public void commit(Map<TopicPartition, Long> changelogOffsets) {
        bytes.commit(changelogOffsets);
    }

    @Override
    public boolean managesOffsets() {
        return bytes.managesOffsets();
    }

    @Override
    public Long committedOffset(TopicPartition partition) {
        return bytes.committedOffset(partition);
    }

    @Override
    public long approximateNumUncommittedBytes() {
        return bytes.approximateNumUncommittedBytes();
    }

    @Override
    public void close() {
        values = null;
        forgetWrites();
        bytes.close();
    }

    @Override
    public boolean persistent() {
        return bytes.persistent();
    }

    @Override
    public boolean isOpen() {
        return bytes.isOpen();
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        return bytes.query(query, positionBound, config);
    }

    @Override
    public Position getPosition() {
        return bytes.getPosition();
    }

    /** Builds the store (Kafka Streams builds one per task). */
    public static final class Builder<K, V> implements StoreBuilder<KeyValueStore<K, V>> {
        private final String name;
        private final Serde<K> keySerde;
        private final Serde<V> valueSerde;
        private final boolean putsEveryChange;

        private Builder(String name, Serde<K> keySerde, Serde<V> valueSerde, boolean putsEveryChange) {
            this.name = name;
            this.keySerde = keySerde;
            this.valueSerde = valueSerde;
            this.putsEveryChange = putsEveryChange;
        }

        /**
         * The store of a processor that puts a value again whenever it changed it since it last put
         * it, so that a value put stays as it was put until then: its values may be encoded as
         * they are put (see the class comment).
         */
        public Builder<K, V> puttingEveryChange() {
            return new Builder<>(name, keySerde, valueSerde, true);
        }

        @Override
        public KeyValueStore<K, V> build() {
            KeyValueStore<Bytes, byte[]> bytes = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.Bytes(),
                    Serdes.ByteArray()).withCachingDisabled().withLoggingEnabled(Map.of()).build();
            return new DecodedStore<>(bytes, keySerde, valueSerde, putsEveryChange);
        }

        /** This store is its own cache: Kafka's record cache under it would only copy bytes. */
        @Override
        public StoreBuilder<KeyValueStore<K, V>> withCachingEnabled() {
            return this;
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withCachingDisabled() {
            return this;
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withLoggingEnabled(Map<String, String> config) {
            throw new UnsupportedOperationException("the store's changelog takes the topics' defaults");
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withLoggingDisabled() {
            throw new UnsupportedOperationException("a state store without its changelog would not survive a restart");
        }

        @Override
        public Map<String, String> logConfig() {
            return Map.of();
        }

        @Override
        public boolean loggingEnabled() {
            return true;
        }

        @Override
        public String name() {
            return name;
        }
    }
}
