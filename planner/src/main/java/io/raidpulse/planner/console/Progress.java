package io.raidpulse.planner.console;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a command is waiting for, on stderr, once the wait passes {@link #QUIET}: a step that
 * ends sooner prints nothing. Then a line every {@link #EVERY} with the time so far and what
 * the step reports of itself, and one when it ends.
 */
public final class Progress implements AutoCloseable {
    /** Steps quicker than this stay silent. */
    public static final Duration QUIET = Duration.ofSeconds(1);
    /** How often a long step reports. */
    static final Duration EVERY = Duration.ofSeconds(2);

    private final PrintWriter err;
    private final String what;
    private final Supplier<String> detail;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer;
    private volatile boolean shown;

    /**
     * @param err    where to report (the command's stderr)
     * @param what   the step, as a phrase: "reading raidpulse.benchmarks from localhost:9092"
     * @param detail how far the step is ("1200 records"), or null for nothing
     */
    public Progress(PrintWriter err, String what, Supplier<String> detail) {
        this.err = err;
        this.what = what;
        this.detail = detail;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "raidpulse-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::report, QUIET.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    public static Progress of(PrintWriter err, String what) {
        return new Progress(err, what, null);
    }

    private void report() {
        String d = detail == null ? null : detail.get();
        err.println(what + "... " + seconds() + (d == null || d.isEmpty() ? "" : ", " + d));
        err.flush();
        shown = true;
    }

    private String seconds() {
        return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - startNanos) / 1e9);
    }

    /** Whether anything was printed. */
    public boolean shown() {
        return shown;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (shown) {
            err.println(what + ": done in " + seconds());
            err.flush();
        }
    }
}
