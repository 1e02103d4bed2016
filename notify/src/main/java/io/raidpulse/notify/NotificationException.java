package io.raidpulse.notify;

/**
 * A notification the channel did not accept. Retriable failures (channel unreachable, HTTP 5xx,
 * 408, 429) are retried with backoff until they succeed; others (any other HTTP 4xx: the request
 * itself is refused) are logged and the alert is skipped on that channel.
 */
public final class NotificationException extends Exception {
    private final boolean retriable;

    public NotificationException(String message, boolean retriable, Throwable cause) {
        super(message, cause);
        this.retriable = retriable;
    }

    public boolean retriable() {
        return retriable;
    }
}
