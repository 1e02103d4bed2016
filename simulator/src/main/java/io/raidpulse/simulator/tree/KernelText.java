package io.raidpulse.simulator.tree;

import io.raidpulse.md.DiskStat;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdSysfsMember;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.MdstatMember;
import io.raidpulse.md.Raid10Geometry;
import io.raidpulse.md.SyncAction;
import io.raidpulse.md.Uptime;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.model.SimulatedArray;
import io.raidpulse.simulator.model.SimulatedDevice;
import io.raidpulse.simulator.model.SimulatedMember;
import io.raidpulse.simulator.model.SyncJob;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The kernel's text formats, printed the way the kernel's printers print them. */
public final class KernelText {
    /** md-bitmap.c: 16-bit counters, 2048 per 4 KiB page. */
    private static final long COUNTERS_PER_PAGE = 2048;
    /** mdadm's internal bitmap chunk for large arrays: 64 MiB. */
    private static final long BITMAP_CHUNK_BYTES = 64L << 20;
    /** md-bitmap.c daemon_sleep: pages are cleaned up every 5 s. */
    private static final double BITMAP_DAEMON_SECONDS = 5;

    private KernelText() {
    }

    /** The device's /proc/diskstats line as a record: the 17 fields of Linux 5.5 and later. */
    public static DiskStat diskstat(SimulatedDevice d, int hz) {
        return DiskStat.of(d.major(), d.minor(), d.name(), DiskStat.FIELDS, d.counters().snapshot().kernelFields(hz));
    }

    /**
     * A cgroup's io.stat (block/blk-cgroup.c blkcg_print_one_stat): one line per device the cgroup has
     * submitted to, {@code MAJ:MIN rbytes= wbytes= rios= wios= dbytes= dios=}, newest first (a
     * cgroup's blkgs are added at the head of its list when it first submits to a device).
     *
     * @param counters per device {rios, wios, rbytes, wbytes} since the cgroup's creation, in the
     *     order first used; printed truncated as the kernel's integers
     */
    public static String ioStat(Map<SimulatedDevice, double[]> counters) {
        List<Map.Entry<SimulatedDevice, double[]>> lines = new ArrayList<>(counters.entrySet());
        Collections.reverse(lines);
        StringBuilder out = new StringBuilder();
        for (Map.Entry<SimulatedDevice, double[]> e : lines) {
            long[] c = ioStatCounts(e.getValue());
            out.append(e.getKey().major()).append(':').append(e.getKey().minor())
                    .append(" rbytes=").append(c[2]).append(" wbytes=").append(c[3])
                    .append(" rios=").append(c[0]).append(" wios=").append(c[1])
                    .append(" dbytes=0 dios=0\n");
        }
        return out.toString();
    }

    /**
     * The kernel's integers of one io.stat line from the model's real numbers {rios, wios, rbytes, wbytes}: whole I/Os,
     * and the bytes of those whole I/Os. A parent's line is the sum of its children's integers, as the kernel's are.
     */
    public static long[] ioStatCounts(double[] c) {
        return new long[] {(long) c[0], (long) c[1], wholeRequestBytes(c[2], c[0]), wholeRequestBytes(c[3], c[1])};
    }

    /*
     * The bytes of the whole requests printed: the model's request counts are real numbers, the
     * kernel's whole bios each of whole bytes; scaled so that bytes / ios is the modelled mean size
     * (truncating both separately could put a 1 MiB mean a few bytes over, into a third chunk).
     */
    private static long wholeRequestBytes(double bytes, double ios) {
        return ios < 1 ? 0 : (long) (bytes * Math.floor(ios) / ios);
    }

    /** /sys/block/DEV/stat (block/genhd.c part_stat_show): the 17 fields as md's {@link DiskStat#sysfsStat} writes them. */
    public static String statFile(SimulatedDevice d, int hz) {
        return diskstat(d, hz).sysfsStat();
    }

    /** /proc/uptime (fs/proc/uptime.c): hundredths truncated. */
    public static String uptime(double uptimeSeconds, double idleSeconds) {
        return Uptime.ofSeconds(uptimeSeconds, idleSeconds).text();
    }

