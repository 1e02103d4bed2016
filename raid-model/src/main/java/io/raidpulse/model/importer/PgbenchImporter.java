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
 * pgbench run summaries, one profile per run (a run ends with its {@code tps = } lines).
 * Understands the header lines (transaction type, scaling factor, clients, threads, duration
 * for -T or transactions per client for -t), {@code number of transactions actually processed:
 * N[/M]}, the latency average and stddev lines in both forms ({@code latency average = X ms} since
 * 9.6, {@code latency average: X ms} in 9.4 and 9.5), progress lines ({@code progress: 2.0 s,
 * 4788.0 tps, lat 0.831 ms stddev 0.418[, 0 failed]}) and both tps forms: 15+ prints {@code (without
 * initial connection time)}, older versions {@code (including|excluding connections establishing)};
 * the figure without connection set-up is preferred.
 */
public final class PgbenchImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.PGBENCH.displayName();

    private static final Pattern VERSION = Pattern.compile("pgbench \\((?:PostgreSQL\\) )?(\\d+(?:\\.\\d+)*).*");
    private static final Pattern TYPE = Pattern.compile("transaction type: (.+)");
    private static final Pattern SETTING = Pattern.compile("(scaling factor|query mode|number of clients|number of threads|duration|"
            + "number of transactions per client|maximum number of tries): (.+)");
    private static final Pattern PROCESSED = Pattern.compile("number of transactions actually processed: (\\d+)(?:/(\\d+))?");
    private static final Pattern FAILED = Pattern.compile("number of failed transactions: (\\d+).*");
    /** 9.6+ print "latency average = X ms", 9.4 and 9.5 "latency average: X ms" (pgbench.c, printResults). */
    private static final Pattern LATENCY = Pattern.compile("latency average(?: =|:) (\\S+) ms");
    /** Only with -P, -R or --latency-limit; the same two forms as the average. */
    private static final Pattern STDDEV = Pattern.compile("latency stddev(?: =|:) (\\S+) ms");
    private static final Pattern TPS = Pattern.compile("tps = (\\S+) \\((.+)\\)");
    private static final Pattern PROGRESS = Pattern.compile("progress: (\\S+) s, (\\S+) tps, lat (\\S+) ms stddev (\\S+)(?:,.*)?");

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.PGBENCH;
    }

    /** What one run printed so far. */
    private static final class Run {
        String version;
        String type;
        int typeLine;
        final Map<String, String> settings = new LinkedHashMap<>();
        Integer clients;
        Double latencyMs;
        Double tps;
        String tpsKind;
        int tpsLine;
        int progress;
        double progressMin = Double.MAX_VALUE;
        double progressMax;

        boolean started() {
            return type != null || !settings.isEmpty() || progress > 0;
        }
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<BenchmarkResult> out = new ArrayList<>();
        Run run = new Run();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            int lineNo = i + 1;
            Matcher m;
            if ((m = TPS.matcher(line)).matches()) {
                double tps = ImportSupport.number(FMT, lineNo, "tps", m.group(1));
                String kind = m.group(2);
                if (run.tps == null || !kind.startsWith("including")) {
                    run.tps = tps;
                    run.tpsKind = kind;
                    run.tpsLine = lineNo;
                }
                if (i + 1 == lines.size() || !TPS.matcher(lines.get(i + 1).trim()).matches()) {
                    out.add(profile(text, run, ctx));
                    run = new Run();
                }
                continue;
            }
            if ((m = VERSION.matcher(line)).matches()) {
                run.version = m.group(1);
            } else if ((m = TYPE.matcher(line)).matches()) {
                run.type = m.group(1);
                run.typeLine = lineNo;
            } else if ((m = SETTING.matcher(line)).matches()) {
                String key = m.group(1).replace(' ', '_');
                run.settings.put(key, m.group(2).trim());
                if (key.equals("number_of_clients")) {
                    run.clients = ImportSupport.count(FMT, lineNo, "number of clients", m.group(2));
                }
            } else if ((m = PROCESSED.matcher(line)).matches()) {
                run.settings.put("transactions_processed", m.group(2) == null ? m.group(1) : m.group(1) + "/" + m.group(2));
            } else if ((m = FAILED.matcher(line)).matches()) {
                run.settings.put("failed_transactions", m.group(1));
            } else if ((m = LATENCY.matcher(line)).matches()) {
                run.latencyMs = ImportSupport.number(FMT, lineNo, "latency average", m.group(1));
            } else if ((m = STDDEV.matcher(line)).matches()) {
                ImportSupport.number(FMT, lineNo, "latency stddev", m.group(1));
                run.settings.put("latency_stddev", m.group(1) + " ms");
            } else if ((m = PROGRESS.matcher(line)).matches()) {
                double tps = ImportSupport.number(FMT, lineNo, "progress tps", m.group(2));
                ImportSupport.number(FMT, lineNo, "progress latency", m.group(3));
                run.progress++;
                run.progressMin = Math.min(run.progressMin, tps);
                run.progressMax = Math.max(run.progressMax, tps);
            }
        }
        if (run.type != null) {
            throw ImportException.atLine(FMT, run.typeLine, "run has no 'tps = ' summary line (cut short, or the run failed)");
        }
        if (out.isEmpty()) {
            throw ImportException.whole(FMT, "no 'tps = ' summary line found (expected pgbench run output)");
        }
        return out;
    }

    private static BenchmarkResult profile(String text, Run run, ImportContext ctx) throws ImportException {
        BenchmarkResult.Builder b = BenchmarkResult.builder(ImportSupport.id(Tool.PGBENCH, text, "line" + run.tpsLine), Tool.PGBENCH)
                .toolVersion(run.version)
                .pattern(IoPattern.APPLICATION)
                .tps(run.tps)
                .jobs(run.clients)
                .meanLatencyUs(run.latencyMs == null ? null : run.latencyMs * 1e3);
        if (run.type != null) {
            b.parameter("transaction_type", run.type);
            if (run.type.toLowerCase(Locale.ROOT).contains("select only")) {
                b.readFraction(1.0);
            }
        }
        run.settings.forEach(b::parameter);
        b.parameter("tps_measure", run.tpsKind);
        if (run.progress > 0) {
            b.note(String.format(Locale.ROOT, "%d progress reports, %.1f to %.1f tps.", run.progress, run.progressMin, run.progressMax));
        }
        if (!run.started()) {
            b.note("Only the tps line was found; the run's settings are not known.");
        }
        return ImportSupport.finish(FMT, run.tpsLine, b, ctx, OutputSignals.NONE);
    }
}
