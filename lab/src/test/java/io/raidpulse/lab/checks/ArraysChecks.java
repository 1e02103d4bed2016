package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.tools.Run;
import io.raidpulse.lab.guest.MdMoment;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.lab.truth.MdadmDetail;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;

/**
 * {@code arrays --json} on every recorded snapshot held against {@code mdadm --detail} of the same
 * moment (taken just after the snapshot, truth/): level, layout, chunk, device counts, degraded,
 * each member's state and slot, the sync in progress and its percent, nested arrays' leaf disks,
 * and no warning on anything the kernel wrote.
 *
 * <p>mdadm reads the kernel just before the snapshot (truth/time bounds the gap), so a value
 * that moves may have moved: sync progress must lie between mdadm's whole percent (mdadm
 * truncates) and that plus one plus twice the distance the sync covers in the gap at its speed.
 * Where /proc/mdstat or md's sysfs ({@link MdMoment}) read before mdadm and the snapshot's own
 * differ in more than progress, the arrays changed while mdadm looked (a member failed, a sync
 * ended): such a snapshot is counted, not compared, and there may be few. The array state
 * (clean/active) flips with every write, so it is compared only where the array wrote nothing
 * since the snapshot before.
 */
public final class ArraysChecks {
    private static final Pattern PROGRESS = Pattern.compile("\\b(resync|recovery|check|reshape|repair)\\s*=\\s*[0-9.]+%");

    private ArraysChecks() {
    }

    /** Checks every snapshot; returns how many array states were compared. */
    public static int everySnapshot(Recording r) throws IOException {
        int compared = 0;
        int unsettled = 0;
        int withArrays = 0;
        SoftAssertions soft = new SoftAssertions();
        Path previous = null;
        for (Path snap : r.snapshots()) {
            Path earlier = previous;
            previous = snap;
            Path detailFile = snap.resolve("truth/mdadm-detail.txt");
            Path before = snap.resolve("truth/mdstat-before");
            if (!Files.isRegularFile(before)) {
                continue;
            }
            if (!Files.isRegularFile(detailFile) && Files.readString(before).lines().noneMatch(l -> l.startsWith("md"))) {
                continue;
            }
            withArrays++;
            Path mdBefore = snap.resolve("truth/md-before");
            String mdstat = Files.readString(snap.resolve("proc/mdstat"));
            if (!settled(Files.readString(before)).equals(settled(mdstat))
                    || Files.isRegularFile(mdBefore)
                        && !withoutArrayState(Files.readString(mdBefore)).equals(withoutArrayState(MdMoment.read(snap.resolve("sys/block"))))) {
                if (!eventWithin(r, snap)) {
                    unsettled++;
                }
                continue;
            }
            String detailText = Files.isRegularFile(detailFile) ? Files.readString(detailFile) : "";
            List<MdadmDetail> details = MdadmDetail.parse(detailText);
            String where = r.name() + " " + snap.getFileName();
            Run run = Run.of("arrays", "--json", "--proc-root", snap.resolve("proc").toString(), "--sys-root", snap.resolve("sys").toString());
            soft.assertThat(run.exitCode()).as("%s: arrays exit code (%s)", where, run.err()).isZero();
            soft.assertThat(run.err()).as("%s: arrays warned", where).isEmpty();
            Map<String, JsonNode> ours = new LinkedHashMap<>();
            for (JsonNode a : run.jsonLines()) {
                ours.put(a.path("name").asText(), a);
            }
            Map<String, MdadmDetail> theirs = new LinkedHashMap<>();
            details.forEach(d -> theirs.put(d.array(), d));
            soft.assertThat(ours.keySet()).as("%s: arrays reported", where).containsExactlyInAnyOrderElementsOf(theirs.keySet());
            double gap = gapSeconds(snap);
            for (MdadmDetail d : details) {
                JsonNode a = ours.get(d.array());
                if (a == null) {
                    continue;
                }
                boolean stateSettled = Files.isRegularFile(mdBefore) && arrayState(Files.readString(mdBefore), d.array())
                        .equals(a.path("state").asText());
                compare(soft, where + " " + d.array(), a, d, theirs, gap, stateSettled && quiet(earlier, snap, d.array()),
                        !eventWithin(r, snap), mdstat);
                compared++;
            }
        }
        soft.assertThat(unsettled).as("%s: snapshots taken while the arrays changed with nothing the scenario did in between, of %d",
                        r.name(), withArrays)
                .isLessThanOrEqualTo(Math.max(2, withArrays / 5));
        soft.assertAll();
        return compared;
    }

    /** md's read-only array_state words and how /proc/mdstat marks them on the array's line. */
    private static final Map<String, String> READ_ONLY = Map.of("readonly", "(read-only)", "read-auto", "(auto-read-only)");

