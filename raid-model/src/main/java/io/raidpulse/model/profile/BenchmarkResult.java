package io.raidpulse.model.profile;

import io.raidpulse.model.capacity.RaidLevel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark result: what was measured, on what, the results, where it came from and how
 * far to trust it. Maps 1:1 onto the Avro {@code BenchmarkProfile} published on
 * {@code raidpulse.benchmarks} (keyed by {@link #id()}). Unknown values are null, never 0.
 *
 * @param id                     stable key: the same input imported twice gets the same id
 * @param tool                   program that measured
 * @param toolVersion            version it printed ("fio-3.33" gives "3.33"); null when it printed none
 * @param parameters             the tool's options and settings as printed (fio job options, pgbench scaling factor)
 * @param pattern                access pattern; null when the output does not say (fio terse)
 * @param blockSizeBytes         request size
 * @param queueDepth             requests each job keeps outstanding (fio iodepth)
 * @param jobs                   parallel jobs, threads, processes or clients
 * @param readFraction           share of I/Os that were reads, 0..1 (measured when the output gives both directions)
 * @param fileSizeBytes          data set the benchmark touched
 * @param ramBytes               RAM of the machine that ran it
 * @param direct                 true for O_DIRECT I/O, false for buffered
 * @param target                 what it ran on: level, layout (canonical), disks, disk model, controller, filesystem
 * @param readIops               reads per second
 * @param writeIops              writes per second
 * @param readBytesPerSec        bytes read per second
 * @param writeBytesPerSec       bytes written per second
 * @param tps                    application transactions per second (pgbench)
 * @param readLatencyUs          read completion latency by percentile ("p50", "p99.9"; "max" for bonnie++), microseconds
 * @param writeLatencyUs         write completion latency by percentile, microseconds
 * @param meanLatencyUs          mean latency of all requests or transactions, microseconds
 * @param memberReadsPerMdWrite  measured member reads per md write beyond the md reads (fio disk_util on md)
 * @param memberWritesPerMdWrite measured member writes per md write (fio disk_util on md)
 * @param source                 provenance: the file, write-up or data set
 * @param importedAtMs           when it was imported, epoch milliseconds
 * @param notes                  what the importer or catalog wants a reader to know
 * @param verdict                trust verdict from {@link TrustVerdicts}
 * @param verdictReasons         why the verdict is not TRUSTED, one line each
 * @param modelRatio             measured / model, when the model could be evaluated
 */
public record BenchmarkResult(
        String id,
        Tool tool,
        String toolVersion,
        Map<String, String> parameters,
        IoPattern pattern,
        Long blockSizeBytes,
        Integer queueDepth,
        Integer jobs,
        Double readFraction,
        Long fileSizeBytes,
        Long ramBytes,
        Boolean direct,
        Target target,
        Double readIops,
        Double writeIops,
        Double readBytesPerSec,
        Double writeBytesPerSec,
        Double tps,
        Map<String, Double> readLatencyUs,
        Map<String, Double> writeLatencyUs,
        Double meanLatencyUs,
        Double memberReadsPerMdWrite,
        Double memberWritesPerMdWrite,
        String source,
        Long importedAtMs,
        String notes,
        Verdict verdict,
        List<String> verdictReasons,
        Double modelRatio) {

    public BenchmarkResult {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("profile id is required");
        }
        if (tool == null) {
            throw new IllegalArgumentException("profile tool is required");
        }
        if (verdict == null) {
            throw new IllegalArgumentException("profile verdict is required");
        }
        target = target == null ? Target.UNKNOWN : target;
        parameters = parameters == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        verdictReasons = verdictReasons == null ? List.of() : List.copyOf(verdictReasons);
        readLatencyUs = latencies("read latency", readLatencyUs);
        writeLatencyUs = latencies("write latency", writeLatencyUs);
        positive("block size", blockSizeBytes);
        positive("queue depth", queueDepth);
        positive("jobs", jobs);
        positive("file size", fileSizeBytes);
        positive("RAM", ramBytes);
        nonNegative("read IOPS", readIops);
        nonNegative("write IOPS", writeIops);
        nonNegative("read bytes/s", readBytesPerSec);
        nonNegative("write bytes/s", writeBytesPerSec);
        nonNegative("tps", tps);
        nonNegative("mean latency", meanLatencyUs);
        nonNegative("member reads per md write", memberReadsPerMdWrite);
        nonNegative("member writes per md write", memberWritesPerMdWrite);
        nonNegative("model ratio", modelRatio);
        if (readFraction != null && !(readFraction >= 0 && readFraction <= 1)) {
            throw new IllegalArgumentException("read fraction must be within 0..1, got " + readFraction);
        }
    }

    public RaidLevel level() {
        return target.level();
    }

    /** The layout in canonical form ("near-2", "left-symmetric"), or null. */
    public String layout() {
        return target.layout();
    }

    public Integer disks() {
        return target.disks();
    }

    public String diskModel() {
        return target.diskModel();
    }

    public Boolean rotational() {
        return target.rotational();
    }

    public String controller() {
        return target.controller();
    }

    public String filesystem() {
        return target.filesystem();
    }

    public Long diskSizeBytes() {
        return target.diskSizeBytes();
    }

    public static Builder builder(String id, Tool tool) {
        return new Builder(id, tool);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Read plus write IOPS, or null when neither is known. */
    public Double totalIops() {
        return readIops == null && writeIops == null ? null : orZero(readIops) + orZero(writeIops);
    }

    /** Outstanding requests over all jobs, or null when either is unknown. */
    public Integer outstanding() {
        return queueDepth == null || jobs == null ? null : queueDepth * jobs;
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }

    private static void positive(String what, Number n) {
        if (n != null && !(n.doubleValue() > 0 && Double.isFinite(n.doubleValue()))) {
            throw new IllegalArgumentException(what + " must be positive, got " + n);
        }
    }

    private static void nonNegative(String what, Double d) {
        if (d != null && !(d >= 0 && Double.isFinite(d))) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, got " + d);
        }
    }

    private static Map<String, Double> latencies(String what, Map<String, Double> in) {
        if (in == null || in.isEmpty()) {
            return null;
        }
        List<Map.Entry<String, Double>> entries = new ArrayList<>(in.entrySet());
        for (Map.Entry<String, Double> e : entries) {
            if (!e.getKey().matches("p\\d+(\\.\\d+)?|max")) {
                throw new IllegalArgumentException(what + " key must be like p50, p99.9 or max, got '" + e.getKey() + "'");
            }
            nonNegative(what + " " + e.getKey(), e.getValue());
        }
        entries.sort(Comparator.comparingDouble(e -> e.getKey().equals("max") ? 101 : Double.parseDouble(e.getKey().substring(1))));
        Map<String, Double> ordered = new LinkedHashMap<>();
        entries.forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return Collections.unmodifiableMap(ordered);
    }

    /** Mutable builder: importers fill what the output tells them and leave the rest null. */
    public static final class Builder {
        private String id;
        private Tool tool;
        private String toolVersion;
        private Map<String, String> parameters = new LinkedHashMap<>();
        private IoPattern pattern;
        private Long blockSizeBytes;
        private Integer queueDepth;
        private Integer jobs;
        private Double readFraction;
        private Long fileSizeBytes;
        private Long ramBytes;
        private Boolean direct;
        private RaidLevel level;
        private String layout;
        private Integer disks;
        private String diskModel;
        private Boolean rotational;
        private String controller;
        private String filesystem;
        private Long diskSizeBytes;
        private Double readIops;
        private Double writeIops;
        private Double readBytesPerSec;
        private Double writeBytesPerSec;
        private Double tps;
        private Map<String, Double> readLatencyUs;
        private Map<String, Double> writeLatencyUs;
        private Double meanLatencyUs;
        private Double memberReadsPerMdWrite;
        private Double memberWritesPerMdWrite;
        private String source;
        private Long importedAtMs;
        private String notes;
        private Verdict verdict = Verdict.TRUSTED;
        private List<String> verdictReasons = List.of();
        private Double modelRatio;

        private Builder(String id, Tool tool) {
            this.id = id;
            this.tool = tool;
        }

        private Builder(BenchmarkResult p) {
            id = p.id;
            tool = p.tool;
            toolVersion = p.toolVersion;
            parameters = new LinkedHashMap<>(p.parameters);
            pattern = p.pattern;
            blockSizeBytes = p.blockSizeBytes;
            queueDepth = p.queueDepth;
            jobs = p.jobs;
            readFraction = p.readFraction;
            fileSizeBytes = p.fileSizeBytes;
            ramBytes = p.ramBytes;
            direct = p.direct;
            level = p.level();
            layout = p.layout();
            disks = p.disks();
            diskModel = p.diskModel();
            rotational = p.rotational();
            controller = p.controller();
            filesystem = p.filesystem();
            diskSizeBytes = p.diskSizeBytes();
            readIops = p.readIops;
            writeIops = p.writeIops;
            readBytesPerSec = p.readBytesPerSec;
            writeBytesPerSec = p.writeBytesPerSec;
            tps = p.tps;
            readLatencyUs = p.readLatencyUs;
            writeLatencyUs = p.writeLatencyUs;
            meanLatencyUs = p.meanLatencyUs;
            memberReadsPerMdWrite = p.memberReadsPerMdWrite;
            memberWritesPerMdWrite = p.memberWritesPerMdWrite;
            source = p.source;
            importedAtMs = p.importedAtMs;
            notes = p.notes;
            verdict = p.verdict;
            verdictReasons = p.verdictReasons;
            modelRatio = p.modelRatio;
        }

        public Builder id(String v) { id = v; return this; }
        public Builder toolVersion(String v) { toolVersion = v; return this; }
        public Builder parameter(String key, String value) { parameters.put(key, value); return this; }
        public Builder parameters(Map<String, String> v) { parameters = new LinkedHashMap<>(v); return this; }
        public Builder pattern(IoPattern v) { pattern = v; return this; }
        public Builder blockSizeBytes(Long v) { blockSizeBytes = v; return this; }
        public Builder queueDepth(Integer v) { queueDepth = v; return this; }
        public Builder jobs(Integer v) { jobs = v; return this; }
        public Builder readFraction(Double v) { readFraction = v; return this; }
        public Builder fileSizeBytes(Long v) { fileSizeBytes = v; return this; }
        public Builder ramBytes(Long v) { ramBytes = v; return this; }
        public Builder direct(Boolean v) { direct = v; return this; }
        public Builder level(RaidLevel v) { level = v; return this; }
        public Builder layout(String v) { layout = v; return this; }
        public Builder disks(Integer v) { disks = v; return this; }
        public Builder diskModel(String v) { diskModel = v; return this; }
        public Builder rotational(Boolean v) { rotational = v; return this; }
        public Builder controller(String v) { controller = v; return this; }
        public Builder filesystem(String v) { filesystem = v; return this; }
        public Builder diskSizeBytes(Long v) { diskSizeBytes = v; return this; }
        public Builder readIops(Double v) { readIops = v; return this; }
        public Builder writeIops(Double v) { writeIops = v; return this; }
        public Builder readBytesPerSec(Double v) { readBytesPerSec = v; return this; }
        public Builder writeBytesPerSec(Double v) { writeBytesPerSec = v; return this; }
        public Builder tps(Double v) { tps = v; return this; }
        public Builder readLatencyUs(Map<String, Double> v) { readLatencyUs = v; return this; }
        public Builder writeLatencyUs(Map<String, Double> v) { writeLatencyUs = v; return this; }
        public Builder meanLatencyUs(Double v) { meanLatencyUs = v; return this; }
        public Builder memberReadsPerMdWrite(Double v) { memberReadsPerMdWrite = v; return this; }
        public Builder memberWritesPerMdWrite(Double v) { memberWritesPerMdWrite = v; return this; }
        public Builder source(String v) { source = v; return this; }
        public Builder importedAtMs(Long v) { importedAtMs = v; return this; }
        public Builder notes(String v) { notes = v; return this; }
        public Builder verdict(Verdict v) { verdict = v; return this; }
        public Builder verdictReasons(List<String> v) { verdictReasons = v; return this; }
        public Builder modelRatio(Double v) { modelRatio = v; return this; }

        /** Appends a sentence to the notes. */
        public Builder note(String sentence) {
            notes = notes == null || notes.isEmpty() ? sentence : notes + " " + sentence;
            return this;
        }

        /** Copies every known field of the target; unknown ones leave what is there. */
        public Builder target(Target t) {
            if (t.level() != null) {
                level = t.level();
            }
            if (t.layout() != null) {
                layout = t.layout();
            }
            if (t.disks() != null) {
                disks = t.disks();
            }
            if (level == RaidLevel.SINGLE && disks == null) {
                disks = 1;
            }
            if (t.diskModel() != null) {
                diskModel = t.diskModel();
            }
            if (t.rotational() != null) {
                rotational = t.rotational();
            }
            if (t.controller() != null) {
                controller = t.controller();
            }
            if (t.filesystem() != null) {
                filesystem = t.filesystem();
            }
            if (t.diskSizeBytes() != null) {
                diskSizeBytes = t.diskSizeBytes();
            }
            return this;
        }

        public BenchmarkResult build() {
            Target target = new Target(level, layout, disks, diskModel, rotational, controller, filesystem, diskSizeBytes);
            return new BenchmarkResult(id, tool, toolVersion, parameters, pattern, blockSizeBytes, queueDepth, jobs,
                    readFraction, fileSizeBytes, ramBytes, direct, target, readIops, writeIops, readBytesPerSec,
                    writeBytesPerSec, tps, readLatencyUs, writeLatencyUs, meanLatencyUs, memberReadsPerMdWrite,
                    memberWritesPerMdWrite, source, importedAtMs, notes, verdict, verdictReasons, modelRatio);
        }
    }
}
