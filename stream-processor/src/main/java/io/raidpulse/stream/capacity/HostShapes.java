package io.raidpulse.stream.capacity;

import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.stream.load.MdLeaves;
import io.raidpulse.stream.state.StateSerde;
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
 * @param arrays   by array name
 * @param measured the learned member capacity by member disk model ({@link #modelKey}): from this host's
 *                 arrays' busy windows
 */
record HostShapes(Map<String, ArrayShape> arrays, Map<String, MemberCapacity> measured) {
    /*
     * format 3 keeps each measured figure's windows and spread (MemberCapacity.Learned); format 2 added
     * the measured member capacity; format 1 had the shapes alone
     */
    static final StateSerde<HostShapes> SERDE = new StateSerde<HostShapes>("capacity shapes", 3,
            (h, w) -> {
                writeShapes(h, w);
                w.writeInt(h.measured.size());
                h.measured.forEach((model, capacity) -> {
                    w.writeString(model);
                    capacity.write(w);
                });
            },
            r -> read(r, MemberCapacity::read))
            .alsoReading(2, r -> read(r, MemberCapacity::readFormat2))
            .alsoReading(1, r -> new HostShapes(readShapes(r), Map.of()));

    private static HostShapes read(io.raidpulse.stream.state.StateReader r,
                                   java.util.function.Function<io.raidpulse.stream.state.StateReader, MemberCapacity> capacity) {
        Map<String, ArrayShape> arrays = readShapes(r);
        int n = r.readInt();
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            measured.put(r.readString(), capacity.apply(r));
        }
        return new HostShapes(arrays, Collections.unmodifiableMap(measured));
    }

    /** The key of a member disk model in {@link #measured}: the model, or "?" when the collector did not see it. */
    static String modelKey(String diskModel) {
        return diskModel == null ? "?" : diskModel;
    }

    /** These shapes with the member capacity of {@code diskModel} replaced. */
    HostShapes withMeasured(String diskModel, MemberCapacity capacity) {
        Map<String, MemberCapacity> m = new LinkedHashMap<>(measured);
        m.put(modelKey(diskModel), capacity);
        return new HostShapes(arrays, Collections.unmodifiableMap(m));
    }

    /** {@code now}'s shapes with these measured capacities. */
    HostShapes withShapesOf(HostShapes now) {
        return new HostShapes(now.arrays, measured);
    }

    private static void writeShapes(HostShapes h, io.raidpulse.stream.state.StateWriter w) {
        w.writeInt(h.arrays.size());
        h.arrays.forEach((name, shape) -> {
            w.writeString(name);
            shape.write(w);
        });
    }

    private static Map<String, ArrayShape> readShapes(io.raidpulse.stream.state.StateReader r) {
        int n = r.readInt();
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            arrays.put(r.readString(), ArrayShape.read(r));
        }
        return Collections.unmodifiableMap(arrays);
    }

    /** The shapes of the active arrays of a sample. */
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
        return new HostShapes(Collections.unmodifiableMap(out), Map.of());
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
