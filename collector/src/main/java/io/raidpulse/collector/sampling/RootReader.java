package io.raidpulse.collector.sampling;

import io.raidpulse.collector.diskstats.DiskStatsFile;
import io.raidpulse.collector.diskstats.DiskStatsParser;
import io.raidpulse.collector.md.MdArrays;
import io.raidpulse.collector.md.Mdstat;
import io.raidpulse.collector.md.MdstatParser;
import io.raidpulse.collector.procfs.ParseException;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.uptime.Uptime;
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

    public RootReader(Roots roots, Clock clock) {
        this.roots = roots;
        this.clock = clock;
    }

    public Roots roots() {
        return roots;
    }

    public Reading read() {
        List<Problem> problems = new ArrayList<>();
        // uptime read just before the counters, as sysstat's rw_io_stat_loop does
        Uptime uptime = null;
        try {
            uptime = Uptime.parse(ProcFiles.read(roots.uptime()), roots.uptime().toString());
        } catch (IOException e) {
            problems.add(new Problem(ErrorKind.UPTIME, "uptime", roots.uptime() + ": cannot read (" + e + ")"));
        } catch (ParseException e) {
            problems.add(new Problem(ErrorKind.UPTIME, "uptime", e.getMessage()));
        }
        var readAt = clock.instant();
        DiskStatsFile diskstats;
        try {
            diskstats = DiskStatsParser.parse(ProcFiles.read(roots.diskstats()), roots.diskstats().toString());
            for (ParseException e : diskstats.errors()) {
                problems.add(new Problem(ErrorKind.DISKSTATS, "line " + e.line(), e.getMessage()));
            }
        } catch (IOException e) {
            problems.add(new Problem(ErrorKind.DISKSTATS, "diskstats", roots.diskstats() + ": cannot read (" + e + ")"));
            diskstats = new DiskStatsFile(List.of(), List.of());
        }
        Mdstat mdstat = null;
        if (Files.exists(roots.mdstat())) {
            try {
                mdstat = MdstatParser.parse(ProcFiles.read(roots.mdstat()), roots.mdstat().toString());
                for (ParseException e : mdstat.errors()) {
                    problems.add(new Problem(ErrorKind.MDSTAT, "line " + e.line(), e.getMessage()));
                }
            } catch (NoSuchFileException e) {
                // md not loaded: no arrays
            } catch (IOException e) {
                problems.add(new Problem(ErrorKind.MDSTAT, "mdstat", roots.mdstat() + ": cannot read (" + e + ")"));
            }
        }
        MdArrays.Result arrays = MdArrays.merge(roots.sys(), mdstat);
        for (ParseException e : arrays.sysfsErrors()) {
            problems.add(new Problem(ErrorKind.MD_SYSFS, e.file(), e.getMessage()));
        }
        return new Reading(readAt, uptime, diskstats.devices(), arrays.arrays(), List.copyOf(problems));
    }
}
