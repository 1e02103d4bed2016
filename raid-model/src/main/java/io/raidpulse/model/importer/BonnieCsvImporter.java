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
 * bonnie++ CSV result lines, found anywhere in the text (bonnie++ prints one after its table,
 * or only that with -q). Two families ({@code bon_time.cpp} of each):
 *
 * <ul>
 *   <li>bonnie++ 1.93c and later start with a format version and the bonnie++ version; the layout
 *       is told by the field count:
 *     <ul>
 *       <li>48 fields, bonnie++ 1.93c-1.97: format_version, version, name, concurrency, seed,
 *           file_size, io_chunk_size, then value/CPU pairs for putc, put_block, rewrite, getc,
 *           get_block, seeks, then num_files, max_size, min_size, num_dirs, file_chunk_size, six
 *           file-operation pairs and twelve latencies (us/ms/s suffixes).</li>
 *       <li>50 fields, bonnie++ 1.98+: seeks and seek_procs inserted after io_chunk_size.</li>
 *       <li>47 fields: bonnie++ 1.96 run with -s 0 prints one separator too few in its empty block
 *           section; it has no block results to import.</li>
 *     </ul></li>
 *   <li>bonnie++ 1.0x (1.00 to 1.03e) prints 27 fields and no version: name, file_size
 *       ({@code 2G}, {@code 300M}, {@code 1G:32k} with a chunk size other than 8 KiB), value/CPU
 *       pairs for putc, put_block, rewrite, getc, get_block, seeks, num_files and six
 *       file-operation pairs; no latencies. Its version is taken from the {@code Version 1.03e}
 *       table header above the line when the text has one.</li>
 * </ul>
 *
 * Rates are KiB/s, seeks per second. "+++++" means a test finished too quickly to time: it is
 * kept as "too fast" (cache-suspect), never as a number. Block write, rewrite, block read and
 * seeks each become a profile; per-character tests measure libc and the CPU and file-creation
 * tests measure metadata, so neither becomes a capacity profile.
 */
