package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkProfile;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Pattern;
import io.raidpulse.model.profile.Tool;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * fio jobs to profiles, shared by the JSON and terse importers: one profile per fio group
 * (jobs between stonewalls), summing the jobs of a group as group_reporting would.
 */
final class FioProfiles {

    /** fio's defaults for options a job file leaves out (fio HOWTO): bs=4k, iodepth=1, rwmixread=50. */
    private static final long DEFAULT_BS = 4096;

    /**
     * Measured member I/Os per md write from fio's {@code disk_util} (raid-model.md: "Observed
     * write amplification").
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

    static List<BenchmarkProfile> build(BenchmarkFormat format, String text, String fioVersion, List<FioJob> jobs,
            MdRatios md, List<String> runNotes, ImportContext ctx) throws ImportException {
        Map<Integer, List<FioJob>> groups = new LinkedHashMap<>();
        for (FioJob j : jobs) {
            groups.computeIfAbsent(j.groupId(), g -> new ArrayList<>()).add(j);
        }
        List<BenchmarkProfile> out = new ArrayList<>();
        for (Map.Entry<Integer, List<FioJob>> g : groups.entrySet()) {
            out.add(group(format, text, fioVersion, g.getKey(), g.getValue(), groups.size() == 1 ? md : null, runNotes, ctx));
        }
        return out;
    }

    private static BenchmarkProfile group(BenchmarkFormat format, String text, String fioVersion, int groupId, List<FioJob> entries,
            MdRatios md, List<String> runNotes, ImportContext ctx) throws ImportException {
        String fmt = format.displayName();
        FioJob first = entries.get(0);
        Map<String, String> options = first.options();
        BenchmarkProfile.Builder b = BenchmarkProfile.builder(ImportSupport.id(Tool.FIO, text, "g" + groupId), Tool.FIO)
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

        Workload w = options == null ? null : workload(fmt, first.where(), options);
        Double total = readIops == null || writeIops == null ? null : readIops + writeIops;
        if (total != null && total > 0) {
            b.readFraction(readIops / total);
        } else if (w != null) {
            b.readFraction(w.readFraction());
        }
        if (w != null) {
            b.pattern(w.pattern()).blockSizeBytes(w.blockSize()).queueDepth(w.queueDepth()).direct(w.direct())
                    .fileSizeBytes(w.fileSize()).jobs(Math.max(entries.size(), w.numjobs()));
        } else {
            if (total != null && total > 0) {
                long bs = Math.round((readBps + writeBps) / total / 512) * 512;
                if (bs > 0) {
                    b.blockSizeBytes(bs).note("Block size derived from bandwidth / IOPS: the output carries no job options.");
                }
            }
            if (entries.size() > 1) {
                b.jobs(entries.size());
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

    private record Workload(Pattern pattern, double readFraction, long blockSize, int queueDepth, int numjobs, boolean direct, Long fileSize) {
    }

    /** The workload a job's options describe, fio's defaults filling what is not set. */
    private static Workload workload(String fmt, String where, Map<String, String> o) throws ImportException {
        String rwText = rw(o) == null ? "read" : rw(o);
        String rwOp = rwText.contains(":") ? rwText.substring(0, rwText.indexOf(':')) : rwText;
        Pattern pattern;
        double mix = mix(fmt, where, o);
        double readFraction;
        switch (rwOp.trim().toLowerCase(Locale.ROOT)) {
            case "read" -> { pattern = Pattern.SEQUENTIAL; readFraction = 1; }
            case "write", "trim", "trimwrite" -> { pattern = Pattern.SEQUENTIAL; readFraction = 0; }
            case "rw", "readwrite" -> { pattern = Pattern.SEQUENTIAL; readFraction = mix; }
            case "randread" -> { pattern = Pattern.RANDOM; readFraction = 1; }
            case "randwrite", "randtrim", "randtrimwrite" -> { pattern = Pattern.RANDOM; readFraction = 0; }
            case "randrw" -> { pattern = Pattern.RANDOM; readFraction = mix; }
            default -> throw ImportException.atField(fmt, where + ".rw", "unknown fio rw '" + rwText + "'");
        }
        String pr = o.get("percentage_random");
        if (pr != null) {
            double p = optionNumber(fmt, where + ".percentage_random", pr.split(",")[0]);
            if (p > 0 && p < 100) {
                pattern = Pattern.MIXED;
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
        boolean direct = flag(o.get("direct")) || "0".equals(o.get("buffered"));
        String size = o.getOrDefault("size", o.get("filesize"));
        Long fileSize = size == null || size.contains("%") || size.contains(",") || size.contains("-")
                ? null : optionSize(fmt, where + ".size", size);
        return new Workload(pattern, readFraction, bs, depth, numjobs, direct, fileSize);
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
