package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Tool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * dd transfer summaries, one profile per copy:
 *
 * <ul>
 *   <li>GNU coreutils: {@code N bytes (1.0 GB, 977 MiB) copied, 6.37 s, 161 MB/s}; before
 *       coreutils 8.24 {@code N bytes (1.0 GB) copied, 6.37 seconds, 161 MB/s}.</li>
 *   <li>BSD and macOS (and GNU before coreutils 6): {@code N bytes transferred in 6.375067 secs
 *       (160625763 bytes/sec)}.</li>
 * </ul>
 *
 * The rate is bytes / seconds, not the rounded figure dd prints. Only the line after
 * "records out" counts, so {@code status=progress} updates are not taken for results. Whether
 * the copy read or wrote the storage comes from the dd command line when it is in the text
 * (of=/dev/null reads, if=/dev/zero writes), else from the import context.
 */
public final class DdImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.DD.displayName();

    private static final Pattern GNU = Pattern.compile(
            "(\\d+) bytes (?:\\([^)]*\\) )?copied, (\\S+) s(?:econds)?, (\\S+) (\\S*B)/s");
    private static final Pattern BSD = Pattern.compile(
            "(\\d+) bytes transferred in (\\S+) sec(?:s|onds) \\((\\d+) bytes/sec\\)");
    private static final Pattern RECORDS_OUT = Pattern.compile("\\d+\\+\\d+ records out");
    private static final Pattern COMMAND = Pattern.compile("(?:^|[\\s;&|$#>])dd\\s+(\\S+=.*)");
    /** Lines above a summary searched for the command that made the copy: records in, records out, the command, a prompt. */
    private static final int COMMAND_LOOKBACK = 6;

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.DD;
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        boolean anyRecords = lines.stream().anyMatch(l -> RECORDS_OUT.matcher(l.trim()).matches());
        List<BenchmarkResult> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            Matcher gnu = GNU.matcher(line);
            Matcher bsd = BSD.matcher(line);
            boolean isGnu = gnu.matches();
            if (!isGnu && !bsd.matches()) {
                continue;
            }
            if (anyRecords && !afterRecordsOut(lines, i)) {
                continue;
            }
            Matcher m = isGnu ? gnu : bsd;
            out.add(copy(text, lines, i, m, isGnu, ctx));
        }
        if (out.isEmpty()) {
            throw ImportException.whole(FMT, "no transfer summary found (expected 'N bytes (...) copied, S s, R MB/s' or 'N bytes transferred in S secs')");
        }
        return out;
    }

    private BenchmarkResult copy(String text, List<String> lines, int i, Matcher m, boolean gnu, ImportContext ctx) throws ImportException {
        int lineNo = i + 1;
        long bytes = ImportSupport.wholeNumber(FMT, lineNo, "bytes copied", m.group(1));
        double seconds = ImportSupport.number(FMT, lineNo, "seconds", m.group(2));
        if (gnu) {
            try {
                ByteSizes.siRate(ImportSupport.number(FMT, lineNo, "rate", m.group(3)), m.group(4));
            } catch (IllegalArgumentException e) {
                throw ImportException.atLine(FMT, lineNo, "unknown rate unit '" + m.group(4) + "/s'");
            }
        }
        Map<String, String> command = command(lines, i);
        BenchmarkResult.Builder b = BenchmarkResult.builder(ImportSupport.id(Tool.DD, text, "line" + lineNo), Tool.DD)
                .pattern(IoPattern.SEQUENTIAL)
                .queueDepth(1)
                .jobs(1)
                .fileSizeBytes(bytes == 0 ? null : bytes)
                .parameter("output", gnu ? "gnu" : "bsd")
                .parameter("bytes", String.valueOf(bytes))
                .parameter("seconds", m.group(2));
        CopyDirection direction = ctx.copyDirection();
        boolean flushed = false;
        if (command != null) {
            command.forEach(b::parameter);
            String in = command.getOrDefault("if", "");
            String of = command.getOrDefault("of", "");
            if (of.equals("/dev/null")) {
                direction = CopyDirection.READ;
            } else if (in.equals("/dev/zero") || in.equals("/dev/urandom") || in.equals("/dev/random")) {
                direction = CopyDirection.WRITE;
            }
            String flags = direction == CopyDirection.READ ? command.getOrDefault("iflag", "") : command.getOrDefault("oflag", "");
            b.direct(flags.contains("direct"));
            String conv = command.getOrDefault("conv", "");
            String oflag = command.getOrDefault("oflag", "");
            flushed = conv.contains("fsync") || conv.contains("fdatasync") || oflag.contains("sync");
            String bs = command.getOrDefault("bs", direction == CopyDirection.READ ? command.get("ibs") : command.get("obs"));
            try {
                // dd copies 512-byte blocks unless told otherwise (dd(1))
                b.blockSizeBytes(bs == null ? 512 : ByteSizes.dd(bs));
            } catch (IllegalArgumentException | ArithmeticException e) {
                b.note("The dd command's bs=" + bs + " is not a plain size (a shell expression?); block size not known.");
            }
        }
        if (direction == null) {
            throw ImportException.atLine(FMT, lineNo, "cannot tell whether this copy read or wrote the storage:"
                    + " keep the dd command line (if=... of=...) in the file or give the direction");
        }
        Double rate = seconds == 0 ? null : bytes / seconds;
        if (direction == CopyDirection.READ) {
            b.readBytesPerSec(rate).readFraction(1.0);
        } else {
            b.writeBytesPerSec(rate).readFraction(0.0);
        }
        OutputSignals signals = seconds == 0
                ? new OutputSignals(null, List.of("the copy (0 s)"), flushed)
                : OutputSignals.flushed(flushed);
        return ImportSupport.finish(FMT, lineNo, b, ctx, signals);
    }

    /** A result, not a status=progress update: dd prints "records out" just before it. */
    private static boolean afterRecordsOut(List<String> lines, int i) {
        for (int j = i - 1; j >= 0; j--) {
            if (!lines.get(j).isBlank()) {
                return RECORDS_OUT.matcher(lines.get(j).trim()).matches();
            }
        }
        return false;
    }

    /** Operands of the nearest dd command above the copy's summary and below the previous copy, or null. */
    private static Map<String, String> command(List<String> lines, int summary) {
        for (int j = summary - 1; j >= Math.max(0, summary - COMMAND_LOOKBACK); j--) {
            String line = lines.get(j).trim();
            if ((GNU.matcher(line).matches() || BSD.matcher(line).matches()) && afterRecordsOut(lines, j)) {
                return null;
            }
            Matcher m = COMMAND.matcher(line);
            if (m.find()) {
                Map<String, String> operands = new LinkedHashMap<>();
                for (String token : m.group(1).split("[;&|]")[0].trim().split("\\s+")) {
                    int eq = token.indexOf('=');
                    if (eq > 0) {
                        operands.put(token.substring(0, eq).toLowerCase(Locale.ROOT), token.substring(eq + 1));
                    }
                }
                return operands;
            }
        }
        return null;
    }
}
