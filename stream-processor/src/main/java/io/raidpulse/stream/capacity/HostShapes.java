package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.schema.ArrayShapeState;
import io.raidpulse.schema.CapacityShapesState;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.FormerShapeState;
import io.raidpulse.schema.FormerVolumeState;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.MemberCapacityState;
import io.raidpulse.schema.NamedShapeState;
import io.raidpulse.schema.NamedVolumeState;
import io.raidpulse.stream.state.StateSerde;
import io.raidpulse.stream.load.MdGeometry;
import io.raidpulse.topics.load.MdLeaves;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of every md array of one host, what its member disks were measured serving, and what is
 * known of its hardware RAID volumes, stored under the host name.
 *
 * <p>A window is compared when it closes, up to a window and the grace period after its samples
 * ({@code aggregate.grace}, 60 s): an array stopped or re-created in another shape meanwhile must
 * not take its window's shape with it, nor a volume declared anew or gone. So each shape keeps the
 * sample time it was first seen, and the shape a subject had before its last change (or before it
 * vanished) is kept as {@link Former} until {@link #FORMER_KEPT} after that change: {@link #shapeAt}
 * and {@link #volumeAt} give a window the shape its subject had then.
 *
 * @param md       the md arrays' shapes, by array name
 * @param hardware the hardware RAID volumes, by device name (HostSample hardware_volumes)
 * @param measured the learned member capacity by member disk model ({@link #modelKey}): from this host's
 *                 md arrays' busy windows
 * @param volumeMeasured by volume device, the member capacity learned in the model's terms from the volume's
 *                 own saturated windows (its members are hidden: what it served at saturation is all there is)
 */
record HostShapes(Shapes<ArrayShape> md, Shapes<VolumeShape> hardware, Map<String, MemberCapacity> measured,
                  Map<String, MemberCapacity> volumeMeasured) {
    /**
     * How long after a change a former shape is kept: longer than the largest aggregate window
     * (1 h) and its grace, so that every window of the subject before the change has closed.
     */
    static final long FORMER_KEPT = Duration.ofHours(2).toMillis();

    /**
     * A shape a subject no longer has.
     *
     * @param since sample time (ms) from which it was seen; {@link Long#MIN_VALUE} when not known
     * @param until sample time (ms) of the first sample that showed the subject changed or gone
     */
    record Former<S>(S shape, long since, long until) {
    }

    /**
     * The shapes of one kind of subject of a host.
     *
     * @param current by name, as the latest sample shows them
     * @param since   by name, sample time (ms) from which its shape in {@code current} was seen;
     *                {@link Long#MIN_VALUE} when not known (kept by a format before 3)
     * @param former  by name, the shape it had before its last change or before it vanished
     */
    record Shapes<S>(Map<String, S> current, Map<String, Long> since, Map<String, Former<S>> former) {
        static <S> Shapes<S> none() {
            return new Shapes<>(Map.of(), Map.of(), Map.of());
        }

        /** {@code current}, all seen first at {@code time} (ms). */
        static <S> Shapes<S> seenAt(Map<String, S> current, long time) {
            Map<String, Long> since = new LinkedHashMap<>();
            current.keySet().forEach(name -> since.put(name, time));
            return new Shapes<>(Collections.unmodifiableMap(current), Collections.unmodifiableMap(since), Map.of());
        }

        /**
         * {@code now}'s shapes, seen in a sample at {@code time} (ms): a subject whose shape is unchanged
         * keeps the time it was first seen; one changed or gone leaves its shape here as former; former
         * shapes older than {@link #FORMER_KEPT} are dropped.
         */
        Shapes<S> withShapesOf(Shapes<S> now, long time) {
            Map<String, Long> s = new LinkedHashMap<>();
            Map<String, Former<S>> f = new LinkedHashMap<>();
            former.forEach((name, old) -> {
                if (old.until() >= time - FORMER_KEPT) {
                    f.put(name, old);
                }
            });
            now.current.forEach((name, shape) -> s.put(name, shape.equals(current.get(name)) ? since.getOrDefault(name, Long.MIN_VALUE) : time));
            current.forEach((name, shape) -> {
                if (!shape.equals(now.current.get(name))) {
                    f.put(name, new Former<>(shape, since.getOrDefault(name, Long.MIN_VALUE), time));
                }
            });
            return new Shapes<>(now.current, Collections.unmodifiableMap(s), Collections.unmodifiableMap(f));
        }

        /**
         * The shape {@code name} had in the window [{@code start}, {@code end}) (ms): its current shape
         * when it was seen before the window's end, else its former shape when that was seen in the window
         * (a subject stopped or re-created after the window and before it closed); else its current shape,
         * or null when there is none.
         */
        S at(String name, long start, long end) {
            S now = current.get(name);
            if (now != null && since.getOrDefault(name, Long.MIN_VALUE) < end) {
                return now;
            }
            Former<S> f = former.get(name);
            if (f != null && f.until() > start && f.since() < end) {
                return f.shape();
            }
            return now;
        }
    }

    /** Shapes and the md arrays' measured capacity, nothing learned of a volume. */
    HostShapes(Shapes<ArrayShape> md, Shapes<VolumeShape> hardware, Map<String, MemberCapacity> measured) {
        this(md, hardware, measured, Map.of());
    }

    /** md arrays' shapes and measured capacity, no hardware volume: what builds before volumes kept. */
    HostShapes(Map<String, ArrayShape> arrays, Map<String, Long> since, Map<String, Former<ArrayShape>> former,
               Map<String, MemberCapacity> measured) {
        this(new Shapes<>(arrays, since, former), Shapes.none(), measured);
    }

    /**
     * An Avro {@link CapacityShapesState} (v2 added the hardware volumes); the binary formats of earlier
     * builds are still read ({@link ShapesBinaryFormats}: format 3 kept each shape's first sample time, the
     * former shapes and each measured figure's windows and spread; format 2 added the measured member
     * capacity; format 1 had the shapes alone).
     */
    static final StateSerde<HostShapes> SERDE = StateSerde.avro("capacity shapes", CapacityShapesState.class, HostShapes::toRecord,
                    HostShapes::fromRecord)
            .alsoReading(3, ShapesBinaryFormats::format3)
            .alsoReading(2, ShapesBinaryFormats::format2)
            .alsoReading(1, ShapesBinaryFormats::format1);

    /** The md arrays' current shapes, by name. */
    Map<String, ArrayShape> arrays() {
        return md.current();
    }

    /** By array name, sample time (ms) from which its current shape was seen; {@link Long#MIN_VALUE} when not known. */
    Map<String, Long> since() {
        return md.since();
    }

    /** By array name, the shape it had before its last change or before it vanished. */
    Map<String, Former<ArrayShape>> former() {
        return md.former();
    }

    /** The hardware RAID volumes as the latest sample shows them, by device name. */
    Map<String, VolumeShape> volumes() {
        return hardware.current();
    }

    private static CapacityShapesState toRecord(HostShapes h) {
        List<NamedShapeState> arrays = new ArrayList<>(h.md.current().size());
        h.md.current().forEach((name, shape) -> arrays.add(new NamedShapeState(name, shapeRecord(shape), known(h.md.since().get(name)))));
        List<FormerShapeState> former = new ArrayList<>(h.md.former().size());
        h.md.former().forEach((name, f) -> former.add(new FormerShapeState(name, shapeRecord(f.shape()), known(f.since()), f.until())));
        List<MemberCapacityState> measured = new ArrayList<>(h.measured.size());
        h.measured.forEach((model, capacity) -> measured.add(capacity.toRecord(model)));
        List<NamedVolumeState> volumes = new ArrayList<>(h.hardware.current().size());
        h.hardware.current().forEach((name, v) -> volumes.add(new NamedVolumeState(name, v.toRecord(), known(h.hardware.since().get(name)))));
        List<FormerVolumeState> formerVolumes = new ArrayList<>(h.hardware.former().size());
        h.hardware.former().forEach((name, f) -> formerVolumes.add(new FormerVolumeState(name, f.shape().toRecord(), known(f.since()),
                f.until())));
        List<MemberCapacityState> volumeMeasured = new ArrayList<>(h.volumeMeasured.size());
        h.volumeMeasured.forEach((device, capacity) -> volumeMeasured.add(capacity.toRecord(device)));
        return new CapacityShapesState(arrays, former, measured, volumes, formerVolumes, volumeMeasured);
    }

    private static HostShapes fromRecord(CapacityShapesState r) {
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        Map<String, Long> since = new LinkedHashMap<>();
        for (NamedShapeState a : r.getArrays()) {
            arrays.put(a.getArray(), shapeFromRecord(a.getShape()));
            since.put(a.getArray(), a.getSince() == null ? Long.MIN_VALUE : a.getSince());
        }
        Map<String, Former<ArrayShape>> former = new LinkedHashMap<>();
        for (FormerShapeState f : r.getFormer()) {
            former.put(f.getArray(), new Former<>(shapeFromRecord(f.getShape()), f.getSince() == null ? Long.MIN_VALUE : f.getSince(),
                    f.getUntil()));
        }
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        for (MemberCapacityState m : r.getMeasured()) {
            measured.put(m.getModelKey(), MemberCapacity.fromRecord(m));
        }
        Map<String, VolumeShape> volumes = new LinkedHashMap<>();
        Map<String, Long> volumeSince = new LinkedHashMap<>();
        for (NamedVolumeState v : r.getVolumes()) {
            volumes.put(v.getDevice(), VolumeShape.fromRecord(v.getDevice(), v.getShape()));
            volumeSince.put(v.getDevice(), v.getSince() == null ? Long.MIN_VALUE : v.getSince());
        }
        Map<String, Former<VolumeShape>> formerVolumes = new LinkedHashMap<>();
        for (FormerVolumeState f : r.getFormerVolumes()) {
            formerVolumes.put(f.getDevice(), new Former<>(VolumeShape.fromRecord(f.getDevice(), f.getShape()),
                    f.getSince() == null ? Long.MIN_VALUE : f.getSince(), f.getUntil()));
        }
        Map<String, MemberCapacity> volumeMeasured = new LinkedHashMap<>();
        for (MemberCapacityState m : r.getVolumesMeasured()) {
            volumeMeasured.put(m.getModelKey(), MemberCapacity.fromRecord(m));
        }
        return new HostShapes(
                new Shapes<>(Collections.unmodifiableMap(arrays), Collections.unmodifiableMap(since), Collections.unmodifiableMap(former)),
                new Shapes<>(Collections.unmodifiableMap(volumes), Collections.unmodifiableMap(volumeSince),
                        Collections.unmodifiableMap(formerVolumes)),
                Collections.unmodifiableMap(measured), Collections.unmodifiableMap(volumeMeasured));
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
        return new HostShapes(md, hardware, Collections.unmodifiableMap(m), volumeMeasured);
    }

    /** These shapes with the capacity learned of volume {@code device} replaced. */
    HostShapes withVolumeMeasured(String device, MemberCapacity capacity) {
        Map<String, MemberCapacity> m = new LinkedHashMap<>(volumeMeasured);
        m.put(device, capacity);
        return new HostShapes(md, hardware, measured, Collections.unmodifiableMap(m));
    }

    /**
     * {@code now}'s shapes, seen in a sample at {@code time} (ms), with these measured capacities
     * ({@link Shapes#withShapesOf}, for the md arrays and for the volumes); the capacity learned of a volume whose
     * declaration changed is dropped, kept for one gone from the sample (it may come back as it was).
     */
    HostShapes withShapesOf(HostShapes now, long time) {
        // a volume declared anew (another level, disks or disk model) is not the one its learned figure was learned of
        Map<String, MemberCapacity> learned = new LinkedHashMap<>();
        volumeMeasured.forEach((device, capacity) -> {
            VolumeShape shape = now.hardware.current().get(device);
            if (shape == null || shape.equals(hardware.current().get(device))) {
                learned.put(device, capacity);
            }
        });
        return new HostShapes(md.withShapesOf(now.md, time), hardware.withShapesOf(now.hardware, time), measured,
                Collections.unmodifiableMap(learned));
    }

    /** Whether {@code other} has the same md arrays and volumes in the same shapes (what a sample changes). */
    boolean sameSubjects(HostShapes other) {
        return md.current().equals(other.md.current()) && hardware.current().equals(other.hardware.current());
    }

    /** Whether there is neither an md array nor a volume. */
    boolean noSubjects() {
        return md.current().isEmpty() && hardware.current().isEmpty();
    }

    /** The shape md array {@code name} had in the window [{@code start}, {@code end}) (ms) ({@link Shapes#at}); null when none. */
    ArrayShape shapeAt(String name, long start, long end) {
        return md.at(name, start, end);
    }

    /** What was known of hardware volume {@code name} in the window [{@code start}, {@code end}) (ms) ({@link Shapes#at}); null when none. */
    VolumeShape volumeAt(String name, long start, long end) {
        return hardware.at(name, start, end);
    }

    /** The shapes of the active arrays and of the hardware volumes of a sample, seen from its time. */
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
        Map<String, VolumeShape> volumes = new LinkedHashMap<>();
        if (sample.getHardwareVolumes() != null) {
            for (HardwareVolume v : sample.getHardwareVolumes()) {
                volumes.put(v.getDevice(), VolumeShape.of(v, devices.get(v.getDevice())));
            }
        }
        long time = sample.getSampleTime().toEpochMilli();
        return new HostShapes(Shapes.seenAt(out, time), volumes.isEmpty() ? Shapes.none() : Shapes.seenAt(volumes, time), Map.of());
    }

    private static ArrayShape shape(MdArray a, MdLeaves arrays, Map<String, DeviceSample> devices) {
        ArrayShape geometry = MdGeometry.of(a, arrays);
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
        return new ArrayShape(geometry.level(), geometry.layout(), geometry.disks(), geometry.chunkBytes(),
                model == null ? null : model.trim(), rotational, smallest, device);
    }
}
