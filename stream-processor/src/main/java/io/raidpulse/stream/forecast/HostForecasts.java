package io.raidpulse.stream.forecast;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.ForecastState;
import io.raidpulse.stream.state.StateSerde;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The forecasts of one host's md arrays and hardware RAID volumes, stored under the host name. An array without a window for a
 * whole day while the host's other arrays had theirs is gone (stopped, or renamed after a reboot):
 * its open episodes close and its history is dropped. Mutable; the forecast processor's thread only.
 */
final class HostForecasts {
    /** An Avro {@link ForecastState}; binary format 1 of earlier builds is still read. */
    static final StateSerde<HostForecasts> SERDE = StateSerde.<HostForecasts, ForecastState>avro("forecasts", ForecastState.class,
                    h -> new ForecastState(h.arrays.values().stream().map(ArrayForecast::toRecord).toList()),
                    HostForecasts::fromRecord)
            .alsoReading(1, r -> fromRecord(ForecastBinaryFormat.format1(r)));

    final Map<String, ArrayForecast> arrays = new LinkedHashMap<>();

    private static HostForecasts fromRecord(ForecastState r) {
        HostForecasts h = new HostForecasts();
        r.getArrays().forEach(a -> {
            ArrayForecast f = ArrayForecast.fromRecord(a);
            h.arrays.put(f.array, f);
        });
        return h;
    }

    /**
     * One closed array or volume window: the state changes it causes, its own subject's and those of subjects found
     * gone. A volume's window without a capacity figure starts no forecast (it has nothing to forecast on).
     */
    List<Alert> observe(Aggregate a, ForecastSettings s) {
        String host = a.getHost();
        if (ArrayForecast.figure(a) == null && !arrays.containsKey(a.getSubject())) {
            return List.of();
        }
        ArrayForecast f = arrays.computeIfAbsent(a.getSubject(), name -> new ArrayForecast(name, a.getSubjectKind()));
        List<Alert> out = new ArrayList<>(f.observe(host, a, s));
        long day = f.day;
        for (Iterator<ArrayForecast> it = arrays.values().iterator(); it.hasNext(); ) {
            ArrayForecast other = it.next();
            if (other != f && other.day < day - 1) {
                out.addAll(other.closeDay(host, s));
                out.addAll(other.expire(host, day * ArrayForecast.DAY_MS, other.array + " no longer reported by " + host
                        + " (no window on " + LocalDate.ofEpochDay(day - 1) + ")"));
                it.remove();
            }
        }
        return out;
    }

    /** Closes every open episode of the host (gone silent), keeping the history for its return. */
    List<Alert> expire(String host, long at, String reason) {
        List<Alert> out = new ArrayList<>();
        arrays.values().forEach(f -> out.addAll(f.expire(host, at, reason)));
        return out;
    }

    boolean anyOpen() {
        return arrays.values().stream().anyMatch(f -> !f.open.isEmpty());
    }
}
