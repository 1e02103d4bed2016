package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio {@code --output-format=terse} (also {@code --minimal}): one semicolon-separated line per
 * job, field layout by terse version ({@code show_thread_status_terse_all} and
 * {@code show_ddir_status_terse} in fio's stat.c):
 *
 * <ul>
 *   <li>v3 (fio's default): version; fio version; jobname; groupid; error; then read and write
 *       blocks of 41 fields (KiB, KiB/s, IOPS, runtime ms, slat x4, clat x4 in us, 20 clat
 *       percentiles "p%=us", lat x4, bw x5); then CPU usr%; sys%; ctx; majf; minf.</li>
 *   <li>v4 adds a trim block after write; v5 adds 6 sample fields to every block.</li>
 *   <li>v2 has no fio version and carries a trim block; fio before 2.0 printed v2 with 20-field
 *       blocks (no IOPS, no percentiles, no trim), as in fio's HOWTO sample.</li>
 * </ul>
 *
 * Terse output has no job options: block size is derived from bandwidth / IOPS and the access
 * pattern comes from the import context.
 */
public final class FioTerseImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.FIO_TERSE.displayName();
    /** CPU (5), I/O depths (7), usec latencies (10), msec latencies (12) after the direction blocks. */
    private static final int TAIL = 5 + 7 + 10 + 12;

    private record Layout(int header, int block, int blocks, boolean hasIops, boolean hasPercentiles) {
    }

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.FIO_TERSE;
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<FioJob> jobs = new ArrayList<>();
        String fioVersion = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (!line.matches("\\d+;.*")) {
                continue;
            }
            int lineNo = i + 1;
            String[] f = line.split(";", -1);
            Layout layout = layout(f, lineNo);
            if (layout.header() == 5) {
                fioVersion = f[1].startsWith("fio-") ? f[1].substring(4) : f[1];
            }
            int need = layout.header() + layout.block() * layout.blocks() + TAIL;
            if (f.length < need) {
                throw ImportException.atLine(FMT, lineNo, "terse version " + f[0] + " needs at least " + need
                        + " fields, found " + f.length + " (cut short?)");
            }
            int h = layout.header();
            String name = f[h - 3];
            int group = (int) ImportSupport.wholeNumber(FMT, lineNo, "field " + (h - 1) + " (groupid)", f[h - 2]);
            int error = (int) ImportSupport.wholeNumber(FMT, lineNo, "field " + h + " (error)", f[h - 1]);
            FioJob.Direction read = direction(f, h, layout, lineNo, "read");
            FioJob.Direction write = direction(f, h + layout.block(), layout, lineNo, "write");
            int cpu = h + layout.block() * layout.blocks();
            double usr = percent(f, cpu, lineNo, "cpu_user");
            double sys = percent(f, cpu + 1, lineNo, "cpu_sys");
            jobs.add(new FioJob(name, group, null, null, read, write, usr + sys, error, "line " + lineNo));
        }
        if (jobs.isEmpty()) {
            throw ImportException.whole(FMT, "no terse result line found (expected lines like '3;fio-3.33;job;0;0;...')");
        }
        return FioProfiles.build(BenchmarkFormat.FIO_TERSE, text, fioVersion, jobs, null,
                List.of("fio terse output carries no job options: pattern, queue depth and file size are not known from it."), ctx);
    }

    private static Layout layout(String[] f, int lineNo) throws ImportException {
        switch (f[0]) {
            case "3":
                return new Layout(5, 41, 2, true, true);
            case "4":
                return new Layout(5, 41, 3, true, true);
            case "5":
                return new Layout(5, 47, 3, true, true);
            case "2":
                // fio 2.x prints "p%=us" percentile fields; fio 1.x v2 lines have none.
                for (String field : f) {
                    if (field.contains("%=")) {
                        return new Layout(4, 41, 3, true, true);
                    }
                }
                return new Layout(4, 20, 2, false, false);
            default:
                throw ImportException.atLine(FMT, lineNo, "unsupported terse version '" + f[0] + "' (supported: 2, 3, 4, 5)");
        }
    }

    private static FioJob.Direction direction(String[] f, int at, Layout layout, int lineNo, String dir) throws ImportException {
        double kibps = ImportSupport.number(FMT, lineNo, field(at + 2, dir + "_bandwidth_kb"), f[at + 1]);
        Double iops = null;
        int clat;
        if (layout.hasIops()) {
            iops = ImportSupport.number(FMT, lineNo, field(at + 3, dir + "_iops"), f[at + 2]);
            clat = at + 8;
        } else {
            clat = at + 7;
        }
        Map<String, Double> pct = new LinkedHashMap<>();
        int lat = clat + 4;
        if (layout.hasPercentiles()) {
            for (int p = 0; p < 20; p++) {
                String cell = f[clat + 4 + p];
                int eq = cell.indexOf("%=");
                if (eq < 0) {
                    throw ImportException.atLine(FMT, lineNo, field(clat + 5 + p, dir + "_clat_pct") + ": expected 'percent%=us', found '" + cell + "'");
                }
                double percent = ImportSupport.number(FMT, lineNo, field(clat + 5 + p, dir + "_clat_pct"), cell.substring(0, eq));
                double us = ImportSupport.number(FMT, lineNo, field(clat + 5 + p, dir + "_clat_pct"), cell.substring(eq + 2));
                if (percent > 0 && percent <= 100) {
                    pct.put(FioProfiles.percentileKey(percent), us);
                }
            }
            lat = clat + 24;
        }
        double latMean = ImportSupport.number(FMT, lineNo, field(lat + 3, dir + "_lat_mean_us"), f[lat + 2]);
        return new FioJob.Direction(iops, kibps * 1024, pct, latMean, Map.of());
    }

    private static double percent(String[] f, int i, int lineNo, String what) throws ImportException {
        String v = f[i].endsWith("%") ? f[i].substring(0, f[i].length() - 1) : f[i];
        return ImportSupport.number(FMT, lineNo, field(i + 1, what), v);
    }

    private static String field(int oneBased, String name) {
        return "field " + oneBased + " (" + name + ")";
    }
}
