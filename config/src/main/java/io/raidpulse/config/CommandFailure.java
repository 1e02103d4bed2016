package io.raidpulse.config;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * How a raidpulse command that failed says so: a {@link UserException} anywhere in the causes is
 * one line and its exit code; anything else is a bug, with its trace and {@link Cli#EXIT_BUG}.
 * Free of picocli, so that a command run without it (the collector's {@code collect}) fails the
 * same way as one run through {@link Cli}.
 */
public final class CommandFailure {
    private CommandFailure() {
    }

    /** Runs {@code command}, named {@code name} in its errors, on stderr; its exit code. */
    public static int run(String name, Callable<Integer> command) {
        try {
            Integer code = command.call();
            return code == null ? 0 : code;
        } catch (Exception e) {
            PrintWriter err = new PrintWriter(System.err, true);
            return report(name, e, err);
        }
    }

    /** Reports {@code e}, thrown by the command named {@code name}, on {@code err}; the exit code. */
    static int report(String name, Exception e, PrintWriter err) {
        UserException user = userCause(e);
        if (user != null) {
            err.println(name + ": " + user.getMessage());
            err.flush();
            return user.exitCode();
        }
        err.println(name + ": internal error (a bug, please report it with this trace):");
        e.printStackTrace(err);
        err.flush();
        return Cli.EXIT_BUG;
    }

    private static UserException userCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UserException u) {
                return u;
            }
        }
        return null;
    }
}
