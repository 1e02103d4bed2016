package io.raidpulse.simulator.tree;

import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.model.Disk;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.model.Partition;
import io.raidpulse.simulator.model.SimulatedArray;
import io.raidpulse.simulator.model.SimulatedDevice;
import io.raidpulse.simulator.model.SimulatedMember;
import io.raidpulse.simulator.scenario.ControllerSpec;
import io.raidpulse.simulator.scenario.LoadPhase;
import io.raidpulse.simulator.scenario.ScsiAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Renders the model as the kernel would show it: {@code proc/diskstats}, {@code proc/uptime},
 * {@code proc/mdstat}, {@code proc/partitions}, {@code proc/sys/dev/raid/speed_limit_*}, and
 * {@code sys/} with devices where sysfs puts them ({@code sys/devices/...}), linked from
 * {@code sys/block} (whole disks and arrays), {@code sys/class/block} and {@code sys/dev/block}
 * (partitions too), holders/slaves links between members and arrays, and {@code md/} of each array;
 * disks behind a RAID controller under its SCSI host, with their INQUIRY strings, state, error
 * counts and address ({@code device/scsi_device/H:C:T:L}), and the host's driver in
 * {@code sys/class/scsi_host/hostH/proc_name}.
 * The {@code time} file holds the simulated epoch milliseconds.
 */
public final class TreeRenderer {
    private TreeRenderer() {
    }

    public static HostTree render(HostModel model, Instant time) {
        HostTree.Builder b = new HostTree.Builder();
        int hz = model.scenario().hz();
        double now = model.second();

        List<DiskStat> diskstats = new ArrayList<>();
        for (SimulatedDevice d : model.devices()) {
            if (d.sizeSectors() > 0) {
                diskstats.add(KernelText.diskstat(d, hz));
            }
        }
        b.file("proc/diskstats", Diskstats.text(diskstats));
        b.file("proc/uptime", KernelText.uptime(model.uptime(), model.idle()));
        b.file("proc/mdstat", KernelText.mdstat(model, now));
        b.file("proc/partitions", KernelText.partitions(model));
        b.file("proc/sys/dev/raid/speed_limit_min", model.scenario().speedLimitMinKib() + "\n");
        b.file("proc/sys/dev/raid/speed_limit_max", model.scenario().speedLimitMaxKib() + "\n");

        Map<SimulatedDevice, String> dirs = new HashMap<>();
        for (SimulatedDevice d : model.registered()) {
            if (d instanceof Disk disk) {
                String dir = disk(b, model, disk, hz);
                dirs.put(disk, dir);
                for (Partition p : disk.partitions()) {
                    dirs.put(p, partition(b, p, dir, hz));
                }
            } else if (d instanceof SimulatedArray md) {
                String dir = "sys/devices/virtual/block/" + md.name();
                dirs.put(md, dir);
                common(b, md, dir, hz);
                queue(b, dir, md.rotational(), "none", 128);
                b.dir(dir + "/holders").dir(dir + "/slaves");
            }
        }
        for (SimulatedDevice d : model.devices()) {
            String dir = dirs.get(d);
            if (!(d instanceof Partition)) {
                b.link("sys/block/" + d.name(), relative("sys/block", dir));
            }
            b.link("sys/class/block/" + d.name(), relative("sys/class/block", dir));
            b.link("sys/dev/block/" + d.major() + ":" + d.minor(), relative("sys/dev/block", dir));
        }
        for (SimulatedArray a : model.arrays()) {
            md(b, model, a, dirs, now);
        }
        for (ControllerSpec c : model.scenario().controllers()) {
            // scsi_host class device: its driver's name in proc_name (scsi_sysfs.c shost_attrs)
            String host = scsiHostDir(model, c) + "/scsi_host/host" + c.host();
            b.file(host + "/proc_name", c.driver() + "\n");
            b.link("sys/class/scsi_host/host" + c.host(), relative("sys/class/scsi_host", host));
        }
        cgroups(b, model);
        b.file("time", time.toEpochMilli() + "\n");
        return b.build();
    }

    /** Controllers the root offers and enables for its children, as on a systemd host with cgroup v2 only. */
    static final String ROOT_CONTROLLERS = "cpuset cpu io memory hugetlb pids rdma misc\n";
    static final String CHILD_CONTROLLERS = "cpu io memory pids\n";

