package io.raidpulse.services;

import java.util.concurrent.TimeUnit;

/** Servers the tests and {@code up} start as child processes (influxd, Alertmanager). */
public final class ChildProcesses {
    private ChildProcesses() {
    }

    /**
     * Stops a child: SIGTERM, so it writes what it keeps, then SIGKILL after 30 s; and removes the
     * shutdown hook ({@code reaper}) that would have killed it with the JVM.
     */
    public static void stop(Process process, Thread reaper) {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run; nothing to remove
        }
    }
}