    /** The array's own line of /proc/mdstat ("md0 : active (read-only) raid1 ..."), "" when absent. */
    static String mdstatLine(String mdstat, String array) {
        return mdstat.lines().filter(l -> l.startsWith(array + " : ")).findFirst().orElse("");
    }

    private static final Pattern ARRAY_STATE = Pattern.compile("^(md\\S+) state=(\\S+)", Pattern.MULTILINE);

    /**
     * md's sysfs moment without the arrays' array_state, which flips between clean and active with
     * the writes of a second (md's safe mode) rather than with events.
     */
    static String withoutArrayState(String moment) {
        return ARRAY_STATE.matcher(moment).replaceAll("$1");
    }

    /** An array's array_state in an md moment, "" when it has none. */
    static String arrayState(String moment, String array) {
        Matcher m = ARRAY_STATE.matcher(moment);
        while (m.find()) {
            if (m.group(1).equals(array)) {
                return m.group(2);
            }
        }
        return "";
    }

    /** /proc/mdstat without what moves on its own: sync progress and bitmap page counts. */
    static String settled(String mdstat) {
        StringBuilder out = new StringBuilder();
        for (String line : mdstat.split("\n")) {
            Matcher m = PROGRESS.matcher(line);
            if (m.find()) {
                out.append("sync ").append(m.group(1)).append('\n');
            } else if (line.trim().startsWith("bitmap:")) {
                out.append("bitmap\n");
            } else {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static void compare(SoftAssertions soft, String where, JsonNode a, MdadmDetail d, Map<String, MdadmDetail> all,
                                double gapS, boolean idle, boolean policySettled, String mdstat) {
        soft.assertThat(a.path("level").asText()).as("%s: level", where).isEqualTo(d.level());
        soft.assertThat(text(a, "layout")).as("%s: layout", where).isEqualTo(layout(d));
        Long chunk = d.chunkBytes();
        soft.assertThat(a.path("chunk_kib").isNull() ? null : a.path("chunk_kib").asLong())
                .as("%s: chunk KiB", where).isEqualTo(chunk == null ? null : chunk / 1024);
        soft.assertThat(a.path("raid_disks").asInt()).as("%s: raid disks", where).isEqualTo(d.number("Raid Devices"));
        Integer active = d.number("Active Devices");
        if (!d.level().equals("raid0") && !d.level().equals("linear") && active != null) {
            soft.assertThat(a.path("degraded").asInt()).as("%s: degraded", where).isEqualTo(d.number("Raid Devices") - active);
        }
        String mdadmState = d.states().get(0);
        String state = a.path("state").asText();
        if (idle && READ_ONLY.containsKey(state)) {
            // mdadm 4.2 takes clean or active from the array's superblock state and says nothing of
            // read-only; /proc/mdstat marks it on the array's line
            soft.assertThat(mdadmState).as("%s: mdadm's state of an array md says is %s", where, state).isEqualTo("clean");
            soft.assertThat(mdstatLine(mdstat, d.array())).as("%s: mdstat's line of an array md says is %s", where, state)
                    .contains(" " + READ_ONLY.get(state) + " ");
        } else if (idle) {
            soft.assertThat(state).as("%s: array state with no write in flight", where).isEqualTo(mdadmState);
        }
        members(soft, where, a, d, gapS);
        sync(soft, where, a, d, gapS);
        guard(soft, where, a, d, policySettled);
        Set<String> leaves = new LinkedHashSet<>();
        leaves(d, all, leaves);
        leaves.addAll(unnamedFaulty(a, d));
        List<String> ourLeaves = new ArrayList<>();
        a.path("leaf_disks").forEach(n -> ourLeaves.add(n.asText()));
        soft.assertThat(ourLeaves).as("%s: leaf disks", where).containsExactlyInAnyOrderElementsOf(leaves);
    }

    private static void members(SoftAssertions soft, String where, JsonNode a, MdadmDetail d, double gapS) {
        Map<String, JsonNode> ours = new LinkedHashMap<>();
        a.path("members").forEach(m -> ours.put(m.path("device").asText(), m));
        List<String> names = new ArrayList<>(d.devices().stream().map(MdadmDetail.Device::name).toList());
        names.addAll(unnamedFaulty(a, d));
        soft.assertThat(ours.keySet()).as("%s: members", where).containsExactlyInAnyOrderElementsOf(names);
        for (MdadmDetail.Device dev : d.devices()) {
            JsonNode m = ours.get(dev.name());
            if (m == null) {
                continue;
            }
            String expected = dev.has("faulty") ? "faulty"
                    : dev.has("rebuilding") ? "rebuilding"
                    : dev.has("journal") ? "journal"
                    : dev.has("spare") ? "spare"
                    : dev.has("sync") ? "in_sync" : "unknown";
            soft.assertThat(m.path("status").asText()).as("%s: %s status (mdadm: %s)", where, dev.name(), String.join(" ", dev.state()))
                    .isEqualTo(expected);
            Integer role = m.path("role").isNull() || m.path("role").isMissingNode() ? null : m.path("role").asInt();
            soft.assertThat(role).as("%s: %s slot", where, dev.name()).isEqualTo(dev.slot());
            Integer number = m.path("number").isNull() || m.path("number").isMissingNode() ? null : m.path("number").asInt();
            soft.assertThat(number).as("%s: %s number (mdadm's Number)", where, dev.name()).isEqualTo(dev.number());
            boolean writeMostly = false;
            for (JsonNode w : m.path("state")) {
                writeMostly |= w.asText().equals("write_mostly") || w.asText().equals("writemostly");
            }
            soft.assertThat(writeMostly).as("%s: %s write-mostly", where, dev.name()).isEqualTo(dev.has("writemostly"));
        }
    }

    /**
     * The bitmap and the consistency policy against mdadm's "Intent Bitmap : Internal" (or the
     * bitmap file's path; no line without a bitmap) and "Consistency Policy : ...".
     */
    private static void guard(SoftAssertions soft, String where, JsonNode a, MdadmDetail d, boolean policySettled) {
        String intent = d.field("Intent Bitmap");
        String bitmap = intent == null ? "none" : intent.equalsIgnoreCase("Internal") ? "internal" : "external";
        // nor a bitmap the scenario added while mdadm looked (md-features' --grow --bitmap=FILE: sysfs says file before mdadm sees it)
        if (text(a, "bitmap") != null && !d.level().equals("raid0") && !d.level().equals("linear") && policySettled) {
            soft.assertThat(text(a, "bitmap")).as("%s: bitmap (mdadm: %s)", where, intent).isEqualTo(bitmap);
        }
        String policy = d.field("Consistency Policy");
        // md's sysfs read before mdadm does not hold the policy: one the scenario switched while mdadm looked is not compared
        if (policy != null && text(a, "consistency_policy") != null && policySettled) {
            soft.assertThat(text(a, "consistency_policy")).as("%s: consistency policy", where).isEqualTo(policy);
        }
    }

    /** Our sync kind and percent (read after mdadm's) against mdadm's "X Status : N% complete". */
    private static void sync(SoftAssertions soft, String where, JsonNode a, MdadmDetail d, double gapS) {
        MdadmDetail.Sync theirs = d.sync();
        String action = text(a, "sync_action");
        boolean running = action != null && !action.equals("idle") && !action.equals("frozen")
                && "running".equals(text(a, "sync_state"));
        Double pct = a.path("sync_completed_pct").isNumber() ? a.path("sync_completed_pct").asDouble() : null;
        double drift = drift(a, gapS);
        if (theirs == null) {
            if (running) {
                // started after mdadm looked: it cannot have gone far
                soft.assertThat(pct == null ? 0 : pct).as("%s: %s started after mdadm's read", where, action).isLessThanOrEqualTo(drift + 0.1);
            }
            return;
        }
        if (!running) {
            // ended after mdadm looked: it was within reach of its end
            soft.assertThat(theirs.percent() + 1 + drift).as("%s: mdadm saw %s at %d%%, ended by the snapshot", where, theirs.kind(),
                    theirs.percent()).isGreaterThanOrEqualTo(99.0);
            return;
        }
        soft.assertThat(kind(action)).as("%s: sync kind", where).isEqualTo(theirs.kind());
        soft.assertThat(pct).as("%s: sync percent", where).isNotNull();
        if (pct != null) {
            soft.assertThat(pct).as("%s: %s %.2f%% against mdadm's %d%% read up to %.1f s before", where, action, pct, theirs.percent(), gapS)
                    .isBetween(theirs.percent() - 0.15, theirs.percent() + 1.0 + drift);
        }
    }

    /**
     * Percent the sync covers in {@code gapS}: twice its speed (md holds sync_speed_max over a
     * window, not per second, and sync_speed is a 30 s mean) over its total.
     */
    private static double drift(JsonNode a, double gapS) {
        double speed = a.path("sync_speed_kib_s").asDouble(0);
        double totalKib = a.path("sync_total_sectors").asDouble(0) / 2;
        return totalKib > 0 ? 2 * 100.0 * speed * gapS / totalKib : 100;
    }

    /**
     * mdadm's word for a sync_action: mdadm takes it from /proc/mdstat (Detail.c), which prints a
     * repair as "resync" (md.c status_resync): recover -> Rebuild, resync and repair -> Resync,
     * check -> Check, reshape -> Reshape.
     */
    static String kind(String action) {
        return switch (action) {
            case "recover" -> "Rebuild";
            case "resync", "repair" -> "Resync";
            case "check" -> "Check";
            case "reshape" -> "Reshape";
            default -> action;
        };
    }

    /** mdadm's layout in raidpulse's words: near=2 -> near-2, -unknown- -> none; raid1 has none. */
    static String layout(MdadmDetail d) {
        String l = d.field("Layout");
        if (l == null || l.equals("-unknown-")) {
            return null;
        }
        return l.replace('=', '-').toLowerCase(Locale.ROOT);
    }

    /**
     * Our faulty members that mdadm cannot name, one for each of its {@code faulty missing} rows: a
     * disk pulled out of the machine is gone from /dev while md still holds it (mdstat's
     * {@code vdb[1](F)}, md's {@code dev-vdb}), and raidpulse names it from md's own sysfs.
     */
    private static List<String> unnamedFaulty(JsonNode a, MdadmDetail d) {
        Set<String> named = new LinkedHashSet<>(d.devices().stream().map(MdadmDetail.Device::name).toList());
        List<String> out = new ArrayList<>();
        for (JsonNode m : a.path("members")) {
            String name = m.path("device").asText();
            if (!named.contains(name) && m.path("status").asText().equals("faulty") && out.size() < d.missing().size()) {
                out.add(name);
            }
        }
        return out;
    }

    private static void leaves(MdadmDetail d, Map<String, MdadmDetail> all, Set<String> out) {
        for (MdadmDetail.Device dev : d.devices()) {
            MdadmDetail nested = all.get(dev.name());
            if (nested != null) {
                leaves(nested, all, out);
            } else {
                out.add(dev.name());
            }
        }
    }

    private static String text(JsonNode a, String key) {
        JsonNode v = a.path(key);
        return v.isNull() || v.isMissingNode() ? null : v.asText();
    }

    /** Seconds from the snapshot to the end of mdadm's reads (truth/time). */
    /**
     * Whether the scenario did something, or saw md reach a state it waited for, between the guest's
     * reads before mdadm and the snapshot (truth/time's uptimes): such a snapshot straddles an event
     * and is rightly not compared. On a host whose other work slows the guest several times, mdadm
     * and the snapshot take tens of seconds, and more snapshots straddle one; one that changed with
     * no event in its span is what stays bounded.
     */
    private static boolean eventWithin(Recording r, Path snap) throws IOException {
        Map<String, String> t = new LinkedHashMap<>();
        for (String line : Files.readAllLines(snap.resolve("truth/time"))) {
            String[] kv = line.split(" ");
            t.put(kv[0], kv[1]);
        }
        if (!t.containsKey("uptime_before") || !t.containsKey("uptime_after")) {
            return false;
        }
        double from = Double.parseDouble(t.get("uptime_before"));
        double to = Double.parseDouble(t.get("uptime_after"));
        return r.events().stream().anyMatch(e -> e.uptime() >= from && e.uptime() <= to && !e.kind().equals("sleep")
                && !e.kind().startsWith("bench"));
    }

    private static double gapSeconds(Path snap) throws IOException {
        Map<String, String> t = new LinkedHashMap<>();
        for (String line : Files.readAllLines(snap.resolve("truth/time"))) {
            String[] kv = line.split(" ");
            t.put(kv[0], kv[1]);
        }
        return Double.parseDouble(t.get("uptime_after")) - Double.parseDouble(t.get("uptime_before"));
    }

    /** Whether array {@code md} had no request in flight at the snapshot (diskstats field 12, I/Os in progress). */
    /**
     * No write completed on the array since the snapshot before, none in flight at this one: its
     * array state (clean/active, md's safe mode) cannot have flipped while mdadm read it. A
     * mounted filesystem writes on its own (jbd2 commits), so a request in flight at the snapshot
     * alone says too little.
     */
    private static boolean quiet(Path earlier, Path snap, String md) throws IOException {
        String[] now = diskstats(snap, md);
        String[] before = earlier == null ? null : diskstats(earlier, md);
        return now != null && before != null && now[11].equals("0") && now[7].equals(before[7]);
    }

    /** The array's /proc/diskstats fields, null when it has none. */
    private static String[] diskstats(Path snap, String md) throws IOException {
        for (String line : Files.readAllLines(snap.resolve("proc/diskstats"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 11 && f[2].equals(md)) {
                return f;
            }
        }
        return null;
    }
}
