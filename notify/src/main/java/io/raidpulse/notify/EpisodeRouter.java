package io.raidpulse.notify;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A channel's {@link ChannelRoute} applied to episodes: an episode whose FIRING was sent to the
 * channel gets its PROGRESS updates (when the route takes them) and its RESOLVED there too, and
 * one whose FIRING was not gets neither, whatever their own fields say (a RESOLVED may carry
 * another severity than its FIRING). The FIRING decides because the kind, host and subject of
 * an episode never change, and its severity is the one it fired with.
 *
 * <p>The runner reads FIRINGs in this run, and before it resumes a partition it learns the
 * episodes still open there from the partition's earlier alerts ({@link #resume}), so those
 * whose FIRING came before a restart or before a partition was taken over are routed by it too.
 * A PROGRESS or RESOLVED of an episode whose FIRING is unknown (deleted by retention, or
 * forgotten because more than {@code capacity} episodes were open at once) is judged by its own
 * fields. Not thread-safe: the runner's thread only.
 */
final class EpisodeRouter {
    /** An open episode: the partition its changes are read from, and whether its FIRING was sent here. */
    private record Open(int partition, boolean routed) {
    }

    private final ChannelRoute route;
    private final Map<String, Open> open;

    EpisodeRouter(ChannelRoute route, int capacity) {
        this.route = route;
        this.open = new LinkedHashMap<>(256, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Open> eldest) {
                return size() > capacity;
            }
        };
    }

    ChannelRoute route() {
        return route;
    }

    /** Whether this state change, read from {@code partition}, goes to the channel; remembers FIRINGs. */
    boolean routes(Alert a, int partition) {
        String id = a.getAlertId();
        if (a.getState() == AlertState.FIRING) {
            boolean routed = route.accepts(a);
            open.put(id, new Open(partition, routed));
            return routed;
        }
        Open known = open.get(id);
        if (known == null) {
            return route.accepts(a);
        }
        if (ChannelRoute.escalation(a)) {
            // an incident raised to a severity this channel takes: its opening here, if the FIRING was not
            if (!known.routed() && route.accepts(a)) {
                open.put(id, new Open(known.partition(), true));
                return true;
            }
            return known.routed();
        }
        return known.routed() && (a.getState() != AlertState.PROGRESS || route.progress());
    }

    /** Learns the episodes still open on {@code partition} from its alerts read before this run. */
    void resume(int partition, OpenEpisodes episodes) {
        episodes.notSent().forEach(id -> open.put(id, new Open(partition, false)));
        episodes.sent().forEach(e -> open.put(e.alertId(), new Open(partition, true)));
    }

    /**
     * Forgets the episode of a RESOLVED once it was handled (delivered, refused or skipped, and
     * committed): a RESOLVED read again after a delivery given up is still routed by its FIRING.
     */
    void handled(Alert a) {
        if (a.getState() == AlertState.RESOLVED) {
            open.remove(a.getAlertId());
        }
    }

    /**
     * Forgets the open episodes read from partitions not in {@code kept} (they went to another
     * consumer, which delivers their changes from now on); returns those that had been sent here.
     */
    Set<String> release(Collection<Integer> kept) {
        Set<String> released = new HashSet<>();
        for (Iterator<Map.Entry<String, Open>> it = open.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Open> e = it.next();
            if (!kept.contains(e.getValue().partition())) {
                if (e.getValue().routed()) {
                    released.add(e.getKey());
                }
                it.remove();
            }
        }
        return released;
    }

    /** How many open episodes are known. */
    int known() {
        return open.size();
    }
}