    /*
     * The cgroup v2 unified hierarchy at sys/fs/cgroup: the root's io.stat (the devices' own counters,
     * blk-cgroup.c blkcg_fill_root_iostats), each consumer's cgroup while its unit runs, and the slices
     * above them, whose io.stat sums every descendant's, those already removed included (rstat flushes
     * a dying cgroup's counts into its parent).
     */
    private static void cgroups(HostTree.Builder b, HostModel model) {
        String root = "sys/fs/cgroup";
        b.file(root + "/cgroup.controllers", ROOT_CONTROLLERS);
        b.file(root + "/cgroup.subtree_control", CHILD_CONTROLLERS);
        Map<SimulatedDevice, double[]> own = new LinkedHashMap<>();
        for (SimulatedDevice d : model.registered()) {
            DiskStat s = KernelText.diskstat(d, model.scenario().hz());
            own.put(d, new double[] {s.readsCompleted(), s.writesCompleted(), s.sectorsRead() * 512.0, s.sectorsWritten() * 512.0});
        }
        b.file(root + "/io.stat", KernelText.ioStat(own));
        Map<String, Map<SimulatedDevice, double[]>> counted = model.ioStat();
        Map<String, Map<SimulatedDevice, double[]>> slices = new LinkedHashMap<>();
        counted.forEach((cgroup, byDevice) -> {
            for (String parent = parent(cgroup); !parent.isEmpty(); parent = parent(parent)) {
                Map<SimulatedDevice, double[]> sum = slices.computeIfAbsent(parent, k -> new LinkedHashMap<>());
                byDevice.forEach((d, c) -> {
                    double[] into = sum.computeIfAbsent(d, k -> new double[4]);
                    long[] printed = KernelText.ioStatCounts(c);
                    for (int i = 0; i < 4; i++) {
                        into[i] += printed[i];
                    }
                });
            }
        });
        // the slices stay (system.slice always exists), their units come and go
        Set<String> parents = new TreeSet<>();
        for (LoadPhase p : model.scenario().loads()) {
            for (String parent = p.cgroup() == null ? "" : parent(p.cgroup()); !parent.isEmpty(); parent = parent(parent)) {
                parents.add(parent);
            }
        }
        for (String parent : parents) {
            b.file(root + parent + "/cgroup.controllers", CHILD_CONTROLLERS);
            b.file(root + parent + "/cgroup.subtree_control", CHILD_CONTROLLERS);
            b.file(root + parent + "/io.stat", KernelText.ioStat(slices.getOrDefault(parent, Map.of())));
        }
        for (String cgroup : model.liveCgroups()) {
            String dir = root + cgroup;
            b.file(dir + "/cgroup.controllers", CHILD_CONTROLLERS);
            b.file(dir + "/cgroup.subtree_control", "\n");
            b.file(dir + "/io.stat", KernelText.ioStat(counted.getOrDefault(cgroup, Map.of())));
        }
    }

    private static String parent(String cgroup) {
        return cgroup.substring(0, cgroup.lastIndexOf('/'));
    }

    private static String disk(HostTree.Builder b, HostModel model, Disk disk, int hz) {
        String n = disk.name();
        String deviceDir;
        String dir;
        if (disk.controller() != null) {
            ScsiAddress a = disk.spec().address();
            deviceDir = String.format(Locale.ROOT, "%s/target%d:%d:%d/%s", scsiHostDir(model, disk.controller()), a.host(), a.channel(),
                    a.target(), a);
            dir = deviceDir + "/block/" + n;
            ControllerSpec c = disk.controller();
            // a volume answers INQUIRY with the controller's strings; a disk passed through with its own
            b.file(deviceDir + "/vendor", KernelText.scsiField(disk.volume() ? c.vendor() : "ATA", 8) + "\n");
            b.file(deviceDir + "/model", KernelText.scsiField(disk.volume() ? c.model() : disk.profile().model(), 16) + "\n");
            b.file(deviceDir + "/state", KernelText.scsiState(disk.running()));
            b.file(deviceDir + "/ioerr_cnt", KernelText.scsiCount(disk.ioerrCnt()));
            b.file(deviceDir + "/iotmo_cnt", KernelText.scsiCount(disk.iotmoCnt()));
            b.dir(deviceDir + "/scsi_device/" + a);
        } else if (n.startsWith("sd")) {
            int i = disk.minor() / 16 + (disk.major() == 8 ? 0 : 16 * (disk.major() - 64));
            deviceDir = String.format(Locale.ROOT, "sys/devices/pci0000:00/0000:00:17.0/ata%d/host%d/target%d:0:0/%d:0:0:0",
                    i + 1, i, i, i);
            dir = deviceDir + "/block/" + n;
            b.file(deviceDir + "/model", KernelText.scsiField(disk.profile().model(), 16) + "\n");
            b.file(deviceDir + "/vendor", KernelText.scsiField("ATA", 8) + "\n");
        } else if (n.startsWith("vd")) {
            int i = disk.minor() / 16;
            deviceDir = String.format(Locale.ROOT, "sys/devices/pci0000:00/0000:00:%02x.0/virtio%d", 4 + i, i + 1);
            dir = deviceDir + "/block/" + n;
            b.dir(deviceDir);
        } else {
            int ctrl = Integer.parseInt(n.substring(4, n.indexOf('n', 4)));
            deviceDir = String.format(Locale.ROOT, "sys/devices/pci0000:00/0000:00:1d.0/0000:%02x:00.0/nvme/nvme%d", ctrl + 1,
                    ctrl);
            dir = deviceDir + "/" + n;
            b.file(deviceDir + "/model", disk.profile().model().strip() + "\n");
        }
        common(b, disk, dir, hz);
        b.link(dir + "/device", relative(dir, deviceDir));
        queue(b, dir, disk.rotational(), disk.rotational() ? "[mq-deadline] none" : "[none] mq-deadline",
                disk.profile().maxQueue());
        b.dir(dir + "/holders").dir(dir + "/slaves");
        return dir;
    }

