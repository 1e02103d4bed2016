package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.TrustVerdicts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's normal report ({@code --output-format=normal}, fio's default), fio 2.x and 3.x, as
 * {@code show_thread_status_normal} and {@code show_ddir_status} in fio's stat.c print it:
 *
 * <ul>
 *   <li>before the run, one line per job definition: {@code name: (g=0): rw=randread, bs=(R)
 *       4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=4} (2.x:
 *       {@code bs=4K-4K/4K-4K/4K-4K}), {@code ...} after it when numjobs made more jobs of it;
 *       {@code fio-3.33}; {@code name: Laying out IO file (1 file / 32MiB)} for each file fio creates;</li>
 *   <li>per job, or per group with group_reporting: {@code name: (groupid=0, jobs=2): err= 0: ...},
 *       then per direction {@code read: IOPS=59.4k, BW=232MiB/s (243MB/s)(464MiB/2001msec)} (2.x:
 *       {@code read : io=1024.0MB, bw=61460KB/s, iops=15365, runt= 17061msec}), the {@code lat}
 *       line (mean total latency), the {@code clat percentiles} block, {@code cpu : usr=, sys=}, and
 *       {@code issued rwts: total=R,W,T,S short=...} (2.x: {@code issued : total=r=R/w=W/d=T, short=r=.../w=...}).</li>
 * </ul>
 *
 * The report rounds its rates to about four significant figures, but the issued I/O counts and
 * the runtime in ms are exact: IOPS are issued I/Os x 1000 / runtime, the figure fio itself rounds
 * for {@code IOPS=} and prints in full in JSON. Bandwidth is issued I/Os x block size / runtime when
 * the job used one block size and had no short I/Os (checked against the printed BW), else the
 * printed BW. fio 2.x's KB and MB are 1024-based. Percentiles are printed rounded up to whole units
 * of the block's unit. The report does not print direct= or the sizes of files that existed before
 * the run: direct I/O stays unknown, and the data set is what the "Laying out IO file" lines add up to.
 * A text with several runs (each starting with its job lines) gives each run its own profiles.
 */
