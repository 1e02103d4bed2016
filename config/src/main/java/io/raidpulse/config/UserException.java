package io.raidpulse.config;

/**
 * An error the user can fix (bad setting, unreadable file, unreachable service). Command
 * lines print its message as one line and exit with {@link #exitCode()}; it is never shown
 * as a stack trace. Messages must not contain secrets.
 */
public class UserException extends RuntimeException {
    /** Exit code for errors in the run-time environment (a service not reachable, a file not readable). */
    public static final int EXIT_RUNTIME = 1;
    /** Exit code for invalid usage or configuration. */
    public static final int EXIT_USAGE = 2;

    private final int exitCode;

    public UserException(String message) {
        this(message, EXIT_RUNTIME, null);
    }

    public UserException(String message, Throwable cause) {
        this(message, EXIT_RUNTIME, cause);
    }

    public UserException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A usage or configuration error (exit {@value #EXIT_USAGE}): the command line or the settings must change. */
    public static UserException usage(String message) {
        return new UserException(message, EXIT_USAGE, null);
    }

    /** {@link #usage(String)} with the exception that revealed it. */
    public static UserException usage(String message, Throwable cause) {
        return new UserException(message, EXIT_USAGE, cause);
    }

    public int exitCode() {
        return exitCode;
    }
}
