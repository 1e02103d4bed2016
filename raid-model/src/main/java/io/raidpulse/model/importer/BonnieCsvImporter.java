package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkProfile;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Pattern;
import io.raidpulse.model.profile.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bonnie++ CSV result lines, found anywhere in the text (bonnie++ prints one after its table,
 * or only that with -q). The layout is told by the field count ({@code bon_time.cpp}):
 *
 * <ul>
 *   <li>48 fields, bonnie++ 1.93c-1.97: format_version, version, name, concurrency, seed,
 *       file_size, io_chunk_size, then value/CPU pairs for putc, put_block, rewrite, getc,
 *       get_block, seeks, then num_files, max_size, min_size, num_dirs, file_chunk_size, six
 *       file-operation pairs and twelve latencies (us/ms/s suffixes).</li>
 *   <li>50 fields, bonnie++ 1.98+: seeks and seek_procs inserted after io_chunk_size.</li>
 *   <li>47 fields: bonnie++ 1.96 run with -s 0 prints one separator too few in its empty block
 *       section; it has no block results to import.</li>
 * </ul>
 *
 * Rates are KiB/s, seeks per second. "+++++" means a test finished too quickly to time: it is
 * kept as "too fast" (cache-suspect), never as a number. Block write, rewrite, block read and
 * seeks each become a profile; per-character tests measure libc and the CPU and file-creation
 * tests measure metadata, so neither becomes a capacity profile.
 */
public final class BonnieCsvImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.BONNIE_CSV.displayName();
    private static final java.util.regex.Pattern CSV_LINE = java.util.regex.Pattern.compile("\\d+\\.\\d+[a-z]?,\\d+\\.\\d+[a-z]?,.*");
    private static final String TOO_FAST = "+++++";
    private static final java.util.regex.Pattern LATENCY = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s)");
    /** bonnie++ reads and writes in 8 KiB chunks unless -s size:chunk says otherwise (DefaultChunkSize). */
    private static final long DEFAULT_CHUNK = 8192;
    /** Seeker processes before bonnie++ 1.98 printed them: SeekProcCount in bonnie.h. */
    private static final int SEEK_PROCS_BEFORE_1_98 = 3;

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.BONNIE_CSV;
    }

    @Override
    public List<BenchmarkProfile> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<BenchmarkProfile> out = new ArrayList<>();
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (!CSV_LINE.matcher(line).matches()) {
                continue;
            }
            found = true;
            out.addAll(row(text, line.split(",", -1), i + 1, ctx));
        }
        if (!found) {
            throw ImportException.whole(FMT, "no CSV result line found (bonnie++ prints one like '1.98,2.00a,host,...' after its table)");
        }
        return out;
    }

    private List<BenchmarkProfile> row(String text, String[] f, int lineNo, ImportContext ctx) throws ImportException {
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
        String host = f[2];
        Long fileSize = f[5].isEmpty() ? null : ImportSupport.binarySize(FMT, lineNo, "field 6 (file_size)", f[5]);
        long chunk = f[6].isEmpty() ? DEFAULT_CHUNK : ImportSupport.binarySize(FMT, lineNo, "field 7 (io_chunk_size)", f[6]);
        int concurrency = f[3].isEmpty() ? 1 : ImportSupport.count(FMT, lineNo, "field 4 (concurrency)", f[3]);

        List<BenchmarkProfile> out = new ArrayList<>();
        Phase[] phases = {
            new Phase("block write", io + 2, latencies + 1, Pattern.SEQUENTIAL),
            new Phase("rewrite", io + 4, latencies + 2, Pattern.SEQUENTIAL),
            new Phase("block read", io + 8, latencies + 4, Pattern.SEQUENTIAL),
            new Phase("seeks", io + 10, latencies + 5, Pattern.RANDOM),
        };
        for (Phase p : phases) {
            String value = f[p.column()];
            if (value.isEmpty()) {
                continue;
            }
            BenchmarkProfile.Builder b = BenchmarkProfile.builder(
                    ImportSupport.id(Tool.BONNIE, text, "line" + lineNo + "-" + p.name()), Tool.BONNIE)
                    .toolVersion(f[1])
                    .parameters(Map.of("csv_format", f[0], "name", host, "phase", p.name()))
                    .pattern(p.pattern())
                    .blockSizeBytes(chunk)
                    .jobs(concurrency)
                    .fileSizeBytes(fileSize)
                    .direct(false);
            boolean tooFast = value.equals(TOO_FAST);
            Double rate = tooFast ? null : ImportSupport.number(FMT, lineNo, column(p.column(), p.name()), value);
            Double latency = latencyUs(f[p.latency()], lineNo, p.latency());
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
                            .queueDepth(1).jobs(seekProcs == null ? null : seekProcs * concurrency);
                    b.readLatencyUs(latency == null ? null : Map.of("max", latency));
                    b.parameter("seek_procs", seekProcs == null ? "" : String.valueOf(seekProcs));
                }
            }
            b.note("Latency is bonnie++'s maximum for the test.");
            String cpuText = f[p.column() + 1];
            Double cpu = cpuText.isEmpty() || cpuText.startsWith("+") ? null
                    : ImportSupport.number(FMT, lineNo, column(p.column() + 1, p.name() + " %CPU"), cpuText);
            OutputSignals signals = tooFast ? new OutputSignals(cpu, List.of(p.name()), false) : OutputSignals.cpu(cpu);
            out.add(ImportSupport.finish(FMT, lineNo, b, ctx, signals));
        }
        return out;
    }

    private record Phase(String name, int column, int latency, Pattern pattern) {
    }

    /** "6930us", "2ms", "1s" in microseconds; empty when the test did not run. */
    private static Double latencyUs(String cell, int lineNo, int column) throws ImportException {
        if (cell.isEmpty()) {
            return null;
        }
        java.util.regex.Matcher m = LATENCY.matcher(cell);
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
