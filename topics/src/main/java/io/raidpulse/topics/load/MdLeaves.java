package io.raidpulse.topics.load;

import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The leaf disks that do each md array's I/O, for the arrays of one sample: nested arrays
 * resolved to their own leaves, faulty members and idle spares of any array left out.
 */
public final class MdLeaves {
    /** Nesting deeper than this is a loop in the input, not a real md stack. */
    private static final int MAX_NESTING = 8;

    private final Map<String, MdArray> byName = new HashMap<>();
    private final Set<String> idle = new HashSet<>();

    public MdLeaves(List<MdArray> arrays) {
        for (MdArray a : arrays) {
            byName.put(a.getName(), a);
            for (MdMember m : a.getMembers()) {
                if (idle(m)) {
                    idle.add(m.getDevice());
                }
            }
        }
    }

    /** A faulty member does no I/O; a pure spare (no slot) idles until a rebuild starts. */
    public static boolean idle(MdMember m) {
        return m.getFaulty() || (m.getSpare() && m.getRole() == null);
    }

    /** The array of this sample named {@code name}, or null. */
    public MdArray array(String name) {
        return byName.get(name);
    }

    /** The leaf disks doing {@code a}'s I/O. */
    public List<String> of(MdArray a) {
        return leaves(a, 0);
    }

    private List<String> leaves(MdArray a, int depth) {
        List<String> out = new ArrayList<>();
        if (depth > MAX_NESTING) {
            return out;
        }
        if (!a.getLeafDisks().isEmpty()) {
            for (String leaf : a.getLeafDisks()) {
                if (!idle.contains(leaf)) {
                    out.add(leaf);
                }
            }
            return out;
        }
        for (MdMember m : a.getMembers()) {
            if (idle.contains(m.getDevice())) {
                continue;
            }
            MdArray inner = byName.get(m.getDevice());
            if (inner != null && inner != a) {
                out.addAll(leaves(inner, depth + 1));
            } else {
                out.add(m.getDevice());
            }
        }
        return out;
    }
}
