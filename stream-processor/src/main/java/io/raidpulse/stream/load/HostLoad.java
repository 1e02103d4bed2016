package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.topics.load.MdLeaves;
import io.raidpulse.topics.load.MdState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The load of every device and array of one HostSample, computed once per sample and shared by
 * the detectors and the windows.
 *
 * @param devices        devices with metrics, md arrays' own devices excluded (their figures are in {@link #arrays})
 * @param arrays         active arrays whose md device and members have metrics
 * @param presentDevices every device name in the sample, with or without metrics
 * @param presentArrays  every array name in the sample
 * @param syncByDevice   for each leaf member (and the whole disk of a member partition): the sync running on its array
 */
public record HostLoad(List<DeviceLoad> devices, List<ArrayLoad> arrays, Set<String> presentDevices,
                       Set<String> presentArrays, Map<String, MdSync> syncByDevice) {

    public static HostLoad of(HostSample sample) {
        Double interval = sample.getIntervalS();
        double perInterval = ConsumerLoads.perInterval(sample);
        // sized for every device at the default load factor: no rehash while the devices are added
        int capacity = sample.getDevices().size() * 4 / 3 + 1;
        Map<String, DeviceLoad> byName = new HashMap<>(capacity);
        Map<String, String> parentOf = new HashMap<>();
        // the md devices' consumers, for their arrays; most samples have none
        Map<String, List<IoConsumer>> mdConsumers = null;
        Set<String> present = new LinkedHashSet<>(capacity);
        List<DeviceLoad> devices = new ArrayList<>();
        // most hosts have none: no map is made for them on the stream thread's path
        Map<String, HardwareVolume> volumes = sample.getHardwareVolumes() == null || sample.getHardwareVolumes().isEmpty() ? Map.of()
                : sample.getHardwareVolumes().stream().collect(Collectors.toMap(HardwareVolume::getDevice, v -> v, (a, b) -> a));
        for (DeviceSample d : sample.getDevices()) {
            present.add(d.getName());
            if (d.getParent() != null) {
                parentOf.put(d.getName(), d.getParent());
            }
            if (d.getKind() == DeviceKind.MD && d.getConsumers() != null) {
                if (mdConsumers == null) {
                    mdConsumers = new HashMap<>();
                }
                mdConsumers.put(d.getName(), d.getConsumers());
            }
            DeviceLoad load = DeviceLoad.of(d, interval, perInterval, volumes.get(d.getName()));
            if (load != null) {
                byName.put(d.getName(), load);
                if (d.getKind() != DeviceKind.MD) {
                    devices.add(load);
                }
            }
        }

        MdLeaves mdLeaves = new MdLeaves(sample.getArrays());
        List<ArrayLoad> arrays = new ArrayList<>();
        Map<String, MdSync> syncByDevice = new HashMap<>();
        Set<String> presentArrays = new LinkedHashSet<>();
        for (MdArray a : sample.getArrays()) {
            presentArrays.add(a.getName());
            List<String> leaves = mdLeaves.of(a);
            MdSync sync = MdSync.running(a);
            if (sync != null) {
                for (String leaf : leaves) {
                    syncByDevice.putIfAbsent(leaf, sync);
                    String parent = parentOf.get(leaf);
                    if (parent != null) {
                        syncByDevice.putIfAbsent(parent, sync);
                    }
                }
            }
            List<IoConsumer> consumers = mdConsumers == null ? null : mdConsumers.get(a.getName());
            ArrayLoad load = arrayLoad(a, byName, leaves, sync, consumers == null ? null : mdLeaves, consumers, perInterval);
            if (load != null) {
                arrays.add(load);
            }
        }
        return new HostLoad(Collections.unmodifiableList(devices), Collections.unmodifiableList(arrays),
                Collections.unmodifiableSet(present), Collections.unmodifiableSet(presentArrays),
                Collections.unmodifiableMap(syncByDevice));
    }

    /** The sync running under a subject: on the array itself, on an array below it, or on the array a device belongs to. */
    public MdSync syncUnder(SubjectLoad load) {
        if (load instanceof ArrayLoad a) {
            if (a.syncAction() != null) {
                return new MdSync(a.subject(), a.syncAction());
            }
            for (DeviceLoad m : a.members()) {
                MdSync s = syncByDevice.get(m.subject());
                if (s != null) {
                    return s;
                }
            }
            return null;
        }
        return syncByDevice.get(load.subject());
    }


    /* A sync running on an array below {@code a} (a raid1 pair of a raid0 over raid1s): its member I/O is among a's members'. */
    private static String nestedSync(MdArray a, MdLeaves mdLeaves) {
        for (MdMember m : a.getMembers()) {
            MdArray nested = mdLeaves.array(m.getDevice());
            MdSync sync = nested == null || nested == a ? null : MdSync.running(nested);
            if (sync != null) {
                return sync.action();
            }
        }
        return null;
    }

    /* {@code consumers}: the md device's, or null; {@code mdLeaves} then resolves the array's geometry; {@code perInterval}: ConsumerLoads'. */
    private static ArrayLoad arrayLoad(MdArray a, Map<String, DeviceLoad> byName, List<String> leaves, MdSync sync, MdLeaves mdLeaves,
                                       List<IoConsumer> consumers, double perInterval) {
        DeviceLoad md = byName.get(a.getName());
        if (!a.getActive() || md == null) {
            return null;
        }
        List<DeviceLoad> members = new ArrayList<>(leaves.size());
        for (String leaf : leaves) {
            DeviceLoad m = byName.get(leaf);
            if (m != null) {
                members.add(m);
            }
        }
        if (members.isEmpty()) {
            return null;
        }
        DeviceLoad busiest = members.get(0);
        double utilSum = 0;
        long memberIos = 0;
        long memberSectors = 0;
        long memberIoMs = 0;
        for (DeviceLoad m : members) {
            if (m.util() > busiest.util()) {
                busiest = m;
            }
            utilSum += m.util();
            memberIos += m.reads() + m.writes();
            memberSectors += m.sectorsRead() + m.sectorsWritten();
            memberIoMs += m.ioMs();
        }
        WriteAmplification amp = new WriteAmplification(md.reads(), md.writes(), memberIos,
                md.sectorsRead(), md.sectorsWritten(), memberSectors);
        double memberAwait = memberIos == 0 ? 0.0 : (double) memberIoMs / memberIos;
        String action = sync == null ? null : sync.action();
        MemberLoad shares = consumers == null ? null
                : ConsumerLoads.ofArray(consumers, perInterval, MdGeometry.of(a, mdLeaves).raidLayout().orElse(null), memberIos,
                        action != null ? action : nestedSync(a, mdLeaves));
        return new ArrayLoad(a.getName(), a.getLevel(), md, Collections.unmodifiableList(members), busiest,
                utilSum / members.size(), memberAwait, action, amp, MdState.of(a), shares);
    }
}
