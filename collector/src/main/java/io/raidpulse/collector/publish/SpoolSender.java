package io.raidpulse.collector.publish;

import io.raidpulse.collector.spool.Spool;
import io.raidpulse.collector.spool.SpoolRecord;
import io.raidpulse.config.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the spool to Kafka in order. Every sample is spooled first and this one thread sends
 * from the spool's read position, advancing it only past records Kafka acknowledged; so
 * samples taken while Kafka is away wait in the spool and go out, oldest first, before any
 * newer one. The idempotent producer retries within delivery.timeout.ms without duplicates;
 * a batch that still fails is sent again from the first unacknowledged record (at least once).
 *
 * <p>When Kafka stops answering, one warning line says so and where samples are kept; when it
 * answers again, one line says how many are being sent.
 *
 * <p>A producer that failed authentication or authorization is closed and a new one made for
 * the next attempt: Kafka's idempotent producer stays in a fatal state after such a failure
 * (its futures never complete and its network thread spins on a core), so credentials or ACLs
 * fixed on the broker would otherwise never be noticed. So is a producer whose send has not
 * completed well past delivery.timeout.ms.
 */
public final class SpoolSender implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(SpoolSender.class);
    /** Records sent before waiting for their acknowledgements. */
    static final int BATCH = 200;
    /**
     * ...and no more bytes than this (always at least one record): 200 samples of a host with
     * hundreds of disks would not fit the collector's small heap while it catches up.
     */
    static final long BATCH_BYTES = 4L << 20;
    /** How long an unacknowledged send waits before Kafka is reported unreachable. */
    static final long UNREACHABLE_AFTER_MS = 10_000;
    /** While Kafka refuses or does not answer: from half a second up to 30 s between attempts. */
    private static final Backoff BACKOFF = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30));
    private static final long TOO_LARGE_LOG_EVERY_NS = TimeUnit.MINUTES.toNanos(1);
    /** Past delivery.timeout.ms by this much, a send that has not completed never will. */
    private static final long STUCK_MARGIN_MS = 30_000;

    private final Spool spool;
    private final Supplier<Producer<String, byte[]>> producers;
    /** Null after a failed attempt to make one; made again before the next send. */
    private volatile Producer<String, byte[]> producer;
    private final long stuckAfterMs;
    private final String topic;
    private final String bootstrap;
    private volatile boolean running = true;
    private volatile boolean reachable = true;
    private volatile long sent;
    private volatile long undeliverable;
    private long lastTooLargeLog;

    /**
     * Sends with {@code first}, then with producers from {@code producers} when one has to be
     * replaced; {@code deliveryTimeout} is the producers' delivery.timeout.ms.
     */
    public SpoolSender(Spool spool, Producer<String, byte[]> first, Supplier<Producer<String, byte[]>> producers,
                       Duration deliveryTimeout, String topic, String bootstrap) {
        this.spool = spool;
        this.producer = first;
        this.producers = producers;
        this.stuckAfterMs = deliveryTimeout.toMillis() + STUCK_MARGIN_MS;
        this.topic = topic;
        this.bootstrap = bootstrap;
    }

    @Override
    public void run() {
        Backoff.Waits backoff = BACKOFF.start();
        while (running) {
            try {
                if (!spool.await(1, TimeUnit.SECONDS)) {
                    continue;
                }
                List<SpoolRecord> batch = spool.peek(BATCH, BATCH_BYTES);
                if (sendAll(batch)) {
                    backoff.reset();
                } else if (running) {
                    Thread.sleep(backoff.next().toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (IOException e) {
                LOG.error("spool {} cannot be read: {}; retrying", spool.directory(), e.toString());
                sleepQuietly(BACKOFF.max().toMillis());
            }
        }
    }

    /**
     * Sends {@code batch}, commits the acknowledged prefix; true when all of it was acknowledged.
     * Sending stops at the first record the producer refuses at once (KafkaProducer.send returns
     * an already failed future when it cannot get metadata within max.block.ms): a record after
     * it must not reach Kafka before it. A record too large ever to be accepted is the exception:
     * it is dropped ({@link #tooLarge}) and the ones after it go on. Every future sent is waited for before returning, so
     * nothing of this batch is still in flight when the next attempt starts from the cursor.
     */
    private boolean sendAll(List<SpoolRecord> batch) throws InterruptedException, IOException {
        List<Future<RecordMetadata>> acks = new ArrayList<>(batch.size());
        Throwable failure = null;
        Producer<String, byte[]> p = producer();
        if (p == null) {
            return false;
        }
        boolean producerBroken = false;
        for (SpoolRecord r : batch) {
            Future<RecordMetadata> f;
            try {
                f = p.send(new ProducerRecord<>(topic, r.key(), r.value()));
            } catch (RuntimeException e) {
                failure = e; // the producer is closed (we are stopping) or in a fatal state
                producerBroken = running;
                break;
            }
            acks.add(f);
            if (f.isDone()) {
                Throwable refused = awaitAck(f);
                if (refused != null && !(refused instanceof RecordTooLargeException)) {
                    failure = refused;
                    break;
                }
            }
        }
        int done = 0; // records the read position moves past: acknowledged, or too large ever to be
        int delivered = 0;
        boolean gap = false;
        for (int i = 0; i < acks.size(); i++) {
            Throwable error = awaitAck(acks.get(i));
            if (error != null && !(error instanceof RecordTooLargeException)) {
                failure = failure == null ? error : failure;
                producerBroken |= error instanceof StuckSend;
                gap = true;
            } else if (gap) {
                if (error == null) {
                    LOG.warn("Kafka acknowledged a sample after refusing an earlier one: it will be sent again after the earlier one (a duplicate)");
                }
            } else {
                done++;
                if (error == null) {
                    delivered++;
                } else {
                    tooLarge(batch.get(i), error);
                }
            }
        }
        if (done > 0) {
            spool.commit(batch.get(done - 1).next());
            sent += delivered;
            if (delivered > 0 && !reachable) {
                reachable = true;
                LOG.info("Kafka at {} is reachable again: sending the spooled samples in order", bootstrap);
            }
        }
        if (done < batch.size()) {
            if (reachable && running) {
                reachable = false;
                if (refusesUs(failure)) {
                    LOG.warn("Kafka at {} refuses the collector ({}): check its credentials (kafka.sasl.*, kafka.ssl.*) and ACLs; "
                            + "samples are kept in the spool {} and sent in order when it accepts them",
                            bootstrap, rootCause(failure), spool.directory());
                } else {
                    LOG.warn("Kafka at {} is not reachable ({}): samples are kept in the spool {} and sent in order when it is",
                            bootstrap, rootCause(failure), spool.directory());
                }
            }
            if (running && (producerBroken || refusesUs(failure))) {
                replaceProducer(failure);
            }
            return false;
        }
        return true;
    }

    /**
     * A sample larger than the producer's max.request.size or the topic's max.message.bytes
     * would be refused again on every retry and hold back every later sample: it is dropped,
     * counted (in the HostSample's spool_dropped, so the sequence gap is explained) and said
     * once a minute at most.
     */
    private void tooLarge(SpoolRecord r, Throwable error) {
        undeliverable++;
        long now = System.nanoTime();
        if (undeliverable == 1 || now - lastTooLargeLog >= TOO_LARGE_LOG_EVERY_NS) {
            lastTooLargeLog = now;
            LOG.error("Kafka refuses a sample of {} bytes as too large ({}): dropped ({} since start, counted in spool_dropped); "
                    + "raise kafka.max.request.size and the topic's max.message.bytes (the broker's message.max.bytes) above it",
                    r.value().length, rootCause(error), undeliverable);
        }
    }

    /** The producer to send with, made anew when the last one was replaced; null when that failed. */
    private Producer<String, byte[]> producer() {
        if (producer == null && running) { // not while stopping: closeProducer() may already have run
            try {
                producer = producers.get();
            } catch (RuntimeException e) {
                LOG.error("cannot make a Kafka producer ({}): samples are kept in the spool {}; trying again", rootCause(e), spool.directory());
            }
        }
        return producer;
    }

    private void replaceProducer(Throwable why) {
        Producer<String, byte[]> old = producer;
        producer = null;
        LOG.debug("closing the Kafka producer after {}; the next attempt makes a new one", rootCause(why));
        if (old != null) {
            try {
                old.close(Duration.ZERO);
            } catch (RuntimeException e) {
                LOG.debug("closing the Kafka producer: {}", e.toString());
            }
        }
    }

    /** Closes the producer, giving what it holds up to {@code timeout} to be delivered. */
    public void closeProducer(Duration timeout) {
        Producer<String, byte[]> p = producer;
        producer = null;
        if (p != null) {
            p.close(timeout);
        }
    }

    /** A send the producer neither completed nor failed long past its delivery timeout. */
    private static final class StuckSend extends Exception {
        StuckSend(long waitedMs) {
            super("no acknowledgement nor error after " + waitedMs / 1000 + " s");
        }
    }

    /** Waits for one acknowledgement; null when it came, else what went wrong. */
    private Throwable awaitAck(Future<RecordMetadata> f) throws InterruptedException {
        long waited = 0;
        while (true) {
            try {
                f.get(1, TimeUnit.SECONDS);
                return null;
            } catch (TimeoutException e) {
                waited += 1000;
                if (waited >= UNREACHABLE_AFTER_MS && reachable && running) {
                    reachable = false;
                    LOG.warn("Kafka at {} has not acknowledged for {} s: samples are kept in the spool {} and sent in order when it answers",
                            bootstrap, waited / 1000, spool.directory());
                }
                if (!running) {
                    return new IOException("collector stopping");
                }
                if (waited >= stuckAfterMs) {
                    return new StuckSend(waited);
                }
            } catch (ExecutionException e) {
                return e.getCause() == null ? e : e.getCause();
            }
        }
    }

    /** Kafka answered, but will not take samples from this client until its credentials or ACLs change. */
    private static boolean refusesUs(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof AuthenticationException || c instanceof AuthorizationException) {
                return true;
            }
        }
        return false;
    }

    private static String rootCause(Throwable t) {
        if (t == null) {
            return "no acknowledgement";
        }
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage());
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the last attempt reached Kafka. */
    public boolean reachable() {
        return reachable;
    }

    /** Records Kafka refused as too large and that were dropped, since start. */
    public long undeliverable() {
        return undeliverable;
    }

    /** Records acknowledged by Kafka since start. */
    public long sent() {
        return sent;
    }

    /**
     * Asks the loop to end; it notices within a second (its waits are 1 s long). Not by
     * interrupting: an interrupt during a spool read or cursor write would close the channel.
     */
    public void stop() {
        running = false;
    }
}
