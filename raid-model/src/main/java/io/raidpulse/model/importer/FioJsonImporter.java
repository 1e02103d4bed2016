package io.raidpulse.model.importer;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.raidpulse.model.profile.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * fio {@code --output-format=json} and {@code json+}, fio 2.x to 3.x.
 *
 * <ul>
 *   <li>fio 2.99+ reports latencies as {@code clat_ns}/{@code lat_ns} in nanoseconds, older fio as
 *       {@code clat}/{@code lat} in microseconds; both become microseconds.</li>
 *   <li>fio 2.x repeats the key {@code "0.00"} in percentile objects: duplicates are accepted and
 *       keys at or below zero ignored.</li>
 *   <li>{@code bw_bytes} (fio 3.2+) is bytes/s; older fio has only {@code bw} in KiB/s.</li>
 *   <li>Job options are strings ("4k", "64") printed under {@code "global options"} and
 *       {@code "job options"}; a job's own options win.</li>
 *   <li>Without group_reporting fio prints one entry per job; entries of one group are summed.</li>
 *   <li>The data set counts every job's own files: without {@code filename=} fio creates one set of
 *       files per job ({@code name.0.0}, {@code name.1.0}, ...), so numjobs x size.</li>
 *   <li>An md row in {@code disk_util} carries {@code aggr_*} averages over its members; with the
 *       md's own counts they give member I/Os per md write.</li>
 *   <li>Warnings fio prints before the JSON ("fio: ...", "note: ...") are skipped; "nan" and "inf"
 *       some fio versions print as numbers are read as unknown.</li>
 * </ul>
 */
public final class FioJsonImporter implements BenchmarkImporter {

    private static final String FMT = BenchmarkFormat.FIO_JSON.displayName();

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private static final Pattern BARE_NAN = Pattern.compile("([:\\[,]\\s*)-?(nan|inf)\\b", Pattern.CASE_INSENSITIVE);

    @Override
    public BenchmarkFormat format() {
        return BenchmarkFormat.FIO_JSON;
    }

    @Override
    public List<BenchmarkResult> parse(String text, ImportContext ctx) throws ImportException {
        List<String> lines = ImportSupport.lines(text);
        int start = 0;
        while (start < lines.size() && !lines.get(start).trim().startsWith("{")) {
            start++;
        }
        if (start == lines.size()) {
            throw ImportException.whole(FMT, "no JSON object found (expected the output of fio --output-format=json)");
        }
        String json = BARE_NAN.matcher(String.join("\n", lines.subList(start, lines.size()))).replaceAll("$1null");
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            Integer line = loc == null || loc.getLineNr() < 1 ? null : loc.getLineNr() + start;
            throw new ImportException(FMT, line, null, "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw ImportException.atLine(FMT, start + 1, "expected a JSON object");
        }
        String version = optText(root, "fio version");
        if (version != null && version.startsWith("fio-")) {
            version = version.substring(4);
        }
        Map<String, String> globals = options(root.get("global options"), "global options");
        String jobsKey = root.has("jobs") ? "jobs" : "client_stats";
        JsonNode jobsNode = root.get(jobsKey);
        if (jobsNode == null || !jobsNode.isArray()) {
            throw ImportException.atField(FMT, "jobs", "missing or not an array: not fio JSON output");
        }
        List<FioJob> jobs = new ArrayList<>();
        for (int i = 0; i < jobsNode.size(); i++) {
            JsonNode j = jobsNode.get(i);
            String path = jobsKey + "[" + i + "]";
            if (!j.isObject()) {
                throw ImportException.atField(FMT, path, "expected an object");
            }
            if (jobsKey.equals("client_stats") && "All clients".equals(optText(j, "jobname"))) {
                jobs.clear();
                jobs.add(job(j, path, globals));
                break;
            }
            jobs.add(job(j, path, globals));
        }
        if (jobs.isEmpty()) {
            throw ImportException.atField(FMT, jobsKey, "no jobs in the output");
        }
        List<String> notes = new ArrayList<>();
        FioProfiles.MdRatios md = mdRatios(root.get("disk_util"), ctx, notes);
        return FioProfiles.build(BenchmarkFormat.FIO_JSON, text, version, jobs, md, notes, ctx);
    }

