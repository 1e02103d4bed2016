package io.raidpulse.simulator.truth;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model's truth for one sample: the interval ({@code second - intervalSeconds}, {@code second}]
 * after the scenario start, ending at simulated time {@code time}.
 *
 * @param scsi the state and command counts of each disk behind a controller at {@code time}
 */
public record StepTruth(long index, long second, Instant time, double intervalSeconds, List<DeviceTruth> devices,
        List<ArrayTruth> arrays, List<VolumeTruth> scsi) {

    public StepTruth {
        devices = List.copyOf(devices);
        arrays = List.copyOf(arrays);
        scsi = List.copyOf(scsi);
    }

    public VolumeTruth scsi(String name) {
        return scsi.stream().filter(v -> v.device().equals(name)).findFirst().orElse(null);
    }

    public DeviceTruth device(String name) {
        return devices.stream().filter(d -> d.device().equals(name)).findFirst().orElse(null);
    }

    public ArrayTruth array(String name) {
        return arrays.stream().filter(a -> a.array().equals(name)).findFirst().orElse(null);
    }

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "step");
        m.put("index", index);
        m.put("second", second);
        m.put("time_ms", time.toEpochMilli());
        m.put("interval_s", intervalSeconds);
        m.put("arrays", arrays.stream().map(ArrayTruth::json).toList());
        m.put("devices", devices.stream().map(DeviceTruth::json).toList());
        if (!scsi.isEmpty()) {
            m.put("scsi", scsi.stream().map(VolumeTruth::json).toList());
        }
        return m;
    }
}
