package io.raidpulse.topics;

import java.time.Duration;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The thread a plain consumer loop runs on (the InfluxDB sink, each notifier): started once;
 * {@link #close()} asks the loop to stop, wakes its consumer out of a poll and waits for the loop
 * to finish its batch or delivery.
 */
public final class ConsumerThread implements AutoCloseable {
    private static final Duration JOIN = Duration.ofSeconds(30);

    private final String name;
    private volatile boolean running = true;
    private volatile Thread thread;
    private volatile Consumer<?, ?> consumer;

    public ConsumerThread(String name) {
        this.name = name;
    }

    /** Runs {@code loop} on a thread of this name; {@code onFailure} hears of an error that stopped it. */
    public void start(Runnable loop, Thread.UncaughtExceptionHandler onFailure) {
        Thread t = new Thread(loop, name);
        t.setUncaughtExceptionHandler(onFailure);
        thread = t;
        t.start();
    }

    /** Whether the loop is to go on: false once {@link #close()} was called. */
    public boolean running() {
        return running;
    }

    /** The consumer {@link #close()} wakes; the loop hands it over once it has made it. */
    public void wakes(Consumer<?, ?> c) {
        consumer = c;
    }

    @Override
    public void close() {
        running = false;
        Consumer<?, ?> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        Thread t = thread;
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(JOIN.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
