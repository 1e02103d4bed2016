package io.raidpulse.notify;

import io.raidpulse.config.Backoff;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.RecordDecodingException;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.topics.ConsumerThread;
import io.raidpulse.topics.DeadLetters;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds one {@link Notifier} from raidpulse.alerts with its own consumer group, so each channel
 * progresses on its own. One notification per state change: alerts are read one record at a
 * time, the record's offset is committed right after the channel accepted it (so a restart
 * resumes after it), and alerts already delivered are skipped by (alert_id, state, event time).
 * The only repeat left is one alert delivered just before the process died and before its
 * commit; webhook receivers can drop it by {@code dedupe_key}.
 *
 * <p>State changes of episodes the channel's {@link ChannelRoute} does not take are skipped and
 * their offsets committed; an episode is routed by its FIRING ({@link EpisodeRouter}).
 *
 * <p>When a partition is assigned that this run did not read before (at start, or taken over
 * from another instance), its alerts before the group's committed offset are read once more by a
 * second consumer without a group (assign and seek), delivering nothing, to learn the episodes
 * still open there ({@link OpenEpisodes}): the router routes their later changes by their FIRING,
 * and the channel hears of those it was sent ({@link Notifier#resumed}), so Alertmanager's
 * re-posting goes on across a restart. The topic's retention bounds what is read.
 */
public final class NotifierRunner implements Runnable, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(NotifierRunner.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    /** How many delivered alerts are remembered to skip repeats within one run. */
    private static final int REMEMBERED = 10_000;
    /**
     * How many open episodes' FIRINGs are remembered to route their RESOLVED; past it the oldest
     * is judged by its RESOLVED's own fields. About 100 bytes each.
     */
    private static final int OPEN_EPISODES = 100_000;
    /**
     * How long learning the open episodes of newly assigned partitions may take before they are
     * resumed without them. It runs inside the group consumer's poll, so well under its
     * max.poll.interval.ms (5 min); 30 days of alerts read in seconds.
     */
    private static final Duration RESUME_TIMEOUT = Duration.ofSeconds(60);

    private final String name;
    private final Notifier notifier;
    private final String topic;
    private final String deadLetterTopic;
    private final String group;
    private final Duration maxBackoff;
    private final Map<String, Object> consumerProps;
    /** The consumer that reads partitions up to the committed offsets: no group, never commits. */
    private final Map<String, Object> resumeProps;
    private final Map<String, Object> producerProps;
    private final EpisodeRouter router;
    private final SingleObjectCodec<Alert> codec = AvroSerdes.codec(Alert.class);
    private final Set<String> delivered = Collections.newSetFromMap(new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED;
        }
    });

    private final ConsumerThread worker;
    private final Set<TopicPartition> revoked = new HashSet<>();
    /** Assigned partitions whose open episodes are known: read in this run since their assignment. */
    private final Set<TopicPartition> known = new HashSet<>();
    private long sent;
    private long skipped;

    public NotifierRunner(String name, Notifier notifier, ChannelRoute route, String topic, String deadLetterTopic, String group,
                          Duration maxBackoff, Map<String, Object> consumerProps, Map<String, Object> producerProps) {
        this.name = name;
        this.worker = new ConsumerThread("notify-" + name);
        this.notifier = notifier;
        this.router = new EpisodeRouter(route, OPEN_EPISODES);
        this.topic = topic;
        this.deadLetterTopic = deadLetterTopic;
        this.group = group;
        this.maxBackoff = maxBackoff;
        this.consumerProps = new HashMap<>(consumerProps);
        this.consumerProps.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
        this.resumeProps = new HashMap<>(consumerProps);
        resumeProps.remove(ConsumerConfig.GROUP_ID_CONFIG);
        resumeProps.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        resumeProps.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        resumeProps.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "500");
        resumeProps.put(ConsumerConfig.CLIENT_ID_CONFIG, consumerProps.getOrDefault(ConsumerConfig.CLIENT_ID_CONFIG, "notify-" + name) + "-resume");
        this.producerProps = producerProps;
    }

    /** The key a state change is known by: alert_id/state, plus the event time for PROGRESS updates. */
    public static String dedupeKey(Alert a) {
        return a.getAlertId() + "/" + a.getState() + (a.getState() == AlertState.PROGRESS
                ? "/" + a.getEventTime().toEpochMilli() : "");
    }

    /** Starts the runner on its own thread; {@code onFailure} hears of an error that stopped it. */
    public NotifierRunner start(Thread.UncaughtExceptionHandler onFailure) {
        worker.start(this, onFailure);
        return this;
    }

    public synchronized long sent() {
        return sent;
    }

    /** State changes this channel's route did not take. */
    public synchronized long skipped() {
        return skipped;
    }

    @Override
    public void run() {
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(consumerProps);
             KafkaConsumer<byte[], byte[]> earlier = new KafkaConsumer<>(resumeProps);
             KafkaProducer<byte[], byte[]> deadLetters = new KafkaProducer<>(producerProps)) {
            worker.wakes(c);
            c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    revoked.addAll(partitions);
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    revoked.removeAll(partitions);
                    // here, not on revocation: an eager rebalance revokes every partition and most come back
                    Set<Integer> kept = new HashSet<>();
                    c.assignment().forEach(p -> kept.add(p.partition()));
                    Set<String> released = router.release(kept);
                    if (!released.isEmpty()) {
                        notifier.released(released);
                    }
                    known.retainAll(c.assignment());
                    Set<TopicPartition> fresh = new HashSet<>(c.assignment());
                    fresh.removeAll(known);
                    if (!fresh.isEmpty()) {
                        resume(c, earlier, fresh);
                        known.addAll(fresh);
                    }
                }
            });
            while (worker.running()) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                    handle(c, deadLetters, r);
                }
            }
        } catch (WakeupException e) {
            if (worker.running()) {
                throw e;
            }
        } catch (RuntimeException e) {
            log.error("notifier {} stopped", name, e);
            throw e;
        } finally {
            notifier.close();
        }
    }

    /**
     * Learns the episodes still open on {@code partitions} from their alerts before the group's
     * committed offsets, read by {@code earlier}; hands them to the router and the channel. A
     * partition without a committed offset has nothing before: the runner reads it from its start.
     */
    private void resume(KafkaConsumer<byte[], byte[]> c, KafkaConsumer<byte[], byte[]> earlier, Set<TopicPartition> partitions) {
        Map<TopicPartition, Long> ends = new HashMap<>();
        try {
            c.committed(partitions).forEach((tp, o) -> {
                if (o != null && o.offset() > 0) {
                    ends.put(tp, o.offset());
                }
            });
        } catch (KafkaException e) {
            if (e instanceof WakeupException && !worker.running()) {
                throw e;
            }
            log.warn("notifier {}: cannot read the committed offsets of {} ({}); episodes open before are not resumed: "
                    + "their next PROGRESS or RESOLVED goes by its own fields", name, partitions, e.getMessage());
            return;
        }
        if (ends.isEmpty()) {
            return;
        }
        Map<TopicPartition, OpenEpisodes> found = readUpTo(earlier, ends);
        List<OpenEpisode> sent = new ArrayList<>();
        int notSent = 0;
        for (Map.Entry<TopicPartition, OpenEpisodes> e : found.entrySet()) {
            router.resume(e.getKey().partition(), e.getValue());
            sent.addAll(e.getValue().sent());
            notSent += e.getValue().notSent().size();
        }
        if (!found.isEmpty()) {
            log.info("notifier {}: {} episodes open on {} before this run, {} of them sent to this channel", name,
                    sent.size() + notSent, found.keySet(), sent.size());
        }
        if (!sent.isEmpty()) {
            try {
                notifier.resumed(sent);
            } catch (RuntimeException e) {
                log.error("notifier {} failed to resume {} open episodes; delivering goes on", name, sent.size(), e);
            }
        }
    }

    /**
     * Reads each partition from its beginning up to its end offset (exclusive), delivering nothing;
     * the partitions it could not read to the end within {@link #RESUME_TIMEOUT} are left out.
     */
    private Map<TopicPartition, OpenEpisodes> readUpTo(KafkaConsumer<byte[], byte[]> earlier, Map<TopicPartition, Long> ends) {
        Map<TopicPartition, OpenEpisodes> found = new HashMap<>();
        ends.keySet().forEach(tp -> found.put(tp, new OpenEpisodes(router.route(), OPEN_EPISODES)));
        Set<TopicPartition> reading = new HashSet<>(ends.keySet());
        long deadline = System.nanoTime() + RESUME_TIMEOUT.toNanos();
        try {
            earlier.assign(reading);
            earlier.seekToBeginning(reading);
            while (worker.running()) {
                Set<TopicPartition> done = new HashSet<>();
                for (TopicPartition tp : reading) {
                    if (earlier.position(tp) >= ends.get(tp)) {
                        done.add(tp);
                    }
                }
                earlier.pause(done);
                reading.removeAll(done);
                if (reading.isEmpty()) {
                    return found;
                }
                if (System.nanoTime() > deadline) {
                    log.warn("notifier {}: could not read {} up to the committed offsets within {} s; episodes open there before "
                            + "are not resumed: their next PROGRESS or RESOLVED goes by its own fields", name, reading,
                            RESUME_TIMEOUT.toSeconds());
                    reading.forEach(found::remove);
                    return found;
                }
                for (ConsumerRecord<byte[], byte[]> r : earlier.poll(Duration.ofMillis(200))) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    if (r.value() == null || r.offset() >= ends.get(tp)) {
                        continue;
                    }
                    try {
                        found.get(tp).read(codec.decode(r.topic(), r.value()));
                    } catch (RecordDecodingException e) {
                        // went to the dead letters when it was first read
                    }
                }
            }
            return Map.of();
        } catch (KafkaException e) {
            log.warn("notifier {}: cannot read {} up to the committed offsets ({}); episodes open there before are not resumed: "
                    + "their next PROGRESS or RESOLVED goes by its own fields", name, ends.keySet(), e.getMessage());
            return Map.of();
        } finally {
            earlier.unsubscribe();
        }
    }

    private void handle(KafkaConsumer<byte[], byte[]> c, KafkaProducer<byte[], byte[]> deadLetters, ConsumerRecord<byte[], byte[]> r) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        Alert alert = null;
        if (r.value() != null) {
            try {
                alert = codec.decode(r.topic(), r.value());
            } catch (RecordDecodingException e) {
                log.warn("dead letter from {}-{}@{}: {}", r.topic(), r.partition(), r.offset(), e.reason());
                deadLetters.send(DeadLetters.of(deadLetterTopic, r, group, DeadLetters.STAGE_DECODE, e.reason()));
                deadLetters.flush();
            }
            if (alert != null && !router.routes(alert, r.partition())) {
                synchronized (this) {
                    skipped++;
                }
            } else if (alert != null && !delivered.contains(dedupeKey(alert))) {
                if (!deliver(c, tp, alert)) {
                    return;
                }
                delivered.add(dedupeKey(alert));
            }
        }
        c.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1)));
        if (alert != null) {
            router.handled(alert);
        }
    }

    /** Sends with retries; false when stopping or when the partition went to another consumer meanwhile. */
    private boolean deliver(KafkaConsumer<byte[], byte[]> c, TopicPartition tp, Alert alert) {
        Backoff.Waits backoff = new Backoff(FIRST_BACKOFF, maxBackoff).start();
        boolean failing = false;
        while (worker.running()) {
            try {
                notifier.send(alert);
                synchronized (this) {
                    sent++;
                }
                if (failing) {
                    log.info("notifier {} delivers again", name);
                }
                c.resume(c.paused());
                return true;
            } catch (NotificationException e) {
                if (!e.retriable()) {
                    log.error("notifier {} refused {} ({}): {}; skipped on this channel", name, alert.getAlertId(), alert.getState(),
                            e.getMessage());
                    c.resume(c.paused());
                    return true;
                }
                if (!failing) {
                    log.warn("notifier {}: {}; retrying with backoff up to {} s", name, e.getMessage(), maxBackoff.toSeconds());
                }
                failing = true;
            } catch (RuntimeException e) {
                log.error("notifier {} failed on {}; retrying", name, alert.getAlertId(), e);
                failing = true;
            }
            long until = System.currentTimeMillis() + backoff.next().toMillis();
            c.pause(c.assignment());
            while (worker.running() && System.currentTimeMillis() < until) {
                for (ConsumerRecord<byte[], byte[]> early : c.poll(Duration.ofMillis(Math.min(200, Math.max(1, until - System.currentTimeMillis()))))) {
                    // from a partition assigned during this poll, before it could be paused: read it again later
                    c.seek(new TopicPartition(early.topic(), early.partition()), early.offset());
                }
                c.pause(c.assignment());
                if (revoked.contains(tp)) {
                    log.info("notifier {}: {} moved to another consumer during retries; it delivers from there", name, tp);
                    c.resume(c.paused());
                    return false;
                }
            }
        }
        return false;
    }

    @Override
    public void close() {
        worker.close();
    }
}
