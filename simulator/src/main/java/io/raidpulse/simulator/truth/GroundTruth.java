package io.raidpulse.simulator.truth;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.scenario.Expectation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.Units;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/** The model's truth for a run so far: every sample, and the alert episodes they imply. */
public final class GroundTruth {
    private static final Map<String, String> EXPECT_KINDS = Map.of("saturation", "SATURATION", "degraded", "ARRAY_DEGRADED",
            "no-spare", "NO_SPARE", "member-faulty", "MEMBER_FAULTY", "sync", "SYNC", "mismatch", "MISMATCH", "incident", "INCIDENT",
            "volume-offline", "VOLUME_OFFLINE", "volume-errors", "VOLUME_ERRORS");
    /**
     * How long a hardware RAID volume's errors episode stays open after the last rise of its
     * counters: the stream processor's default health.volume-errors-quiet.
     */
    static final long VOLUME_ERRORS_QUIET_SECONDS = 600;

    private final Scenario scenario;
    private final List<StepTruth> steps = new ArrayList<>();

    public GroundTruth(Scenario scenario) {
        this.scenario = scenario;
    }

    void add(StepTruth step) {
        steps.add(step);
    }

    public List<StepTruth> steps() {
        return List.copyOf(steps);
    }

    /**
     * Saturation episodes of every array (judged by its busiest leaf member) and every device
     * that is not an md array (md's own %util means only that a request was in flight; a hardware
     * RAID volume is one, of subject kind HARDWARE, judged as a parallel device), then the
     * md state episodes of every array. The rule's thresholds apply to each subject's
     * {@linkplain DeviceTruth#saturationLevel() saturation level}: %util for rotational devices,
     * the capacity used for parallel ones (SSD, NVMe), whose %util is near 100 whenever a request
     * is in flight most of the time, saturated or not. Peak and mean are of %util, as an alert
     * reports them.
     */
    /**
     * The incidents the episodes make ({@link IncidentTruth}), in the order they open. A
     * scenario's {@code expect incident} lines must name every one of them.
     */
    public List<IncidentTruth> incidents(SaturationRule rule) {
        return IncidentTruth.of(scenario, episodes(rule));
    }

    public List<Episode> episodes(SaturationRule rule) {
        List<Episode> out = new ArrayList<>();
        Set<String> arrays = new LinkedHashSet<>();
        Set<String> devices = new LinkedHashSet<>();
        for (StepTruth s : steps) {
            s.arrays().forEach(a -> arrays.add(a.array()));
            s.devices().stream().filter(d -> !d.md()).forEach(d -> devices.add(d.device()));
        }
        for (String a : arrays) {
            out.addAll(saturation(rule, a, "ARRAY", s -> {
                ArrayTruth t = s.array(a);
                return t == null ? null : new double[] {t.saturationLevel(), t.maxMemberUtil()};
            }));
        }
        for (String d : devices) {
            // a hardware RAID volume is a subject of its own kind, as the stream processor reports it
            String kind = scenario.disk(d).filter(x -> x.volume() != null).isPresent() ? "HARDWARE" : "DEVICE";
            out.addAll(saturation(rule, d, kind, s -> {
                DeviceTruth t = s.device(d);
                return t == null ? null : new double[] {t.saturationLevel(), t.util()};
            }));
        }
        for (String a : arrays) {
            out.addAll(states("ARRAY_DEGRADED", a, t -> t.degraded() > 0 ? "degraded " + t.degraded() : null));
            out.addAll(states("NO_SPARE", a, t -> t.degraded() > 0 && !t.spareAvailable() ? "no spare" : null));
            out.addAll(states("MEMBER_FAULTY", a, t -> t.faultyMembers().isEmpty() ? null : String.join(",", t.faultyMembers())));
            out.addAll(states("SYNC", a, t -> t.syncAction() == SyncAction.IDLE ? null : t.syncAction().word()));
            out.addAll(states("MISMATCH", a, t -> t.mismatchCnt() > 0 && t.syncAction() == SyncAction.IDLE
                    && MdLevel.mismatchMeansInconsistency(t.level()) ? "mismatch_cnt " + t.mismatchCnt() : null));
        }
        Set<String> volumes = new LinkedHashSet<>();
        steps.forEach(s -> s.scsi().stream().filter(VolumeTruth::volume).forEach(v -> volumes.add(v.device())));
        for (String v : volumes) {
            out.addAll(volumeHealth(v));
        }
        return out;
    }