public final class FioNormalImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.FIO_NORMAL.displayName();

    private static final Pattern JOB_LINE = Pattern.compile("(.+?): \\(g=(\\d+)\\): rw=([^,]+), bs=(.+?), ioengine=([^,]+), iodepth=(\\d+)");
    private static final Pattern BS3 = Pattern.compile("\\(R\\) (\\S+)-(\\S+), \\(W\\) (\\S+)-(\\S+), \\(T\\) (\\S+)-(\\S+)");
    private static final Pattern VERSION = Pattern.compile("fio-(\\d\\S*)");
    private static final Pattern LAYOUT = Pattern.compile(
            "(.+?): Laying out IO file(?:s|\\(s\\))? \\((\\d+) file(?:s|\\(s\\))? / (?:total )?(\\d+)(MiB|MB)\\)");
    private static final Pattern SECTION = Pattern.compile("(.+?): \\(groupid=(\\d+), jobs=(\\d+)\\): err=\\s*(\\d+).*");
    private static final Pattern DIR3 = Pattern.compile("(read|write|trim|mixed): IOPS=([^,]+), BW=([^ ]+) \\([^)]*\\)\\(([^/]+)/(\\d+)msec\\).*");
    private static final Pattern DIR2 = Pattern.compile("(read|write|trim|mixed)\\s*: io=\\s*([^,]+), bw=\\s*([^,]+), iops=\\s*([^,\\s]+)\\s*, runt=\\s*(\\d+)\\s*msec.*");
    private static final Pattern STAT = Pattern.compile("(slat|clat|lat) \\((nsec|usec|msec)\\): min=.*avg=\\s*([^,\\s]+)\\s*,.*");
    private static final Pattern PERCENTILES = Pattern.compile("(slat|clat|lat) percentiles \\((nsec|usec|msec)\\):.*");
    private static final Pattern PERCENTILE = Pattern.compile("(\\d+(?:\\.\\d+)?)th=\\[\\s*(\\d+)\\]");
    private static final Pattern CPU = Pattern.compile("cpu\\s*: usr=([^%]+)%, sys=([^%]+)%.*");
    private static final Pattern ISSUED = Pattern.compile(
            "issued[^:]*:\\s*total=(?:r=)?(\\d+)[,/](?:w=)?(\\d+)\\S*,?\\s+short=(?:r=)?(\\d+)[,/](?:w=)?(\\d+).*");
    private static final Pattern PRINTED_IOPS = Pattern.compile("(\\d+(?:\\.\\d+)?)([kMGT]?)");
    /** Printed BW agrees with issued I/Os x block size within this share: fio prints 3-4 significant figures. */
    private static final double BW_AGREEMENT = 0.01;

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.FIO_NORMAL;
    }

    /** A job line: one job definition. */
    private record JobLine(String name, int group, String rw, String bsText, long[] readBs, long[] writeBs, String ioengine,
            int iodepth, int line) {
    }

    /** What one direction line and the lines under it printed. */
    private static final class Dir {
        final String name;
        final int line;
        final double printedIops;
        final double printedBytesPerSec;
        final long runtimeMs;
        Double latMeanUs;
        final Map<String, Double> clatUs = new LinkedHashMap<>();

        Dir(String name, int line, double printedIops, double printedBytesPerSec, long runtimeMs) {
            this.name = name;
            this.line = line;
            this.printedIops = printedIops;
            this.printedBytesPerSec = printedBytesPerSec;
            this.runtimeMs = runtimeMs;
        }
    }

    /** One job, or one group_reporting group. */
    private static final class Section {
        final String name;
        final int group;
        final int members;
        final int error;
        final int line;
        Dir read;
        Dir write;
        Dir mixed;
        Double cpu;
        long[] total;
        long[] shortIos;

        Section(String name, int group, int members, int error, int line) {
            this.name = name;
            this.group = group;
            this.members = members;
            this.error = error;
            this.line = line;
        }
    }

    /** One fio invocation: its job lines, laid-out files and results. */
    private static final class Run {
        String version;
        final int firstLine;
        final Map<String, JobLine> jobLines = new LinkedHashMap<>();
        final Map<String, long[]> laidOut = new LinkedHashMap<>();
        final List<Section> sections = new ArrayList<>();

        Run(int firstLine) {
            this.firstLine = firstLine;
        }
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        List<Run> runs = new ArrayList<>();
        Run run = null;
        Section section = null;
        Dir dir = null;
        String percentilesOf = null;
        double percentileUnitUs = 1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            int lineNo = i + 1;
            Matcher m;
            if (percentilesOf != null) {
                if (line.startsWith("|")) {
                    if (percentilesOf.equals("clat") && dir != null) {
                        Matcher p = PERCENTILE.matcher(line);
                        while (p.find()) {
                            double percent = ImportSupport.number(FMT, lineNo, "percentile", p.group(1));
                            double value = ImportSupport.number(FMT, lineNo, "percentile " + p.group(1), p.group(2));
                            if (percent > 0 && percent <= 100) {
                                dir.clatUs.put(FioProfiles.percentileKey(percent), value * percentileUnitUs);
                            }
                        }
                    }
                    continue;
                }
                percentilesOf = null;
            }
            if ((m = JOB_LINE.matcher(line)).matches()) {
                if (run == null || !run.sections.isEmpty()) {
                    run = new Run(lineNo);
                    runs.add(run);
                }
                section = null;
                dir = null;
                JobLine j = jobLine(m, lineNo);
                run.jobLines.putIfAbsent(j.name() + "|" + j.group(), j);
            } else if ((m = VERSION.matcher(line)).matches()) {
                if (run == null || !run.sections.isEmpty()) {
                    run = new Run(lineNo);
                    runs.add(run);
                }
                run.version = m.group(1);
            } else if ((m = LAYOUT.matcher(line)).matches()) {
                if (run == null) {
                    run = new Run(lineNo);
                    runs.add(run);
                }
                long files = ImportSupport.wholeNumber(FMT, lineNo, "laid-out files", m.group(2));
                // fio prints the size in whole MiB (size >> 20); fio 2.x calls them MB
                long bytes = ImportSupport.wholeNumber(FMT, lineNo, "laid-out size", m.group(3)) << 20;
                run.laidOut.merge(m.group(1).trim(), new long[] {files, bytes}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
            } else if ((m = SECTION.matcher(line)).matches()) {
                if (run == null) {
                    run = new Run(lineNo);
                    runs.add(run);
                }
                section = new Section(m.group(1).trim(), (int) ImportSupport.wholeNumber(FMT, lineNo, "groupid", m.group(2)),
                        ImportSupport.count(FMT, lineNo, "jobs", m.group(3)), (int) ImportSupport.wholeNumber(FMT, lineNo, "err", m.group(4)),
                        lineNo);
                run.sections.add(section);
                dir = null;
            } else if (section == null) {
                continue;
            } else if ((m = DIR3.matcher(line)).matches() || (m = DIR2.matcher(line)).matches()) {
                boolean v3 = m.pattern() == DIR3;
                // fio 3.x: IOPS=, BW=, (io/runtime); fio 2.x: io=, bw=, iops=, runt=; BW and runtime are groups 3 and 5 in both
                String iops = v3 ? m.group(2) : m.group(4);
                long runtime = ImportSupport.wholeNumber(FMT, lineNo, m.group(1) + " runtime (ms)", m.group(5));
                dir = new Dir(m.group(1), lineNo, printedIops(lineNo, m.group(1), iops), rate(lineNo, m.group(1), m.group(3), v3), runtime);
                switch (dir.name) {
                    case "read" -> section.read = dir;
                    case "write" -> section.write = dir;
                    case "mixed" -> section.mixed = section.mixed == null ? dir : section.mixed;
                    default -> {
                        // trim has no place in a capacity profile; its lines are read and dropped
                    }
                }
            } else if ((m = STAT.matcher(line)).matches()) {
                if (dir != null && m.group(1).equals("lat")) {
                    dir.latMeanUs = ImportSupport.number(FMT, lineNo, "lat avg", m.group(3)) * unitUs(m.group(2));
                }
            } else if ((m = PERCENTILES.matcher(line)).matches()) {
                percentilesOf = m.group(1);
                percentileUnitUs = unitUs(m.group(2));
            } else if ((m = CPU.matcher(line)).matches()) {
                section.cpu = ImportSupport.number(FMT, lineNo, "cpu usr", m.group(1)) + ImportSupport.number(FMT, lineNo, "cpu sys", m.group(2));
                dir = null;
            } else if ((m = ISSUED.matcher(line)).matches()) {
                section.total = new long[] {ImportSupport.wholeNumber(FMT, lineNo, "issued reads", m.group(1)),
                    ImportSupport.wholeNumber(FMT, lineNo, "issued writes", m.group(2))};
                section.shortIos = new long[] {ImportSupport.wholeNumber(FMT, lineNo, "short reads", m.group(3)),
                    ImportSupport.wholeNumber(FMT, lineNo, "short writes", m.group(4))};
            } else if (line.startsWith("Run status group") || line.startsWith("Disk stats")) {
                section = null;
                dir = null;
            }
        }
        if (runs.isEmpty()) {
            throw ImportException.whole(FMT, "no job results found (expected fio's normal report, with lines like"
                    + " 'name: (groupid=0, jobs=1): err= 0: ...')");
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            Run one = runs.get(r);
            if (one.sections.isEmpty()) {
                throw ImportException.atLine(FMT, one.firstLine, "this run has no job results (cut short, or fio failed before reporting)");
            }
            Map<Integer, List<Section>> groups = new LinkedHashMap<>();
            for (Section s : one.sections) {
                groups.computeIfAbsent(s.group, g -> new ArrayList<>()).add(s);
            }
            // one build per group, so that what is said about a group's jobs is noted on its own profile
            for (List<Section> group : groups.values()) {
                List<FioJob> jobs = new ArrayList<>();
                List<String> notes = new ArrayList<>();
                notes.add("fio's normal report prints no job options: direct I/O is not known from it (--output-format=json prints them).");
                for (Section s : group) {
                    jobs.add(job(one, s, notes, ctx));
                }
                out.addAll(FioProfiles.build(BenchmarkFormat.FIO_NORMAL, text, one.version, jobs, null, notes, ctx,
                        r == 0 ? "" : "run" + (r + 1) + "-"));
            }
        }
        return out;
    }

    private static JobLine jobLine(Matcher m, int lineNo) throws ImportException {
        String bsText = m.group(4).trim();
        long[][] sizes = new long[3][];
        Matcher v3 = BS3.matcher(bsText);
        if (v3.matches()) {
            for (int d = 0; d < 3; d++) {
                sizes[d] = new long[] {size(lineNo, v3.group(2 * d + 1)), size(lineNo, v3.group(2 * d + 2))};
            }
        } else {
            // fio 2.x: read/write[/trim], each min-max
            String[] parts = bsText.split("/");
            for (int d = 0; d < parts.length && d < 3; d++) {
                String[] range = parts[d].split("-");
                if (range.length != 2) {
                    throw ImportException.atLine(FMT, lineNo, "bs: expected min-max sizes like 4K-4K, found '" + parts[d] + "'");
                }
                sizes[d] = new long[] {size(lineNo, range[0]), size(lineNo, range[1])};
            }
            if (sizes[1] == null) {
                sizes[1] = sizes[0];
            }
        }
        String rw = m.group(3).trim();
        if (FioProfiles.rwMode(rw) == null) {
            throw ImportException.atLine(FMT, lineNo, "unknown fio rw '" + rw + "'");
        }
        return new JobLine(m.group(1).trim(), (int) ImportSupport.wholeNumber(FMT, lineNo, "g", m.group(2)), rw, bsText, sizes[0], sizes[1],
                m.group(5).trim(), ImportSupport.count(FMT, lineNo, "iodepth", m.group(6)), lineNo);
    }

    /** Why a report without job lines is refused: a profile must say what it measured. */
    static final String NO_JOB_LINE = "the report has no job line: its pattern and job count are unknown; give them with --pattern/--jobs";

    private static FioJob job(Run run, Section s, List<String> groupNotes, ImportContext ctx) throws ImportException {
        JobLine j = run.jobLines.get(s.name + "|" + s.group);
        if (j == null && (ctx.pattern() == null || ctx.jobs() == null)) {
            // pasted without the lines fio prints before the run (a mail, a forum post): nothing says what ran
            throw ImportException.atLine(FMT, s.line, "job " + s.name + ": " + NO_JOB_LINE);
        }
        FioProfiles.RwMode mode = j == null ? null : FioProfiles.rwMode(j.rw());
        Dir read = s.read;
        Dir write = s.write;
        if (s.mixed != null && read == null && write == null) {
            // unified_rw_reporting: one "mixed" line, which is one direction only for a one-direction rw
            if (mode != null && Double.valueOf(1.0).equals(mode.readFraction())) {
                read = s.mixed;
            } else if (mode != null && Double.valueOf(0.0).equals(mode.readFraction())) {
                write = s.mixed;
            } else {
                throw ImportException.atLine(FMT, s.mixed.line, "unified_rw_reporting mixes reads and writes of a read/write job;"
                        + " re-run without --unified_rw_reporting");
            }
        }
        if (read == null && write == null) {
            throw ImportException.atLine(FMT, s.line, "job " + s.name + " has no read: or write: line (cut short?)");
        }
        if (s.total == null) {
            groupNotes.add("No 'issued' line for " + s.name + ": IOPS and bandwidth are the rounded figures fio printed.");
        }
        FioJob.Direction r = direction(s, read, 0, j == null ? null : j.readBs(), groupNotes);
        FioJob.Direction w = direction(s, write, 1, j == null ? null : j.writeBs(), groupNotes);
        Map<String, String> printed = null;
        FioProfiles.Workload workload = null;
        if (j != null) {
            printed = new LinkedHashMap<>();
            printed.put("rw", j.rw());
            printed.put("bs", j.bsText());
            printed.put("ioengine", j.ioengine());
            printed.put("iodepth", String.valueOf(j.iodepth()));
            long[] bs = Double.valueOf(0.0).equals(mode.readFraction()) ? j.writeBs() : j.readBs();
            long[] laid = run.laidOut.get(s.name);
            Long dataSet = laid == null ? null : laid[1];
            String note = laid == null
                    ? "Data set not known: fio printed no 'Laying out IO file' line for " + s.name + " (its files existed before the run)."
                    : "Data set: " + TrustVerdicts.bytes(laid[1]) + " in " + laid[0] + (laid[0] == 1 ? " file" : " files") + " fio laid out for "
                            + s.name + " (the normal report prints no size for files that existed before the run).";
            workload = new FioProfiles.Workload(mode.pattern(), mode.readFraction(), bs[0], j.iodepth(), s.members, null, dataSet, note, null);
        } else {
            groupNotes.add("No job line (name: (g=N): rw=..., bs=...) for " + s.name + ": its pattern (" + ctx.pattern().name()
                    .toLowerCase(Locale.ROOT) + ") and job count (" + ctx.jobs() + ") are as given with the import;"
                    + " its block size and iodepth are not known.");
            Double readFraction = read != null && write == null ? Double.valueOf(1.0) : write != null && read == null ? 0.0 : null;
            workload = new FioProfiles.Workload(ctx.pattern(), readFraction, null, null, ctx.jobs(), null, null,
                    "Data set not known: the report has no job line for " + s.name + ".", null);
        }
        return new FioJob(s.name, s.group, printed, workload, r, w, s.cpu, s.error, "line " + s.line);
    }

    /**
     * One direction's figures: IOPS from the issued count and the runtime, bandwidth from them and
     * a fixed block size when that agrees with the printed BW, else the printed BW.
     */
    private static FioJob.Direction direction(Section s, Dir d, int index, long[] bs, List<String> notes) {
        if (d == null) {
            return new FioJob.Direction(0.0, 0, Map.of(), null, Map.of());
        }
        double iops = d.printedIops;
        double bytesPerSec = d.printedBytesPerSec;
        if (s.total != null && d.runtimeMs > 0) {
            long ios = s.total[index];
            iops = ios * 1000.0 / d.runtimeMs;
            if (bs != null && bs[0] == bs[1] && s.shortIos[index] == 0) {
                double exact = (double) ios * bs[0] * 1000.0 / d.runtimeMs;
                if (Math.abs(exact - d.printedBytesPerSec) <= BW_AGREEMENT * Math.max(exact, d.printedBytesPerSec)) {
                    bytesPerSec = exact;
                } else {
                    notes.add(String.format(Locale.ROOT, "%s of %s: issued I/Os x block size disagree with the printed BW;"
                            + " bandwidth as printed.", d.name, s.name));
                }
            }
        }
        return new FioJob.Direction(iops, bytesPerSec, new LinkedHashMap<>(d.clatUs), d.latMeanUs, Map.of());
    }

    /** "59.4k", "8210", "15365": fio's num2str with 1000-based suffixes. */
    private static double printedIops(int lineNo, String dir, String raw) throws ImportException {
        Matcher m = PRINTED_IOPS.matcher(raw.trim());
        if (!m.matches()) {
            throw ImportException.atLine(FMT, lineNo, dir + " IOPS: expected a number like 8210 or 59.4k, found '" + raw.trim() + "'");
        }
        int power = "kMGT".indexOf(m.group(2)) + 1;
        return new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(1000).pow(power)).doubleValue();
    }

    /**
     * Bytes per second of a printed BW: fio 3.x "232MiB/s" (1024-based; "243MB/s" is 1000-based when
     * kb_base=1000 makes it the first figure), fio 2.x "61460KB/s" (KB = 1024 bytes by default).
     */
    private static double rate(int lineNo, String dir, String raw, boolean v3) throws ImportException {
        String t = raw.trim();
        if (!t.endsWith("/s")) {
            throw ImportException.atLine(FMT, lineNo, dir + " BW: expected a rate like 232MiB/s, found '" + t + "'");
        }
        String size = t.substring(0, t.length() - 2);
        try {
            if (!v3 || size.contains("iB") || size.matches("[\\d.]+B?")) {
                return ByteSizes.binary(size);
            }
            Matcher m = Pattern.compile("([\\d.]+)([kMGTP])B").matcher(size);
            if (m.matches()) {
                return ByteSizes.siRate(Double.parseDouble(m.group(1)), m.group(2) + "B/s");
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            // reported below
        }
        throw ImportException.atLine(FMT, lineNo, dir + " BW: expected a rate like 232MiB/s, found '" + t + "'");
    }

    /** A block size as the job line prints it: "4096B", "16.0KiB", "1024KiB" (3.x), "4K", "128K" (2.x). */
    private static long size(int lineNo, String raw) throws ImportException {
        return ImportSupport.binarySize(FMT, lineNo, "bs", raw);
    }

    private static double unitUs(String unit) {
        return switch (unit) {
            case "nsec" -> 0.001;
            case "msec" -> 1000;
            default -> 1;
        };
    }
}
