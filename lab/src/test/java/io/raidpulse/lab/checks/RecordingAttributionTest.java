package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.lab.checks.AttributionChecks.Job;
import io.raidpulse.lab.checks.AttributionChecks.Phase;
import io.raidpulse.lab.checks.AttributionChecks.Shares;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.HostSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who loaded the arrays, on a real kernel: in every recording whose fio jobs ran in cgroups
 * (attribution-two-cgroups), the cgroups' io.stat as the guest's snapshots recorded it agrees with
 * fio's own counts, and the shares of member load the stream processor's load code takes from the
 * collector's samples come within 5 points of the true shares fio's counts give.
 */
class RecordingAttributionTest {
    /** The bound: the pipeline's shares within 5 points of the true ones. */
    private static final double SHARE_POINTS = 0.05;

    static Stream<Recording> recordings() {
        return AttributionChecks.recordings();
    }

    /**
     * Each cgroup's requests to each array, io.stat's rios and wios (the largest any snapshot holds: the
     * counters only grow, and the array's line goes with the array when it is stopped), against the sum of
     * fio's completed requests (total_ios) over the cgroup's jobs on that array. io.stat counts a request
     * when the cgroup submits it, fio when it completes; a time-based job ends with up to its queue depth
     * in flight, which fio reaps and may leave out of its counts, so each job may differ by its iodepth,
     * and by nothing more: the cgroup holds nothing but fio. The scenario's own copies of io.stat
     * (cgroup-io/, taken by the guest's shell every 2 s) end at the same counts.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void ioStatAgreesWithFio(Recording r) throws IOException {
        Map<String, long[]> recorded = new TreeMap<>();
        Map<String, String> everyDevice = new TreeMap<>();
        for (Path s : r.snapshots()) {
            Map<String, String> devices = devices(s.resolve("proc/diskstats"));
            everyDevice.putAll(devices);
            Path root = s.resolve("sys/fs/cgroup");
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (var walk = Files.walk(root)) {
                for (Path stat : walk.filter(p -> p.getFileName().toString().equals("io.stat")).toList()) {
                    String cgroup = "/" + root.relativize(stat.getParent()).toString();
                    for (String line : Files.readAllLines(stat)) {
                        String[] f = line.trim().split("\\s+");
                        String device = devices.get(f[0]);
                        if (device != null) {
                            recorded.merge(cgroup + " " + device, ios(line), RecordingAttributionTest::max);
                        }
                    }
                }
            }
        }
        Map<String, long[]> shell = new TreeMap<>();
        Path copies = r.dir().resolve("cgroup-io");
        if (Files.isDirectory(copies)) {
            try (var files = Files.list(copies)) {
                for (Path f : files.toList()) {
                    for (String line : Files.readAllLines(f)) {
                        int colon = line.indexOf(": ");
                        if (colon < 0 || line.startsWith("uptime ")) {
                            continue;
                        }
                        String rest = line.substring(colon + 2);
                        String device = everyDevice.get(rest.split("\\s+")[0]);
                        if (device != null) {
                            shell.merge(line.substring(0, colon) + " " + device, ios(rest), RecordingAttributionTest::max);
                        }
                    }
                }
            }
        }
        Map<String, long[]> fio = new TreeMap<>();
        Map<String, Integer> depth = new TreeMap<>();
        for (Job j : AttributionChecks.jobs(r)) {
            String key = j.cgroup() + " " + j.array();
            fio.merge(key, new long[] {j.reads(), j.writes()}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
            depth.merge(key, j.iodepth(), Integer::sum);
        }
        SoftAssertions soft = new SoftAssertions();
        fio.forEach((key, counts) -> {
            long[] got = recorded.get(key);
            System.out.printf("%s %s: io.stat %s, fio %d reads %d writes (tolerance %d)%n", r.name(), key,
                    got == null ? "none" : got[0] + " reads " + got[1] + " writes", counts[0], counts[1], depth.get(key));
            soft.assertThat(got).as("%s: io.stat of %s in the snapshots", r.name(), key).isNotNull();
            if (got != null) {
                soft.assertThat(got[0]).as("%s %s: reads", r.name(), key).isCloseTo(counts[0], within((long) depth.get(key)));
                soft.assertThat(got[1]).as("%s %s: writes", r.name(), key).isCloseTo(counts[1], within((long) depth.get(key)));
                long[] copy = shell.get(key);
                soft.assertThat(copy).as("%s %s: the scenario's copies of io.stat end where the snapshots do", r.name(), key)
                        .containsExactly(got);
            }
        });
        soft.assertAll();
    }

    /**
     * Per phase (the heavy and the light job started together on one array), each job's share of the
     * array's member load, as the stream processor's load code takes it from the collector's samples,
     * within 5 points of its true share from fio's counts and the RAID model's member cost per request.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void sharesOfMemberLoadAreTheTrueOnes(Recording r) throws IOException {
        List<HostSample> samples = SpoolSamples.of(r);
        SoftAssertions soft = new SoftAssertions();
        for (Phase p : AttributionChecks.phases(r)) {
            Shares s = AttributionChecks.shares(p, samples);
            System.out.println(r.name() + " " + s.describe());
            s.truth().forEach((c, t) -> soft.assertThat(s.measured().get(c)).as("%s %s: %s's share of %s's member load", r.name(), p.name(),
                    c, p.array()).isCloseTo(t, within(SHARE_POINTS)));
            // the heavier job's share is about three times the lighter's, as the scenario's rates and depths make them
            soft.assertThat(s.truth().get(p.jobs().get(0).consumer()) / s.truth().get(p.jobs().get(1).consumer()))
                    .as("%s %s: the true ratio", r.name(), p.name()).isBetween(2.5, 3.5);
            if (s.sync() != null) {
                soft.assertThat(s.syncShare()).as("%s %s: the %s a consumer among them", r.name(), p.name(), s.sync()).isNotNull();
            }
        }
        soft.assertAll();
    }

    /** "9:0" to "md0", from a snapshot's diskstats. */
    private static Map<String, String> devices(Path diskstats) throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (String line : Files.readAllLines(diskstats)) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3) {
                out.put(f[0] + ":" + f[1], f[2]);
            }
        }
        return out;
    }

    /** rios and wios of one io.stat line ("9:0 rbytes=... wbytes=... rios=3 wios=4 dbytes=0 dios=0"). */
    private static long[] ios(String line) {
        long[] out = new long[2];
        for (String w : line.trim().split("\\s+")) {
            if (w.startsWith("rios=")) {
                out[0] = Long.parseLong(w.substring(5));
            } else if (w.startsWith("wios=")) {
                out[1] = Long.parseLong(w.substring(5));
            }
        }
        return out;
    }

    private static long[] max(long[] a, long[] b) {
        return new long[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])};
    }
}