    /**
     * A hardware RAID volume's health episodes, as the stream processor's rules judge the SCSI
     * device: VOLUME_OFFLINE from the first sample showing it offline (final until someone acts:
     * at once) to the first showing it running; VOLUME_ERRORS from the first sample whose
     * ioerr_cnt or iotmo_cnt rose since the one before while the volume completed reads or writes
     * (a rise without them is commands outside the I/O path: probes, a rescan), until the first
     * without such a rise {@link #VOLUME_ERRORS_QUIET_SECONDS} or more after the last.
     */
    private List<Episode> volumeHealth(String volume) {
        List<Episode> out = new ArrayList<>();
        StepTruth offline = null;
        StepTruth errors = null;
        StepTruth lastRise = null;
        VolumeTruth before = null;
        for (StepTruth s : steps) {
            VolumeTruth v = s.scsi(volume);
            if (v == null) {
                continue;
            }
            if (!v.running() && offline == null) {
                offline = s;
            } else if (v.running() && offline != null) {
                out.add(new Episode("VOLUME_OFFLINE", volume, "HARDWARE", offline.time(), offline.time(), s.time(), s.time(), null,
                        null, null, "offline"));
                offline = null;
            }
            DeviceTruth io = s.device(volume);
            boolean didIo = io != null && io.readsPerSecond() + io.writesPerSecond() > 0;
            boolean rose = before != null && didIo && (v.ioerrCnt() > before.ioerrCnt() || v.iotmoCnt() > before.iotmoCnt());
            if (rose) {
                errors = errors == null ? s : errors;
                lastRise = s;
            } else if (errors != null && s.second() - lastRise.second() >= VOLUME_ERRORS_QUIET_SECONDS) {
                out.add(new Episode("VOLUME_ERRORS", volume, "HARDWARE", errors.time(), errors.time(), s.time(), s.time(), null,
                        null, null, null));
                errors = null;
            }
            before = v;
        }
        if (offline != null) {
            out.add(new Episode("VOLUME_OFFLINE", volume, "HARDWARE", offline.time(), offline.time(), null, null, null, null, null,
                    "offline"));
        }
        if (errors != null) {
            out.add(new Episode("VOLUME_ERRORS", volume, "HARDWARE", errors.time(), errors.time(), null, null, null, null, null, null));
        }
        return out;
    }

    /** {@code levelAndUtil}: a subject's saturation level and %util in a step, null when it has no data there. */
    private List<Episode> saturation(SaturationRule rule, String subject, String subjectKind,
            Function<StepTruth, double[]> levelAndUtil) {
        List<Episode> out = new ArrayList<>();
        long interval = scenario.intervalSeconds();
        StepTruth runStart = null;
        StepTruth firing = null;
        StepTruth clearStart = null;
        double peak = 0;
        double sum = 0;
        int n = 0;
        for (StepTruth s : steps) {
            double[] lu = levelAndUtil.apply(s);
            if (lu == null) {
                continue;
            }
            double level = lu[0];
            double u = lu[1];
            if (firing == null) {
                if (level >= rule.fireUtil()) {
                    if (runStart == null) {
                        runStart = s;
                        peak = 0;
                        sum = 0;
                        n = 0;
                    }
                    peak = Math.max(peak, u);
                    sum += u;
                    n++;
                    if (s.second() - runStart.second() + interval >= rule.sustainSeconds()) {
                        firing = s;
                        clearStart = null;
                    }
                } else {
                    runStart = null;
                }
                continue;
            }
            if (level < rule.clearUtil()) {
                if (clearStart == null) {
                    clearStart = s;
                }
                if (s.second() - clearStart.second() + interval >= rule.clearSeconds()) {
                    out.add(saturationEpisode(subject, subjectKind, runStart, firing, clearStart, s, peak, sum / n));
                    firing = null;
                    runStart = null;
                    continue;
                }
            } else {
                clearStart = null;
            }
            if (clearStart == null) {
                peak = Math.max(peak, u);
                sum += u;
                n++;
            }
        }
        if (firing != null) {
            out.add(saturationEpisode(subject, subjectKind, runStart, firing, clearStart, null, peak, sum / n));
        }
        return out;
    }

    private Episode saturationEpisode(String subject, String subjectKind, StepTruth start, StepTruth firing,
            StepTruth clearStart, StepTruth resolved, double peak, double mean) {
        String busiest = null;
        String cause = null;
        for (StepTruth s : steps) {
            if (s.second() < start.second() || s.second() > firing.second()) {
                continue;
            }
            for (ArrayTruth a : s.arrays()) {
                boolean concerns = subjectKind.equals("ARRAY") ? a.array().equals(subject) : onMember(s, a, subject);
                if (concerns && a.syncAction() != SyncAction.IDLE && cause == null) {
                    cause = "md " + a.syncAction().word() + " running on " + a.array();
                }
                if (subjectKind.equals("ARRAY") && a.array().equals(subject) && s == firing) {
                    busiest = a.busiestMember();
                }
            }
        }
        return new Episode("SATURATION", subject, subjectKind, start.time(), firing.time(),
                resolved == null ? null : clearStart.time(), resolved == null ? null : resolved.time(), peak, mean, busiest,
                cause);
    }

