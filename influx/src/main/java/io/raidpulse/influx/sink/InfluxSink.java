package io.raidpulse.influx.sink;

import io.raidpulse.config.Backoff;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxWriteException;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.check.SampleRules;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.RecordDecodingException;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.topics.ConsumerThread;
import io.raidpulse.topics.DeadLetters;
import io.raidpulse.topics.StreamTopics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes alerts, aggregates (and, when configured, raw samples) from Kafka to InfluxDB in
 * batches, at least once: a batch's Kafka offsets are committed only after InfluxDB acknowledged
 * every point of it. While InfluxDB is down the batch is retried with exponential backoff and
 * consumption pauses; nothing is skipped. Points are idempotent, so a batch written again after
 * a crash or a rebalance overwrites itself. Records that do not decode go to the dead-letter
 * topic; points InfluxDB refuses for good (HTTP 400: a field type conflict, points older than
 * the retention policy) are logged and skipped, since retrying cannot make them succeed.
 */
public final class InfluxSink implements Runnable, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(InfluxSink.class);
    /** First wait after a failed write; doubles up to {@link SinkSettings#maxBackoff()}. */
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
    private static final Duration POLL = Duration.ofMillis(200);

    private final SinkSettings settings;
    private final StreamTopics topics;
    private final InfluxConnection influx;
    private final InfluxPoints points;
    private final Map<String, Object> consumerProps;
    private final Map<String, Object> producerProps;
    private final SingleObjectCodec<Alert> alerts = AvroSerdes.codec(Alert.class);
    private final SingleObjectCodec<Aggregate> aggregates = AvroSerdes.codec(Aggregate.class);
    private final SingleObjectCodec<HostSample> samples = AvroSerdes.codec(HostSample.class);

    private final ConsumerThread worker = new ConsumerThread("influx-sink");
    private KafkaConsumer<byte[], byte[]> consumer;
    private KafkaProducer<byte[], byte[]> deadLetters;

    /** pending lines by bucket (db/rp), and the next offset to commit per partition once they are written */
    private final Map<String, List<String>> pending = new LinkedHashMap<>();
    private final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    private int pendingCount;
    private long oldestPendingMs;
    /** set by a rebalance that dropped the batch: the partitions still owned must be read again from their commits */
    private boolean batchDropped;

    private final AtomicLong written = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile boolean influxDown;

    public InfluxSink(SinkSettings settings, StreamTopics topics, InfluxConnection influx, Map<String, Object> consumerProps,
                      Map<String, Object> producerProps) {
        this.settings = settings;
        this.topics = topics;
        this.influx = influx;
        this.points = new InfluxPoints(settings.retentionPolicies());
        this.consumerProps = consumerProps;
        this.producerProps = producerProps;
    }

    /** Starts the sink on its own thread; {@code onFailure} hears of an error that stopped it. */
    public InfluxSink start(Thread.UncaughtExceptionHandler onFailure) {
        worker.start(this, onFailure);
        return this;
    }

    /** Points InfluxDB acknowledged since start. */
    public long pointsWritten() {
        return written.get();
    }

    /** Points InfluxDB refused for good since start. */
    public long pointsRefused() {
        return refused.get();
    }

    public boolean influxDown() {
        return influxDown;
    }

    @Override
    public void run() {
        List<String> subscribed = new ArrayList<>(List.of(topics.alerts(), topics.aggregates()));
        if (settings.rawSamples()) {
            subscribed.add(topics.hostSamples());
        }
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(consumerProps);
             KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(producerProps)) {
            consumer = c;
            worker.wakes(c);
            deadLetters = p;
            c.subscribe(subscribed, new Rebalance());
            while (worker.running()) {
                ConsumerRecords<byte[], byte[]> records = c.poll(POLL);
                if (batchDropped) {
                    rewindToCommitted();
                    continue;
                }
                for (ConsumerRecord<byte[], byte[]> r : records) {
                    add(r);
                }
                if (pendingCount >= settings.batchSize()
                        || (!offsets.isEmpty() && System.currentTimeMillis() - oldestPendingMs >= settings.flushInterval().toMillis())) {
                    flushWithRetry();
                }
            }
            if (!offsets.isEmpty()) {
                try {
                    flushOnce();
                } catch (InfluxWriteException e) {
                    log.warn("{}; the last batch will be written after the next start", e.getMessage());
                }
            }
        } catch (WakeupException e) {
            if (worker.running()) {
                throw e;
            }
        } catch (RuntimeException e) {
            log.error("InfluxDB sink stopped", e);
            throw e;
        }
    }

    private void add(ConsumerRecord<byte[], byte[]> r) {
        if (offsets.isEmpty()) {
            oldestPendingMs = System.currentTimeMillis();
        }
        offsets.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        if (r.value() == null) {
            return;
        }
        try {
            if (r.topic().equals(topics.alerts())) {
                pend(points.alert(alerts.decode(r.topic(), r.value())));
            } else if (r.topic().equals(topics.aggregates())) {
                pend(points.aggregate(aggregates.decode(r.topic(), r.value())));
            } else {
                HostSample s = samples.decode(r.topic(), r.value());
                if (SampleRules.problem(s) == null) {
                    // invalid samples are the stream processor's to dead-letter
                    points.sample(s).forEach(this::pend);
                }
            }
        } catch (RecordDecodingException e) {
            if (!r.topic().equals(topics.hostSamples())) {
                log.warn("dead letter from {}-{}@{}: {}", r.topic(), r.partition(), r.offset(), e.reason());
                deadLetters.send(DeadLetters.of(topics.deadLetters(), r, settings.groupId(), DeadLetters.STAGE_DECODE, e.reason()));
            }
        }
    }

    private void pend(InfluxPoints.Line line) {
        pending.computeIfAbsent(influx.bucket(line.retentionPolicy()), b -> new ArrayList<>()).add(line.text());
        pendingCount++;
    }

    /** Writes the batch and commits, retrying while InfluxDB is down; returns early when stopping or when a rebalance dropped the batch. */
    private void flushWithRetry() {
        Backoff.Waits backoff = new Backoff(FIRST_BACKOFF, settings.maxBackoff()).start();
        while (worker.running() && !batchDropped) {
            try {
                flushOnce();
                if (influxDown) {
                    influxDown = false;
                    log.info("InfluxDB at {} acknowledges writes again", influx.url());
                }
                consumer.resume(consumer.paused());
                return;
            } catch (InfluxWriteException e) {
                if (!influxDown) {
                    log.warn("{}; retrying with backoff up to {} s, consumption paused", e.getMessage(), settings.maxBackoff().toSeconds());
                }
                influxDown = true;
                consumer.pause(consumer.assignment());
                waitPolling(backoff.next());
            }
        }
    }

    /** Waits, polling the paused consumer so that it stays in its group; a rebalance meanwhile may drop the batch. */
    private void waitPolling(Duration d) {
        long until = System.currentTimeMillis() + d.toMillis();
        while (worker.running() && !batchDropped && System.currentTimeMillis() < until) {
            ConsumerRecords<byte[], byte[]> late = consumer.poll(Duration.ofMillis(Math.min(100, Math.max(1, until - System.currentTimeMillis()))));
            // only from a partition assigned in this poll, before it could be paused: part of the batch now
            late.forEach(this::add);
            consumer.pause(consumer.assignment());
        }
    }

    /** One attempt: every pending bucket written, dead letters acknowledged, then the offsets committed. */
    private void flushOnce() {
        for (Map.Entry<String, List<String>> e : pending.entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            List<String> batch = e.getValue();
            for (int from = 0; from < batch.size(); from += settings.batchSize()) {
                List<String> part = batch.subList(from, Math.min(batch.size(), from + settings.batchSize()));
                try {
                    influx.write(e.getKey(), part);
                    written.addAndGet(part.size());
                } catch (InfluxWriteException refusedForGood) {
                    if (refusedForGood.retriable()) {
                        // keep what was acknowledged out of the retry
                        batch.subList(0, from).clear();
                        throw refusedForGood;
                    }
                    refused.addAndGet(part.size());
                    log.error("{}; these points are skipped", refusedForGood.getMessage());
                }
            }
            batch.clear();
        }
        deadLetters.flush();
        consumer.commitSync(new HashMap<>(offsets));
        pending.clear();
        offsets.clear();
        pendingCount = 0;
    }

    private void rewindToCommitted() {
        Set<TopicPartition> owned = new HashSet<>(consumer.assignment());
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(owned);
        for (TopicPartition tp : owned) {
            OffsetAndMetadata o = committed.get(tp);
            if (o != null) {
                consumer.seek(tp, o.offset());
            } else {
                consumer.seekToBeginning(List.of(tp));
            }
        }
        consumer.resume(consumer.paused());
        batchDropped = false;
    }

    private final class Rebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (offsets.isEmpty()) {
                return;
            }
            try {
                flushOnce();
            } catch (RuntimeException e) {
                // the next owner, or this consumer after rewinding, writes these records again
                log.warn("batch dropped at rebalance, it will be read again: {}", e.getMessage());
                pending.clear();
                offsets.clear();
                pendingCount = 0;
                batchDropped = true;
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (influxDown) {
                consumer.pause(partitions);
            }
        }
    }

    @Override
    public void close() {
        worker.close();
    }
}