public final class BonnieCsvImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.BONNIE_CSV.displayName();
    private static final Pattern CSV_LINE = Pattern.compile("\\d+\\.\\d+[a-z]?,\\d+\\.\\d+[a-z]?,.*");
    /** A bonnie++ 1.0x line: a machine name (may be empty), then a file size in whole G or M with an optional chunk size. */
    private static final Pattern CSV_LINE_1_0X = Pattern.compile("[^,]*,(\\d+)([GM])(?::(\\d+k?))?,.*");
    private static final Pattern VERSION_1_0X = Pattern.compile("Version\\s+(1\\.0\\d[a-z]?)\\s.*");
    private static final int FIELDS_1_0X = 27;
    private static final String TOO_FAST = "+++++";
    private static final Pattern LATENCY = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s)");
    /** bonnie++ reads and writes in 8 KiB chunks unless -s size:chunk says otherwise (DefaultChunkSize, 1.0x and later). */
    private static final long DEFAULT_CHUNK = 8192;
    /** Seeker processes before bonnie++ 1.98 printed them: SeekProcCount in bonnie.h (3 up to 1.97, 5 from 1.98). */
    private static final int SEEK_PROCS_BEFORE_1_98 = 3;

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.BONNIE_CSV;
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<BenchmarkResult> out = new ArrayList<>();
        boolean found = false;
        String version10x = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            Matcher v = VERSION_1_0X.matcher(line);
            if (v.matches()) {
                version10x = v.group(1);
                continue;
            }
            if (CSV_LINE.matcher(line).matches()) {
                found = true;
                out.addAll(row(text, line.split(",", -1), i + 1, ctx));
            } else if ((v = CSV_LINE_1_0X.matcher(line)).matches()) {
                found = true;
                out.addAll(row10x(text, line.split(",", -1), v, i + 1, version10x, ctx));
                version10x = null;
            }
        }
        if (!found) {
            throw ImportException.whole(FMT, "no CSV result line found (bonnie++ prints one like '1.98,2.00a,host,...' after its table,"
                    + " or 'host,2G,...' before 1.90)");
        }
        return out;
    }

    /** What a CSV line says about the run, apart from its results. */
    private record Run(String csvFormat, String version, String host, Long fileSize, long chunk, int concurrency, Integer seekProcs,
            boolean latencies, String note) {
    }

    private List<BenchmarkResult> row(String text, String[] f, int lineNo, ImportContext ctx) throws ImportException {
        int io;
        Integer seekProcs;
        switch (f.length) {
            case 48 -> {
                io = 7;
                seekProcs = SEEK_PROCS_BEFORE_1_98;
            }
            case 50 -> {
                io = 9;
                seekProcs = f[8].isEmpty() ? null : ImportSupport.count(FMT, lineNo, "field 9 (seek_procs)", f[8]);
            }
            case 47 -> {
                for (int c = 5; c < 18; c++) {
                    if (!f[c].isEmpty()) {
                        throw ImportException.atLine(FMT, lineNo, "47 fields with block results: expected 48 (1.93c-1.97) or 50 (1.98+)");
                    }
                }
                return List.of();
            }
            default -> throw ImportException.atLine(FMT, lineNo,
                    "expected 48 fields (bonnie++ 1.93c-1.97) or 50 (1.98+), found " + f.length);
        }
        int latencies = f.length - 12;
        Long fileSize = f[5].isEmpty() ? null : ImportSupport.binarySize(FMT, lineNo, "field 6 (file_size)", f[5]);
        long chunk = f[6].isEmpty() ? DEFAULT_CHUNK : ImportSupport.binarySize(FMT, lineNo, "field 7 (io_chunk_size)", f[6]);
        int concurrency = f[3].isEmpty() ? 1 : ImportSupport.count(FMT, lineNo, "field 4 (concurrency)", f[3]);
        Run run = new Run(f[0], f[1], f[2], fileSize, chunk, concurrency, seekProcs, true, null);
        Phase[] phases = {
            new Phase("block write", io + 2, latencies + 1, IoPattern.SEQUENTIAL),
            new Phase("rewrite", io + 4, latencies + 2, IoPattern.SEQUENTIAL),
            new Phase("block read", io + 8, latencies + 4, IoPattern.SEQUENTIAL),
            new Phase("seeks", io + 10, latencies + 5, IoPattern.RANDOM),
        };
        return profiles(text, f, lineNo, run, phases, ctx);
    }

    /** A bonnie++ 1.0x line: 27 fields, no version, no concurrency, no latencies (bon_time.cpp, BonTimer::DoReport). */
    private List<BenchmarkResult> row10x(String text, String[] f, Matcher m, int lineNo, String version, ImportContext ctx)
            throws ImportException {
        if (f.length != FIELDS_1_0X) {
            throw ImportException.atLine(FMT, lineNo, "a bonnie++ 1.0x line ('name,size,...') has " + FIELDS_1_0X + " fields, found " + f.length);
        }
        long fileSize = ImportSupport.binarySize(FMT, lineNo, "field 2 (file_size)", m.group(1) + m.group(2));
        // a chunk size is printed only when it is not the default: ":32k" (KiB) or ":512" (bytes)
        long chunk = m.group(3) == null ? DEFAULT_CHUNK : ImportSupport.binarySize(FMT, lineNo, "field 2 (chunk size)", m.group(3));
        Run run = new Run("1.0x", version, f[0], fileSize, chunk, 1, SEEK_PROCS_BEFORE_1_98, false,
                version == null ? "The bonnie++ 1.0x CSV line carries no version, and no 'Version' table header was above it." : null);
        Phase[] phases = {
            new Phase("block write", 4, -1, IoPattern.SEQUENTIAL),
            new Phase("rewrite", 6, -1, IoPattern.SEQUENTIAL),
            new Phase("block read", 10, -1, IoPattern.SEQUENTIAL),
            new Phase("seeks", 12, -1, IoPattern.RANDOM),
        };
        return profiles(text, f, lineNo, run, phases, ctx);
    }

    private List<BenchmarkResult> profiles(String text, String[] f, int lineNo, Run run, Phase[] phases, ImportContext ctx)
            throws ImportException {
        List<BenchmarkResult> out = new ArrayList<>();
        for (Phase p : phases) {
            String value = f[p.column()];
            if (value.isEmpty()) {
                continue;
            }
            BenchmarkResult.Builder b = BenchmarkResult.builder(
                    ImportSupport.id(Tool.BONNIE, text, "line" + lineNo + "-" + p.name()), Tool.BONNIE)
                    .toolVersion(run.version())
                    .parameters(Map.of("csv_format", run.csvFormat(), "name", run.host(), "phase", p.name()))
                    .pattern(p.pattern())
                    .blockSizeBytes(run.chunk())
                    .jobs(run.concurrency())
                    .fileSizeBytes(run.fileSize())
                    .direct(false);
            boolean tooFast = value.equals(TOO_FAST);
            Double rate = tooFast ? null : ImportSupport.number(FMT, lineNo, column(p.column(), p.name()), value);
            Double latency = p.latency() < 0 ? null : latencyUs(f[p.latency()], lineNo, p.latency());
            switch (p.name()) {
                case "block write" -> {
                    b.writeBytesPerSec(rate == null ? null : rate * 1024).readFraction(0.0).queueDepth(1);
                    b.writeLatencyUs(latency == null ? null : Map.of("max", latency));
                }
                case "rewrite" -> {
                    b.readBytesPerSec(rate == null ? null : rate * 1024).writeBytesPerSec(rate == null ? null : rate * 1024)
                            .readFraction(0.5).queueDepth(1).note("Rewrite reads each chunk, dirties it and writes it back.");
                    b.writeLatencyUs(latency == null ? null : Map.of("max", latency));
                }
                case "block read" -> {
                    b.readBytesPerSec(rate == null ? null : rate * 1024).readFraction(1.0).queueDepth(1);
                    b.readLatencyUs(latency == null ? null : Map.of("max", latency));
                }
                default -> {
                    // each seek reads a chunk at a random offset; one in ten is dirtied and written back (bonnie++ docs)
                    b.readIops(rate).writeIops(rate == null ? null : rate / 10).readFraction(10.0 / 11)
                            .queueDepth(1).jobs(run.seekProcs() == null ? null : run.seekProcs() * run.concurrency());
                    b.readLatencyUs(latency == null ? null : Map.of("max", latency));
                    b.parameter("seek_procs", run.seekProcs() == null ? "" : String.valueOf(run.seekProcs()));
                }
            }
            if (run.latencies()) {
                b.note("Latency is bonnie++'s maximum for the test.");
            }
            if (run.note() != null) {
                b.note(run.note());
            }
            String cpuText = f[p.column() + 1];
            Double cpu = cpuText.isEmpty() || cpuText.startsWith("+") ? null
                    : ImportSupport.number(FMT, lineNo, column(p.column() + 1, p.name() + " %CPU"), cpuText);
            OutputSignals signals = tooFast ? new OutputSignals(cpu, List.of(p.name()), false) : OutputSignals.cpu(cpu);
            out.add(ImportSupport.finish(FMT, lineNo, b, ctx, signals));
        }
        return out;
    }

    private record Phase(String name, int column, int latency, IoPattern pattern) {
    }

    /** "6930us", "2ms", "1s" in microseconds; empty when the test did not run. */
    private static Double latencyUs(String cell, int lineNo, int column) throws ImportException {
        if (cell.isEmpty()) {
            return null;
        }
        Matcher m = LATENCY.matcher(cell);
        if (!m.matches()) {
            throw ImportException.atLine(FMT, lineNo, column(column, "latency") + ": expected a latency like 6930us, 2ms or 1s, found '" + cell + "'");
        }
        double v = ImportSupport.number(FMT, lineNo, column(column, "latency"), m.group(1));
        return switch (m.group(2)) {
            case "us" -> v;
            case "ms" -> v * 1e3;
            default -> v * 1e6;
        };
    }

    private static String column(int zeroBased, String name) {
        return "field " + (zeroBased + 1) + " (" + name + ")";
    }
}
