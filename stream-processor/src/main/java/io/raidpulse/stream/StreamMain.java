package io.raidpulse.stream;

import io.raidpulse.config.Cli;

/** Runs {@code stream} on its own, as a separate JVM (integration tests kill it with SIGKILL). */
public final class StreamMain {
    private StreamMain() {
    }

    public static void main(String[] args) {
        System.exit(Cli.execute(new StreamCommand(), args));
    }
}
