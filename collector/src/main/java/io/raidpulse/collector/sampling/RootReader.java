package io.raidpulse.collector.sampling;

import io.raidpulse.collector.md.MdArrays;
import io.raidpulse.collector.md.MdSysfsFiles;
import io.raidpulse.collector.md.MdSysfsReader;
import io.raidpulse.collector.procfs.KeptFiles;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.DiskStatsFile;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.ParseException;
import io.raidpulse.md.Uptime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** Reads one {@link Reading} from a pair of roots. Never throws on bad or missing input: it reports problems. */
public final class RootReader {
    private final Roots roots;
    private final Clock clock;
    private final FileText files;
    /** md sysfs files' reader; {@code kept} holds the files kept open (null: none are). */
    private final MdSysfsReader.FileText sysFiles;
    private final KeptFiles kept;
    /** md arrays' sysfs files as this loop reads them: every cycle only those that tell of a change */
    private final MdSysfsFiles mdFiles = new MdSysfsFiles();

    /** How file contents are read: {@link ProcFiles#read} outside tests. */
    @FunctionalInterface
    interface FileText {
        String read(java.nio.file.Path file) throws IOException;
    }

    /**
     * Files of a real procfs and sysfs (not a snapshot's or a test's tree) are kept open from
     * cycle to cycle and read again from offset 0 ({@link KeptFiles}): diskstats, uptime, mdstat
     * and the md arrays' sysfs files, about 70 a cycle on a host of 8 four-disk arrays (of which
     * {@link MdSysfsFiles} reads every cycle only those that tell of a change).
     */
    public RootReader(Roots roots, Clock clock) {
        this.roots = roots;
        this.clock = clock;
        boolean proc = KeptFiles.pseudo(roots.proc());
        boolean sys = KeptFiles.pseudo(roots.sys());
        this.kept = proc || sys ? new KeptFiles() : null;
        this.files = proc ? file -> kept.read(file.toString()) : ProcFiles::read;
        this.sysFiles = sys ? kept::readAttribute : ProcFiles::read;
    }

    RootReader(Roots roots, Clock clock, FileText files) {
        this.roots = roots;
        this.clock = clock;
        this.files = files;
        this.kept = null;
        this.sysFiles = ProcFiles::read;
    }

    public Roots roots() {
        return roots;
    }

    /**
     * Attempts at a consistent pair of uptime and counters: when /proc/uptime read again after
     * the counters moved on by more than {@link #UPTIME_SKEW_CS}, the reader was held up between
     * the two (a loaded host, or a simulated tree stepping in between) and the counters hold
     * more time than T: %util above 100. Read again, up to this many times.
     */
    static final int CONSISTENT_READ_ATTEMPTS = 3;
    /** Uptime resolution: a difference this small between the reads is the clock ticking, not a hold-up. */
    static final long UPTIME_SKEW_CS = 1;

    public Reading read() {
        List<Problem> problems = new ArrayList<>();
        Uptime uptime = null;
        java.time.Instant readAt = null;
        DiskStatsFile diskstats = null;
        for (int attempt = 1; attempt <= CONSISTENT_READ_ATTEMPTS; attempt++) {
            problems.clear();
            // uptime read just before the counters, as sysstat's rw_io_stat_loop does
            uptime = null;
            try {
                uptime = Uptime.parse(files.read(roots.uptime()), roots.uptime().toString());
            } catch (IOException e) {
                problems.add(new Problem(ErrorKind.UPTIME, "uptime", roots.uptime() + ": cannot read (" + e + ")"));
            } catch (ParseException e) {
                problems.add(new Problem(ErrorKind.UPTIME, "uptime", e.getMessage()));
            }
            readAt = clock.instant();
            try {
                diskstats = Diskstats.parse(files.read(roots.diskstats()), roots.diskstats().toString());
                for (ParseException e : diskstats.errors()) {
                    problems.add(new Problem(ErrorKind.DISKSTATS, "line " + e.line(), e.getMessage()));
                }
            } catch (IOException e) {
                problems.add(new Problem(ErrorKind.DISKSTATS, "diskstats", roots.diskstats() + ": cannot read (" + e + ")"));
                diskstats = new DiskStatsFile(List.of(), List.of());
            }
            if (uptime == null || attempt == CONSISTENT_READ_ATTEMPTS || !heldUp(uptime)) {
                break;
            }
        }
        Mdstat mdstat = null;
        if (Files.exists(roots.mdstat())) {
            try {
                mdstat = Mdstat.parse(files.read(roots.mdstat()), roots.mdstat().toString());
                for (ParseException e : mdstat.errors()) {
                    problems.add(new Problem(ErrorKind.MDSTAT, "line " + e.line(), e.getMessage()));
                }
                for (ParseException e : mdstat.warnings()) {
                    problems.add(new Problem(ErrorKind.MDSTAT, "line " + e.line(), e.getMessage(), false));
                }
            } catch (NoSuchFileException e) {
                // md not loaded: no arrays
            } catch (IOException e) {
                problems.add(new Problem(ErrorKind.MDSTAT, "mdstat", roots.mdstat() + ": cannot read (" + e + ")"));
            }
        }
        MdArrays.Result arrays = MdArrays.merge(roots.sys(), mdstat, mdFiles, sysFiles, readAt.toEpochMilli());
        if (kept != null) {
            kept.endCycle();
        }
        for (ParseException e : arrays.sysfsProblems()) {
            problems.add(new Problem(ErrorKind.MD_SYSFS, e.file(), e.getMessage(), false));
        }
        return new Reading(readAt, uptime, diskstats.devices(), arrays.arrays(), List.copyOf(problems));
    }

    /** Whether uptime moved on by more than its resolution since {@code before} was read. */
    private boolean heldUp(Uptime before) {
        try {
            Uptime after = Uptime.parse(files.read(roots.uptime()), roots.uptime().toString());
            return after.centiseconds() - before.centiseconds() > UPTIME_SKEW_CS;
        } catch (IOException | ParseException e) {
            return false; // the next read reports it
        }
    }
}