    /** Whether device {@code subject} is one of the array's leaf members or the disk under one. */
    private static boolean onMember(StepTruth s, ArrayTruth a, String subject) {
        for (String leaf : a.memberUtil().keySet()) {
            DeviceTruth d = s.device(leaf);
            if (leaf.equals(subject) || (d != null && subject.equals(d.disk()))) {
                return true;
            }
        }
        return false;
    }

    private List<Episode> states(String kind, String array, Function<ArrayTruth, String> state) {
        List<Episode> out = new ArrayList<>();
        StepTruth start = null;
        String value = null;
        for (StepTruth s : steps) {
            ArrayTruth t = s.array(array);
            String v = t == null ? null : state.apply(t);
            boolean same = Objects.equals(v, value) || (v != null && value != null && !kind.equals("SYNC"));
            if (start != null && !same) {
                out.add(new Episode(kind, array, "ARRAY", start.time(), start.time(), s.time(), s.time(), null, null, null,
                        value));
                start = null;
                value = null;
            }
            if (start == null && v != null) {
                start = s;
                value = v;
            }
        }
        if (start != null) {
            out.add(new Episode(kind, array, "ARRAY", start.time(), start.time(), null, null, null, null, null, value));
        }
        return out;
    }

    /**
     * The scenario's {@code expect} lines that the model does not bear out: for every kind and
     * subject the scenario mentions, the episodes must be exactly those listed.
     */
    public List<String> unmetExpectations(SaturationRule rule) {
        List<String> problems = new ArrayList<>();
        List<Episode> episodes = episodes(rule);
        Set<String> pairs = new LinkedHashSet<>();
        for (Expectation x : scenario.expectations()) {
            pairs.add(EXPECT_KINDS.get(x.kind()) + " " + x.subject());
        }
        for (String pair : pairs) {
            String[] kv = pair.split(" ");
            List<Long[]> expected = new ArrayList<>();
            for (Expectation x : scenario.expectations()) {
                if (EXPECT_KINDS.get(x.kind()).equals(kv[0]) && x.subject().equals(kv[1])) {
                    expected.add(new Long[] {x.startSecond(), x.endSecond()});
                }
            }
            List<Long[]> actual = new ArrayList<>();
            for (Episode e : episodes) {
                if (e.kind().equals(kv[0]) && e.subject().equals(kv[1])) {
                    actual.add(new Long[] {seconds(e.firing()), e.resolved() == null ? null : seconds(e.resolved())});
                }
            }
            if (kv[0].equals("INCIDENT")) {
                for (IncidentTruth i : incidents(rule)) {
                    if (i.subject().equals(kv[1])) {
                        actual.add(new Long[] {seconds(i.firing()), i.resolved() == null ? null : seconds(i.resolved())});
                    }
                }
            }
            if (!describe(expected).equals(describe(actual))) {
                problems.add(kv[0] + " " + kv[1] + ": expected " + describe(expected) + ", the model gives " + describe(actual));
            }
        }
        return problems;
    }

    /**
     * Samples whose saturation level (%util, or the capacity used of parallel devices) lies within
     * {@code margin} points of the threshold that matters at that sample (the fire threshold while
     * not firing, the clear threshold while firing), where rounding in a consumer could move an
     * alert by a sample.
     */
    public List<String> marginalSamples(SaturationRule rule, double margin) {
        List<String> out = new ArrayList<>();
        List<Episode> episodes = episodes(rule);
        for (StepTruth s : steps) {
            for (ArrayTruth a : s.arrays()) {
                check(out, rule, margin, s, a.array(), a.saturationLevel(), episodes);
            }
            for (DeviceTruth d : s.devices()) {
                if (!d.md()) {
                    check(out, rule, margin, s, d.device(), d.saturationLevel(), episodes);
                }
            }
        }
        return out;
    }

    private void check(List<String> out, SaturationRule rule, double margin, StepTruth s, String subject, double level,
            List<Episode> episodes) {
        boolean firing = false;
        for (Episode e : episodes) {
            if (e.kind().equals("SATURATION") && e.subject().equals(subject) && !s.time().isBefore(e.firing())
                    && (e.resolved() == null || s.time().isBefore(e.resolved()))) {
                firing = true;
            }
        }
        double threshold = firing ? rule.clearUtil() : rule.fireUtil();
        if (Math.abs(level - threshold) < margin) {
            out.add(subject + " at " + Units.formatSeconds(s.second()) + ": saturation level " + DeviceTruth.round(level));
        }
    }

    private long seconds(Instant t) {
        return (t.toEpochMilli() - scenario.start().toEpochMilli()) / 1000;
    }

    private static String describe(List<Long[]> episodes) {
        StringBuilder b = new StringBuilder("[");
        for (Long[] e : episodes) {
            b.append(b.length() > 1 ? ", " : "").append(Units.formatSeconds(e[0])).append("..")
                    .append(e[1] == null ? "open" : Units.formatSeconds(e[1]));
        }
        return b.append(']').toString();
    }
}
