package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.TrustVerdicts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * fio jobs to profiles, shared by the JSON, terse and normal-report importers: one profile per fio
 * group (jobs between stonewalls), summing the jobs of a group as group_reporting would.
 */
final class FioProfiles {

    /** fio's defaults for options a job file leaves out (fio HOWTO): bs=4k, iodepth=1, rwmixread=50. */
    private static final long DEFAULT_BS = 4096;

    /**
     * Measured member I/Os per md write from fio's {@code disk_util} (docs/raid-model.md, "Write
     * amplification from a benchmark").
     *
     * @param device  the md device
     * @param members member rows counted
     * @param reads   member reads per md write beyond the md's own reads
     * @param writes  member writes per md write
     */
    record MdRatios(String device, int members, double reads, double writes) {
    }

    private FioProfiles() {
    }

    static List<BenchmarkResult> build(BenchmarkFormat format, String text, String fioVersion, List<FioJob> jobs,
            MdRatios md, List<String> runNotes, ImportContext ctx) throws ImportException {
        return build(format, text, fioVersion, jobs, md, runNotes, ctx, "");
    }

    /**
     * As {@link #build(BenchmarkFormat, String, String, List, MdRatios, List, ImportContext)} for one of
     * several runs in one text: {@code part} ("run2-") keeps the ids of its groups apart from the first run's.
     */
    static List<BenchmarkResult> build(BenchmarkFormat format, String text, String fioVersion, List<FioJob> jobs,
            MdRatios md, List<String> runNotes, ImportContext ctx, String part) throws ImportException {
        Map<Integer, List<FioJob>> groups = new LinkedHashMap<>();
        for (FioJob j : jobs) {
            groups.computeIfAbsent(j.groupId(), g -> new ArrayList<>()).add(j);
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (Map.Entry<Integer, List<FioJob>> g : groups.entrySet()) {
            out.add(group(format, text, fioVersion, part, g.getKey(), g.getValue(), groups.size() == 1 ? md : null, runNotes, ctx));
        }
        return out;
    }

    private static BenchmarkResult group(BenchmarkFormat format, String text, String fioVersion, String part, int groupId,
            List<FioJob> entries, MdRatios md, List<String> runNotes, ImportContext ctx) throws ImportException {
        String fmt = format.displayName();
        FioJob first = entries.get(0);
        Map<String, String> options = first.options();
        BenchmarkResult.Builder b = BenchmarkResult.builder(ImportSupport.id(Tool.FIO, text, part + "g" + groupId), Tool.FIO)
                .toolVersion(fioVersion);
        runNotes.forEach(b::note);
        if (options != null) {
            b.parameters(options);
        }
        b.parameter("jobname", first.name()).parameter("groupid", String.valueOf(groupId));

        Double readIops = 0.0;
        Double writeIops = 0.0;
        double readBps = 0;
        double writeBps = 0;
        double cpuSum = 0;
        int cpuCount = 0;
        for (FioJob j : entries) {
            readIops = add(readIops, j.read().iops());
            writeIops = add(writeIops, j.write().iops());
            readBps += j.read().bytesPerSec();
            writeBps += j.write().bytesPerSec();
            if (j.cpuPercent() != null) {
                cpuSum += j.cpuPercent();
                cpuCount++;
            }
            if (j.error() != 0) {
                b.note("fio reported error " + j.error() + " for job " + j.name() + ": its figures may be partial.");
            }
            if (options != null && j.options() != null && !sameWorkload(options, j.options())) {
                b.note("Jobs in group " + groupId + " ran different rw/bs options; the profile shows the first job's.");
            }
        }
        b.readIops(readIops).writeIops(writeIops).readBytesPerSec(readBps).writeBytesPerSec(writeBps);

        Workload w = workload(fmt, first);
        Double total = readIops == null || writeIops == null ? null : readIops + writeIops;
        if (total != null && total > 0) {
            b.readFraction(readIops / total);
        } else if (w != null && w.readFraction() != null) {
            b.readFraction(w.readFraction());
        }
        if (w != null) {
            b.pattern(w.pattern()).blockSizeBytes(w.blockSize()).queueDepth(w.queueDepth()).direct(w.direct())
                    .jobs(Math.max(entries.size(), w.numjobs()));
            dataSet(fmt, entries, b);
        } else if (entries.size() > 1) {
            b.jobs(entries.size());
        }
        if ((w == null || w.blockSize() == null) && total != null && total > 0) {
            long bs = Math.round((readBps + writeBps) / total / 512) * 512;
            if (bs > 0) {
                b.blockSizeBytes(bs).note("Block size derived from bandwidth / IOPS: the output carries no job options.");
            }
        }

        if (entries.size() == 1) {
            b.readLatencyUs(first.read().active() ? nullIfEmpty(first.read().clatUs()) : null);
            b.writeLatencyUs(first.write().active() ? nullIfEmpty(first.write().clatUs()) : null);
        } else {
            b.readLatencyUs(merged(entries, true));
            b.writeLatencyUs(merged(entries, false));
            if (entries.stream().anyMatch(j -> j.read().active() && j.read().binsUs().isEmpty()
                    || j.write().active() && j.write().binsUs().isEmpty())) {
                b.note("Latency percentiles of " + entries.size() + " separately reported jobs cannot be combined without json+ bins.");
            }
        }
        b.meanLatencyUs(meanLatency(entries));
        if (md != null) {
            b.memberReadsPerMdWrite(md.reads()).memberWritesPerMdWrite(md.writes())
                    .note("disk_util: " + md.device() + " over " + md.members() + " member rows.");
        }
        Double cpu = cpuCount == 0 ? null : cpuSum / cpuCount;
        return ImportSupport.finish(fmt, null, b, ctx, OutputSignals.cpu(cpu));
    }

    /** What the output says about a job's workload: printed with it (normal output), or from its job options. */
    private static Workload workload(String fmt, FioJob j) throws ImportException {
        if (j.workload() != null) {
            return j.workload();
        }
        return j.options() == null ? null : workload(fmt, j.where(), j.options());
    }

    /**
     * The bytes a group's jobs touch together: each job definition's data set once (per-job entries
     * repeat their definition's name), a file that definitions share counted once at its largest.
     * Unknown when any definition's is.
     */
    private static void dataSet(String fmt, List<FioJob> entries, BenchmarkResult.Builder b) throws ImportException {
        Map<String, Workload> definitions = new LinkedHashMap<>();
        for (FioJob j : entries) {
            if (!definitions.containsKey(j.name())) {
                definitions.put(j.name(), workload(fmt, j));
            }
        }
        long own = 0;
        boolean unknown = false;
        Map<String, Long> shared = new LinkedHashMap<>();
        for (Workload w : definitions.values()) {
            if (w != null && w.dataSetNote() != null) {
                b.note(w.dataSetNote());
            }
            if (w == null || w.dataSet() == null) {
                unknown = true;
            } else if (w.sharedFile() == null) {
                own += w.dataSet();
            } else {
                shared.merge(w.sharedFile(), w.dataSet(), Math::max);
            }
        }
        if (!unknown) {
            b.fileSizeBytes(own + shared.values().stream().mapToLong(Long::longValue).sum());
        }
    }

    private static Double add(Double sum, Double v) {
        return sum == null || v == null ? null : sum + v;
    }

    private static boolean sameWorkload(Map<String, String> a, Map<String, String> b) {
        return Objects.equals(rw(a), rw(b)) && Objects.equals(bs(a), bs(b));
    }

    private static String rw(Map<String, String> o) {
        return o.getOrDefault("rw", o.get("readwrite"));
    }

    private static String bs(Map<String, String> o) {
        return o.getOrDefault("bs", o.get("blocksize"));
    }

    private static Map<String, Double> nullIfEmpty(Map<String, Double> m) {
        return m.isEmpty() ? null : m;
    }

    /**
     * One job definition's workload.
     *
     * @param pattern      access pattern; null when not known
     * @param readFraction share of reads its rw mode sets (rwmixread for mixes); null when not known
     * @param blockSize    request size in bytes (the read size when reads and writes differ); null when not known
     * @param queueDepth   iodepth; null when not known
     * @param numjobs      jobs of this definition
     * @param direct       O_DIRECT; null when the output does not say
     * @param dataSet      bytes its jobs touch together; null when not known
     * @param dataSetNote  how the data set was counted, for the profile's notes; null when there is nothing to say
     * @param sharedFile   the file its jobs share (filename=), null when each job has its own
     */
    record Workload(IoPattern pattern, Double readFraction, Long blockSize, Integer queueDepth, int numjobs, Boolean direct,
            Long dataSet, String dataSetNote, String sharedFile) {
    }

    /**
     * An rw= mode (fio HOWTO, "readwrite"): the pattern and, for one-direction modes, the read
     * fraction; null for the mixes rw/readwrite and randrw, whose split rwmixread sets.
     */
    record RwMode(IoPattern pattern, Double readFraction) {
    }

    /** The mode of an rw= value ("randread", "rw:8" with its sequence suffix); null when fio has no such mode. */
    static RwMode rwMode(String rwText) {
        String rwOp = rwText.contains(":") ? rwText.substring(0, rwText.indexOf(':')) : rwText;
        return switch (rwOp.trim().toLowerCase(Locale.ROOT)) {
            case "read" -> new RwMode(IoPattern.SEQUENTIAL, 1.0);
            case "write", "trim", "trimwrite" -> new RwMode(IoPattern.SEQUENTIAL, 0.0);
            case "rw", "readwrite" -> new RwMode(IoPattern.SEQUENTIAL, null);
            case "randread" -> new RwMode(IoPattern.RANDOM, 1.0);
            case "randwrite", "randtrim", "randtrimwrite" -> new RwMode(IoPattern.RANDOM, 0.0);
            case "randrw" -> new RwMode(IoPattern.RANDOM, null);
            default -> null;
        };
    }

    /** The workload a job's options describe, fio's defaults filling what is not set. */
    private static Workload workload(String fmt, String where, Map<String, String> o) throws ImportException {
        String rwText = rw(o) == null ? "read" : rw(o);
        RwMode mode = rwMode(rwText);
        if (mode == null) {
            throw ImportException.atField(fmt, where + ".rw", "unknown fio rw '" + rwText + "'");
        }
        IoPattern pattern = mode.pattern();
        double readFraction = mode.readFraction() != null ? mode.readFraction() : mix(fmt, where, o);
        String pr = o.get("percentage_random");
        if (pr != null) {
            double p = optionNumber(fmt, where + ".percentage_random", pr.split(",")[0]);
            if (p > 0 && p < 100) {
                pattern = IoPattern.MIXED;
            }
        }
        String bsText = bs(o);
        long bs = DEFAULT_BS;
        if (bsText != null) {
            String firstBs = bsText.split(",")[0].trim();
            bs = optionSize(fmt, where + ".bs", firstBs.contains("-") ? firstBs.substring(0, firstBs.indexOf('-')) : firstBs);
        }
        int depth = o.containsKey("iodepth") ? optionCount(fmt, where + ".iodepth", o.get("iodepth")) : 1;
        int numjobs = o.containsKey("numjobs") ? optionCount(fmt, where + ".numjobs", o.get("numjobs")) : 1;
        // fio's default is buffered I/O: direct=0, buffered=1
        boolean direct = flag(o.get("direct")) || "0".equals(o.get("buffered"));
        return dataSet(fmt, where, o, new Workload(pattern, readFraction, bs, depth, numjobs, direct, null, null, null));
    }

    /**
     * The data set of one job definition (fio HOWTO: size, filesize, nrfiles, filename,
     * filename_format). Without filename= every job gets files of its own, named by
     * filename_format ($jobname.$jobnum.$filenum by default): numjobs x the per-job bytes. With
     * filename= (a file or a device) all jobs address the same bytes. A job's bytes are size= split
     * over its files, or filesize= per file when given (size= then only bounds the I/O).
     */
    private static Workload dataSet(String fmt, String where, Map<String, String> o, Workload w) throws ImportException {
        String filename = o.get("filename");
        String format = o.get("filename_format");
        int files;
        if (filename != null) {
            files = filename.split(":").length;
        } else {
            files = o.containsKey("nrfiles") ? optionCount(fmt, where + ".nrfiles", o.get("nrfiles")) : 1;
        }
        Long perJob;
        String fileSize = o.get("filesize");
        if (fileSize != null) {
            perJob = times(fixedSize(fmt, where + ".filesize", fileSize), files);
        } else {
            String size = o.get("size");
            perJob = size == null ? null : fixedSize(fmt, where + ".size", size);
        }
        if (perJob == null) {
            return w;
        }
        boolean shared = filename != null || format != null && !format.contains("$jobnum");
        String name = o.getOrDefault("name", where);
        int n = w.numjobs();
        if (shared || n == 1) {
            String note = n == 1 ? null : "Data set: " + TrustVerdicts.bytes(perJob) + " shared by " + n + " jobs ("
                    + (filename != null ? "filename=" + filename : "filename_format=" + format) + ").";
            String file = filename != null ? filename : shared ? format.replace("$jobname", name) : null;
            return new Workload(w.pattern(), w.readFraction(), w.blockSize(), w.queueDepth(), n, w.direct(), perJob, note, file);
        }
        Long all = times(perJob, n);
        if (all == null) {
            return w;
        }
        String note = "Data set: " + n + " jobs x " + TrustVerdicts.bytes(perJob) + " = " + TrustVerdicts.bytes(all)
                + ", one " + (files == 1 ? "file" : files + " files") + " per job (no filename=: fio creates "
                + (format == null ? name + ".0.0 to " + name + "." + (n - 1) + ".0" : "them as " + format) + ").";
        return new Workload(w.pattern(), w.readFraction(), w.blockSize(), w.queueDepth(), n, w.direct(), all, note, null);
    }

    /** bytes x count, or null when either is unknown or the product is beyond any real data set (a corrupt file). */
    private static Long times(Long bytes, int count) {
        if (bytes == null) {
            return null;
        }
        try {
            return Math.multiplyExact(bytes, count);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** A size option that is one value ("64m"); null for a percentage of the file or device, a range or a list. */
    private static Long fixedSize(String fmt, String field, String v) throws ImportException {
        return v.contains("%") || v.contains(",") || v.contains("-") || v.contains(":") ? null : optionSize(fmt, field, v);
    }

    private static double mix(String fmt, String where, Map<String, String> o) throws ImportException {
        if (o.containsKey("rwmixread")) {
            return Math.min(100, optionNumber(fmt, where + ".rwmixread", o.get("rwmixread"))) / 100;
        }
        if (o.containsKey("rwmixwrite")) {
            return 1 - Math.min(100, optionNumber(fmt, where + ".rwmixwrite", o.get("rwmixwrite"))) / 100;
        }
        return 0.5;
    }

    private static boolean flag(String v) {
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on"));
    }

    private static double optionNumber(String fmt, String field, String v) throws ImportException {
        try {
            double d = Double.parseDouble(v.trim());
            if (Double.isFinite(d) && d >= 0) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ImportException.atField(fmt, field, "expected a number, found '" + v + "'");
    }

    private static int optionCount(String fmt, String field, String v) throws ImportException {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ImportException.atField(fmt, field, "expected a count of at least 1, found '" + v + "'");
    }

    private static long optionSize(String fmt, String field, String v) throws ImportException {
        try {
            long n = ByteSizes.binary(v);
            if (n > 0) {
                return n;
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            // reported below
        }
        throw ImportException.atField(fmt, field, "expected a size like 4k or 1M, found '" + v + "'");
    }

    /** Percentiles over several jobs from their merged json+ histograms; null without bins. */
    private static Map<String, Double> merged(List<FioJob> entries, boolean read) {
        TreeMap<Double, Long> bins = new TreeMap<>();
        for (FioJob j : entries) {
            FioJob.Direction d = read ? j.read() : j.write();
            if (!d.active()) {
                continue;
            }
            if (d.binsUs().isEmpty()) {
                return null;
            }
            d.binsUs().forEach((v, n) -> bins.merge(v, n, Long::sum));
        }
        long n = bins.values().stream().mapToLong(Long::longValue).sum();
        if (n == 0) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99}) {
            long rank = (long) Math.ceil(p / 100 * n);
            long seen = 0;
            for (Map.Entry<Double, Long> e : bins.entrySet()) {
                seen += e.getValue();
                if (seen >= rank) {
                    out.put(percentileKey(p), e.getKey());
                    break;
                }
            }
        }
        return out;
    }

    /** Mean total latency over both directions and all jobs, weighted by their IOPS. */
    private static Double meanLatency(List<FioJob> entries) {
        double weighted = 0;
        double weight = 0;
        for (FioJob j : entries) {
            for (FioJob.Direction d : List.of(j.read(), j.write())) {
                if (d.active() && d.iops() != null && d.latMeanUs() != null) {
                    weighted += d.latMeanUs() * d.iops();
                    weight += d.iops();
                }
            }
        }
        return weight == 0 ? null : weighted / weight;
    }

    /** fio's "99.900000" as "p99.9". */
    static String percentileKey(double percent) {
        String s = BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString();
        return "p" + s;
    }
}