    private static FioJob job(JsonNode j, String path, Map<String, String> globals) throws ImportException {
        Map<String, String> own = options(j.get("job options"), path + ".job options");
        Map<String, String> merged = null;
        if (globals != null || own != null) {
            merged = new LinkedHashMap<>();
            if (globals != null) {
                merged.putAll(globals);
            }
            if (own != null) {
                merged.putAll(own);
            }
        }
        String name = optText(j, "jobname");
        int group = (int) optLong(j, "groupid", path, 0);
        int error = (int) optLong(j, "error", path, 0);
        FioJob.Direction read;
        FioJob.Direction write;
        if (j.has("mixed") && !j.has("read")) {
            FioJob.Direction mixed = direction(j.get("mixed"), path + ".mixed");
            String rw = merged == null ? null : merged.getOrDefault("rw", merged.get("readwrite"));
            FioJob.Direction none = new FioJob.Direction(0.0, 0, Map.of(), null, Map.of());
            if (rw != null && (rw.startsWith("read") || rw.startsWith("randread"))) {
                read = mixed;
                write = none;
            } else if (rw != null && (rw.startsWith("write") || rw.startsWith("randwrite"))) {
                read = none;
                write = mixed;
            } else {
                throw ImportException.atField(FMT, path + ".mixed",
                        "unified_rw_reporting mixes reads and writes of a read/write job; re-run without --unified_rw_reporting");
            }
        } else {
            read = direction(require(j, "read", path), path + ".read");
            write = direction(require(j, "write", path), path + ".write");
        }
        Double cpu = null;
        if (j.has("usr_cpu") || j.has("sys_cpu")) {
            cpu = optNumber(j, "usr_cpu", path, 0) + optNumber(j, "sys_cpu", path, 0);
        }
        return new FioJob(name == null ? "job" + path : name, group, merged, null, read, write, cpu, error, path);
    }

    private static FioJob.Direction direction(JsonNode d, String path) throws ImportException {
        if (!d.isObject()) {
            throw ImportException.atField(FMT, path, "expected an object");
        }
        double iops = number(require(d, "iops", path), path + ".iops");
        double bytes = d.has("bw_bytes") ? number(d.get("bw_bytes"), path + ".bw_bytes")
                : number(require(d, "bw", path), path + ".bw") * 1024;
        boolean ns = d.has("clat_ns") || d.has("lat_ns");
        double toUs = ns ? 1000 : 1;
        JsonNode clat = d.get(ns ? "clat_ns" : "clat");
        JsonNode lat = d.get(ns ? "lat_ns" : "lat");
        String clatPath = path + (ns ? ".clat_ns" : ".clat");
        Map<String, Double> pct = new LinkedHashMap<>();
        Map<Double, Long> bins = new LinkedHashMap<>();
        if (clat != null && clat.isObject()) {
            JsonNode p = clat.get("percentile");
            if (p != null && p.isObject()) {
                for (Map.Entry<String, JsonNode> e : p.properties()) {
                    double percent = numericKey(e.getKey(), clatPath + ".percentile", "a percentile");
                    if (percent > 0 && percent <= 100) {
                        pct.put(FioProfiles.percentileKey(percent), number(e.getValue(), clatPath + ".percentile." + e.getKey()) / toUs);
                    }
                }
            }
            JsonNode b = clat.get("bins");
            if (b != null && b.isObject()) {
                for (Map.Entry<String, JsonNode> e : b.properties()) {
                    double value = numericKey(e.getKey(), clatPath + ".bins", "a latency");
                    bins.merge(value / toUs, (long) number(e.getValue(), clatPath + ".bins." + e.getKey()), Long::sum);
                }
            }
        }
        Double latMean = null;
        if (lat != null && lat.isObject() && lat.has("mean") && !lat.get("mean").isNull()) {
            latMean = number(lat.get("mean"), path + (ns ? ".lat_ns" : ".lat") + ".mean") / toUs;
        }
        return new FioJob.Direction(iops, bytes, pct, latMean, bins);
    }

