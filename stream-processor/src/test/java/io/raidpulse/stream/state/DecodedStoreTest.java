package io.raidpulse.stream.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/** What reaches the changelog from a {@link DecodedStore}, and how often its values are encoded. */
class DecodedStoreTest {
    static final String STORE = "counts";
    static final String CHANGELOG = "decoded-store-test-" + STORE + "-changelog";

    /** Counts per key, kept in a mutable holder as the detectors keep theirs. */
    static final class Count {
        int n;
    }

    /**
     * Input "key=op": "add" adds one three times over (a put each time), "once" adds one (one put)
     * and forwards how many values were encoded by then, "drop" deletes the key, "list" forwards
     * the keys in the store's order.
     */
    static final class Counting implements Processor<String, String, String, String> {
        private ProcessorContext<String, String> context;
        private KeyValueStore<String, Count> store;

        @Override
        public void init(ProcessorContext<String, String> context) {
            this.context = context;
            this.store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, String> record) {
            switch (record.value()) {
                case "add" -> {
                    for (int i = 0; i < 3; i++) {
                        Count c = store.get(record.key());
                        if (c == null) {
                            c = new Count();
                        }
                        c.n++;
                        store.put(record.key(), c);
                    }
                }
                case "once" -> {
                    Count c = store.get(record.key());
                    if (c == null) {
                        c = new Count();
                    }
                    c.n++;
                    store.put(record.key(), c);
                    context.forward(record.withValue(Integer.toString(encoded.get())));
                }
                case "drop" -> store.delete(record.key());
                default -> {
                    List<String> keys = new ArrayList<>();
                    try (KeyValueIterator<String, Count> it = store.all()) {
                        it.forEachRemaining(kv -> keys.add(kv.key + ":" + kv.value.n));
                    }
                    context.forward(record.withValue(String.join(",", keys)));
                }
            }
        }
    }

    static final AtomicInteger encoded = new AtomicInteger();
    final Serde<Count> serde = Serdes.serdeFrom((topic, c) -> {
        encoded.incrementAndGet();
        return Integer.toString(c.n).getBytes(StandardCharsets.UTF_8);
    }, (topic, b) -> {
        Count c = new Count();
        c.n = Integer.parseInt(new String(b, StandardCharsets.UTF_8));
        return c;
    });

    TopologyTestDriver driver() {
        return driver(false);
    }

    TopologyTestDriver driver(boolean puttingEveryChange) {
        encoded.set(0);
        Topology t = new Topology();
        t.addSource("in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
        t.addProcessor("counting", Counting::new, "in");
        DecodedStore.Builder<String, Count> store = DecodedStore.builder(STORE, Serdes.String(), serde);
        t.addStateStore(puttingEveryChange ? store.puttingEveryChange() : store, "counting");
        t.addSink("out", "out", Serdes.String().serializer(), Serdes.String().serializer(), "counting");
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "decoded-store-test");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "test:9092");
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        return new TopologyTestDriver(t, p);
    }

    @Test
    void aKeyWrittenSeveralTimesBeforeACommitIsEncodedOnceWithItsLastValue() {
        try (TopologyTestDriver d = driver()) {
            TestInputTopic<String, String> in = d.createInputTopic("in", new StringSerializer(), new StringSerializer());
            TestOutputTopic<String, String> changelog = d.createOutputTopic(CHANGELOG, new StringDeserializer(), new StringDeserializer());

            // the driver commits after each input record
            in.pipeInput("db1", "add");
            assertThat(encoded.get()).as("three puts, one commit").isEqualTo(1);
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", "3"));

            in.pipeInput("db1", "add");
            in.pipeInput("db2", "add");
            assertThat(encoded.get()).isEqualTo(3);
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", "6"), KeyValue.pair("db2", "3"));

            in.pipeInput("db1", "drop");
            assertThat(changelog.readKeyValuesToList()).as("a delete is a tombstone").containsExactly(KeyValue.pair("db1", null));
            assertThat(encoded.get()).isEqualTo(3);

            in.pipeInput("x", "list");
            assertThat(changelog.readKeyValuesToList()).as("nothing written, nothing logged").isEmpty();
        }
    }

    @Test
    void scansFollowTheEncodedKeysOrder() {
        try (TopologyTestDriver d = driver()) {
            TestInputTopic<String, String> in = d.createInputTopic("in", new StringSerializer(), new StringSerializer());
            TestOutputTopic<String, String> out = d.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
            for (String host : List.of("web2", "db1", "Web1", "é1", "db10")) {
                in.pipeInput(host, "add");
            }
            in.pipeInput("db1", "drop");
            in.pipeInput("x", "list");
            // unsigned bytes of UTF-8: upper case before lower, é (0xC3 0xA9) last
            assertThat(out.readValue()).isEqualTo("Web1:3,db10:3,web2:3,é1:3");
            KeyValueStore<String, Count> store = d.getKeyValueStore(STORE);
            assertThat(store.get("web2").n).isEqualTo(3);
            assertThat(store.get("db1")).isNull();
        }
    }

    /**
     * A store whose processor puts every change encodes each value as it is put while the keys of
     * the last commit were written once each, and at the commit again once they were written
     * several times over; the changelog holds each key's last value either way.
     */
    @Test
    void keysWrittenOnceACommitAreEncodedAsTheyArePut() {
        try (TopologyTestDriver d = driver(true)) {
            TestInputTopic<String, String> in = d.createInputTopic("in", new StringSerializer(), new StringSerializer());
            TestOutputTopic<String, String> out = d.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
            TestOutputTopic<String, String> changelog = d.createOutputTopic(CHANGELOG, new StringDeserializer(), new StringDeserializer());

            in.pipeInput("db1", "once");
            assertThat(out.readValue()).as("nothing known of the commits before: encoded at the commit").isEqualTo("0");
            assertThat(encoded.get()).isEqualTo(1);
            in.pipeInput("db2", "once");
            assertThat(out.readValue()).as("one write per key in the last commit: encoded as it is put").isEqualTo("2");
            assertThat(encoded.get()).as("and not again at the commit").isEqualTo(2);
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", "1"), KeyValue.pair("db2", "1"));

            in.pipeInput("db1", "add");
            assertThat(encoded.get()).as("three puts, each encoded as it is put").isEqualTo(5);
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", "4"));
            in.pipeInput("db1", "add");
            assertThat(encoded.get()).as("three writes of one key in the last commit: encoded once at the commit").isEqualTo(6);
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", "7"));
            in.pipeInput("db1", "drop");
            assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("db1", null));
            assertThat(encoded.get()).isEqualTo(6);
        }
    }
}
