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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 *
 * <p>One batch is written on a thread of its own while the consumer thread reads and decodes the
 * next, so that decoding does not wait on InfluxDB's ingest; the next batch is handed over only
 * after the one before it was acknowledged and its offsets committed, so offsets are committed in
 * order and at most two batches are held. A batch whose write failed is retried on the consumer
 * thread, consumption paused, before anything after it is written.
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

    /** The batch being read from Kafka. */
    private Batch pending = new Batch();
    /** The batch handed to the writer thread and its write (null when none): committed once acknowledged. */
    private Batch writing;
    private Future<?> write;
    private ExecutorService writer;
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
            writer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "influx-sink-writer");
                t.setDaemon(true);
                return t;
            });
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
                if (pending.count >= settings.batchSize()
                        || (!pending.isEmpty() && System.currentTimeMillis() - pending.oldestMs >= settings.flushInterval().toMillis())) {
                    finishWriting();
                    if (worker.running() && !batchDropped) {
                        writing = pending;
                        pending = new Batch();
                        Batch b = writing;
                        write = writer.submit(() -> writeOut(b));
                    }
                } else if (write != null && write.isDone()) {
                    finishWriting();
                }
            }
            awaitWrite();
            try {
                flushOnce(writing);
                flushOnce(pending);
            } catch (InfluxWriteException e) {
                log.warn("{}; the last batch will be written after the next start", e.getMessage());
            }
        } catch (WakeupException e) {
            if (worker.running()) {
                throw e;
            }
        } catch (RuntimeException e) {
            log.error("InfluxDB sink stopped", e);
            throw e;
        } finally {
            if (writer != null) {
                writer.shutdownNow();
            }
        }
    }

    private void add(ConsumerRecord<byte[], byte[]> r) {
        if (pending.isEmpty()) {
            pending.oldestMs = System.currentTimeMillis();
        }
        pending.offsets.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        if (r.value() == null) {
            return;
        }
        try {
            if (r.topic().equals(topics.alerts())) {
                pend(points.alert(alerts.decode(r.topic(), r.value())));
            } else if (r.topic().equals(topics.aggregates())) {
                Aggregate a = aggregates.decode(r.topic(), r.value());
                pend(points.aggregate(a));
                points.consumers(a).forEach(this::pend);
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
        pending.lines.computeIfAbsent(influx.bucket(line.retentionPolicy()), b -> new ArrayList<>()).add(line.text());
        pending.count++;
    }

    /**
     * Ends the write in flight, if any: commits its batch once acknowledged, or writes what is left
     * of it here until InfluxDB takes it (or the sink stops, or a rebalance drops it).
     */
    private void finishWriting() {
        if (writing == null) {
            return;
        }
        awaitWrite();
        flushWithRetry(writing);
        if (writing.isEmpty()) {
            writing = null;
        }
    }

    /** Waits for the write in flight, if any, to end; what it did not write is left in its batch. */
    private void awaitWrite() {
        if (write == null) {
            return;
        }
        boolean interrupted = false;
        try {
            // to its end even when interrupted: the batch is not this thread's to touch before
            while (true) {
                try {
                    write.get();
                    return;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof InfluxWriteException) {
                        return;
                    }
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            write = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes the batch and commits, retrying while InfluxDB is down; returns early when stopping or when a rebalance dropped the batch. */
    private void flushWithRetry(Batch batch) {
        Backoff.Waits backoff = new Backoff(FIRST_BACKOFF, settings.maxBackoff()).start();
        while (worker.running() && !batchDropped) {
            try {
                flushOnce(batch);
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
            // only from a partition assigned in this poll, before it could be paused: into the next batch
            late.forEach(this::add);
            consumer.pause(consumer.assignment());
        }
    }

    /** One attempt: every line of the batch written, dead letters acknowledged, then the offsets committed. */
    private void flushOnce(Batch batch) {
        if (batch == null || batch.isEmpty()) {
            return;
        }
        writeOut(batch);
        deadLetters.flush();
        consumer.commitSync(new HashMap<>(batch.offsets));
        batch.clear();
    }

    /**
     * Writes the batch's lines, removing each part InfluxDB acknowledged or refused for good: after
     * a retriable failure (thrown) the batch holds what is left to write.
     */
    private void writeOut(Batch toWrite) {
        for (Map.Entry<String, List<String>> e : toWrite.lines.entrySet()) {
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
            awaitWrite();
            try {
                // the batch in flight first: offsets are committed in order
                flushOnce(writing);
                flushOnce(pending);
            } catch (RuntimeException e) {
                // the next owner, or this consumer after rewinding, writes these records again
                log.warn("batch dropped at rebalance, it will be read again: {}", e.getMessage());
                if (writing != null) {
                    writing.clear();
                }
                pending.clear();
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

    /** Lines by bucket (db/rp), and the next offset to commit per partition once they are written. */
    private static final class Batch {
        final Map<String, List<String>> lines = new LinkedHashMap<>();
        final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        int count;
        long oldestMs;

        boolean isEmpty() {
            return offsets.isEmpty();
        }

        void clear() {
            lines.clear();
            offsets.clear();
            count = 0;
        }
    }
}