    /**
     * Member reads and writes per md write from the first md row with {@code aggr_*} fields.
     * fio averages over the md's slaves ({@code aggr_read_ios = sum / slavecount}, integer
     * division, diskutil.c) and lists the slaves after the md row, so the member count is the
     * smallest run of following rows whose integer means reproduce the averages; when that
     * fails, the user's disk count is used.
     */
    private static FioProfiles.MdRatios mdRatios(JsonNode util, ImportContext ctx, List<String> notes) throws ImportException {
        if (util == null || !util.isArray()) {
            return null;
        }
        for (int i = 0; i < util.size(); i++) {
            JsonNode row = util.get(i);
            String path = "disk_util[" + i + "]";
            String name = optText(row, "name");
            if (!row.isObject() || name == null || !name.startsWith("md") || !row.has("aggr_read_ios")) {
                continue;
            }
            double mdReads = number(require(row, "read_ios", path), path + ".read_ios");
            double mdWrites = number(require(row, "write_ios", path), path + ".write_ios");
            long aggrReads = (long) number(row.get("aggr_read_ios"), path + ".aggr_read_ios");
            long aggrWrites = (long) number(require(row, "aggr_write_ios", path), path + ".aggr_write_ios");
            if (mdWrites == 0) {
                return null;
            }
            Integer members = slaveCount(util, i, aggrReads, aggrWrites);
            if (members == null) {
                members = ctx.target().disks();
                if (members == null) {
                    notes.add("disk_util has " + name + " but its member rows could not be told apart; give the disk count to get member I/Os per md write.");
                    return null;
                }
                notes.add("Member count for " + name + " taken from the given disk count.");
            }
            double reads = Math.max(0, (members * (double) aggrReads - mdReads) / mdWrites);
            double writes = members * (double) aggrWrites / mdWrites;
            return new FioProfiles.MdRatios(name, members, reads, writes);
        }
        return null;
    }

    private static Integer slaveCount(JsonNode util, int mdRow, long aggrReads, long aggrWrites) {
        long reads = 0;
        long writes = 0;
        for (int k = 1; mdRow + k < util.size(); k++) {
            JsonNode s = util.get(mdRow + k);
            if (!s.isObject() || !s.path("read_ios").isNumber() || !s.path("write_ios").isNumber()) {
                return null;
            }
            reads += s.get("read_ios").asLong();
            writes += s.get("write_ios").asLong();
            if (reads / k == aggrReads && writes / k == aggrWrites) {
                return k;
            }
        }
        return null;
    }

    private static Map<String, String> options(JsonNode node, String path) throws ImportException {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ImportException.atField(FMT, path, "expected an object of options");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (e.getValue().isValueNode()) {
                out.put(e.getKey(), e.getValue().asText());
            }
        }
        return out;
    }

    /** Percentile and histogram objects are keyed by numbers printed as strings ("99.900000", "33024"). */
    private static double numericKey(String key, String path, String what) throws ImportException {
        try {
            return Double.parseDouble(key);
        } catch (NumberFormatException e) {
            throw ImportException.atField(FMT, path, "key '" + key + "' is not " + what);
        }
    }

    private static JsonNode require(JsonNode n, String key, String path) throws ImportException {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            throw ImportException.atField(FMT, path + "." + key, "missing");
        }
        return v;
    }

    private static double number(JsonNode v, String path) throws ImportException {
        if (v == null || !v.isNumber()) {
            throw ImportException.atField(FMT, path, "expected a number, found " + (v == null ? "nothing" : v.toString()));
        }
        double d = v.asDouble();
        if (!Double.isFinite(d) || d < 0) {
            throw ImportException.atField(FMT, path, "expected a finite number >= 0, found " + v);
        }
        return d;
    }

    private static double optNumber(JsonNode n, String key, String path, double otherwise) throws ImportException {
        JsonNode v = n.get(key);
        return v == null || v.isNull() ? otherwise : number(v, path + "." + key);
    }

    private static long optLong(JsonNode n, String key, String path, long otherwise) throws ImportException {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw ImportException.atField(FMT, path + "." + key, "expected a whole number, found " + v);
        }
        return v.asLong();
    }

    private static String optText(JsonNode n, String key) {
        JsonNode v = n.get(key);
        return v == null || !v.isValueNode() || v.isNull() ? null : v.asText();
    }
}
