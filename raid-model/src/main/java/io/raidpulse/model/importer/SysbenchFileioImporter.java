package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sysbench {@code fileio run} output, one profile per run (a file may hold several, each
 * starting with sysbench's banner). Three result formats:
 *
 * <ul>
 *   <li>0.4/0.5: {@code Operations performed:  N Read, N Write, N Other = N Total},
 *       {@code Read 450Mb  Written 300Mb ...}, {@code N Requests/sec executed}; rates are
 *       counts over {@code total time}. Units Kb/Mb/Gb are binary.</li>
 *   <li>1.0: {@code reads/s:}, {@code writes/s:}, {@code fsyncs/s:}, {@code read, MiB/s:},
 *       {@code written, MiB/s:}.</li>
 *   <li>1.1: {@code read:  IOPS=N N MiB/s (N MB/s)} and the same for write.</li>
 * </ul>
 *
 * Latency lines (avg, Nth percentile) are per request over both directions, in ms; the
 * percentile is attributed to a direction only when the run did one direction.
 */
public final class SysbenchFileioImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.SYSBENCH_FILEIO.displayName();

    private static final Pattern BANNER = Pattern.compile("sysbench\\s+(\\d+\\.\\d+[\\w.\\-]*)\\b.*");
    private static final Pattern THREADS = Pattern.compile("Number of threads:\\s*(\\S+)");
    private static final Pattern FLAGS = Pattern.compile("Extra file open flags:\\s*(.*)");
    private static final Pattern TOTAL_SIZE = Pattern.compile("(\\S+) total file size");
    private static final Pattern BLOCK = Pattern.compile("Block size (\\S+)");
    private static final Pattern FSYNC_FREQ = Pattern.compile("Periodic FSYNC enabled, calling fsync\\(\\) each (\\d+) requests\\.?");
    private static final Pattern FSYNC_END = Pattern.compile("Calling fsync\\(\\) at the end of test, Enabled\\.?");
    private static final Pattern IO_MODE = Pattern.compile("Using (.+) I/O mode");
    private static final Pattern DOING = Pattern.compile("Doing (.+) test");
    private static final Pattern V1_READS = Pattern.compile("reads/s:\\s*(\\S+)");
    private static final Pattern V1_WRITES = Pattern.compile("writes/s:\\s*(\\S+)");
    private static final Pattern V1_READ_MIB = Pattern.compile("read, MiB/s:\\s*(\\S+)");
    private static final Pattern V1_WRITE_MIB = Pattern.compile("written, MiB/s:\\s*(\\S+)");
    private static final Pattern V11_READ = Pattern.compile("read:\\s+IOPS=(\\S+)\\s+(\\S+) MiB/s.*");
    private static final Pattern V11_WRITE = Pattern.compile("write:\\s+IOPS=(\\S+)\\s+(\\S+) MiB/s.*");
    private static final Pattern V04_OPS = Pattern.compile("Operations performed:\\s*(\\d+) (?:Read|reads), (\\d+) (?:Write|writes), (\\d+) Other = (\\d+) Total");
    private static final Pattern V04_BYTES = Pattern.compile("Read (\\S+)\\s+Written (\\S+)\\s+Total transferred (\\S+)\\s+\\((\\S+)/sec\\)");
    private static final Pattern TOTAL_TIME = Pattern.compile("total time:\\s*(\\S+?)s");
    private static final Pattern AVG = Pattern.compile("avg:\\s*(\\S+?)(?:ms)?");
    private static final Pattern PERCENTILE = Pattern.compile("(?:approx\\.\\s+)?(\\d+)(?:th)? percentile:\\s*(\\S+?)(?:ms)?");

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.SYSBENCH_FILEIO;
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (BANNER.matcher(lines.get(i).trim()).matches()) {
                starts.add(i);
            }
        }
        if (starts.isEmpty() || starts.get(0) != 0) {
            starts.add(0, 0);
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (int s = 0; s < starts.size(); s++) {
            int from = starts.get(s);
            int to = s + 1 < starts.size() ? starts.get(s + 1) : lines.size();
            BenchmarkResult p = run(text, lines, from, to, ctx);
            if (p != null) {
                out.add(p);
            }
        }
        if (out.isEmpty()) {
            throw ImportException.whole(FMT, "no fileio run with results found (expected the output of 'sysbench fileio ... run')");
        }
        return out;
    }

    /** Values of one run: the line number each came from, for messages. */
    private static final class Found {
        final String[] groups;
        final int line;

        Found(Matcher m, int line) {
            groups = new String[m.groupCount() + 1];
            for (int g = 0; g <= m.groupCount(); g++) {
                groups[g] = m.group(g);
            }
            this.line = line;
        }

        String g(int i) {
            return groups[i];
        }
    }

    private static Found find(List<String> lines, int from, int to, Pattern p) {
        for (int i = from; i < to; i++) {
            Matcher m = p.matcher(lines.get(i).trim());
            if (m.matches()) {
                return new Found(m, i + 1);
            }
        }
        return null;
    }

    private BenchmarkResult run(String text, List<String> lines, int from, int to, ImportContext ctx) throws ImportException {
        Found doing = find(lines, from, to, DOING);
        Found v1Reads = find(lines, from, to, V1_READS);
        Found v11Read = find(lines, from, to, V11_READ);
        Found v04 = find(lines, from, to, V04_OPS);
        if (v1Reads == null && v11Read == null && v04 == null) {
            if (doing != null) {
                throw ImportException.atLine(FMT, doing.line, "the " + doing.g(1) + " test has no results (output cut short?)");
            }
            return null;
        }
        Found banner = find(lines, from, Math.min(to, from + 1), BANNER);
        BenchmarkResult.Builder b = BenchmarkResult.builder(ImportSupport.id(Tool.SYSBENCH, text, "line" + (from + 1)), Tool.SYSBENCH)
                .toolVersion(banner == null ? null : banner.g(1));

        double readIops;
        double writeIops;
        double readBps;
        double writeBps;
        if (v11Read != null) {
            Found w = require(lines, from, to, V11_WRITE, "the 'write: IOPS=' line", v11Read.line);
            readIops = num(v11Read, 1, "read IOPS");
            readBps = num(v11Read, 2, "read MiB/s") * (1 << 20);
            writeIops = num(w, 1, "write IOPS");
            writeBps = num(w, 2, "write MiB/s") * (1 << 20);
        } else if (v1Reads != null) {
            readIops = num(v1Reads, 1, "reads/s");
            writeIops = num(require(lines, from, to, V1_WRITES, "'writes/s:'", v1Reads.line), 1, "writes/s");
            readBps = num(require(lines, from, to, V1_READ_MIB, "'read, MiB/s:'", v1Reads.line), 1, "read, MiB/s") * (1 << 20);
            writeBps = num(require(lines, from, to, V1_WRITE_MIB, "'written, MiB/s:'", v1Reads.line), 1, "written, MiB/s") * (1 << 20);
        } else {
            Found time = require(lines, from, to, TOTAL_TIME, "'total time:'", v04.line);
            double seconds = num(time, 1, "total time");
            if (seconds == 0) {
                throw ImportException.atLine(FMT, time.line, "total time is 0");
            }
            readIops = num(v04, 1, "reads") / seconds;
            writeIops = num(v04, 2, "writes") / seconds;
            Found bytes = require(lines, from, to, V04_BYTES, "'Read ... Written ... Total transferred'", v04.line);
            readBps = size(bytes, 1, "bytes read") / seconds;
            writeBps = size(bytes, 2, "bytes written") / seconds;
        }
        b.readIops(readIops).writeIops(writeIops).readBytesPerSec(readBps).writeBytesPerSec(writeBps);
        if (readIops + writeIops > 0) {
            b.readFraction(readIops / (readIops + writeIops));
        }

        if (doing != null) {
            String mode = doing.g(1);
            b.parameter("file_test_mode", mode);
            b.pattern(mode.startsWith("random") ? IoPattern.RANDOM : mode.startsWith("sequential") ? IoPattern.SEQUENTIAL : IoPattern.MIXED);
        }
        Found threads = find(lines, from, to, THREADS);
        if (threads != null) {
            b.jobs(ImportSupport.count(FMT, threads.line, "number of threads", threads.g(1)));
        }
        Found block = find(lines, from, to, BLOCK);
        if (block != null) {
            b.blockSizeBytes(ImportSupport.binarySize(FMT, block.line, "block size", block.g(1)));
        }
        Found total = find(lines, from, to, TOTAL_SIZE);
        if (total != null) {
            b.fileSizeBytes(ImportSupport.binarySize(FMT, total.line, "total file size", total.g(1)));
        }
        Found flags = find(lines, from, to, FLAGS);
        if (flags != null) {
            String f = flags.g(1).trim();
            b.parameter("file_extra_flags", f);
            if (f.contains("directio")) {
                b.direct(true);
            } else if (f.equals("(none)") || f.equals("0") || f.isEmpty()) {
                b.direct(false);
            } else {
                b.note("Extra file open flags '" + f + "' are printed as a number this importer does not decode; direct I/O unknown.");
            }
        }
        Found ioMode = find(lines, from, to, IO_MODE);
        if (ioMode != null) {
            b.parameter("file_io_mode", ioMode.g(1));
            // synchronous and mmap'ed I/O keep one request per thread in flight
            if (!ioMode.g(1).startsWith("asynchronous")) {
                b.queueDepth(1);
            }
        }
        Found fsyncFreq = find(lines, from, to, FSYNC_FREQ);
        Found fsyncEnd = find(lines, from, to, FSYNC_END);
        if (fsyncFreq != null) {
            b.parameter("file_fsync_freq", fsyncFreq.g(1));
        }
        b.parameter("file_fsync_end", fsyncEnd == null ? "off" : "on");

        Found avg = find(lines, from, to, AVG);
        if (avg != null) {
            b.meanLatencyUs(num(avg, 1, "average latency") * 1e3);
        }
        Found pct = find(lines, from, to, PERCENTILE);
        if (pct != null) {
            Map<String, Double> m = Map.of("p" + ImportSupport.wholeNumber(FMT, pct.line, "percentile", pct.g(1)),
                    num(pct, 2, "latency percentile") * 1e3);
            if (writeIops == 0 && readIops > 0) {
                b.readLatencyUs(m);
            } else if (readIops == 0 && writeIops > 0) {
                b.writeLatencyUs(m);
            }
        }
        boolean flushed = fsyncEnd != null || fsyncFreq != null;
        return ImportSupport.finish(FMT, doing == null ? null : doing.line, b, ctx, OutputSignals.flushed(flushed));
    }

    private static Found require(List<String> lines, int from, int to, Pattern p, String what, int near) throws ImportException {
        Found f = find(lines, from, to, p);
        if (f == null) {
            throw ImportException.atLine(FMT, near, "results start here but " + what + " is missing (output cut short?)");
        }
        return f;
    }

    private static double num(Found f, int group, String what) throws ImportException {
        return ImportSupport.number(FMT, f.line, what, f.g(group));
    }

    private static double size(Found f, int group, String what) throws ImportException {
        try {
            return ByteSizes.binary(f.g(group));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ImportException.atLine(FMT, f.line, what + ": expected a size like 450Mb, found '" + f.g(group) + "'");
        }
    }
}
