package io.raidpulse.stream.incident;

import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.SubjectKind;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which incident each device and array of one host belongs to, from one sample: an array's
 * members (disks, partitions, arrays nested in it) belong to the outermost array above them, the
 * one the application writes to; a disk belongs where its partitions do (a disk with partitions
 * in two arrays goes with the array first by name), and a partition that is no member goes with
 * its disk. Everything else is its own subject.
 *
 * <p>Only what differs from the name itself is kept: {@code sdb1 -> md0}, {@code md1 -> md2}.
 */
public final class IncidentSubjects {
    /** Nesting deeper than this is a loop in the input, not a real md stack. */
    private static final int MAX_NESTING = 8;

    private final Map<String, String> subjectOf;
    private final Set<String> arrays;
    private final Set<String> volumes;

    IncidentSubjects(Map<String, String> subjectOf, Set<String> arrays, Set<String> volumes) {
        this.subjectOf = subjectOf;
        this.arrays = arrays;
        this.volumes = volumes;
    }

    /** No folding known: every alert is its own subject's. */
    public static IncidentSubjects none() {
        return new IncidentSubjects(Map.of(), Set.of(), Set.of());
    }

    public static IncidentSubjects of(HostSample sample) {
        Map<String, String> arrayOf = new HashMap<>();
        for (MdArray a : sample.getArrays()) {
            for (MdMember m : a.getMembers()) {
                arrayOf.merge(m.getDevice(), a.getName(), (x, y) -> x.compareTo(y) <= 0 ? x : y);
            }
        }
        Map<String, String> out = new TreeMap<>();
        for (String member : arrayOf.keySet()) {
            out.put(member, outermost(arrayOf, member));
        }
        for (MdArray a : sample.getArrays()) {
            if (arrayOf.containsKey(a.getName())) {
                out.put(a.getName(), outermost(arrayOf, a.getName()));
            }
        }
        Map<String, String> diskTo = new HashMap<>();
        for (DeviceSample d : sample.getDevices()) {
            String parent = d.getParent();
            String array = out.get(d.getName());
            if (parent != null && array != null) {
                diskTo.merge(parent, array, (x, y) -> x.compareTo(y) <= 0 ? x : y);
            }
        }
        for (DeviceSample d : sample.getDevices()) {
            String parent = d.getParent();
            if (diskTo.containsKey(d.getName()) && !out.containsKey(d.getName())) {
                out.put(d.getName(), diskTo.get(d.getName()));
            } else if (parent != null && !out.containsKey(d.getName())) {
                out.put(d.getName(), diskTo.getOrDefault(parent, out.getOrDefault(parent, parent)));
            }
        }
        Set<String> arrays = new TreeSet<>();
        sample.getArrays().forEach(a -> arrays.add(a.getName()));
        Set<String> volumes = new TreeSet<>();
        if (sample.getHardwareVolumes() != null) {
            sample.getHardwareVolumes().forEach(v -> volumes.add(v.getDevice()));
        }
        return new IncidentSubjects(Map.copyOf(out), Set.copyOf(arrays), Set.copyOf(volumes));
    }

    private static String outermost(Map<String, String> arrayOf, String device) {
        String at = arrayOf.get(device);
        for (int depth = 0; depth < MAX_NESTING && arrayOf.containsKey(at); depth++) {
            at = arrayOf.get(at);
        }
        return at;
    }

    /** The subject of the incident an alert about {@code subject} belongs to. */
    public String subjectOf(String subject) {
        return subjectOf.getOrDefault(subject, subject);
    }

    /**
     * The kind of the incident's subject: an array, a hardware RAID volume (its partitions folded into
     * it), or {@code own} (what the alert says) for anything else.
     */
    public SubjectKind kindOf(String subject, SubjectKind own) {
        String of = subjectOf(subject);
        return arrays.contains(of) ? SubjectKind.ARRAY
                : volumes.contains(of) ? SubjectKind.HARDWARE
                : subjectOf.containsKey(subject) ? SubjectKind.DEVICE : own;
    }

    Map<String, String> subjectOfMap() {
        return subjectOf;
    }

    Set<String> arrays() {
        return arrays;
    }

    Set<String> volumes() {
        return volumes;
    }
}
