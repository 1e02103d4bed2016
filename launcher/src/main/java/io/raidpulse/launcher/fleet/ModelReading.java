package io.raidpulse.launcher.fleet;

import io.raidpulse.collector.inventory.BlockDevice;
import io.raidpulse.collector.md.MdArrays;
import io.raidpulse.collector.sampling.ErrorKind;
import io.raidpulse.collector.sampling.Problem;
import io.raidpulse.collector.sampling.Reading;
import io.raidpulse.md.BlockDeviceKind;
import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.ParseException;
import io.raidpulse.md.Uptime;
import io.raidpulse.simulator.model.Disk;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.model.Partition;
import io.raidpulse.simulator.model.SimulatedArray;
import io.raidpulse.simulator.model.SimulatedDevice;
import io.raidpulse.simulator.tree.KernelText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the collector would read from a simulated host's /proc and /sys, taken from the model
 * without writing a tree: the same values {@code TreeRenderer} writes, in the records the
 * collector's readers make of them. /proc/uptime and /proc/mdstat are rendered as text and parsed
 * by the collector's own parsers (both are small); diskstats lines, md sysfs values and the block
 * inventory are built directly, field for field as the readers would parse them
 * ({@code FleetSampleEquivalenceTest} holds the result to the collector reading a rendered tree).
 */
final class ModelReading {
    private ModelReading() {
    }

    /** The reading at the model's current second, stamped {@code readAt} (the host's clock). */
    static Reading read(HostModel model, Instant readAt) {
        List<Problem> problems = new ArrayList<>();
        Uptime uptime = null;
        try {
            uptime = Uptime.parse(KernelText.uptime(model.uptime(), model.idle()), "proc/uptime");
        } catch (ParseException e) {
            problems.add(new Problem(ErrorKind.UPTIME, "uptime", e.getMessage()));
        }
        int hz = model.scenario().hz();
        List<DiskStat> devices = new ArrayList<>();
        for (SimulatedDevice d : model.devices()) {
            if (d.sizeSectors() > 0) {
                devices.add(KernelText.diskstat(d, hz));
            }
        }
        Mdstat mdstat = Mdstat.parse(KernelText.mdstat(model, model.second()), "proc/mdstat");
        for (ParseException e : mdstat.errors()) {
            problems.add(new Problem(ErrorKind.MDSTAT, "line " + e.line(), e.getMessage()));
        }
        for (ParseException e : mdstat.warnings()) {
            problems.add(new Problem(ErrorKind.MDSTAT, "line " + e.line(), e.getMessage(), false));
        }
        Map<String, SimulatedArray> arrays = new HashMap<>();
        model.arrays().forEach(a -> arrays.put(a.name(), a));
        List<String> names = new ArrayList<>(arrays.keySet());
        names.sort(Comparator.naturalOrder());
        MdArrays.Result merged = MdArrays.merge(names, name -> {
            SimulatedArray a = arrays.get(name);
            return a == null ? null : KernelText.mdSysfs(a, model.second());
        }, mdstat);
        for (ParseException e : merged.sysfsProblems()) {
            problems.add(new Problem(ErrorKind.MD_SYSFS, e.file(), e.getMessage(), false));
        }
        return new Reading(readAt, uptime, devices, merged.arrays(), List.copyOf(problems));
    }

    /** BlockInventory's scan of the tree TreeRenderer writes: sys/block's disks and arrays, and the disks' partitions. */
    static Map<String, BlockDevice> inventory(HostModel model) {
        Map<String, BlockDevice> out = new HashMap<>();
        for (SimulatedDevice d : model.devices()) {
            if (d instanceof Disk disk) {
                String name = disk.name();
                String modelName = null;
                if (name.startsWith("sd")) {
                    modelName = blankToNull(KernelText.scsiField(disk.profile().model(), 16));
                } else if (name.startsWith("nvme")) {
                    modelName = blankToNull(disk.profile().model().strip());
                }
                BlockDevice whole = new BlockDevice(name, BlockDeviceKind.DISK, disk.rotational(), bytes(disk), modelName, null, null,
                        holders(model, disk));
                out.put(name, whole);
                for (Partition p : disk.partitions()) {
                    out.put(p.name(), new BlockDevice(p.name(), BlockDeviceKind.PARTITION, whole.rotational(), bytes(p), whole.model(),
                            whole.serial(), name, holders(model, p)));
                }
            } else if (d instanceof SimulatedArray md) {
                out.put(md.name(), new BlockDevice(md.name(), BlockDeviceKind.MD, md.rotational(), bytes(md), null, null, null,
                        holders(model, md)));
            }
        }
        return out;
    }

    private static Long bytes(SimulatedDevice d) {
        String size = String.valueOf(d.sizeSectors());
        return size.matches("\\d{1,15}") ? d.sizeSectors() * 512 : null;
    }

    private static List<String> holders(HostModel model, SimulatedDevice d) {
        List<String> names = new ArrayList<>();
        for (SimulatedArray a : model.holders(d)) {
            names.add(a.name());
        }
        names.sort(null);
        return List.copyOf(names);
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
