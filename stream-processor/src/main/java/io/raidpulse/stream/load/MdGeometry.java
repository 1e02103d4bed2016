package io.raidpulse.stream.load;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.topics.load.MdLeaves;
import java.util.ArrayList;
import java.util.List;

/** An md array's geometry from one HostSample: what the capacity comparison and the member-load shares both take of it. */
public final class MdGeometry {
    private MdGeometry() {
    }

    /**
     * Level, layout, leaf disks and chunk of active array {@code a} (nested arrays resolved: a raid0 over md raid1
     * pairs is raid0-over-raid1), the rest of the shape unknown: what the RAID model needs to count member I/Os.
     */
    public static ArrayShape of(MdArray a, MdLeaves arrays) {
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
        return new ArrayShape(level, a.getLayout(), disks, a.getChunkBytes(), null, null, null, null);
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
