package io.raidpulse.services;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Servers the tests and {@code up} start as child processes (influxd, Alertmanager). */
public final class ChildProcesses {
    private ChildProcesses() {
    }

    /** A started child and the shutdown hook that kills it with the JVM. */
    public record Started(Process process, Thread reaper) {
    }

    /**
     * Starts {@code command} with its output appended to {@code log}, and registers a shutdown
     * hook ({@code NAME-stopper}) that stops it if the JVM ends first.
     */
    public static Started start(List<String> command, Path log, String name) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new UserException("cannot run " + command.get(0) + ": " + e.getMessage());
        }
        Thread reaper = new Thread(process::destroy, name + "-stopper");
        Runtime.getRuntime().addShutdownHook(reaper);
        return new Started(process, reaper);
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
