package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.stream.capacity.HostShapes.Former;
import io.raidpulse.stream.capacity.MemberCapacity.Learned;
import io.raidpulse.stream.state.StateReader;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The capacity shape store's binary formats from before its Avro record, read from a changelog an
 * older build wrote. Nothing writes these formats any more. A shape's unknown numbers were written
 * as -1, its unknown rotational flag as the byte -1, an absent learned figure as the value -1.
 */
final class ShapesBinaryFormats {
    private ShapesBinaryFormats() {
    }

    /**
     * Format 3: the shapes, each shape's first sample time, the former shapes, and the measured member
     * capacity with each figure's windows and spread.
     */
    static HostShapes format3(StateReader r) {
        Map<String, ArrayShape> arrays = shapes(r);
        Map<String, Long> since = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            since.put(r.readString(), r.readLong());
        }
        Map<String, Former<ArrayShape>> former = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            former.put(r.readString(), new Former<>(shape(r), r.readLong(), r.readLong()));
        }
        return new HostShapes(arrays, Collections.unmodifiableMap(since), Collections.unmodifiableMap(former),
                measured(r, ShapesBinaryFormats::capacity));
    }

    /** Format 2: the shapes and the measured member capacity, two figures and one count of windows for both. */
    static HostShapes format2(StateReader r) {
        Map<String, ArrayShape> arrays = shapes(r);
        return new HostShapes(arrays, sinceUnknown(arrays), Map.of(), measured(r, ShapesBinaryFormats::capacityFormat2));
    }

    /** Format 1: the shapes alone. */
    static HostShapes format1(StateReader r) {
        Map<String, ArrayShape> arrays = shapes(r);
        return new HostShapes(arrays, sinceUnknown(arrays), Map.of(), Map.of());
    }

    /** Formats before 3 did not keep when a shape was first seen: not known ({@link Long#MIN_VALUE}) for each. */
    private static Map<String, Long> sinceUnknown(Map<String, ArrayShape> arrays) {
        Map<String, Long> since = new LinkedHashMap<>();
        arrays.keySet().forEach(name -> since.put(name, Long.MIN_VALUE));
        return Collections.unmodifiableMap(since);
    }

    private static Map<String, ArrayShape> shapes(StateReader r) {
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            arrays.put(r.readString(), shape(r));
        }
        return Collections.unmodifiableMap(arrays);
    }

    private static ArrayShape shape(StateReader r) {
        String level = r.readString();
        String layout = r.readString();
        long disks = r.readLong();
        long chunk = r.readLong();
        String model = r.readString();
        int rotational = r.readByte();
        long member = r.readLong();
        String device = r.readString();
        return new ArrayShape(level, layout, disks < 0 ? null : (int) disks, chunk < 0 ? null : chunk, model,
                rotational < 0 ? null : rotational == 1, member < 0 ? null : member, device);
    }

    private static Map<String, MemberCapacity> measured(StateReader r, Function<StateReader, MemberCapacity> capacity) {
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            measured.put(r.readString(), capacity.apply(r));
        }
        return Collections.unmodifiableMap(measured);
    }

    private static MemberCapacity capacity(StateReader r) {
        Learned random = learned(r);
        long bytes = r.readLong();
        Learned sequential = learned(r);
        return new MemberCapacity(random, bytes, sequential, r.readLong());
    }

    private static Learned learned(StateReader r) {
        double value = r.readDouble();
        if (value < 0) {
            return null;
        }
        return new Learned(value, r.readInt(), r.readInt(), r.readDouble(), r.readDouble());
    }

    /**
     * Format 2's figures: a figure measured alone takes the count; when both were measured the split
     * is unknown and each is taken as learned from one window, so a restored figure never claims more
     * than it is known to rest on. The spread is counted from the next busy window on.
     */
    private static MemberCapacity capacityFormat2(StateReader r) {
        double iops = r.readDouble();
        long bytes = r.readLong();
        double mb = r.readDouble();
        int windows = r.readInt();
        int each = iops >= 0 && mb >= 0 ? 1 : windows;
        return new MemberCapacity(iops < 0 ? null : Learned.restored(iops, each), bytes, mb < 0 ? null : Learned.restored(mb, each));
    }
}
