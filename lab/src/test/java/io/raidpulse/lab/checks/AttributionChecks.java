package io.raidpulse.lab.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.HostLoad;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The ground truth of a recording whose fio jobs ran in cgroups (attribution-two-cgroups): each job's
 * bench-start event names its cgroup, target, direction, rate and queue depth, and its fio JSON says
 * how many requests it completed. Phases are the jobs started together on one array ("raid5-randwrite"
 * for raid5-randwrite-heavy and raid5-randwrite-light).
 */
final class AttributionChecks {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AttributionChecks() {
    }

    /** One fio job in a cgroup: its events, its array, its counts from fio's JSON. */
    record Job(String name, String cgroup, String array, int rateIops, int iodepth, Event start, Event end, long reads, long writes) {
        /** The consumer the collector makes of the cgroup: a cgroup no unit or runtime made is named by its path (ConsumerRules). */
        String consumer() {
            return cgroup;
        }

        /** raid5-randwrite for raid5-randwrite-heavy. */
        String phase() {
            return name.substring(0, name.lastIndexOf('-'));
        }
    }

    /** The jobs of one phase, heaviest rate first. */
    record Phase(String name, String array, List<Job> jobs) {
        Instant start() {
            return jobs.stream().map(j -> j.start().time()).min(Instant::compareTo).orElseThrow();
        }

        Instant end() {
            return jobs.stream().map(j -> j.end().time()).max(Instant::compareTo).orElseThrow();
        }
    }

    /** Whether any fio job of the recording ran in a cgroup. */
    static boolean hasCgroupJobs(Recording r) {
        return r.events("bench-start").stream().anyMatch(e -> e.attr("cgroup") != null);
    }

    /** The committed recordings with fio jobs in cgroups; none is a failure (the checks would check nothing). */
    static Stream<Recording> recordings() {
        List<Recording> out = Recordings.committed().filter(AttributionChecks::hasCgroupJobs).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("no recording with fio jobs in cgroups under " + Recordings.ROOT.toAbsolutePath());
        }
        return out.stream();
    }

    static List<Job> jobs(Recording r) {
        List<Job> out = new ArrayList<>();
        for (Event s : r.events("bench-start")) {
            String cgroup = s.attr("cgroup");
            if (cgroup == null) {
                continue;
            }
            String name = s.attr("name");
            Event e = r.next("bench-end", s.time(), "name", name);
            if (e == null) {
                throw new IllegalStateException(r.name() + ": " + name + " never ended");
            }
            JsonNode fio = fio(r, name);
            long reads = 0;
            long writes = 0;
            for (JsonNode job : fio.path("jobs")) {
                reads += job.path("read").path("total_ios").asLong();
                writes += job.path("write").path("total_ios").asLong();
            }
            String target = s.attr("filename");
            out.add(new Job(name, cgroup, target.substring(target.lastIndexOf('/') + 1), Integer.parseInt(s.attr("rate_iops")),
                    Integer.parseInt(s.attr("iodepth")), s, e, reads, writes));
        }
        return out;
    }

    static List<Phase> phases(Recording r) {
        Map<String, List<Job>> by = new LinkedHashMap<>();
        for (Job j : jobs(r)) {
            by.computeIfAbsent(j.phase(), k -> new ArrayList<>()).add(j);
        }
        List<Phase> out = new ArrayList<>();
        by.forEach((name, jobs) -> {
            List<Job> sorted = new ArrayList<>(jobs);
            sorted.sort((a, b) -> Integer.compare(b.rateIops(), a.rateIops()));
            out.add(new Phase(name, sorted.get(0).array(), List.copyOf(sorted)));
        });
        return out;
    }

    private static JsonNode fio(Recording r, String name) {
        Path p = r.bench().resolve(name + ".fio.json");
        try {
            return JSON.readTree(Files.readString(p));
        } catch (IOException e) {
            throw new UncheckedIOException(p + ": " + e.getMessage(), e);
        }
    }

    /** What the stream's load code made of a phase, and what fio's counts say it should have. */
    record Shares(Phase phase, MemberLoad pipeline, Map<String, Double> measured, Map<String, Double> truth, String sync, Double syncShare) {
        String describe() {
            StringBuilder b = new StringBuilder(phase.name()).append(" on ").append(phase.array()).append(':');
            truth.forEach((c, t) -> b.append(String.format(java.util.Locale.ROOT, " %s %.1f%% (true %.1f%%)", c, measured.get(c) * 100, t * 100)));
            if (sync != null) {
                b.append(String.format(java.util.Locale.ROOT, ", %s %.1f%%", sync, syncShare * 100));
            }
            b.append("; the stream's shares:");
            pipeline.shares().forEach(s -> b.append(String.format(java.util.Locale.ROOT, " %s (%s) %.1f%%", s.name(), s.kind(), s.share() * 100)));
            return b.toString();
        }
    }

    /**
     * The phase's shares of member load as the stream processor takes them: each sample of the phase through
     * its load code (HostLoad, the array's MemberLoad from the collector's consumers and the members' measured
     * I/Os), added as the stream adds a window's; the samples whose interval ends after the jobs' start and
     * up to a second past their end. The true shares, by the same model arithmetic on fio's own counts: each
     * job's member I/Os are its requests times what the RAID model says one costs on the array's layout, taken
     * over their sum, or, while md ran a sync on the array, over the member I/Os the members really did (the
     * sync is then what the jobs did not cost).
     */
    static Shares shares(Phase phase, List<HostSample> samples) {
        Instant from = phase.start();
        Instant to = phase.end().plus(Duration.ofMillis(1500));
        MemberLoad load = MemberLoad.NONE;
        String level = null;
        int members = 0;
        String sync = null;
        for (HostSample s : samples) {
            if (!s.getSampleTime().isAfter(from) || s.getSampleTime().isAfter(to)) {
                continue;
            }
            for (ArrayLoad a : HostLoad.of(s).arrays()) {
                if (!a.subject().equals(phase.array()) || a.consumers() == null) {
                    continue;
                }
                load = load.plus(a.consumers());
                level = a.level();
                members = a.members().size();
                if (a.syncAction() != null) {
                    sync = "md " + a.syncAction();
                }
            }
        }
        if (level == null) {
            throw new IllegalStateException(phase.name() + ": no sample of " + phase.array() + " with consumers between " + from + " and " + to);
        }
        RaidLayout layout = RaidLayout.of(RaidLevel.parse(level), members);
        List<ConsumerRequests> fio = phase.jobs().stream()
                .map(j -> new ConsumerRequests(j.consumer(), "cgroup", j.reads(), j.writes(), j.reads() * 4096, j.writes() * 4096)).toList();
        MemberLoad modelled = MemberLoad.of(layout, null, null, fio);
        double over = sync == null ? modelled.memberIos() : load.memberIos();
        Map<String, Double> truth = new LinkedHashMap<>();
        Map<String, Double> measured = new LinkedHashMap<>();
        for (Job j : phase.jobs()) {
            truth.put(j.consumer(), modelled.get(j.consumer()).memberIos() / over);
            var got = load.get(j.consumer());
            measured.put(j.consumer(), got == null ? 0 : got.share());
        }
        Double syncShare = load.sync() == null ? null : load.sync().share();
        return new Shares(phase, load, measured, truth, sync, syncShare);
    }
}
