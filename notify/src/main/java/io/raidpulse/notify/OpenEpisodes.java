package io.raidpulse.notify;

import io.raidpulse.schema.Alert;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The episodes still open on one partition, found by replaying its alerts in offset order as a
 * channel's runner read them before: a FIRING without a later RESOLVED. For each it keeps whether
 * the channel's {@link ChannelRoute} took the FIRING (so the episode's later changes follow it,
 * see {@link EpisodeRouter}) and, if it did, what the channel was last sent of it. Pure: no I/O.
 *
 * <p>At most {@code capacity} episodes are kept, as in {@link EpisodeRouter}; past it the oldest
 * is forgotten.
 */
final class OpenEpisodes {
    /** An open episode; {@code sent} is null when the channel's route did not take its FIRING. */
    private record Open(OpenEpisode sent) {
    }

    private final ChannelRoute route;
    private final Map<String, Open> open;

    OpenEpisodes(ChannelRoute route, int capacity) {
        this.route = route;
        this.open = new LinkedHashMap<>(256, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Open> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The next alert of the partition. */
    void read(Alert a) {
        String id = a.getAlertId();
        switch (a.getState()) {
            case FIRING -> open.put(id, new Open(route.accepts(a) ? new OpenEpisode(a, a) : null));
            case PROGRESS -> {
                Open known = open.get(id);
                if (known != null && ChannelRoute.escalation(a)) {
                    // as EpisodeRouter: an escalation the route takes opens the episode here if its FIRING did not
                    if (known.sent() != null || route.accepts(a)) {
                        // its labels are the escalation's from now on, as the channel re-labelled it
                        open.put(id, new Open(new OpenEpisode(a, a)));
                    }
                    return;
                }
                // a PROGRESS whose FIRING is not here (deleted by retention) cannot be re-announced: its labels are the FIRING's
                if (known != null && known.sent() != null && route.progress()) {
                    open.put(id, new Open(new OpenEpisode(known.sent().firing(), a)));
                }
            }
            case RESOLVED -> open.remove(id);
        }
    }

    /** The open episodes whose FIRING the channel was sent, oldest first. */
    List<OpenEpisode> sent() {
        List<OpenEpisode> out = new ArrayList<>();
        open.values().forEach(o -> {
            if (o.sent() != null) {
                out.add(o.sent());
            }
        });
        return out;
    }

    /** The alert ids of the open episodes whose FIRING the channel's route did not take. */
    List<String> notSent() {
        List<String> out = new ArrayList<>();
        open.forEach((id, o) -> {
            if (o.sent() == null) {
                out.add(id);
            }
        });
        return out;
    }
}
