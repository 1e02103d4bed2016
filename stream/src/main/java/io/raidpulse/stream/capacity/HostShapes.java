package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.schema.ArrayShapeState;
import io.raidpulse.schema.CapacityShapesState;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.FormerShapeState;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.MemberCapacityState;
import io.raidpulse.schema.NamedShapeState;
import io.raidpulse.stream.state.StateSerde;
import io.raidpulse.topics.load.MdLeaves;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of every md array of one host, and what its member disks were measured serving,
 * stored under the host name.
 *
 * <p>A window is compared when it closes, up to a window and the grace period after its samples
 * ({@code aggregate.grace}, 60 s): an array stopped or re-created in another shape meanwhile must
 * not take its window's shape with it. So each array's shape keeps the sample time it was first
 * seen, and the shape an array had before its last change (or before it vanished) is kept as
 * {@link Former} until {@link #FORMER_KEPT} after that change: {@link #shapeAt} gives a window the
 * shape its array had then.
 *
 * @param arrays   by array name, as the latest sample shows them
 * @param since    by array name, sample time (ms) from which its shape in {@code arrays} was seen;
 *                 {@link Long#MIN_VALUE} when not known (kept by a format before 3)
 * @param former   by array name, the shape it had before its last change or before it vanished
 * @param measured the learned member capacity by member disk model ({@link #modelKey}): from this host's
 *                 arrays' busy windows
 */
record HostShapes(Map<String, ArrayShape> arrays, Map<String, Long> since, Map<String, Former> former,
                  Map<String, MemberCapacity> measured) {
    /**
     * How long after a change a former shape is kept: longer than the largest aggregate window
     * (1 h) and its grace, so that every window of the array before the change has closed.
     */
    static final long FORMER_KEPT = Duration.ofHours(2).toMillis();

    /**
     * A shape an array no longer has.
     *
     * @param since sample time (ms) from which it was seen; {@link Long#MIN_VALUE} when not known
     * @param until sample time (ms) of the first sample that showed the array changed or gone
     */
    record Former(ArrayShape shape, long since, long until) {
    }

    /**
     * An Avro {@link CapacityShapesState}; the binary formats of earlier builds are still read
     * ({@link ShapesBinaryFormats}: format 3 kept each shape's first sample time, the former shapes
     * and each measured figure's windows and spread; format 2 added the measured member capacity;
     * format 1 had the shapes alone).
     */
    static final StateSerde<HostShapes> SERDE = StateSerde.avro("capacity shapes", CapacityShapesState.class, HostShapes::toRecord,
                    HostShapes::fromRecord)
            .alsoReading(3, ShapesBinaryFormats::format3)
            .alsoReading(2, ShapesBinaryFormats::format2)
            .alsoReading(1, ShapesBinaryFormats::format1);

    private static CapacityShapesState toRecord(HostShapes h) {
        List<NamedShapeState> arrays = new ArrayList<>(h.arrays.size());
        h.arrays.forEach((name, shape) -> arrays.add(new NamedShapeState(name, shapeRecord(shape), known(h.since.get(name)))));
        List<FormerShapeState> former = new ArrayList<>(h.former.size());
        h.former.forEach((name, f) -> former.add(new FormerShapeState(name, shapeRecord(f.shape()), known(f.since()), f.until())));
        List<MemberCapacityState> measured = new ArrayList<>(h.measured.size());
        h.measured.forEach((model, capacity) -> measured.add(capacity.toRecord(model)));
        return new CapacityShapesState(arrays, former, measured);
    }

    private static HostShapes fromRecord(CapacityShapesState r) {
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        Map<String, Long> since = new LinkedHashMap<>();
        for (NamedShapeState a : r.getArrays()) {
            arrays.put(a.getArray(), shapeFromRecord(a.getShape()));
            since.put(a.getArray(), a.getSince() == null ? Long.MIN_VALUE : a.getSince());
        }
        Map<String, Former> former = new LinkedHashMap<>();
        for (FormerShapeState f : r.getFormer()) {
            former.put(f.getArray(), new Former(shapeFromRecord(f.getShape()), f.getSince() == null ? Long.MIN_VALUE : f.getSince(),
                    f.getUntil()));
        }
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        for (MemberCapacityState m : r.getMeasured()) {
            measured.put(m.getModelKey(), MemberCapacity.fromRecord(m));
        }
        return new HostShapes(Collections.unmodifiableMap(arrays), Collections.unmodifiableMap(since), Collections.unmodifiableMap(former),
                Collections.unmodifiableMap(measured));
    }

    private static ArrayShapeState shapeRecord(ArrayShape s) {
        return new ArrayShapeState(s.level(), s.layout(), s.disks(), s.chunkBytes(), s.diskModel(), s.rotational(), s.memberBytes(), s.device());
    }

    private static ArrayShape shapeFromRecord(ArrayShapeState r) {
        return new ArrayShape(r.getLevel(), r.getLayout(), r.getDisks(), r.getChunkBytes(), r.getDiskModel(), r.getRotational(),
                r.getMemberBytes(), r.getDevice());
    }

    /** A sample time, or null for {@link Long#MIN_VALUE} (not known). */
    static Long known(long time) {
        return time == Long.MIN_VALUE ? null : time;
    }

    private static Long known(Long time) {
        return time == null ? null : known(time.longValue());
    }

    /** The key of a member disk model in {@link #measured}: the model, or "?" when the collector did not see it. */
    static String modelKey(String diskModel) {
        return diskModel == null ? "?" : diskModel;
    }

    /** These shapes with the member capacity of {@code diskModel} replaced. */
    HostShapes withMeasured(String diskModel, MemberCapacity capacity) {
        Map<String, MemberCapacity> m = new LinkedHashMap<>(measured);
        m.put(modelKey(diskModel), capacity);
        return new HostShapes(arrays, since, former, Collections.unmodifiableMap(m));
    }

    /**
     * {@code now}'s shapes, seen in a sample at {@code time} (ms), with these measured capacities: an
     * array whose shape is unchanged keeps the time it was first seen; one changed or gone leaves its
     * shape here as former; former shapes older than {@link #FORMER_KEPT} are dropped.
     */
    HostShapes withShapesOf(HostShapes now, long time) {
        Map<String, Long> s = new LinkedHashMap<>();
        Map<String, Former> f = new LinkedHashMap<>();
        former.forEach((name, old) -> {
            if (old.until() >= time - FORMER_KEPT) {
                f.put(name, old);
            }
        });
        now.arrays.forEach((name, shape) -> s.put(name, shape.equals(arrays.get(name)) ? since.getOrDefault(name, Long.MIN_VALUE) : time));
        arrays.forEach((name, shape) -> {
            if (!shape.equals(now.arrays.get(name))) {
                f.put(name, new Former(shape, since.getOrDefault(name, Long.MIN_VALUE), time));
            }
        });
        return new HostShapes(now.arrays, Collections.unmodifiableMap(s), Collections.unmodifiableMap(f), measured);
    }

    /**
     * The shape array {@code name} had in the window [{@code start}, {@code end}) (ms): its current shape
     * when it was seen before the window's end, else its former shape when that was seen in the window
     * (an array stopped or re-created after the window and before it closed); else its current shape, or
     * null when there is none.
     */
    ArrayShape shapeAt(String name, long start, long end) {
        ArrayShape current = arrays.get(name);
        if (current != null && since.getOrDefault(name, Long.MIN_VALUE) < end) {
            return current;
        }
        Former f = former.get(name);
        if (f != null && f.until() > start && f.since() < end) {
            return f.shape();
        }
        return current;
    }

    /** The shapes of the active arrays of a sample, seen from its time. */
    static HostShapes of(HostSample sample) {
        Map<String, DeviceSample> devices = new HashMap<>();
        sample.getDevices().forEach(d -> devices.put(d.getName(), d));
        MdLeaves arrays = new MdLeaves(sample.getArrays());
        Map<String, ArrayShape> out = new LinkedHashMap<>();
        for (MdArray a : sample.getArrays()) {
            if (a.getActive() && a.getLevel() != null) {
                out.put(a.getName(), shape(a, arrays, devices));
            }
        }
        Map<String, Long> since = new LinkedHashMap<>();
        out.keySet().forEach(name -> since.put(name, sample.getSampleTime().toEpochMilli()));
        return new HostShapes(Collections.unmodifiableMap(out), Collections.unmodifiableMap(since), Map.of(), Map.of());
    }

    private static ArrayShape shape(MdArray a, MdLeaves arrays, Map<String, DeviceSample> devices) {
        List<MdArray> inner = new ArrayList<>();
        for (MdMember m : a.getMembers()) {
            MdArray nested = arrays.array(m.getDevice());
            if (nested != null && nested != a) {
                inner.add(nested);
            }
        }
        String level = a.getLevel();
        Integer disks = slots(a);
        if (!inner.isEmpty()) {
            boolean pairs = inner.stream().allMatch(i -> "raid1".equals(i.getLevel()) && Integer.valueOf(2).equals(slots(i)));
            level = "raid0".equals(level) && pairs ? "raid0-over-raid1" : level + " over " + inner.get(0).getLevel();
            int sum = 0;
            for (MdMember m : a.getMembers()) {
                MdArray nested = arrays.array(m.getDevice());
                Integer n = nested != null && nested != a ? slots(nested) : Integer.valueOf(1);
                sum += n == null ? 0 : n;
            }
            disks = sum == 0 ? null : sum;
        }
        List<String> leaves = arrays.of(a);
        String model = null;
        Boolean rotational = null;
        Long smallest = null;
        String device = null;
        for (String leaf : leaves) {
            DeviceSample d = devices.get(leaf);
            if (d == null) {
                continue;
            }
            DeviceSample disk = d.getParent() != null && devices.containsKey(d.getParent()) ? devices.get(d.getParent()) : d;
            model = model != null ? model : d.getModel() != null ? d.getModel() : disk.getModel();
            rotational = rotational != null ? rotational : d.getRotational() != null ? d.getRotational() : disk.getRotational();
            device = device != null ? device : disk.getName();
            if (d.getSizeBytes() != null && (smallest == null || d.getSizeBytes() < smallest)) {
                smallest = d.getSizeBytes();
            }
        }
        return new ArrayShape(level, a.getLayout(), disks, a.getChunkBytes(), model == null ? null : model.trim(), rotational, smallest,
                device);
    }

    /* Members of the complete array: md/raid_disks, else the members holding a slot. */
    private static Integer slots(MdArray a) {
        if (a.getRaidDisks() != null) {
            return a.getRaidDisks();
        }
        long withRole = a.getMembers().stream().filter(m -> m.getRole() != null && !m.getFaulty()).count();
        return withRole == 0 ? null : (int) withRole;
    }
}
