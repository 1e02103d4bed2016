package io.raidpulse.simulator.tree;

import io.raidpulse.md.DiskStat;
import io.raidpulse.md.SyncAction;
import io.raidpulse.md.Uptime;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.model.SimulatedArray;
import io.raidpulse.simulator.model.SimulatedDevice;
import io.raidpulse.simulator.model.SimulatedMember;
import io.raidpulse.simulator.model.SyncJob;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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

    /** /sys/block/DEV/stat (block/genhd.c part_stat_show): the 17 fields as "%8lu", space-separated. */
    public static String statFile(SimulatedDevice d, int hz) {
        long[] f = d.counters().snapshot().kernelFields(hz);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < f.length; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(String.format(Locale.ROOT, "%8d", f[i]));
        }
        return b.append('\n').toString();
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
     * /proc/mdstat as md.c prints it: status_personalities, then for each array (newest first:
     * mddev_alloc adds at the head of all_mddevs) md_seq_show with the personality's status, the
     * progress line (status_resync) and the bitmap line, then status_unused.
     */
    public static String mdstat(HostModel model, double now) {
        StringBuilder b = new StringBuilder("Personalities : ");
        Set<String> personalities = new LinkedHashSet<>();
        for (SimulatedArray a : model.arrays()) {
            personalities.addAll(a.level().modulePersonalities());
        }
        for (String p : personalities) {
            b.append('[').append(p).append("] ");
        }
        b.append('\n');
        List<SimulatedArray> arrays = new ArrayList<>(model.arrays());
        java.util.Collections.reverse(arrays);
        for (SimulatedArray a : arrays) {
            b.append(a.name()).append(" : active ").append(a.level().kernelName());
            List<SimulatedMember> bound = new ArrayList<>(a.members());
            java.util.Collections.reverse(bound);
            for (SimulatedMember m : bound) {
                b.append(' ').append(m.device().name()).append('[').append(m.descNr()).append(']');
                if (m.faulty()) {
                    b.append("(F)");
                    continue;
                }
                if (m.slot() < 0) {
                    b.append("(S)");
                }
            }
            b.append("\n      ").append(a.sizeSectors() / 2).append(" blocks super 1.2");
            b.append(personalityStatus(a));
            b.append("\n      ");
            if (a.level().redundant()) {
                String progress = progress(a, now);
                if (progress != null) {
                    b.append(progress).append("\n      ");
                }
            }
            if (a.spec().bitmap()) {
                b.append(bitmap(a));
            }
            b.append('\n');
        }
        b.append("unused devices: <none>\n");
        return b.toString();
    }

    /** The personality's status printer: raid0_status, raid1_status, raid10_status, raid5_status. */
    static String personalityStatus(SimulatedArray a) {
        StringBuilder b = new StringBuilder();
        int chunkK = (int) (a.spec().chunkBytes() / 1024);
        switch (a.level()) {
            case RAID0 -> {
                return " " + chunkK + "k chunks";
            }
            case RAID1 -> {
            }
            case RAID10 -> {
                var g = a.spec().raid10();
                if (g.near() < a.raidDisks()) {
                    b.append(' ').append(chunkK).append("K chunks");
                }
                if (g.near() > 1) {
                    b.append(' ').append(g.near()).append(" near-copies");
                }
                if (g.far() > 1) {
                    b.append(' ').append(g.far()).append(g.offset() ? " offset-copies" : " far-copies");
                }
            }
            case RAID5, RAID6 -> b.append(" level ").append(a.level().number()).append(", ").append(chunkK)
                    .append("k chunk, algorithm ").append(a.spec().layoutCode());
        }
        b.append(" [").append(a.raidDisks()).append('/').append(a.raidDisks() - a.degraded()).append("] [");
        for (int s = 0; s < a.raidDisks(); s++) {
            SimulatedMember m = a.inSlot(s);
            b.append(m != null && m.inSync() ? 'U' : '_');
        }
        return b.append(']').toString();
    }

    /** md.c status_resync; null when nothing is running or pending. */
    static String progress(SimulatedArray a, double now) {
        SyncJob job = a.sync().orElse(null);
        if (job == null) {
            return null;
        }
        if (job.delayed()) {
            return "\tresync=DELAYED";
        }
        long max = job.maxSectors();
        long resync = (long) Math.floor(job.done());
        long perMilli = ((resync >> 10) * 1000) / ((max >> 10) + 1);
        StringBuilder b = new StringBuilder("[");
        int x = (int) (perMilli / 50);
        b.append("=".repeat(x)).append('>').append(".".repeat(20 - x)).append("] ");
        b.append(String.format(Locale.ROOT, " %s =%3d.%d%% (%d/%d)", job.kind().mdstatWord(), perMilli / 10, perMilli % 10,
                resync / 2, max / 2));
        long dt = job.markSeconds(now);
        long db = job.markSectors();
        long rt = (max - resync) / (db / 32 + 1) * dt >> 5;
        b.append(String.format(Locale.ROOT, " finish=%d.%dmin", rt / 60, (rt % 60) / 6));
        b.append(String.format(Locale.ROOT, " speed=%dK/sec", db / 2 / dt));
        return b.toString();
    }

    /** md-bitmap.c md_bitmap_status: "bitmap: %lu/%lu pages [%luKB], %lu%s chunk\n". */
    static String bitmap(SimulatedArray a) {
        long chunks = (a.devSectors() * 512 + BITMAP_CHUNK_BYTES - 1) / BITMAP_CHUNK_BYTES;
        long pages = (chunks + COUNTERS_PER_PAGE - 1) / COUNTERS_PER_PAGE;
        // pages holding a dirty counter: random writes within one daemon period, spread uniformly
        double touched = a.writeRate() * BITMAP_DAEMON_SECONDS;
        long used = Math.min(pages, (long) Math.ceil(pages * (1 - Math.pow(1 - 1d / pages, touched)) - 1e-9));
        return String.format(Locale.ROOT, "bitmap: %d/%d pages [%dKB], %dKB chunk\n", used, pages, used * 4,
                BITMAP_CHUNK_BYTES >> 10);
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

    /** SCSI inquiry fields print fixed-width and space-padded (scsi_sysfs.c: "%.16s\n"). */
    public static String scsiField(String value, int width) {
        String v = value.length() > width ? value.substring(0, width) : value;
        return v + " ".repeat(width - v.length());
    }
}
