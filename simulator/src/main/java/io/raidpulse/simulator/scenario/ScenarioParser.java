package io.raidpulse.simulator.scenario;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.ParityAlgorithm;
import io.raidpulse.md.Raid10Geometry;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Parses the scenario format documented in simulator/README.md: one directive per line, a keyword
 * followed by positional words and {@code key=value} fields, {@code #} starting a comment. Every
 * error names the scenario, the line and the field.
 */
public final class ScenarioParser {
    private static final Pattern DISK_NAME = Pattern.compile("(sd[a-z]{1,2}|vd[a-z]{1,2}|nvme\\d+n1)");
    private static final Pattern ARRAY_NAME = Pattern.compile("md\\d{1,3}");
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]{0,62}");
    private static final Pattern SCENARIO_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");
    private static final Pattern CONTROLLER_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final Pattern DRIVER_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");
    private static final Set<String> EXPECT_KINDS = Set.of("saturation", "degraded", "no-spare", "member-faulty", "sync",
            "mismatch", "incident", "volume-offline", "volume-errors");

    private final String source;
    private String name;
    private String description = "";
    private String host = "sim-host";
    private Instant start = Instant.parse("2024-01-01T00:00:00Z");
    private Long duration;
    private long interval = 5;
    private long modelStep = 1;
    private long uptime = 86_400;
    private int cpus = 8;
    private int hz = 250;
    private long speedMin = 1_000;
    private long speedMax = 200_000;
    private final List<ProfileSpec> profiles = new ArrayList<>();
    private final List<DiskSpec> disks = new ArrayList<>();
    private final List<ArraySpec> arrays = new ArrayList<>();
    private final List<LoadPhase> loads = new ArrayList<>();
    private final List<EventSpec> events = new ArrayList<>();
    private final List<Expectation> expectations = new ArrayList<>();
    private final Map<String, Integer> firstLine = new HashMap<>();
    private final List<ControllerSpec> controllers = new ArrayList<>();
    private final Map<String, String> collectorSettings = new LinkedHashMap<>();

    private ScenarioParser(String source, String defaultName) {
        this.source = source;
        this.name = defaultName;
    }

    /**
     * Parses {@code text}; {@code source} names it in messages and {@code defaultName} is the
     * scenario's name unless a {@code scenario} line gives one.
     */
    public static Scenario parse(String text, String source, String defaultName) {
        ScenarioParser p = new ScenarioParser(source, defaultName);
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            p.line(lines[i], i + 1);
        }
        return p.finish();
    }

    private void line(String raw, int no) {
        List<String> words = words(raw, no);
        if (words.isEmpty()) {
            return;
        }
        String keyword = words.get(0);
        Line l = new Line(no, keyword, words.subList(1, words.size()));
        switch (keyword) {
            case "scenario" -> {
                name = l.positional(0, "name");
                if (!SCENARIO_NAME.matcher(name).matches()) {
                    throw l.error("name", "expected lower-case letters, digits and dashes, got '" + name + "'");
                }
                l.done(1);
            }
            case "description" -> description = String.join(" ", l.args).trim();
            case "host" -> {
                host = l.positional(0, "host");
                if (!HOST_NAME.matcher(host).matches()) {
                    throw l.error("host", "expected a host name, got '" + host + "'");
                }
                l.done(1);
            }
            case "start" -> {
                String t = l.positional(0, "start");
                try {
                    start = Instant.parse(t);
                } catch (DateTimeParseException e) {
                    throw l.error("start", "expected an ISO-8601 UTC time like 2024-03-04T02:00:00Z, got '" + t + "'");
                }
                l.done(1);
            }
            case "duration" -> {
                duration = l.seconds(l.positional(0, "duration"), "duration");
                if (duration <= 0) {
                    throw l.error("duration", "must be longer than 0s");
                }
                l.done(1);
            }
            case "interval" -> {
                interval = l.seconds(l.positional(0, "interval"), "interval");
                if (interval < 1 || interval > 3600) {
                    throw l.error("interval", "expected 1s to 1h, got '" + l.args.get(0) + "'");
                }
                l.done(1);
            }
            case "model-step" -> {
                modelStep = l.seconds(l.positional(0, "model-step"), "model-step");
                if (modelStep < 1) {
                    throw l.error("model-step", "must be at least 1s");
                }
                l.done(1);
            }
            case "uptime" -> {
                uptime = l.seconds(l.positional(0, "uptime"), "uptime");
                l.done(1);
            }
            case "cpus" -> {
                cpus = (int) l.integer(l.positional(0, "cpus"), "cpus", 1, 4096);
                l.done(1);
            }
            case "hz" -> {
                hz = (int) l.integer(l.positional(0, "hz"), "hz", 100, 1000);
                if (1000 % hz != 0) {
                    throw l.error("hz", "expected 100, 250, 500 or 1000 (a divisor of 1000), got " + hz);
                }
                l.done(1);
            }
            case "speed-limit" -> {
                Map<String, String> f = l.fields(0, Set.of("min", "max"), Set.of());
                if (f.containsKey("min")) {
                    speedMin = l.integer(f.get("min"), "min", 1, 10_000_000);
                }
                if (f.containsKey("max")) {
                    speedMax = l.integer(f.get("max"), "max", 1, 10_000_000);
                }
                if (speedMin > speedMax) {
                    throw l.error("min", "speed_limit_min " + speedMin + " is above speed_limit_max " + speedMax);
                }
            }
            case "profile" -> profile(l);
            case "controller" -> controller(l);
            case "disk" -> disk(l);
            case "array" -> array(l);
            case "load" -> load(l);
            case "at" -> event(l);
            case "expect" -> expect(l);
            case "collector" -> collector(l);
            default -> throw new ScenarioException(source, no, "unknown keyword '" + keyword
                    + "' (expected scenario, description, host, start, duration, interval, model-step, uptime, cpus, hz, speed-limit,"
                    + " profile, controller, disk, array, load, at, expect or collector)");
        }
    }

    private void profile(Line l) {
        String n = l.positional(0, "name");
        l.unique("profile " + n);
        Map<String, String> f = l.fields(1, Set.of("read-iops", "write-iops", "seq", "rotational", "model", "queue", "flush",
                "read-latency", "write-latency"), Set.of("read-iops", "write-iops", "seq"));
        double r = l.decimal(f.get("read-iops"), "read-iops", 1, 10_000_000);
        double w = l.decimal(f.get("write-iops"), "write-iops", 1, 10_000_000);
        Double seq = Units.bytesPerSecond(f.get("seq"));
        if (seq == null || seq < 1e6 || seq > 1e12) {
            throw l.error("seq", "expected a transfer rate from 1MB/s like 268MB/s, got '" + f.get("seq") + "'");
        }
        boolean rotational = l.bool(f.getOrDefault("rotational", "yes"), "rotational");
        String model = f.getOrDefault("model", "");
        int queue = (int) l.integer(f.getOrDefault("queue", "64"), "queue", 1, 65_536);
        double flush = f.containsKey("flush") ? l.millis(f.get("flush"), "flush") : 0.001;
        for (String k : List.of("read-latency", "write-latency")) {
            if (rotational && f.containsKey(k)) {
                throw l.error(k, "a rotational disk serves one request at a time, its latency is 1/IOPS: give "
                        + k + " only with rotational=no");
            }
            if (!rotational && !f.containsKey(k)) {
                throw l.error(k, "missing: a non-rotational disk serves requests in parallel, each taking its latency"
                        + " (the time one request takes on an idle device, like 80us)");
            }
        }
        double readLatency = rotational ? 0 : l.latency(f.get("read-latency"), "read-latency", r, queue);
        double writeLatency = rotational ? 0 : l.latency(f.get("write-latency"), "write-latency", w, queue);
        profiles.add(new ProfileSpec(n, r, w, seq, rotational, model, queue, flush, readLatency, writeLatency, l.no));
    }

    private void controller(Line l) {
        String n = l.positional(0, "name");
        if (!CONTROLLER_NAME.matcher(n).matches()) {
            throw l.error("name", "expected lower-case letters, digits and dashes like perc0, got '" + n + "'");
        }
        l.unique("controller " + n);
        Map<String, String> f = l.fields(1, Set.of("host", "driver", "vendor", "model", "queue"), Set.of("host", "driver"));
        int host = (int) l.integer(f.get("host"), "host", 0, 9999);
        for (ControllerSpec c : controllers) {
            if (c.host() == host) {
                throw l.error("host", "host" + host + " is controller " + c.name() + " (line " + c.line() + ")");
            }
        }
        String driver = f.get("driver");
        if (!DRIVER_NAME.matcher(driver).matches()) {
            throw l.error("driver", "expected a SCSI host driver's name like megaraid_sas, got '" + driver + "'");
        }
        int queue = (int) l.integer(f.getOrDefault("queue", "256"), "queue", 1, 65_536);
        controllers.add(new ControllerSpec(n, host, driver, f.getOrDefault("vendor", ""), f.getOrDefault("model", ""), queue, l.no));
    }

    private void collector(Line l) {
        if (l.args.isEmpty()) {
            throw new ScenarioException(source, l.no, "collector: expected KEY=VALUE settings like collector.hwraid.sda.level=raid5");
        }
        for (String a : l.args) {
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            if (eq <= 0 || !key.startsWith("collector.")) {
                throw new ScenarioException(source, l.no, "collector: expected KEY=VALUE with a collector setting's key "
                        + "(collector.hwraid.sda.level=raid5), got '" + a + "'");
            }
            if (collectorSettings.put(key, a.substring(eq + 1)) != null) {
                throw l.error(key, "given twice");
            }
        }
    }

    private void disk(Line l) {
        String n = l.positional(0, "name");
        if (!DISK_NAME.matcher(n).matches()) {
            throw l.error("name", "expected a kernel disk name like sda, vdb or nvme0n1, got '" + n + "'");
        }
        l.unique("device " + n);
        Map<String, String> f = l.fields(1, Set.of("profile", "size", "partitions", "attached", "controller", "address", "level",
                "disks"), Set.of("profile", "size"));
        String profile = f.get("profile");
        if (profiles.stream().noneMatch(p -> p.name().equals(profile))) {
            throw l.error("profile", "no profile named '" + profile + "' is defined above this line");
        }
        long size = l.bytes(f.get("size"), "size");
        if (size < 64L << 20) {
            throw l.error("size", "a disk must have at least 64MiB, got '" + f.get("size") + "'");
        }
        List<Long> parts = new ArrayList<>();
        if (f.containsKey("partitions")) {
            long used = 2048L * 512;
            for (String p : f.get("partitions").split(",")) {
                long b = l.bytes(p, "partitions");
                if (b < 1L << 20) {
                    throw l.error("partitions", "a partition must have at least 1MiB, got '" + p + "'");
                }
                parts.add(b);
                used += (b + (1L << 20) - 1) / (1L << 20) * (1L << 20);
            }
            if (used > size) {
                throw l.error("partitions", "the partitions need " + used + " bytes, more than the disk's " + size);
            }
        }
        boolean attached = l.bool(f.getOrDefault("attached", "yes"), "attached");
        String controller = f.get("controller");
        ScsiAddress address = null;
        ControllerVolume volume = null;
        if (controller != null) {
            ControllerSpec c = controllers.stream().filter(x -> x.name().equals(controller)).findFirst()
                    .orElseThrow(() -> l.error("controller", "no controller named '" + controller + "' is defined above this line"));
            if (!n.startsWith("sd")) {
                throw l.error("controller", "a disk behind a SCSI controller is named sdX, got '" + n + "'");
            }
            if (!f.containsKey("address")) {
                throw l.error("address", "missing: a disk behind a controller has a SCSI address H:C:T:L");
            }
            address = ScsiAddress.parse(f.get("address"));
            if (address == null) {
                throw l.error("address", "expected host:channel:target:lun like 0:2:0:0, got '" + f.get("address") + "'");
            }
            if (address.host() != c.host()) {
                throw l.error("address", "controller " + controller + " is host" + c.host() + ", the address says host"
                        + address.host());
            }
            for (DiskSpec other : disks) {
                if (address.equals(other.address())) {
                    throw l.error("address", address + " is " + other.name() + "'s (line " + other.line() + ")");
                }
            }
            volume = volume(l, f, c);
        } else {
            for (String k : List.of("address", "level", "disks")) {
                if (f.containsKey(k)) {
                    throw l.error(k, "only a disk behind a controller (controller=) has one");
                }
            }
        }
        DiskSpec d = new DiskSpec(n, profile, size, parts, attached, controller, address, volume, l.no);
        for (int i = 1; i <= parts.size(); i++) {
            l.unique("device " + d.partitionName(i));
        }
        disks.add(d);
    }

    /** A hardware RAID volume's level and disks, or null for a disk the controller passes through. */
    private ControllerVolume volume(Line l, Map<String, String> f, ControllerSpec c) {
        if (!f.containsKey("level") && !f.containsKey("disks")) {
            return null;
        }
        if (!f.containsKey("level") || !f.containsKey("disks")) {
            throw l.error(f.containsKey("level") ? "disks" : "level", "missing: a hardware RAID volume has a level and disks "
                    + "(a disk without either is one the controller passes through)");
        }
        MdLevel level = MdLevel.parse(f.get("level"));
        if (level == null) {
            throw l.error("level", "expected raid0, raid1, raid5, raid6 or raid10, got '" + f.get("level") + "'");
        }
        int n = (int) l.integer(f.get("disks"), "disks", level.minMembers(), 64);
        if (level == MdLevel.RAID10 && n % 2 != 0) {
            throw l.error("disks", "a raid10 volume mirrors pairs of disks: expected an even number, got " + n);
        }
        if (n > c.queue()) {
            throw l.error("disks", n + " disks serve " + n + " requests at once, more than controller " + c.name() + "'s queue="
                    + c.queue() + " holds");
        }
        return new ControllerVolume(level, n);
    }

    private void array(Line l) {
        String n = l.positional(0, "name");
        if (!ARRAY_NAME.matcher(n).matches()) {
            throw l.error("name", "expected an md device name like md0, got '" + n + "'");
        }
        l.unique("device " + n);
        Map<String, String> f = l.fields(1, Set.of("level", "members", "spares", "chunk", "layout", "bitmap"),
                Set.of("level", "members"));
        MdLevel level = MdLevel.parse(f.get("level"));
        if (level == null) {
            throw l.error("level", "expected raid0, raid1, raid5, raid6 or raid10, got '" + f.get("level") + "'");
        }
        List<String> members = l.list(f.get("members"), "members");
        List<String> spares = f.containsKey("spares") ? l.list(f.get("spares"), "spares") : List.of();
        if (members.size() < level.minMembers()) {
            throw l.error("members", level.kernelName() + " needs at least " + level.minMembers() + " members, got "
                    + members.size());
        }
        if (level == MdLevel.RAID0 && !spares.isEmpty()) {
            throw l.error("spares", "raid0 has no redundancy and takes no spares");
        }
        for (String m : concat(members, spares)) {
            member(l, m, level == MdLevel.RAID0 || !spares.contains(m) ? "members" : "spares");
        }
        long chunk = 0;
        if (level.striped()) {
            chunk = l.bytes(f.getOrDefault("chunk", "512k"), "chunk");
            if (chunk < 4096 || Long.bitCount(chunk) != 1 || chunk > 1L << 30) {
                throw l.error("chunk", "expected a power of two from 4k to 1G, got '" + f.get("chunk") + "'");
            }
        } else if (f.containsKey("chunk")) {
            throw l.error("chunk", "raid1 has no chunk");
        }
        int layout = 0;
        Raid10Geometry geometry = null;
        String layoutText = f.get("layout");
        switch (level) {
            case RAID5, RAID6 -> {
                String t = layoutText == null ? "left-symmetric" : layoutText.toLowerCase(Locale.ROOT);
                ParityAlgorithm a = ParityAlgorithm.byName(t).filter(p -> p.classic() && p.mdadmName().equals(t)).orElse(null);
                if (a == null) {
                    throw l.error("layout", "expected one of " + Arrays.stream(ParityAlgorithm.values()).filter(ParityAlgorithm::classic)
                            .map(ParityAlgorithm::mdadmName).collect(Collectors.joining(", ")) + ", got '" + layoutText + "'");
                }
                layout = a.number();
            }
            case RAID10 -> {
                geometry = Raid10Geometry.parse(layoutText == null ? "n2" : layoutText);
                if (geometry == null) {
                    throw l.error("layout", "expected n2, f2 or o2 (near, far or offset copies, 2 to 8), got '"
                            + layoutText + "'");
                }
                if (geometry.copies() > members.size()) {
                    throw l.error("layout", layoutText + " keeps " + geometry.copies() + " copies but the array has "
                            + members.size() + " members");
                }
                layout = geometry.code();
            }
            default -> {
                if (layoutText != null) {
                    throw l.error("layout", level.kernelName() + " has no layout to choose");
                }
            }
        }
        boolean bitmap = switch (f.getOrDefault("bitmap", "none")) {
            case "internal" -> true;
            case "none" -> false;
            default -> throw l.error("bitmap", "expected internal or none, got '" + f.get("bitmap") + "'");
        };
        if (bitmap && level == MdLevel.RAID0) {
            throw l.error("bitmap", "raid0 has no write-intent bitmap");
        }
        arrays.add(new ArraySpec(n, level, layout, geometry, chunk, members, spares, bitmap, l.no));
    }

    private final Set<String> usedMembers = new HashSet<>();

    private void member(Line l, String m, String field) {
        boolean known = arrays.stream().anyMatch(a -> a.name().equals(m)) || isDiskOrPartition(m);
        if (!known) {
            throw l.error(field, "'" + m + "' is not a disk, partition or array defined above this line");
        }
        if (!usedMembers.add(m)) {
            throw l.error(field, "'" + m + "' already belongs to an array");
        }
        if (loads.stream().anyMatch(p -> p.array().equals(m))) {
            throw l.error(field, "'" + m + "' has a load of its own: load the array instead");
        }
        DiskSpec whole = disks.stream().filter(d -> d.name().equals(m)).findFirst().orElse(null);
        if (whole != null && !whole.partitionBytes().isEmpty()) {
            throw l.error(field, "'" + m + "' has partitions: use one of them as the member");
        }
        for (DiskSpec d : disks) {
            for (int i = 1; i <= d.partitionBytes().size(); i++) {
                if (d.partitionName(i).equals(m) && usedMembers.contains(d.name())) {
                    throw l.error(field, "'" + m + "' is on " + d.name() + ", which is itself a member");
                }
            }
        }
    }

    private void load(Line l) {
        String array = l.positional(0, "array");
        boolean volume = disks.stream().anyMatch(d -> d.name().equals(array) && d.volume() != null);
        if (arrays.stream().noneMatch(a -> a.name().equals(array)) && !volume) {
            throw l.error("array", "no array named '" + array + "' (nor a hardware RAID volume) is defined above this line");
        }
        if (volume && usedMembers.contains(array)) {
            throw l.error("array", array + " is a member of an array: load that array");
        }
        Map<String, String> f = l.fields(1, Set.of("from", "to", "read", "write", "size", "seq", "flush", "consumer", "cgroup"),
                Set.of("from", "to", "size"));
        long from = l.seconds(f.get("from"), "from");
        long to = l.seconds(f.get("to"), "to");
        if (to <= from) {
            throw l.error("to", "must be after from (" + f.get("from") + "), got '" + f.get("to") + "'");
        }
        Ramp reads = l.ramp(f.getOrDefault("read", "0"), "read");
        Ramp writes = l.ramp(f.getOrDefault("write", "0"), "write");
        Ramp flushes = l.ramp(f.getOrDefault("flush", "0"), "flush");
        long size = l.bytes(f.get("size"), "size");
        if (size < 512 || size % 512 != 0 || size > 16L << 20) {
            throw l.error("size", "expected a multiple of 512 bytes up to 16MiB like 8k, got '" + f.get("size") + "'");
        }
        double seq = l.decimal(f.getOrDefault("seq", "0"), "seq", 0, 1);
        ArraySpec a = arrays.stream().filter(x -> x.name().equals(array)).findFirst().orElse(null);
        if (a != null && seq < 1 && a.level().striped() && size > a.chunkBytes()) {
            throw l.error("size", "random requests larger than the chunk (" + a.chunkBytes() + " bytes) are not modelled;"
                    + " make them sequential with seq=1");
        }
        String consumer = f.get("consumer");
        String cgroup = consumer == null ? null : cgroup(l, consumer, f.get("cgroup"));
        if (consumer == null && f.containsKey("cgroup")) {
            throw l.error("cgroup", "a cgroup belongs to a consumer: add consumer=NAME");
        }
        for (LoadPhase p : loads) {
            if (p.array().equals(array) && java.util.Objects.equals(p.consumer(), consumer) && from < p.toSecond()
                    && p.fromSecond() < to) {
                throw l.error("from", "overlaps the load phase of " + array + (consumer == null ? "" : " by " + consumer)
                        + " on line " + p.line());
            }
            if (consumer != null && consumer.equals(p.consumer()) && !cgroup.equals(p.cgroup())) {
                throw l.error("cgroup", consumer + " is in " + p.cgroup() + " on line " + p.line() + ", got " + cgroup);
            }
            if (consumer != null && p.consumer() != null && !consumer.equals(p.consumer()) && cgroup.equals(p.cgroup())) {
                throw l.error("cgroup", cgroup + " is " + p.consumer() + "'s on line " + p.line());
            }
        }
        loads.add(new LoadPhase(array, from, to, reads, writes, size, seq, flushes, consumer, cgroup, l.no));
    }

    /*
     * A consumer's cgroup: given, or for a systemd service or scope the one systemd gives it
     * (system.slice/NAME, what a unit without Slice= gets).
     */
    private static String cgroup(Line l, String consumer, String given) {
        if (given == null) {
            if (consumer.endsWith(".service") || consumer.endsWith(".scope")) {
                return "/system.slice/" + consumer;
            }
            throw l.error("cgroup", "consumer " + consumer + " is not a systemd service or scope: give its cgroup,"
                    + " like cgroup=/system.slice/docker-3f2a9c1b7e4d.scope");
        }
        if (!given.matches("(/[A-Za-z0-9@:._\\-]+)+") || given.contains("/../") || given.endsWith("/..")
                || given.contains("/./")) {
            throw l.error("cgroup", "expected a path under the cgroup root like /system.slice/backup.service, got '" + given + "'");
        }
        return given;
    }

    private void event(Line l) {
        long at = l.seconds(l.positional(0, "time"), "time");
        String verb = l.positional(1, "action");
        EventSpec.Action action;
        try {
            action = EventSpec.Action.valueOf(verb.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw l.error("action", "expected fail, remove, add, check, repair, resync, idle, attach, detach, offline, running"
                    + " or io-errors, got '" + verb + "'");
        }
        String array = null;
        String device = null;
        long mismatches = 0;
        long failed = 0;
        long timedOut = 0;
        switch (action) {
            case FAIL, REMOVE, ADD -> {
                array = knownArray(l, l.positional(2, "array"));
                device = l.positional(3, "device");
                if (!isDiskOrPartition(device) && arrays.stream().noneMatch(x -> x.name().equals(l.args.get(3)))) {
                    throw l.error("device", "no disk, partition or array named '" + device + "'");
                }
                l.done(4);
            }
            case CHECK, REPAIR -> {
                array = knownArray(l, l.positional(2, "array"));
                Map<String, String> f = l.fields(3, Set.of("mismatches"), Set.of());
                mismatches = l.integer(f.getOrDefault("mismatches", "0"), "mismatches", 0, Long.MAX_VALUE / 4);
            }
            case RESYNC, IDLE -> {
                array = knownArray(l, l.positional(2, "array"));
                l.done(3);
            }
            case ATTACH, DETACH -> {
                device = l.positional(2, "disk");
                if (disks.stream().noneMatch(d -> d.name().equals(l.args.get(2)))) {
                    throw l.error("disk", "no disk named '" + device + "' is defined above this line");
                }
                l.done(3);
            }
            case OFFLINE, RUNNING, IO_ERRORS -> {
                device = l.positional(2, "disk");
                String n = device;
                if (disks.stream().noneMatch(d -> d.name().equals(n) && d.controller() != null)) {
                    throw l.error("disk", "no disk behind a controller named '" + device + "' is defined above this line"
                            + " (only a SCSI disk has a device state and command counts)");
                }
                if (action == EventSpec.Action.OFFLINE && usedMembers.contains(device)) {
                    throw l.error("disk", device + " is a member of an array: md failing it is not modelled, fail it instead");
                }
                if (action == EventSpec.Action.IO_ERRORS) {
                    Map<String, String> f = l.fields(3, Set.of("failed", "timed-out"), Set.of());
                    failed = l.integer(f.getOrDefault("failed", "0"), "failed", 0, 1_000_000_000);
                    timedOut = l.integer(f.getOrDefault("timed-out", "0"), "timed-out", 0, 1_000_000_000);
                    if (failed + timedOut == 0) {
                        throw l.error("failed", "give failed= or timed-out= commands");
                    }
                } else {
                    l.done(3);
                }
            }
            default -> throw new IllegalStateException(action.name());
        }
        if (array != null && action != EventSpec.Action.FAIL && action != EventSpec.Action.REMOVE
                && action != EventSpec.Action.ADD && level(array) == MdLevel.RAID0) {
            throw l.error("array", array + " is raid0: md has no sync actions for it");
        }
        events.add(new EventSpec(at, action, array, device, mismatches, failed, timedOut, l.no));
    }

    private MdLevel level(String array) {
        return arrays.stream().filter(x -> x.name().equals(array)).findFirst().orElseThrow().level();
    }

    private boolean isDiskOrPartition(String n) {
        for (DiskSpec d : disks) {
            if (d.name().equals(n)) {
                return true;
            }
            for (int i = 1; i <= d.partitionBytes().size(); i++) {
                if (d.partitionName(i).equals(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private String knownArray(Line l, String array) {
        if (arrays.stream().noneMatch(a -> a.name().equals(array))) {
            throw l.error("array", "no array named '" + array + "' is defined above this line");
        }
        return array;
    }

    private void expect(Line l) {
        String kind = l.positional(0, "kind");
        if (!EXPECT_KINDS.contains(kind)) {
            throw l.error("kind", "expected one of " + String.join(", ", new TreeSet<>(EXPECT_KINDS)) + ", got '"
                    + kind + "'");
        }
        String subject = l.positional(1, "subject");
        boolean saturation = kind.equals("saturation");
        String startKey = saturation ? "firing" : "start";
        String endKey = saturation ? "resolved" : "end";
        Map<String, String> f = l.fields(2, Set.of(startKey, endKey), Set.of(startKey, endKey));
        long s = l.seconds(f.get(startKey), startKey);
        Long e = f.get(endKey).equals("open") ? null : l.seconds(f.get(endKey), endKey);
        if (e != null && e <= s) {
            throw l.error(endKey, "must be after " + startKey);
        }
        expectations.add(new Expectation(kind, subject, s, e, l.no));
    }

    private Scenario finish() {
        if (duration == null) {
            throw new ScenarioException(source, 0, "no 'duration' line");
        }
        if (duration % interval != 0) {
            throw new ScenarioException(source, firstLine.getOrDefault("duration", 0),
                    "duration " + Units.formatSeconds(duration) + " is not a whole number of intervals of "
                            + Units.formatSeconds(interval));
        }
        for (LoadPhase p : loads) {
            if (p.toSecond() > duration) {
                throw new ScenarioException(source, p.line(), "field 'to': " + Units.formatSeconds(p.toSecond())
                        + " is after the end of the scenario (" + Units.formatSeconds(duration) + ")");
            }
        }
        for (EventSpec e : events) {
            if (e.atSecond() >= duration) {
                throw new ScenarioException(source, e.line(), "field 'time': " + Units.formatSeconds(e.atSecond())
                        + " is not before the end of the scenario (" + Units.formatSeconds(duration) + ")");
            }
        }
        if (modelStep > 1) {
            // a coarse step integrates whole steps at their middle: nothing may change inside one
            int at = firstLine.getOrDefault("model-step", 0);
            if (interval % modelStep != 0) {
                throw new ScenarioException(source, at, "model-step " + Units.formatSeconds(modelStep) + " does not divide the interval ("
                        + Units.formatSeconds(interval) + ")");
            }
            if (!events.isEmpty()) {
                throw new ScenarioException(source, at, "model-step longer than 1s is for scenarios without 'at' events"
                        + " (md's marks and syncs move by the second)");
            }
            for (LoadPhase p : loads) {
                if (p.fromSecond() % modelStep != 0 || p.toSecond() % modelStep != 0) {
                    throw new ScenarioException(source, p.line(), "load phase boundaries must be whole model steps of "
                            + Units.formatSeconds(modelStep));
                }
            }
        }
        for (DiskSpec d : disks) {
            // the simulator puts SATA disk sdX on ATA port and SCSI host letter index (sda host0, sdb host1)
            int ataHost = d.name().startsWith("sd") && d.controller() == null ? letterIndex(d.name().substring(2)) : -1;
            for (ControllerSpec c : controllers) {
                if (c.host() == ataHost) {
                    throw new ScenarioException(source, c.line(), "field 'host': host" + c.host() + " is the SATA port of "
                            + d.name() + " (line " + d.line() + "): give the controller another host number");
                }
            }
        }
        List<EventSpec> ordered = new ArrayList<>(events);
        ordered.sort(Comparator.comparingLong(EventSpec::atSecond).thenComparingInt(EventSpec::line));
        for (Expectation x : expectations) {
            boolean known = arrays.stream().anyMatch(a -> a.name().equals(x.subject())) || isDiskOrPartition(x.subject());
            if (!known) {
                throw new ScenarioException(source, x.line(), "field 'subject': no array or device named '" + x.subject() + "'");
            }
        }
        if (name == null) {
            throw new ScenarioException(source, 0, "no 'scenario' line naming it");
        }
        return new Scenario(name, description, source, host, start, duration, interval, uptime, cpus, hz, speedMin,
                speedMax, profiles, disks, arrays, loads, ordered, expectations, modelStep, controllers, collectorSettings);
    }

    /** sda -> 0, sdz -> 25, sdaa -> 26 (drivers/scsi/sd.c sd_format_disk_name). */
    public static int letterIndex(String letters) {
        int i = 0;
        for (char c : letters.toCharArray()) {
            i = i * 26 + (c - 'a' + 1);
        }
        return i - 1;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Splits a line into words: whitespace separates, double quotes group, # starts a comment. */
    private List<String> words(String raw, int no) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (quoted) {
                if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == '#') {
                break;
            } else if (Character.isWhitespace(c)) {
                if (any) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (quoted) {
            throw new ScenarioException(source, no, "unterminated quote");
        }
        if (any) {
            out.add(cur.toString());
        }
        return out;
    }

    /** One directive with its line number, and typed accessors that fail naming the field. */
    private final class Line {
        final int no;
        final String keyword;
        final List<String> args;

        Line(int no, String keyword, List<String> args) {
            this.no = no;
            this.keyword = keyword;
            this.args = args;
            firstLine.putIfAbsent(keyword, no);
        }

        ScenarioException error(String field, String problem) {
            return new ScenarioException(source, no, keyword + ": field '" + field + "': " + problem);
        }

        String positional(int i, String field) {
            if (args.size() <= i || args.get(i).contains("=")) {
                throw error(field, "missing");
            }
            return args.get(i);
        }

        void done(int used) {
            if (args.size() > used) {
                throw new ScenarioException(source, no, keyword + ": unexpected '" + args.get(used) + "'");
            }
        }

        void unique(String what) {
            if (!seen.add(what)) {
                throw error("name", what + " is defined twice");
            }
        }

        Map<String, String> fields(int from, Set<String> allowed, Set<String> required) {
            Map<String, String> out = new LinkedHashMap<>();
            for (String a : args.subList(Math.min(from, args.size()), args.size())) {
                int eq = a.indexOf('=');
                if (eq <= 0) {
                    throw new ScenarioException(source, no, keyword + ": expected key=value, got '" + a + "'");
                }
                String k = a.substring(0, eq);
                if (!allowed.contains(k)) {
                    throw new ScenarioException(source, no, keyword + ": unknown field '" + k + "' (expected "
                            + String.join(", ", new TreeSet<>(allowed)) + ")");
                }
                if (out.put(k, a.substring(eq + 1)) != null) {
                    throw error(k, "given twice");
                }
            }
            for (String r : required) {
                if (!out.containsKey(r)) {
                    throw error(r, "missing");
                }
            }
            return out;
        }

        long seconds(String v, String field) {
            return parsed(Units.seconds(v), v, field, "a time in whole seconds like 90s, 12m30s or 1h");
        }

        /** {@code value} as {@link Units} read it from {@code v}, or an error naming what was expected. */
        private long parsed(Long value, String v, String field, String expected) {
            if (value == null) {
                throw error(field, "expected " + expected + ", got '" + v + "'");
            }
            return value;
        }

        /** Seconds from a short time in milliseconds or microseconds: {@code 1.5ms}, {@code 80us}; up to 10 s. */
        double millis(String v, String field) {
            String t = v.trim();
            try {
                double scale = t.endsWith("ms") ? 1e-3 : t.endsWith("us") ? 1e-6 : 0;
                if (scale > 0) {
                    double s = Double.parseDouble(t.substring(0, t.length() - 2)) * scale;
                    if (s >= 0 && s <= 10) {
                        return s;
                    }
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(field, "expected a time like 1.5ms or 80us, got '" + v + "'");
        }

        /**
         * A parallel device's request latency, seconds: above 0, and short enough that the requests
         * in flight at full speed (IOPS x latency, Little's law) fit in the queue.
         */
        double latency(String v, String field, double iops, int queue) {
            double s = millis(v, field);
            if (s <= 0) {
                throw error(field, "must be above 0, got '" + v + "'");
            }
            if (iops * s > queue) {
                throw error(field, String.format(Locale.ROOT, "%.0f IOPS of %s each hold %.0f requests in flight, more"
                        + " than queue=%d holds", iops, v, iops * s, queue));
            }
            return s;
        }

        long bytes(String v, String field) {
            return parsed(Units.bytes(v), v, field, "a size like 8k, 512KiB, 30GB or 16TB");
        }

        long integer(String v, String field, long min, long max) {
            try {
                long n = Long.parseLong(v.trim());
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(field, "expected a whole number from " + min + " to " + max + ", got '" + v + "'");
        }

        double decimal(String v, String field, double min, double max) {
            try {
                double d = Double.parseDouble(v.trim());
                if (d >= min && d <= max) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(field, "expected a number from " + fmt(min) + " to " + fmt(max) + ", got '" + v + "'");
        }

        boolean bool(String v, String field) {
            return switch (v.toLowerCase(Locale.ROOT)) {
                case "yes", "true", "1" -> true;
                case "no", "false", "0" -> false;
                default -> throw error(field, "expected yes or no, got '" + v + "'");
            };
        }

        Ramp ramp(String v, String field) {
            int dots = v.indexOf("..");
            String a = dots < 0 ? v : v.substring(0, dots);
            String b = dots < 0 ? v : v.substring(dots + 2);
            try {
                double x = Double.parseDouble(a);
                double y = Double.parseDouble(b);
                if (x >= 0 && y >= 0 && x <= 1e7 && y <= 1e7) {
                    return new Ramp(x, y);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(field, "expected requests per second like 500, or a ramp like 500..1200, got '" + v + "'");
        }

        List<String> list(String v, String field) {
            List<String> out = new ArrayList<>();
            for (String s : v.split(",")) {
                if (s.isBlank()) {
                    throw error(field, "empty name in '" + v + "'");
                }
                out.add(s.trim());
            }
            return out;
        }
    }

    private final Set<String> seen = new HashSet<>();

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
