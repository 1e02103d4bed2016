package io.raidpulse.stream.forecast;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.detector.HostDetector;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * CAPACITY_FORECAST alerts ({@link ArrayForecast}), from the md array and hardware RAID volume
 * aggregates of the forecast's window ({@link ForecastSettings#windowMs()}), judged once a day per
 * array or volume (md arrays on their member util, volumes on the share of their capacity used). State: one entry per
 * host with arrays, written once per array window (an hour by default), so the forecast costs
 * nothing per sample.
 *
 * <p>A host that sends nothing closes no day, so its open episodes would stay open: hosts with an
 * open episode are watched by the stream processor's clock, and closed (history kept) when no
 * window arrived for {@code alerts.silent-host-after} past the window and its grace.
 */
public final class ForecastDetector implements Processor<String, Aggregate, String, Alert> {
    public static final String STORE = "forecast-state";

    private final ForecastSettings settings;
    private final long silentMs;
    private final HostDetector<HostForecasts> hosts;
    /** Hosts with an open episode, and when a window of theirs last arrived, by this processor's clock. */
    private final Map<String, Long> watched = new HashMap<>();

    /** @param graceMs the aggregates' grace: a window arrives that long after its end */
    public ForecastDetector(ForecastSettings settings, SubjectExpiry expiry, long graceMs) {
        this.settings = settings;
        this.silentMs = expiry.silentHost().toMillis() + settings.windowMs() + graceMs;
        this.hosts = new HostDetector<>(STORE, expiry);
    }

    public static StoreBuilder<KeyValueStore<String, HostForecasts>> storeBuilder() {
        return HostDetector.storeBuilder(STORE, HostForecasts.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        hosts.init(context, this::closeSilentHosts);
        watched.clear();
        long now = hosts.now();
        hosts.forEach((host, h) -> {
            if (h.anyOpen()) {
                watched.put(host, now);
            }
        });
    }

    @Override
    public void process(Record<String, Aggregate> record) {
        Aggregate a = record.value();
        if (!settings.enabled() || a.getSubjectKind() != SubjectKind.ARRAY && a.getSubjectKind() != SubjectKind.HARDWARE
                || a.getWindowS() * 1000L != settings.windowMs()) {
            return;
        }
        HostForecasts h = hosts.get(a.getHost());
        if (h == null) {
            h = new HostForecasts();
        }
        h.observe(a, settings).forEach(hosts::emit);
        hosts.put(a.getHost(), h);
        if (h.anyOpen()) {
            watched.put(a.getHost(), hosts.now());
        } else {
            watched.remove(a.getHost());
        }
    }

    /** Closes the open episodes of watched hosts without a window for too long; their history is kept for their return. */
    private void closeSilentHosts(long now) {
        for (Map.Entry<String, Long> e : List.copyOf(watched.entrySet())) {
            if (now - e.getValue() < silentMs) {
                continue;
            }
            HostForecasts h = hosts.get(e.getKey());
            if (h != null) {
                h.expire(e.getKey(), hosts.streamTime(), SubjectExpiry.silent(e.getKey(), Duration.ofMillis(silentMs)))
                        .forEach(hosts::emit);
                hosts.put(e.getKey(), h);
            }
            watched.remove(e.getKey());
        }
    }
}
