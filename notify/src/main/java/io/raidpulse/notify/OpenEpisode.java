package io.raidpulse.notify;

import io.raidpulse.schema.Alert;

/**
 * An episode still open (a FIRING without a RESOLVED yet) whose FIRING a channel was sent before
 * this run: what {@link Notifier#resumed} hands over.
 *
 * @param firing the episode's FIRING (it fixes kind, host, subject and severity)
 * @param last   the latest state change the channel was sent: the FIRING, or a later PROGRESS
 */
public record OpenEpisode(Alert firing, Alert last) {
    public String alertId() {
        return firing.getAlertId();
    }
}