    /** The controller's SCSI host under its PCI function, one PCI bus per controller in the order the scenario gives them. */
    private static String scsiHostDir(HostModel model, ControllerSpec c) {
        int bus = 2 + model.scenario().controllers().indexOf(c);
        return String.format(Locale.ROOT, "sys/devices/pci0000:00/0000:00:03.0/0000:%02x:00.0/host%d", bus, c.host());
    }

    private static String partition(HostTree.Builder b, Partition p, String diskDir, int hz) {
        String dir = diskDir + "/" + p.name();
        common(b, p, dir, hz);
        b.file(dir + "/start", p.startSector() + "\n");
        b.file(dir + "/partition", p.number() + "\n");
        b.dir(dir + "/holders");
        return dir;
    }

    private static void common(HostTree.Builder b, SimulatedDevice d, String dir, int hz) {
        b.file(dir + "/dev", d.major() + ":" + d.minor() + "\n");
        b.file(dir + "/size", d.sizeSectors() + "\n");
        b.file(dir + "/stat", KernelText.statFile(d, hz));
        b.file(dir + "/ro", "0\n");
        if (!(d instanceof Partition)) {
            b.file(dir + "/removable", "0\n");
        }
    }

    private static void queue(HostTree.Builder b, String dir, boolean rotational, String scheduler, int nrRequests) {
        String q = dir + "/queue/";
        b.file(q + "rotational", (rotational ? 1 : 0) + "\n");
        b.file(q + "logical_block_size", "512\n");
        b.file(q + "physical_block_size", "4096\n");
        b.file(q + "hw_sector_size", "512\n");
        b.file(q + "max_sectors_kb", "512\n");
        b.file(q + "nr_requests", nrRequests + "\n");
        b.file(q + "scheduler", scheduler + "\n");
    }

    /** md.c md_attrs, rdev attributes, rdN links, and bd_link_disk_holder's holders/slaves links. */
    private static void md(HostTree.Builder b, HostModel model, SimulatedArray a, Map<SimulatedDevice, String> dirs, double now) {
        String dir = dirs.get(a);
        String md = dir + "/md/";
        // what the collector reads, written as MdSysfs writes it; the block links, below, are links here
        MdSysfs.files(KernelText.mdSysfs(a, now)).forEach((path, text) -> {
            if (path.startsWith("md/") && !path.endsWith("/block") && !path.endsWith("/recovery_start")
                    && !path.equals("md/sync_completed")) {
                b.file(dir + "/" + path, text);
            }
        });
        // "delayed" while the sync waits, which the record does not keep apart from "none"
        b.file(md + "sync_completed", KernelText.syncCompleted(a) + "\n");
        b.file(md + "sync_speed_min", model.scenario().speedLimitMinKib() + " (system)\n");
        b.file(md + "sync_speed_max", model.scenario().speedLimitMaxKib() + " (system)\n");
        b.file(md + "metadata_version", "1.2\n");
        b.file(md + "component_size", a.devSectors() / 2 + "\n");
        b.file(md + "resync_start", a.sync().filter(j -> j.kind() == SyncAction.RESYNC && !j.delayed())
                .map(j -> String.valueOf((long) j.done())).orElse("none") + "\n");
        String seed = model.scenario().host() + "/" + a.name();
        b.file(md + "uuid", UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)) + "\n");
        for (SimulatedMember m : a.members()) {
            SimulatedDevice d = m.device();
            String rdev = md + "dev-" + d.name();
            b.file(rdev + "/offset", SimulatedArray.DATA_OFFSET_SECTORS + "\n");
            b.file(rdev + "/size", a.devSectors() / 2 + "\n");
            b.link(rdev + "/block", relative(rdev, dirs.get(d)));
            if (m.slot() >= 0) {
                b.link(md + "rd" + m.slot(), "dev-" + d.name());
            }
            b.link(dir + "/slaves/" + d.name(), relative(dir + "/slaves", dirs.get(d)));
            b.link(dirs.get(d) + "/holders/" + a.name(), relative(dirs.get(d) + "/holders", dir));
        }
    }

    /** The relative link target from directory {@code fromDir} to {@code target}. */
    static String relative(String fromDir, String target) {
        return Path.of(fromDir).relativize(Path.of(target)).toString();
    }
}
