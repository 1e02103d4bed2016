package io.raidpulse.lab.checks;

import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;

/**
 * What the pipeline said about a recording, held against what the guest did (events.log):
 * saturation only while something loaded the disks, a member failed when md failed it, degraded
 * while it was, each sync with its kind, progress, a true ETA and its end, mismatches when a
 * check found them; every episode opened once and closed once.
 *
 * <p>Times: samples are 1 s apart; saturation fires after 30 s and clears after 60 s of cool
 * samples (the defaults); md health follows the sample that shows it.
 */
final class AlertChecks {
    /** One sample interval and a little: how far an md health change may trail the event that caused it. */
    private static final Duration HEALTH_LAG = Duration.ofSeconds(4);
    private static final Pattern FAIL = Pattern.compile("mdadm (/dev/\\S+) --fail /dev/(\\S+)");

    private AlertChecks() {
    }

    /** Alerts grouped by episode (alert_id), each in the order they were written. */
    static Map<String, List<Alert>> episodes(List<Alert> alerts) {
        Map<String, List<Alert>> out = new LinkedHashMap<>();
        for (Alert a : alerts) {
            out.computeIfAbsent(a.getAlertId(), k -> new ArrayList<>()).add(a);
        }
        return out;
    }

    /** A window of the run: a benchmark, or a sync from the action seen to the array idle. */
    record Window(String what, Instant start, Instant end) {
        boolean covers(Instant t, Duration slack) {
            return !t.isBefore(start.minus(slack)) && !t.isAfter(end.plus(slack));
        }
    }

    static List<Window> benchmarks(Recording r) {
        List<Window> out = new ArrayList<>();
        for (Event s : r.events("bench-start")) {
            Event e = r.next("bench-end", s.time(), "name", s.attr("name"));
            out.add(new Window("benchmark " + s.attr("name"), s.time(), e == null ? s.time() : e.time()));
        }
        return out;
    }

    static List<Window> syncs(Recording r, String array) {
        List<Window> out = new ArrayList<>();
        for (Event s : r.events("action")) {
            if (!array.equals(s.attr("array"))) {
                continue;
            }
            Event e = r.next("idle", s.time(), "array", array);
            out.add(new Window(s.attr("action"), s.time(), e == null ? s.time() : e.time()));
        }
        return out;
    }

    /** The checks every recording gets. */
    static void common(SoftAssertions soft, Recording r, List<Alert> alerts) {
        Map<String, List<Alert>> episodes = episodes(alerts);
        for (var e : episodes.entrySet()) {
            List<Alert> ep = e.getValue();
            String id = r.name() + " " + e.getKey();
            soft.assertThat(ep.get(0).getState()).as("%s opens with FIRING", id).isEqualTo(AlertState.FIRING);
            soft.assertThat(ep.get(ep.size() - 1).getState()).as("%s is closed by the end of the run", id).isEqualTo(AlertState.RESOLVED);
            soft.assertThat(ep.stream().filter(a -> a.getState() == AlertState.FIRING).count()).as("%s FIRING once", id).isEqualTo(1);
            soft.assertThat(ep.stream().filter(a -> a.getState() == AlertState.RESOLVED).count()).as("%s RESOLVED once", id).isEqualTo(1);
            for (int i = 1; i < ep.size(); i++) {
                soft.assertThat(ep.get(i).getEventTime()).as("%s in time order", id).isAfterOrEqualTo(ep.get(i - 1).getEventTime());
            }
        }
        List<Window> load = new ArrayList<>(benchmarks(r));
        for (Event a : r.events("action")) {
            load.addAll(syncs(r, a.attr("array")));
        }
        for (List<Alert> ep : episodes.values()) {
            Alert first = ep.get(0);
            if (first.getKind() != AlertKind.SATURATION) {
                continue;
            }
            Instant start = first.getStartTime();
            soft.assertThat(load.stream().anyMatch(w -> w.covers(start, Duration.ofSeconds(3))))
                    .as("%s: saturation of %s from %s lies in a benchmark or a sync", r.name(), first.getSubject(), start).isTrue();
        }
        failures(soft, r, episodes);
        volumeStates(soft, r, episodes);
        syncChecks(soft, r, episodes);
        mismatches(soft, r, episodes);
        nothingElse(soft, r, episodes);
    }

