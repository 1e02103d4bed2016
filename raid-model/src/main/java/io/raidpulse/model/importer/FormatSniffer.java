package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Tells which benchmark wrote a file, for {@code raidpulse bench import FILE}. */
public final class FormatSniffer {

    private static final Pattern FIO_TERSE = Pattern.compile("(?m)^\\s*[2-5];([^;\\n]*;){40,}");
    /** A job's or group's result line of fio's normal report, the same in fio 2.x and 3.x (stat.c, show_thread_status_normal). */
    private static final Pattern FIO_NORMAL = Pattern.compile("(?m)^\\s*\\S.*: \\(groupid=\\d+, jobs=\\d+\\): err=");
    private static final Pattern BONNIE_CSV = Pattern.compile("(?m)^\\s*\\d+\\.\\d+[a-z]?,\\d+\\.\\d+[a-z]?,[^,\\n]*,");
    /** bonnie++ 1.0x: name, size ("2G", "300M", "1G:32k") and 25 more fields, no version field (bon_time.cpp of 1.03e). */
    private static final Pattern BONNIE_CSV_1_0X = Pattern.compile("(?m)^[^,\\n]*,\\d+[GM](?::\\d+k?)?(?:,[^,\\n]*){25}[ \\t]*$");
    private static final Pattern SYSBENCH = Pattern.compile(
            "Extra file open flags|Operations performed:|File operations:|^\\s*read:\\s+IOPS=", Pattern.MULTILINE);
    private static final Pattern PGBENCH = Pattern.compile("(?m)^\\s*tps = \\S+ \\(");
    private static final Pattern DD = Pattern.compile("\\d+ bytes (\\([^)]*\\) )?copied, |\\d+ bytes transferred in \\S+ sec");

    /** What {@link #importAny} and {@code raidpulse bench import} say they expected when nothing matches. */
    public static final String EXPECTED = "fio JSON, terse or normal report, bonnie++ CSV, sysbench fileio, pgbench or dd output";

    private FormatSniffer() {
    }

    /** The format of the text, or empty when it is none of the importable ones. */
    public static Optional<BenchmarkFormat> detect(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (t.contains("\"fio version\"") || t.contains("\"jobs\"") && t.contains("\"jobname\"")) {
            return Optional.of(BenchmarkFormat.FIO_JSON);
        }
        if (FIO_TERSE.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.FIO_TERSE);
        }
        // before sysbench: fio 3's "read: IOPS=59.4k, BW=..." lines look like sysbench 1.1's "read:  IOPS="
        if (FIO_NORMAL.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.FIO_NORMAL);
        }
        if (BONNIE_CSV.matcher(t).find() || BONNIE_CSV_1_0X.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.BONNIE_CSV);
        }
        if (SYSBENCH.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.SYSBENCH_FILEIO);
        }
        if (PGBENCH.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.PGBENCH);
        }
        if (DD.matcher(t).find()) {
            return Optional.of(BenchmarkFormat.DD);
        }
        return Optional.empty();
    }

    /** Detects the format and imports with its importer. */
    public static List<BenchmarkResult> importAny(String text, ImportContext ctx) throws ImportException {
        BenchmarkFormat format = detect(text).orElseThrow(() -> ImportException.whole("benchmark output",
                "not a recognised format (expected " + EXPECTED + ")"));
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        return format.importer().parse(t, ctx);
    }
}
