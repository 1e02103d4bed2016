package io.raidpulse.stream.capacity;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.ArrayCapacityAlertState;
import io.raidpulse.schema.EpisodePhase;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.detector.EpisodeMean;
import io.raidpulse.stream.detector.SubjectState;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.topics.alert.Alerts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The capacity alert of one md array or hardware RAID volume, over its closed windows of the smallest size:
 *
 * <pre>
 * IDLE --hot--> PENDING --hot for the sustain time--> FIRING --cool for the clear time--> IDLE
 *                  \--not hot--> IDLE                   (windows between clear and fire restart the cool count)
 * </pre>
 *
 * Hot: the window used more than {@code capacity.fire-pct} of the array's capacity; cool: less
 * than {@code capacity.clear-pct}, or no capacity figure (no I/O, or a source outside
 * {@code capacity.alert-on}). Runs count consecutive
 * windows: a window missing (no samples in it) starts the count again without closing an open
 * episode. The members' %util plays no part: the point is an array near its capacity while
 * %util looks fine (solid-state members, whose %util says little, or a measured capacity below
 * what the disks' figures promise).
 *
 * <p>A hardware RAID volume has no member to show: its alert names it as its saturation alert does
 * ({@link DeviceLoad#volume}), gives its queue (aqu-sz) and await as the evidence that requests wait,
 * and says what its controller's cache means for the model's write figures.
 */
final class ArrayCapacityState extends SubjectState {
    enum Phase { IDLE, PENDING, FIRING }

    Phase phase = Phase.IDLE;
    /** hot windows (PENDING) or cool windows (FIRING) in the current run */
    int run;
    /** start of the first window of the current run, ms */
    long runStart;
    /** end of the last window seen, ms; -1 before the first */
    long lastWindowEnd = -1;

    long episodeStart;
    /** capacity share in percent over the episode, and the busiest member's %util, each over the same windows */
    double peakCapacity;
    final EpisodeMean capacity = new EpisodeMean();
    double peakUtil;
    final EpisodeMean util = new EpisodeMean();
    String busiestMember;
    String source;
    String cause;
    /** ARRAY (an md array) or HARDWARE (a hardware RAID volume) */
    final SubjectKind kind;
    /** how alerts name a hardware RAID volume, as its last window showed it; null for an md array */
    String described;

    /** An md array's. Its absence is counted in host samples, not windows: windows close later than their samples. */
    ArrayCapacityState(String array) {
        this(array, SubjectKind.ARRAY);
    }

    /** An md array's ({@code kind} ARRAY) or a hardware RAID volume's (HARDWARE, {@code subject} its device). */
    ArrayCapacityState(String subject, SubjectKind kind) {
        super(subject);
        this.kind = kind;
    }

    /** How summaries name the subject: md0, or "hardware RAID5 volume sda (PERC H700, 4 disks)". */
    String named() {
        return described != null ? described : subject();
    }

    /** Feeds one closed window of the smallest size; returns the FIRING or RESOLVED alert it causes, else null. */
    Alert observe(String host, Aggregate a, CapacitySettings th) {
        long start = a.getWindowStart().toEpochMilli();
        long end = a.getWindowEnd().toEpochMilli();
        if (lastWindowEnd >= 0 && lastWindowEnd != start) {
            breakRun();
        }
        lastWindowEnd = end;
        if (kind == SubjectKind.HARDWARE) {
            described = DeviceLoad.volume(subject(), a.getLevel(), a.getController(), a.getRaidDisks());
        }
        // a window compared with a source alerts are not to rest on counts as one without a figure
        Double share = th.alertsOn(a.getCapacitySource()) ? a.getCapacityUtil() : null;
        double pct = share == null ? 0 : share * 100;
        boolean hot = share != null && pct > th.firePct();
        boolean cool = share == null || pct < th.clearPct();
        long windowMs = end - start;
        switch (phase) {
            case IDLE -> {
                if (!hot) {
                    return null;
                }
                phase = Phase.PENDING;
                episodeStart = start;
                runStart = start;
                run = 1;
                accumulate(a, pct);
                return fireIfSustained(host, a, th, windowMs);
            }
            case PENDING -> {
                if (!hot) {
                    reset();
                    return null;
                }
                run++;
                accumulate(a, pct);
                return fireIfSustained(host, a, th, windowMs);
            }
            case FIRING -> {
                if (!cool) {
                    breakRun();
                    accumulate(a, pct);
                    return null;
                }
                if (run == 0) {
                    runStart = start;
                }
                run++;
                capacity.addCool(pct);
                util.addCool(a.getUtilMean());
                if (run < CapacitySettings.windows(th.clearAfter(), windowMs)) {
                    return null;
                }
                Alert resolved = resolved(host, end, runStart, th, null);
                reset();
                return resolved;
            }
            default -> throw new IllegalStateException(phase.toString());
        }
    }

    /** Closes an open episode of an array that is gone: RESOLVED with the reason, at the end of its last window. */
    Alert expire(String host, String reason) {
        if (phase != Phase.FIRING) {
            return null;
        }
        long at = Math.max(lastWindowEnd, episodeStart);
        Alert alert = resolved(host, at, at, null, reason);
        reset();
        return alert;
    }

    private Alert fireIfSustained(String host, Aggregate a, CapacitySettings th, long windowMs) {
        int needed = CapacitySettings.windows(th.sustain(), windowMs);
        if (run < needed) {
            return null;
        }
        long sustainedMs = run * windowMs;
        phase = Phase.FIRING;
        run = 0;
        capacity.dropCool();
        util.dropCool();
        cause = a.getSyncAction() == null ? null : "md " + a.getSyncAction() + " running on " + subject();
        double meanCapacity = capacity.mean();
        List<String> evidence = new ArrayList<>();
        evidence.add("capacity " + Alerts.percent(meanCapacity) + " mean > " + Alerts.percent(th.firePct()) + " for " + Alerts.duration(sustainedMs)
                + " (" + windowsOf(sustainedMs, windowMs) + ")");
        evidence.add(String.format(Locale.ROOT, "last window: %.0f r/s using %s of the read capacity, %.0f w/s using %s of the write capacity",
                a.getRIops(), Alerts.percent(orZero(a.getCapacityReadUtil()) * 100), a.getWIops(), Alerts.percent(orZero(a.getCapacityWriteUtil()) * 100)));
        evidence.add("capacity source " + source);
        String summary;
        Map<String, String> details = figures(a, th, windowMs);
        details.put("windows", Integer.toString(needed));
        if (kind == SubjectKind.HARDWARE) {
            // no member to show: whether requests wait on the volume is the evidence
            evidence.add(queueEvidence(a));
            String cache = cacheNote(a);
            if (cache != null) {
                evidence.add(cache);
            }
            summary = host + " " + named() + " at " + Alerts.percent(meanCapacity) + " of its capacity for " + Alerts.duration(sustainedMs)
                    + " (" + source + "), " + String.format(Locale.ROOT, "%.1f requests in flight", a.getAquSzMean());
            details.put("aqu_sz", Alerts.figure(a.getAquSzMean()));
            details.put("await_ms", Alerts.figure(a.getAwaitMeanMs()));
            details.put("controller", String.valueOf(a.getController()));
            details.put("controller_cache", String.valueOf(a.getControllerCache()));
            details.put("capacity_confidence", String.valueOf(a.getCapacityConfidence()));
        } else {
            evidence.add("busiest member %util " + Alerts.percent(util.mean()) + " mean, " + Alerts.percent(peakUtil) + " peak");
            summary = host + " " + subject() + " at " + Alerts.percent(meanCapacity) + " of its capacity for " + Alerts.duration(sustainedMs)
                    + " (" + source + "), busiest member %util " + Alerts.percent(peakUtil) + (cause != null ? " (" + cause + ")" : "");
        }
        return Alerts.alert(host, subject(), kind, AlertKind.CAPACITY, AlertState.FIRING, Severity.WARNING, episodeStart,
                        a.getWindowEnd().toEpochMilli(), summary)
                .setPeakUtil(peakUtil)
                .setMeanUtil(util.mean())
                .setBusiestMember(busiestMember)
                .setCause(cause)
                .setEvidence(evidence)
                .setDetails(details)
                .build();
    }

    /**
     * A volume's queue in the last window: requests waiting are what a volume at its capacity shows (its %util
     * near 100 does not: it serves several requests at once), and a source putting it past its capacity without
     * a queue is contradicted before it gets here (CapacityComparison.OVER_CAPACITY_QUEUE).
     */
    private static String queueEvidence(Aggregate a) {
        return String.format(Locale.ROOT, "last window: %.1f requests in flight on the volume (aqu-sz), await %.1f ms mean, %.1f ms p95; %%util %s"
                + " (a volume serves several requests at once: its %%util says little)", a.getAquSzMean(), a.getAwaitMeanMs(),
                a.getAwaitP95Ms(), Alerts.percent(a.getUtilMean()));
    }

    /**
     * What the controller's cache means for the figures when they come from the model (a benchmark of the
     * controller has its cache in its figures already): null then.
     */
    static String cacheNote(Aggregate a) {
        String src = a.getCapacitySource();
        if (src == null || src.startsWith("profile:")) {
            return null;
        }
        String c = a.getControllerCache();
        String controller = a.getController() == null ? "the controller" : a.getController();
        if (c == null) {
            return "controller cache unknown (not declared: collector.hwraid." + a.getSubject() + ".cache): the model counts the level's"
                    + " full write penalty";
        }
        if (c.toLowerCase(Locale.ROOT).startsWith("write-back")) {
            return "controller cache " + c + ": the model's write figures are an upper bound on the write cost (the cache takes writes"
                    + " for less, by how much only a benchmark of " + controller + " tells); capacity confidence low";
        }
        return "controller cache " + c + ": the level's full write penalty stands";
    }

    private Alert resolved(String host, long eventTime, long endTime, CapacitySettings th, String reason) {
        double meanCapacity = capacity.mean();
        String summary = reason == null
                ? host + " " + named() + " back below " + Alerts.percent(th.clearPct()) + " of its capacity after " + Alerts.duration(endTime - episodeStart)
                        + ": peak " + Alerts.percent(peakCapacity) + ", mean " + Alerts.percent(meanCapacity) + " (" + source + ")"
                : host + " " + named() + " capacity alert closed: " + reason;
        Map<String, String> details = new LinkedHashMap<>();
        details.put("duration_s", Long.toString(Math.max(0, endTime - episodeStart) / 1000));
        details.put("capacity_peak_pct", Alerts.figure(peakCapacity));
        details.put("capacity_mean_pct", Alerts.figure(meanCapacity));
        details.put("capacity_source", String.valueOf(source));
        if (reason != null) {
            details.put("reason", reason);
        }
        return Alerts.alert(host, subject(), kind, AlertKind.CAPACITY, AlertState.RESOLVED, Severity.WARNING, episodeStart,
                        eventTime, summary)
                .setEndTime(Instant.ofEpochMilli(endTime))
                .setPeakUtil(peakUtil)
                .setMeanUtil(util.mean())
                .setBusiestMember(busiestMember)
                .setCause(cause)
                .setEvidence(reason == null ? List.of() : List.of(reason))
                .setDetails(details)
                .build();
    }

    private Map<String, String> figures(Aggregate a, CapacitySettings th, long windowMs) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("capacity_source", String.valueOf(source));
        d.put("capacity_pct", Alerts.figure(orZero(a.getCapacityUtil()) * 100));
        d.put("capacity_read_pct", Alerts.figure(orZero(a.getCapacityReadUtil()) * 100));
        d.put("capacity_write_pct", Alerts.figure(orZero(a.getCapacityWriteUtil()) * 100));
        d.put("headroom_pct", Alerts.figure(orZero(a.getHeadroom()) * 100));
        d.put("capacity_peak_pct", Alerts.figure(peakCapacity));
        d.put("r_iops", Alerts.figure(a.getRIops()));
        d.put("w_iops", Alerts.figure(a.getWIops()));
        d.put("fire_pct", Alerts.figure(th.firePct()));
        d.put("clear_pct", Alerts.figure(th.clearPct()));
        d.put("window_s", Long.toString(windowMs / 1000));
        return d;
    }

    private void accumulate(Aggregate a, double pct) {
        capacity.add(pct);
        util.add(a.getUtilMean());
        if (pct > peakCapacity) {
            peakCapacity = pct;
        }
        if (a.getUtilMax() > peakUtil) {
            peakUtil = a.getUtilMax();
            busiestMember = a.getBusiestMember();
        }
        source = a.getCapacitySource();
    }

    /** A window missing: a pending run starts over; an open episode stays open and its cool count starts over. */
    private void breakRun() {
        if (phase == Phase.PENDING) {
            reset();
        } else if (phase == Phase.FIRING && run > 0) {
            capacity.keepCool();
            util.keepCool();
            run = 0;
        }
    }

    private void reset() {
        phase = Phase.IDLE;
        run = 0;
        peakCapacity = 0;
        capacity.reset();
        peakUtil = 0;
        util.reset();
        busiestMember = null;
        source = null;
        cause = null;
    }

    private static String windowsOf(long sustainedMs, long windowMs) {
        long n = sustainedMs / windowMs;
        return n + (n == 1 ? " window of " : " windows of ") + Alerts.duration(windowMs);
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }


    ArrayCapacityAlertState toRecord() {
        return ArrayCapacityAlertState.newBuilder()
                .setArray(subject()).setPhase(EpisodePhase.valueOf(phase.name())).setRun(run).setRunStart(runStart)
                .setLastWindowEnd(lastWindowEnd).setAbsent(absent()).setEpisodeStart(episodeStart).setPeakCapacity(peakCapacity)
                .setCapacitySum(capacity.sum()).setPeakUtil(peakUtil).setUtilSum(util.sum()).setWindows(capacity.count())
                .setCoolCapacitySum(capacity.coolSum()).setCoolUtilSum(util.coolSum()).setCoolWindows(capacity.coolCount())
                .setBusiestMember(busiestMember).setSource(source).setCause(cause)
                .setSubjectKind(kind).setDescribed(described)
                .build();
    }

    static ArrayCapacityState fromRecord(ArrayCapacityAlertState r) {
        ArrayCapacityState s = new ArrayCapacityState(r.getArray(), r.getSubjectKind() == null ? SubjectKind.ARRAY : r.getSubjectKind());
        s.phase = Phase.valueOf(r.getPhase().name());
        s.run = r.getRun();
        s.runStart = r.getRunStart();
        s.lastWindowEnd = r.getLastWindowEnd();
        s.restoreAbsent(r.getAbsent());
        s.episodeStart = r.getEpisodeStart();
        s.peakCapacity = r.getPeakCapacity();
        s.capacity.restore(r.getCapacitySum(), r.getWindows(), r.getCoolCapacitySum(), r.getCoolWindows());
        s.peakUtil = r.getPeakUtil();
        s.util.restore(r.getUtilSum(), r.getWindows(), r.getCoolUtilSum(), r.getCoolWindows());
        s.busiestMember = r.getBusiestMember();
        s.source = r.getSource();
        s.cause = r.getCause();
        s.described = r.getDescribed();
        return s;
    }
}