    /** Alert kinds a lab run can cause; CAPACITY, ARRAY_INACTIVE and OTHER have no cause in any scenario. */
    private static final java.util.Set<AlertKind> CAUSED = java.util.EnumSet.of(AlertKind.SATURATION, AlertKind.MEMBER_FAULTY,
            AlertKind.ARRAY_DEGRADED, AlertKind.NO_SPARE, AlertKind.SYNC, AlertKind.MISMATCH, AlertKind.VOLUME_OFFLINE,
            AlertKind.VOLUME_ERRORS);

    /**
     * A hardware RAID volume's SCSI state, as the scenario set it ({@code set /sys/block/sda/device/state=offline}):
     * each time it is set to anything but running, one VOLUME_OFFLINE episode of that volume opens within
     * a few seconds and resolves within a few seconds of it being set to running again; no VOLUME_OFFLINE
     * the scenario did not cause; and a VOLUME_ERRORS episode only where the scenario touched the device's
     * state or rescanned it (the lab's disks never fail a read or write).
     */
    private static void volumeStates(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes) {
        List<Event> sets = r.events("set").stream().filter(e -> e.rest().matches("/sys/block/\\w+/device/(state|rescan)=.*")).toList();
        List<List<Alert>> offline = episodes.values().stream().filter(ep -> ep.get(0).getKind() == AlertKind.VOLUME_OFFLINE).toList();
        List<Instant> opened = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            Event set = sets.get(i);
            String device = set.rest().split("/")[3];
            String value = set.rest().substring(set.rest().indexOf('=') + 1);
            if (!set.rest().contains("/device/state=") || value.equals("running")) {
                continue;
            }
            Instant at = set.time();
            Event back = sets.stream().skip(i + 1).filter(e -> e.rest().equals("/sys/block/" + device + "/device/state=running")).findFirst()
                    .orElse(null);
            List<List<Alert>> mine = offline.stream().filter(ep -> ep.get(0).getSubject().equals(device)
                    && !ep.get(0).getStartTime().isBefore(at.minusSeconds(2)) && !ep.get(0).getStartTime().isAfter(at.plus(HEALTH_LAG))).toList();
            soft.assertThat(mine).as("%s: %s set %s at %s: one VOLUME_OFFLINE", r.name(), device, value, at).hasSize(1);
            if (mine.size() == 1) {
                opened.add(mine.get(0).get(0).getStartTime());
                Alert end = mine.get(0).get(mine.get(0).size() - 1);
                soft.assertThat(end.getSummary()).as("%s: %s offline episode names the volume", r.name(), device).contains(" hardware ");
                if (back != null) {
                    soft.assertThat(end.getEventTime()).as("%s: %s offline resolved once running again at %s", r.name(), device, back.time())
                            .isBetween(back.time().minusSeconds(2), back.time().plus(HEALTH_LAG));
                }
            }
        }
        for (List<Alert> ep : offline) {
            soft.assertThat(opened).as("%s: VOLUME_OFFLINE of %s from %s follows a state the scenario set", r.name(), ep.get(0).getSubject(),
                    ep.get(0).getStartTime()).contains(ep.get(0).getStartTime());
        }
        for (List<Alert> ep : episodes.values()) {
            Alert first = ep.get(0);
            if (first.getKind() != AlertKind.VOLUME_ERRORS) {
                continue;
            }
            Instant start = first.getStartTime();
            soft.assertThat(sets.stream().anyMatch(e -> !start.isBefore(e.time().minusSeconds(2)) && !start.isAfter(e.time().plus(HEALTH_LAG))))
                    .as("%s: VOLUME_ERRORS of %s from %s follows a state set or a rescan (%s)", r.name(), first.getSubject(), start,
                            first.getSummary()).isTrue();
        }
    }

    /**
     * Nothing the run did not cause: only kinds it can cause, and every md health episode opened
     * within a few seconds of something the scenario did to the arrays (created, failed, pulled,
     * removed, added, grown one, or wrote a sync_action): md starts no sync and degrades no array
     * by itself in a lab run.
     */
    private static void nothingElse(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes) {
        List<Instant> acts = new ArrayList<>();
        for (Event e : r.events()) {
            if (e.kind().equals("do") || e.kind().equals("set") || e.kind().equals("pulled") || e.kind().equals("faulty")) {
                acts.add(e.time());
            }
        }
        for (List<Alert> ep : episodes.values()) {
            Alert first = ep.get(0);
            soft.assertThat(CAUSED).as("%s: %s %s (%s)", r.name(), first.getKind(), first.getSubject(), first.getSummary())
                    .contains(first.getKind());
            if (first.getKind() == AlertKind.ARRAY_DEGRADED || first.getKind() == AlertKind.NO_SPARE
                    || first.getKind() == AlertKind.SYNC) {
                Instant start = first.getStartTime();
                boolean caused = acts.stream().anyMatch(t -> !start.isBefore(t.minusSeconds(2)) && !start.isAfter(t.plus(HEALTH_LAG).plusSeconds(2)));
                soft.assertThat(caused).as("%s: %s %s from %s follows something the scenario did (%s)", r.name(), first.getKind(),
                        first.getSubject(), start, first.getSummary()).isTrue();
            }
        }
    }

    /**
     * After each check the scenario logs md's mismatch_cnt ("mismatch_cnt value=N"): a count above
     * 0 on a parity array is a MISMATCH episode opened when the check ended, none is open at a 0,
     * and no MISMATCH appears in a run that never found one.
     */
    private static void mismatches(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes) {
        List<Event> counts = r.events("mismatch_cnt");
        for (Event c : counts) {
            long n = Long.parseLong(c.attr("value"));
            Instant at = c.time().plus(HEALTH_LAG);
            boolean open = episodes.values().stream().anyMatch(e -> e.get(0).getKind() == AlertKind.MISMATCH
                    && !e.get(0).getEventTime().isAfter(at) && e.get(e.size() - 1).getEventTime().isAfter(at));
            soft.assertThat(open).as("%s: a MISMATCH open at %s, when md counted %d mismatched sectors", r.name(), c.time(), n)
                    .isEqualTo(n > 0);
        }
        if (counts.stream().noneMatch(c -> !c.attr("value").equals("0"))) {
            soft.assertThat(episodes.values().stream().filter(e -> e.get(0).getKind() == AlertKind.MISMATCH).count())
                    .as("%s: MISMATCH episodes in a run whose checks found none", r.name()).isZero();
        }
    }

    /** Each member failed with mdadm --fail or pulled out is reported faulty right after, and its array degraded. */
    private static void failures(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes) {
        List<Event> failed = new ArrayList<>();
        for (Event d : r.events("do")) {
            Matcher m = FAIL.matcher(d.rest());
            if (m.find()) {
                failed.add(d);
            }
        }
        for (Event d : failed) {
            Matcher m = FAIL.matcher(d.rest());
            m.find();
            String array = m.group(1).substring(5);
            String disk = m.group(2);
            expectOpened(soft, r, episodes, AlertKind.MEMBER_FAULTY, disk, d.time(), d.time().plus(HEALTH_LAG), "mdadm --fail " + disk);
            expectOpenAt(soft, r, episodes, AlertKind.ARRAY_DEGRADED, array, d.time().plus(HEALTH_LAG), "after mdadm --fail " + disk);
        }
        for (Event p : r.events("pulled")) {
            Event faulty = r.next("faulty", p.time(), "disk", p.attr("disk"));
            Instant until = (faulty == null ? p.time().plusSeconds(60) : faulty.time()).plus(HEALTH_LAG);
            // from the request to pull it: md may fail the disk before the guest sees it gone and logs "pulled"
            Instant from = r.events("pull").stream().filter(q -> q.attr("disk").equals(p.attr("disk")) && !q.time().isAfter(p.time()))
                    .map(Event::time).reduce((a, b) -> b).orElse(p.time().minusSeconds(1));
            expectOpened(soft, r, episodes, AlertKind.MEMBER_FAULTY, p.attr("disk"), from, until, "disk " + p.attr("disk") + " pulled");
        }
        // no member reported faulty that the scenario did not fail
        for (List<Alert> ep : episodes.values()) {
            Alert first = ep.get(0);
            if (first.getKind() == AlertKind.MEMBER_FAULTY) {
                boolean caused = failed.stream().anyMatch(d -> d.rest().contains("/dev/" + first.getSubject()))
                        || r.events("pulled").stream().anyMatch(p -> first.getSubject().equals(p.attr("disk")));
                soft.assertThat(caused).as("%s: %s reported faulty with no failure in the run", r.name(), first.getSubject()).isTrue();
            }
        }
    }

    /**
     * Each sync the run waited for (an "action" event, then "idle") is one SYNC episode of that
     * kind: opened when it started, progress that only grows, an ETA near the time that was really
     * left, and closed when it ended, as finished.
     */
    private static void syncChecks(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes) {
        for (Event action : r.events("action")) {
            String array = action.attr("array");
            Event idle = r.next("idle", action.time(), "array", array);
            if (idle == null) {
                continue;
            }
            String kind = action.attr("action");
            String id = r.name() + " " + array + " " + kind + " from " + action.time();
            boolean fromBitmap = kind.equals("recover") && reAdded(r, array, action.time());
            List<Alert> ep = episodes.values().stream()
                    .filter(e -> e.get(0).getKind() == AlertKind.SYNC && e.get(0).getSubject().equals(array)
                            && kind.equals(e.get(0).getDetails().get("sync_action"))
                            && !e.get(0).getStartTime().isAfter(action.time().plus(HEALTH_LAG))
                            && !e.get(e.size() - 1).getEventTime().isBefore(action.time()))
                    .findFirst().orElse(null);
            soft.assertThat(ep).as("%s: a SYNC episode", id).isNotNull();
            if (ep == null) {
                continue;
            }
            Alert end = ep.get(ep.size() - 1);
            soft.assertThat(end.getEventTime()).as("%s: closed when it ended (idle at %s)", id, idle.time())
                    .isBetween(idle.time().minus(HEALTH_LAG.multipliedBy(2)), idle.time().plus(HEALTH_LAG));
            soft.assertThat(end.getDetails().get("finished")).as("%s: closed as finished (%s)", id, end.getSummary()).isEqualTo("true");
            soft.assertThat(ep.get(0).getSeverity()).as("%s: severity", id)
                    .isEqualTo(kind.equals("check") || kind.equals("repair") ? Severity.INFO : Severity.WARNING);
            double last = -1;
            for (Alert a : ep) {
                String pct = a.getDetails().get("sync_pct");
                if (a.getState() == AlertState.RESOLVED || pct == null) {
                    continue;
                }
                double p = Double.parseDouble(pct);
                soft.assertThat(p).as("%s: progress only grows", id).isGreaterThanOrEqualTo(last);
                last = p;
                String eta = a.getDetails().get("eta_s");
                if (eta != null && p >= 10 && p <= 90 && !fromBitmap) {
                    double left = Duration.between(a.getEventTime(), idle.time()).toMillis() / 1000.0;
                    soft.assertThat(Double.parseDouble(eta)).as("%s: ETA at %s%% against the %.0f s really left", id, pct, left)
                            .isBetween(left * 0.7 - 8, left * 1.3 + 8);
                }
            }
        }
    }

    /**
     * Whether the recovery that started at {@code at} follows a re-add md accepted: it copies from
     * the write-intent bitmap only what changed and jumps over the rest, so md's ETA (what is left
     * at the speed so far) says nothing of the time it really takes; its start, progress and end
     * are held as any other's.
     */
    private static boolean reAdded(Recording r, String array, Instant at) {
        Event last = null;
        for (Event e : r.events()) {
            if (e.time().isAfter(at)) {
                break;
            }
            if (e.kind().equals("do") && e.rest().startsWith("mdadm /dev/" + array + " ")) {
                last = e;
            }
        }
        if (last == null || !last.rest().contains("--re-add")) {
            return false;
        }
        Event done = r.next("done", last.time());
        return done != null && "0".equals(done.attr("rc"));
    }

    private static void expectOpened(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes, AlertKind kind,
                                     String subject, Instant from, Instant to, String why) {
        boolean found = episodes.values().stream().map(e -> e.get(0)).anyMatch(a -> a.getKind() == kind
                && a.getSubject().equals(subject) && !a.getEventTime().isBefore(from) && !a.getEventTime().isAfter(to));
        soft.assertThat(found).as("%s: %s %s FIRING between %s and %s (%s)", r.name(), kind, subject, from, to, why).isTrue();
    }

    private static void expectOpenAt(SoftAssertions soft, Recording r, Map<String, List<Alert>> episodes, AlertKind kind,
                                     String subject, Instant at, String why) {
        boolean open = episodes.values().stream().anyMatch(e -> e.get(0).getKind() == kind && e.get(0).getSubject().equals(subject)
                && !e.get(0).getEventTime().isAfter(at) && e.get(e.size() - 1).getEventTime().isAfter(at));
        soft.assertThat(open).as("%s: %s %s open at %s (%s)", r.name(), kind, subject, at, why).isTrue();
    }

    /**
     * Saturation expected, or not, on a subject during a benchmark, or during a run of benchmarks
     * back to back ({@code first} to {@code last}), whose load makes one episode.
     */
    record Expect(String subject, String first, String last, boolean fires) {
        static Expect fires(String subject, String benchmark) {
            return new Expect(subject, benchmark, benchmark, true);
        }

        static Expect fires(String subject, String first, String last) {
            return new Expect(subject, first, last, true);
        }

        static Expect quiet(String subject, String benchmark) {
            return new Expect(subject, benchmark, benchmark, false);
        }

        static Expect quiet(String subject, String first, String last) {
            return new Expect(subject, first, last, false);
        }

        String what() {
            return first.equals(last) ? first : first + " to " + last;
        }
    }

    /**
     * The time of the first sample whose whole interval lies after {@code t} (its predecessor was
     * taken at or after {@code t}): the first sample that can show a load gone at {@code t}. Later
     * than {@code t} by about one interval, unless the guest's collector stalled (under emulation
     * on a loaded machine it has gone a minute without a sample); {@code t} if no sample follows.
     */
    static Instant firstIntervalAfter(List<Instant> sampleTimes, Instant t) {
        for (int i = 1; i < sampleTimes.size(); i++) {
            if (!sampleTimes.get(i - 1).isBefore(t)) {
                return sampleTimes.get(i);
            }
        }
        return t;
    }

    /**
     * A hardware RAID volume serves requests on several disks at once, so its util near 100% says
     * nothing by itself: every saturation of one is named as the volume and rests on queue or
     * latency evidence against its own baseline.
     */
    static void hardwareVolumes(SoftAssertions soft, Recording r, List<Alert> alerts, List<HostSample> samples) {
        Set<String> volumes = new TreeSet<>();
        samples.stream().filter(s -> s.getHardwareVolumes() != null).forEach(s -> s.getHardwareVolumes().stream()
                .filter(v -> v.getRecognisedBy() != null).forEach(v -> volumes.add(v.getDevice())));
        for (Alert a : alerts) {
            if (a.getKind() != AlertKind.SATURATION || a.getState() != AlertState.FIRING || !volumes.contains(a.getSubject())) {
                continue;
            }
            soft.assertThat(a.getSummary()).as("%s: %s saturation names the volume", r.name(), a.getSubject()).contains(" hardware ");
            soft.assertThat(a.getEvidence()).as("%s: %s saturation rests on queue or latency evidence", r.name(), a.getSubject())
                    .anyMatch(e -> e.startsWith("aqu-sz ") || e.startsWith("await "));
        }
    }

    static void saturation(SoftAssertions soft, Recording r, List<Alert> alerts, List<Instant> sampleTimes, List<Expect> expects) {
        Map<String, List<Alert>> episodes = episodes(alerts);
        List<Window> benchmarks = benchmarks(r);
        for (Expect x : expects) {
            Window first = benchmarks.stream().filter(b -> b.what().equals("benchmark " + x.first())).findFirst().orElse(null);
            Window last = benchmarks.stream().filter(b -> b.what().equals("benchmark " + x.last())).findFirst().orElse(null);
            soft.assertThat(first != null && last != null).as("%s: benchmarks %s in the run", r.name(), x.what()).isTrue();
            if (first == null || last == null) {
                continue;
            }
            Window w = new Window(x.what(), first.start(), last.end());
            List<List<Alert>> during = episodes.values().stream()
                    .filter(e -> e.get(0).getKind() == AlertKind.SATURATION && e.get(0).getSubject().equals(x.subject()))
                    .filter(e -> w.covers(e.get(0).getStartTime(), Duration.ofSeconds(3)))
                    .toList();
            if (!x.fires()) {
                soft.assertThat(during).as("%s: no saturation of %s during %s", r.name(), x.subject(), x.what()).isEmpty();
                continue;
            }
            soft.assertThat(during).as("%s: saturation of %s during %s", r.name(), x.subject(), x.what()).hasSize(1);
            if (during.size() == 1) {
                List<Alert> ep = during.get(0);
                Alert resolved = ep.get(ep.size() - 1);
                soft.assertThat(ep.get(0).getEventTime()).as("%s: %s FIRING within %s", r.name(), x.subject(), x.what())
                        .isBetween(w.start().plusSeconds(25), w.end().plusSeconds(3));
                if (resolved.getEndTime() != null) {
                    // the episode ends at the first cool sample: one interval after the load, or later if no sample came
                    Instant seen = firstIntervalAfter(sampleTimes, w.end());
                    if (Duration.between(w.end(), seen).toSeconds() > 5) {
                        System.out.println(r.name() + ": the collector's first sample after " + x.what() + " ended at " + w.end()
                                + " came at " + seen + ": the saturation's end cannot be seen earlier");
                    }
                    soft.assertThat(resolved.getEndTime()).as("%s: %s saturation ends with %s (first sample of an interval after it: %s)",
                                    r.name(), x.subject(), x.what(), seen)
                            .isBetween(w.end().minusSeconds(5), (seen.isAfter(w.end()) ? seen : w.end()).plusSeconds(5));
                }
            }
        }
    }
}
