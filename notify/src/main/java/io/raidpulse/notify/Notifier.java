package io.raidpulse.notify;

import io.raidpulse.schema.Alert;
import java.util.Collection;
import java.util.Set;

/**
 * A channel that tells people about alert state changes (FIRING, PROGRESS, RESOLVED). One
 * implementation per channel; a new channel is one class plus its configuration:
 * {@code notify.channels=NAME[:TYPE],...}, where TYPE is a built-in name ({@code console},
 * {@code webhook}, {@code slack}, {@code alertmanager}: the class {@code TypeNotifier} in this
 * package) or a fully qualified class
 * name, and the channel's own settings are {@code notify.NAME.*}, handed to its public
 * constructor taking {@link io.raidpulse.config.Settings} with that prefix removed.
 *
 * <p>{@link NotifierRunner} calls {@link #send} once per state change, in order, retrying with
 * backoff while it throws a retriable {@link NotificationException}, and only for the episodes
 * the channel's {@link ChannelRoute} takes.
 */
public interface Notifier extends AutoCloseable {
    /** Delivers one state change; returns once the channel accepted it. */
    void send(Alert alert) throws NotificationException;

    /**
     * The runner no longer reads these episodes' state changes (their partition went to another
     * consumer, which delivers them from now on): a channel that keeps state per open episode
     * (Alertmanager's re-posting) drops theirs. Called on the runner's thread.
     */
    default void released(Set<String> alertIds) {
    }

    /**
     * The runner now reads a partition whose earlier state changes it did not read in this run (at
     * start, or when the partition came from another consumer): these episodes were sent to this
     * channel before and are still open. Nothing is to be delivered again; a channel that keeps
     * state per open episode (Alertmanager's re-posting) takes them up. Called on the runner's
     * thread, before the partition's next state change is sent.
     */
    default void resumed(Collection<OpenEpisode> episodes) {
    }

    @Override
    default void close() {
    }
}
