package io.raidpulse.collector.bench;

/** The footprint benchmark's first baseline: a JVM with the collector's flags doing nothing. */
public final class IdleJvm {
    private IdleJvm() {
    }

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
    }
}