    /** /proc/partitions (block/genhd.c show_partition): "%4d  %7d %10llu %pg" in 1 KiB blocks. */
    public static String partitions(HostModel model) {
        StringBuilder b = new StringBuilder("major minor  #blocks  name\n\n");
        for (SimulatedDevice d : model.devices()) {
            b.append(String.format(Locale.ROOT, "%4d  %7d %10d %s%n", d.major(), d.minor(), d.sizeSectors() / 2, d.name()));
        }
        return b.toString();
    }

    /**
     * /proc/mdstat as md.c prints it: the personalities the arrays' modules register, then each
     * array, newest first (mddev_alloc adds at the head of all_mddevs).
     */
    public static String mdstat(HostModel model, double now) {
        Set<String> personalities = new LinkedHashSet<>();
        for (SimulatedArray a : model.arrays()) {
            personalities.addAll(a.level().modulePersonalities());
        }
        List<SimulatedArray> arrays = new ArrayList<>(model.arrays());
        Collections.reverse(arrays);
        List<MdstatArray> out = new ArrayList<>();
        for (SimulatedArray a : arrays) {
            out.add(mdstatArray(a, now));
        }
        return Mdstat.text(List.copyOf(personalities), out);
    }

    /**
     * The array as md_seq_show shows it: members newest first (bind_rdev_to_array adds at the
     * head), metadata 1.2, the personality's status (raid0_status, raid1_status, raid10_status,
     * raid5_status), the progress of a sync (status_resync) and the bitmap.
     */
    static MdstatArray mdstatArray(SimulatedArray a, double now) {
        List<SimulatedMember> bound = new ArrayList<>(a.members());
        Collections.reverse(bound);
        List<MdstatMember> members = new ArrayList<>();
        for (SimulatedMember m : bound) {
            members.add(new MdstatMember(m.device().name(), m.descNr(), m.faulty(), !m.faulty() && m.slot() < 0, false, false,
                    false, List.of()));
        }
        long chunkK = a.spec().chunkBytes() / 1024;
        Long chunk = null;
        Integer algorithm = null;
        String copies = null;
        boolean slots = true;
        switch (a.level()) {
            case RAID0 -> {
                chunk = chunkK;
                slots = false;
            }
            case RAID1 -> {
            }
            case RAID10 -> {
                Raid10Geometry g = a.spec().raid10();
                chunk = g.near() < a.raidDisks() ? chunkK : null;
                List<String> c = new ArrayList<>();
                if (g.near() > 1) {
                    c.add("near-" + g.near());
                }
                if (g.far() > 1) {
                    c.add((g.offset() ? "offset-" : "far-") + g.far());
                }
                copies = c.isEmpty() ? null : String.join(",", c);
            }
            case RAID5, RAID6 -> {
                chunk = chunkK;
                algorithm = a.spec().layoutCode();
            }
        }
        StringBuilder map = new StringBuilder();
        for (int s = 0; s < a.raidDisks(); s++) {
            SimulatedMember m = a.inSlot(s);
            map.append(m != null && m.inSync() ? 'U' : '_');
        }
        Progress p = a.level().redundant() ? progress(a, now) : Progress.NONE;
        return new MdstatArray(a.name(), true, false, null, a.level().kernelName(), List.copyOf(members), a.sizeSectors() / 2,
                "1.2", chunk, algorithm, copies, slots ? a.raidDisks() : null, slots ? a.raidDisks() - a.degraded() : null,
                slots ? map.toString() : null, a.spec().bitmap() ? bitmap(a) : null, p.action, p.state, p.percent, p.doneKib,
                p.totalKib, p.finishMin, p.speedKibS);
    }

    /** What status_resync prints, as mdstat's fields. */
    private record Progress(String action, String state, Double percent, Long doneKib, Long totalKib, Double finishMin,
                            Long speedKibS) {
        static final Progress NONE = new Progress(null, null, null, null, null, null, null);
    }

    /** md.c status_resync: nothing when no sync runs or waits. */
    static Progress progress(SimulatedArray a, double now) {
        SyncJob job = a.sync().orElse(null);
        if (job == null) {
            return Progress.NONE;
        }
        if (job.delayed()) {
            return new Progress("resync", "delayed", null, null, null, null, null);
        }
        long max = job.maxSectors();
        long resync = (long) Math.floor(job.done());
        long perMilli = ((resync >> 10) * 1000) / ((max >> 10) + 1);
        long dt = job.markSeconds(now);
        long db = job.markSectors();
        long rt = (max - resync) / (db / 32 + 1) * dt >> 5;
        return new Progress(job.kind().mdstatWord(), "running", perMilli / 10.0, resync / 2, max / 2,
                rt / 60 + (rt % 60) / 6 / 10.0, db / 2 / dt);
    }

