package io.raidpulse.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lab scenario: a bash script in lab/scenarios run inside the guest, with its machine in the
 * header comments:
 *
 * <pre>
 * # summary: RAID5 of 4 disks: build, fio, a member failed and rebuilt, a check
 * # disks: 5 x 1GiB hdd-7200
 * # disks: 1 x 2GiB nvme           (more lines add more disks, in order)
 * # disks: 1 x 4GiB perc-h700      (a volume of a RAID controller: at most one)
 * # memory: 2GiB
 * # timeout: 10m
 * # suite: short                   (run by the test suite; optional)
 * </pre>
 *
 * @param disks each disk in guest order (vda, vdb, ... then nvme0n1, ..., then sda)
 */
public record ScenarioSpec(String name, Path script, String summary, List<Disk> disks, long memoryMiB,
                           long timeoutSeconds, boolean inSuite) {
    private static final Pattern HEADER = Pattern.compile("^#\\s*([a-z-]+):\\s*(.*?)\\s*$");
    private static final Pattern DISKS = Pattern.compile("(\\d+)\\s*x\\s*(\\d+)(MiB|GiB)\\s+([a-z0-9-]+)");
    private static final Pattern SIZE = Pattern.compile("(\\d+)(MiB|GiB)");
    private static final Pattern DURATION = Pattern.compile("(\\d+)(s|m)");

    /** One disk: its size in bytes and profile. */
    public record Disk(long bytes, LabDisk profile) {
    }

    public static ScenarioSpec parse(Path script) throws IOException {
        String file = script.getFileName().toString();
        String name = file.endsWith(".sh") ? file.substring(0, file.length() - 3) : file;
        String summary = null;
        List<Disk> disks = new ArrayList<>();
        long memory = 2048;
        long timeout = 600;
        boolean suite = false;
        int n = 0;
        for (String line : Files.readAllLines(script)) {
            n++;
            if (!line.startsWith("#")) {
                if (line.isBlank()) {
                    continue;
                }
                break; // the header ends at the first command
            }
            Matcher h = HEADER.matcher(line);
            if (!h.matches()) {
                continue;
            }
            String value = h.group(2);
            String where = script + ":" + n + ": ";
            switch (h.group(1)) {
                case "summary" -> summary = value;
                case "disks" -> {
                    Matcher d = DISKS.matcher(value);
                    if (!d.matches()) {
                        throw new IllegalArgumentException(where + "expected 'disks: N x SIZE(MiB|GiB) PROFILE', got '" + value + "'");
                    }
                    LabDisk profile;
                    try {
                        profile = LabDisk.named(d.group(4));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(where + e.getMessage());
                    }
                    long bytes = Long.parseLong(d.group(2)) << (d.group(3).equals("GiB") ? 30 : 20);
                    for (int i = 0; i < Integer.parseInt(d.group(1)); i++) {
                        disks.add(new Disk(bytes, profile));
                    }
                }
                case "memory" -> {
                    Matcher m = SIZE.matcher(value);
                    if (!m.matches()) {
                        throw new IllegalArgumentException(where + "expected 'memory: N(MiB|GiB)', got '" + value + "'");
                    }
                    memory = Long.parseLong(m.group(1)) << (m.group(2).equals("GiB") ? 10 : 0);
                }
                case "timeout" -> {
                    Matcher m = DURATION.matcher(value);
                    if (!m.matches()) {
                        throw new IllegalArgumentException(where + "expected 'timeout: N(s|m)', got '" + value + "'");
                    }
                    timeout = Long.parseLong(m.group(1)) * (m.group(2).equals("m") ? 60 : 1);
                }
                case "suite" -> suite = value.toLowerCase(Locale.ROOT).equals("short");
                default -> { }
            }
        }
        if (summary == null) {
            throw new IllegalArgumentException(script + ": no '# summary:' line in the header");
        }
        // virtio disks first, then NVMe, then controller volumes: the guest names each bus in its own order
        disks.sort(Comparator.comparing((Disk d) -> d.profile().bus()));
        if (disks.stream().filter(d -> d.profile().bus().scsi()).count() > 1) {
            // sd probes asynchronously, so two SCSI volumes could come up as sda or sdb from one boot to the next
            throw new IllegalArgumentException(script + ": at most one RAID controller volume per scenario (the guest's sd "
                    + "driver names SCSI disks in the order its asynchronous probes finish)");
        }
        return new ScenarioSpec(name, script, summary, List.copyOf(disks), memory, timeout, suite);
    }

    /** Every scenario in {@code dir}, by name. */
    public static List<ScenarioSpec> all(Path dir) throws IOException {
        List<ScenarioSpec> out = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(dir, "*.sh")) {
            for (Path p : d) {
                out.add(parse(p));
            }
        }
        out.sort(Comparator.comparing(ScenarioSpec::name));
        return out;
    }

    /** The guest's name of disk {@code index}: vda, vdb, ... for virtio, nvme0n1, nvme1n1, ... for NVMe, sda for a controller volume. */
    public String guestName(int index) {
        if (disks.get(index).profile().bus().scsi()) {
            return "sda";
        }
        if (disks.get(index).profile().nvme()) {
            int nth = (int) disks.subList(0, index).stream().filter(d -> d.profile().nvme()).count();
            return "nvme" + nth + "n1";
        }
        return "vd" + (char) ('a' + index);
    }
}