    /** md-bitmap.c md_bitmap_status, after "bitmap: ": "%lu/%lu pages [%luKB], %lu%s chunk". */
    static String bitmap(SimulatedArray a) {
        long chunks = (a.devSectors() * 512 + BITMAP_CHUNK_BYTES - 1) / BITMAP_CHUNK_BYTES;
        long pages = (chunks + COUNTERS_PER_PAGE - 1) / COUNTERS_PER_PAGE;
        // pages holding a dirty counter: random writes within one daemon period, spread uniformly
        double touched = a.writeRate() * BITMAP_DAEMON_SECONDS;
        long used = Math.min(pages, (long) Math.ceil(pages * (1 - Math.pow(1 - 1d / pages, touched)) - 1e-9));
        return String.format(Locale.ROOT, "%d/%d pages [%dKB], %dKB chunk", used, pages, used * 4, BITMAP_CHUNK_BYTES >> 10);
    }

    /**
     * /sys/block/mdX/md/ as a record: what md.c's level_show, layout_show, ..., mismatch_cnt_show and
     * each member's state_show, slot_show and errors_show print for the array (members in the
     * order of their dev-NAME directories).
     */
    public static MdSysfsArray mdSysfs(SimulatedArray a, double now) {
        SyncJob job = a.sync().orElse(null);
        boolean progress = job != null && !job.delayed();
        List<SimulatedMember> byDir = new ArrayList<>(a.members());
        byDir.sort(Comparator.comparing(m -> "dev-" + m.device().name()));
        List<MdSysfsMember> members = new ArrayList<>();
        for (SimulatedMember m : byDir) {
            members.add(new MdSysfsMember(m.device().name(), m.slot() < 0 ? null : m.slot(), true, true,
                    List.copyOf(Arrays.asList(m.sysfsState().split(","))), 0L, null));
        }
        return new MdSysfsArray(a.name(), a.level().kernelName(), a.spec().layoutCode(), a.spec().chunkBytes(), a.raidDisks(),
                a.degraded(), a.arrayState(), syncAction(a), null, progress ? job.completedSectors() : null,
                progress ? job.maxSectors() : null, job == null ? null : Long.valueOf(syncSpeed(a, now)), a.mismatchCnt(),
                a.sizeSectors(), List.copyOf(members), List.of());
    }

    /** md.c sync_completed_show: "none", "delayed" or "done / total" in sectors. */
    public static String syncCompleted(SimulatedArray a) {
        SyncJob job = a.sync().orElse(null);
        if (job == null) {
            return "none";
        }
        if (job.delayed()) {
            return "delayed";
        }
        return job.completedSectors() + " / " + job.maxSectors();
    }

    /** md.c sync_speed_show: KiB/s since md's resync mark, "none" when idle. */
    public static String syncSpeed(SimulatedArray a, double now) {
        SyncJob job = a.sync().orElse(null);
        if (job == null) {
            return "none";
        }
        if (job.delayed()) {
            return "0";
        }
        return String.valueOf(job.markSectors() / job.markSeconds(now) / 2);
    }

    /** md.c action_show. */
    public static String syncAction(SimulatedArray a) {
        return a.sync().map(SyncJob::kind).orElse(SyncAction.IDLE).word();
    }

    /** A SCSI device's state (scsi_sysfs.c show_state_field, scsi_device_state_name): running, or offline. */
    public static String scsiState(boolean running) {
        return (running ? "running" : "offline") + "\n";
    }

    /** ioerr_cnt, iotmo_cnt and the other command counts of a SCSI device (scsi_sysfs.c show_iostat_counterbits: "0x%llx\n"). */
    public static String scsiCount(long count) {
        return "0x" + Long.toHexString(count) + "\n";
    }

    /** SCSI inquiry fields print fixed-width and space-padded (scsi_sysfs.c: "%.16s\n"). */
    public static String scsiField(String value, int width) {
        String v = value.length() > width ? value.substring(0, width) : value;
        return v + " ".repeat(width - v.length());
    }
}
