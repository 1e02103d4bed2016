package io.raidpulse.stream.saturation;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.EpisodePhase;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectConsumersState;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.schema.SubjectSaturationState;
import io.raidpulse.stream.detector.EpisodeMean;
import io.raidpulse.stream.detector.SubjectState;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.MdSync;
import io.raidpulse.stream.load.SubjectLoad;
import io.raidpulse.stream.state.ConsumerLoadStates;
import io.raidpulse.stream.state.Unions;
import io.raidpulse.topics.alert.Alerts;
import io.raidpulse.topics.saturation.BusyTimeCounting;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.Encoder;

/**
 * The saturation state machine of one device or array.
 *
 * <pre>
 * IDLE --hot--> PENDING --hot for the sustain time--> FIRING --cool for the clear time--> IDLE
 *                  \--not hot--> IDLE                   (more than a few samples not cool restart the cool count)
 * </pre>
 *
 * A pending run survives warm samples (not hot, not cool: between the two thresholds) while they
 * are at most a tenth of it (the first one always), and does not count them: the run still needs
 * the sustain time's worth of hot samples. A member of the lab's RAID0 under 32 random requests
 * was 94% busy for two seconds of forty at 99-100%, and each of them restarted the run; a subject
 * that only touches the fire threshold now and then still never fires. A cool run survives
 * samples that are not cool the same way (at most a tenth of it, the first one always, not
 * counted toward the clear time): the lab's RAID5, idle after its benchmark and then rebuilding a
 * member at 4 MB/s, showed a member 100% busy for one second twice, with nothing completed and no
 * queue (the kernel credits a long request's busy time when it next accounts the disk), and each
 * of them held the saturation open for another minute.
 *
 * Hot: util at or above the fire threshold, with queue or latency evidence where util alone does
 * not mean saturation. Cool: util below the clear threshold, or that evidence gone. On a kernel
 * that under-counts busy time (5.0 to 5.16, {@link BusyTimeCounting}) a subject that never idles
 * reads 70-93% busy, so there a sample is also hot when it is at least
 * {@code saturation.undercounted-util} (50%) busy as counted with a queue three times what its
 * throughput explains, and not cool while that queue stays at twice. Runs are
 * counted in samples by sequence number: one lost sample inside a run is tolerated and counted,
 * a longer gap or a collector restart starts counting afresh without closing an open episode.
 */
final class SubjectSaturation extends SubjectState {
    /** The share of a pending run that may be warm samples (see the class comment). */
    static final double TOLERATED_WARM_SHARE = 0.1;
    /** Lost samples a run survives: one lost sample (a send dropped or late) does not restart the count; a longer gap does. */
    static final int TOLERATED_GAP = 1;
    /**
     * How long a subject's samples with I/O must have been seen before its baseline counts as
     * learnt (at least {@link #MIN_WARMUP_SAMPLES} samples): until then the baseline is the plain
     * mean of those samples (so it forms within that minute, not over the baseline window), and a
     * subject that needs evidence is not judged at all: a parallel device busy from its first
     * sample, or a cloud volume whose every request takes 4 ms, would otherwise be held against
     * the floors alone.
     */
    static final Duration BASELINE_WARMUP = Duration.ofMinutes(1);
    static final int MIN_WARMUP_SAMPLES = 6;
    /** baseSamples stops counting here: only whether the warm-up is over matters */
    static final int MAX_BASE_SAMPLES = 3600;
    /** An alert names at most this many consumers, each with at least {@link #NAMED_SHARE} of the episode's member load. */
    static final int NAMED_CONSUMERS = 3;
    static final double NAMED_SHARE = 0.05;
    /**
     * A consumer is told as having started the episode when it drives it (at least this share of its member load),
     * became busy at most {@link #STARTED_LEAD_MS} before the episode began, and the subject had been seen without
     * it for {@link #QUIET_BEFORE_MS} before that.
     */
    static final double DRIVING_SHARE = 0.25;
    static final long STARTED_LEAD_MS = 10 * 60_000L;
    static final long QUIET_BEFORE_MS = 60_000L;
    /** How the evidence of a sample hot on a kernel that under-counts busy time ends. */
    static final String UNDERCOUNTED = " busy as this kernel counts it (it under-counts busy time)";

    enum Phase { IDLE, PENDING, FIRING }

    /** Each phase's symbol in EpisodePhase, by the phase's ordinal: the state record names phases by name. */
    private static final int[] PHASE_SYMBOL = Arrays.stream(Phase.values())
            .mapToInt(p -> EpisodePhase.valueOf(p.name()).ordinal()).toArray();

    final SubjectKind kind;
    Phase phase = Phase.IDLE;
    /** samples in the current hot run (IDLE, PENDING) or cool run (FIRING) */
    int run;
    /** seconds the samples of the current run cover (their interval_s, lost ones at the interval of the next) */
    double runSeconds;
    /** sample time of the first sample of the current run, ms */
    long runStart;
    long lastSequence = -1;
    long lastTime;
    long collectorStarted;

    long episodeStart;
    double peak;
    /** arrays: the busiest member at the peak */
    String peakMember;
    /** how the open episode's FIRING named the subject, when more than its name (a hardware RAID volume); else null */
    String described;
    /** util over the episode, its cool run apart */
    final EpisodeMean episodeUtil = new EpisodeMean();
    String cause;
    Severity severity;
    double firedUtilMean;

    /** exponentially weighted aqu-sz and await over samples with I/O that are not hot; NaN until the first */
    double baseAquSz = Double.NaN;
    double baseAwaitMs = Double.NaN;
    /** samples the baseline has learnt from, up to {@link #MAX_BASE_SAMPLES} */
    int baseSamples;
    /** samples tolerated in the current run: warm ones in a pending run, ones not cool in a cool run (see the class comment) */
    int warmInRun;
    /** who loaded the subject over the open episode's samples (its cool run apart); null when none of them said */
    MemberLoad episodeConsumers;
    /** which consumers have been busy and since when: tells one that started the episode */
    final ConsumerHistory consumerHistory = new ConsumerHistory();

    SubjectSaturation(String subject, SubjectKind kind) {
        super(subject);
        this.kind = kind;
    }

    /**
     * Where a sample sits in its host's sequence; {@code busyUndercounted}: its kernel under-counts
     * busy time ({@link BusyTimeCounting}); {@code betweenReadings}: its collector did not read
     * io.stat for it (HostSample v6 BETWEEN_READINGS), so it has no consumers but the attribution goes on.
     */
    record SampleContext(String host, long sequence, long time, long collectorStarted, double intervalS, boolean busyUndercounted,
                         boolean betweenReadings) {
    }

    /** Feeds one sample with data for this subject; returns the FIRING or RESOLVED alert it causes, else null. */
    Alert observe(SubjectLoad load, SampleContext ctx, SaturationThresholds th, MdSync sync) {
        boolean continues = lastSequence >= 0 && collectorStarted == ctx.collectorStarted()
                && ctx.sequence() > lastSequence && ctx.sequence() - lastSequence - 1 <= TOLERATED_GAP;
        long missed = continues ? ctx.sequence() - lastSequence - 1 : 0;
        if (!continues && lastSequence >= 0) {
            breakRun();
        }
        lastSequence = ctx.sequence();
        lastTime = ctx.time();
        collectorStarted = ctx.collectorStarted();
        present();
        if (!ctx.betweenReadings()) {
            consumerHistory.observe(load.consumers(), ctx.time());
        }

        double util = load.util();
        boolean evidenceNeeded = th.needsEvidence(load.parallel());
        List<String> evidence = new ArrayList<>(3);
        boolean hot = util >= th.fireUtil();
        if (hot && evidenceNeeded) {
            // no baseline, no judgement: what is slow for this device is only known from its own samples
            if (baseSamples >= warmupSamples(ctx.intervalS())) {
                String queue = queueEvidence(load, th, th.evidenceFactor());
                String latency = latencyEvidence(load, th, th.evidenceFactor());
                if (queue != null) {
                    evidence.add(queue);
                }
                if (latency != null) {
                    evidence.add(latency);
                }
            }
            hot = !evidence.isEmpty();
        }
        if (!hot) {
            String waiting = undercountedQueue(load, th, th.evidenceFactor(), evidenceNeeded, ctx);
            if (waiting != null) {
                evidence.add(waiting);
                hot = true;
            }
        }
        String inMd = mdBound(load, th, th.evidenceFactor(), th.fireUtil());
        if (inMd != null) {
            evidence.add(inMd);
            hot = true;
        }

        switch (phase) {
            case IDLE -> {
                if (!hot) {
                    updateBaseline(load, th, ctx.intervalS());
                    consumerHistory.calm(util, ctx.intervalS());
                    return null;
                }
                phase = Phase.PENDING;
                episodeStart = ctx.time();
                runStart = ctx.time();
                run = 1;
                runSeconds = ctx.intervalS();
                peak = -1;
                episodeUtil.reset();
                accumulate(load);
                return fireIfSustained(load, ctx, th, sync, evidence);
            }
            case PENDING -> {
                if (!hot) {
                    long runWithIt = run + 1 + missed;
                    if (warmInRun + 1 <= Math.max(1, (int) (runWithIt * TOLERATED_WARM_SHARE)) && !cool(load, th, evidenceNeeded, ctx)) {
                        run += 1 + (int) missed;
                        runSeconds += ctx.intervalS() * (1 + missed);
                        warmInRun++;
                        accumulate(load);
                        return null;
                    }
                    reset();
                    updateBaseline(load, th, ctx.intervalS());
                    consumerHistory.calm(util, ctx.intervalS());
                    return null;
                }
                run += 1 + (int) missed;
                runSeconds += ctx.intervalS() * (1 + missed);
                accumulate(load);
                return fireIfSustained(load, ctx, th, sync, evidence);
            }
            case FIRING -> {
                if (cause == null && sync != null) {
                    cause = sync.cause();
                }
                if (!cool(load, th, evidenceNeeded, ctx)) {
                    long runWithIt = run + 1 + missed;
                    if (run > 0 && warmInRun + 1 <= Math.max(1, (int) (runWithIt * TOLERATED_WARM_SHARE))) {
                        // a lone busy sample inside a cool run: kept in the run, not counted toward the clear time
                        run += 1 + (int) missed;
                        runSeconds += ctx.intervalS() * (1 + missed);
                        warmInRun++;
                        episodeUtil.addCool(load.util());
                        return null;
                    }
                    breakRun();
                    accumulate(load);
                    return null;
                }
                if (run == 0) {
                    runStart = ctx.time();
                    run = 1;
                    runSeconds = ctx.intervalS();
                } else {
                    run += 1 + (int) missed;
                    runSeconds += ctx.intervalS() * (1 + missed);
                }
                episodeUtil.addCool(load.util());
                if (run - warmInRun < samplesOfThisRun(th.clearAfter(), ctx.intervalS())) {
                    return null;
                }
                Alert resolved = resolved(ctx.host(), ctx.time(), runStart, null);
                reset();
                return resolved;
            }
            default -> throw new IllegalStateException(phase.toString());
        }
    }

    /**
     * Samples that cover {@code d} at the run's own mean interval: a collector that stalled once
     * (one sample of 3.8 s among 1 s ones, seen in the lab under load) does not shrink 30 s to
     * eight samples.
     */
    private int samplesOfThisRun(Duration d, double intervalS) {
        // 0 in state of format 1, which did not keep it: the sample's own interval, as then
        return SaturationThresholds.samples(d, runSeconds > 0 && run > 0 ? runSeconds / run : intervalS);
    }

    /** Cool: util below the clear threshold or its evidence gone, and md not holding requests back either. */
    private boolean cool(SubjectLoad load, SaturationThresholds th, boolean evidenceNeeded, SampleContext ctx) {
        return (load.util() < th.clearUtil()
                || (evidenceNeeded && queueEvidence(load, th, th.evidenceClearFactor()) == null
                    && latencyEvidence(load, th, th.evidenceClearFactor()) == null))
                && mdBound(load, th, th.evidenceClearFactor(), th.clearUtil()) == null
                && undercountedQueue(load, th, th.evidenceClearFactor(), evidenceNeeded, ctx) == null;
    }

    /**
     * On a kernel that under-counts busy time ({@link BusyTimeCounting}), a subject at least
     * {@code saturation.undercounted-util} busy as counted whose queue is {@code factor} times
     * what its throughput explains ({@link #queueEvidence}): it never idles and requests wait,
     * whatever %util says. Null when not, or before the baseline has the samples to say what
     * explains a queue (a subject that needs evidence anyway: the first minute's), and on a kernel
     * that counts busy time wholly.
     */
    private String undercountedQueue(SubjectLoad load, SaturationThresholds th, double factor, boolean evidenceNeeded, SampleContext ctx) {
        if (!ctx.busyUndercounted() || load.util() < th.undercountedUtil() || Double.isNaN(baseAwaitMs)
                || baseSamples < (evidenceNeeded ? warmupSamples(ctx.intervalS()) : MIN_WARMUP_SAMPLES)) {
            return null;
        }
        String queue = queueEvidence(load, th, factor);
        return queue == null ? null : queue + ", " + Alerts.percent(load.util()) + UNDERCOUNTED;
    }

    /**
     * Closes an open episode whose subject is gone (vanished from its host's samples, or the
     * host went silent): RESOLVED with the reason, ending at the last sample that had it.
     * Returns null when no episode is open.
     */
    Alert expire(String host, String reason) {
        if (phase != Phase.FIRING) {
            return null;
        }
        Alert alert = resolved(host, lastTime, lastTime, reason);
        reset();
        return alert;
    }

    private Alert fireIfSustained(SubjectLoad load, SampleContext ctx, SaturationThresholds th, MdSync sync, List<String> evidence) {
        int needed = samplesOfThisRun(th.sustain(), ctx.intervalS());
        if (run - warmInRun < needed) {
            return null;
        }
        long sustainedMs = Math.round(runSeconds * 1000);
        int samples = run;
        phase = Phase.FIRING;
        run = 0;
        warmInRun = 0;
        episodeUtil.dropCool();
        cause = sync == null ? null : sync.cause();
        severity = sync == null ? Severity.CRITICAL : sync.severity();
        firedUtilMean = episodeUtil.mean();
        boolean inMd = evidence.stream().anyMatch(e -> e.startsWith("requests wait in "));
        boolean undercounted = firedUtilMean < th.fireUtil() && evidence.stream().anyMatch(e -> e.endsWith(UNDERCOUNTED));
        List<String> all = new ArrayList<>(evidence.size() + 1);
        all.add((inMd ? "member util " + Alerts.percent(firedUtilMean) + " mean, the array saturated"
                : undercounted ? "util " + Alerts.percent(firedUtilMean) + " mean as counted, requests waiting"
                : "util " + Alerts.percent(firedUtilMean) + " mean >= " + Alerts.percent(th.fireUtil()))
                + " for " + Alerts.duration(sustainedMs) + " (" + samples + " samples)");
        all.addAll(evidence);
        DeviceLoad device = load instanceof DeviceLoad d ? d : null;
        HardwareVolume volume = device == null ? null : device.hardware();
        described = volume == null ? null : device.described();
        StringBuilder summary = new StringBuilder(160).append(ctx.host()).append(' ').append(described == null ? subject() : described)
                .append(inMd ? " saturated in md itself (members " + Alerts.percent(firedUtilMean) + " busy)"
                        : " saturated: util " + Alerts.percent(firedUtilMean)).append(" for ").append(Alerts.duration(sustainedMs))
                .append(load instanceof ArrayLoad ? ", busiest member " + peakMember : "")
                .append(cause != null ? " (" + cause + ")" : "");
        Map<String, String> details = new LinkedHashMap<>();
        details.put("fire_util", Alerts.figure(th.fireUtil()));
        details.put("clear_util", Alerts.figure(th.clearUtil()));
        details.put("interval_s", Alerts.figure(ctx.intervalS()));
        details.put("samples", Integer.toString(needed));
        if (!Double.isNaN(baseAquSz)) {
            details.put("baseline_aqu_sz", Alerts.figure(baseAquSz));
            details.put("baseline_await_ms", Alerts.figure(baseAwaitMs));
        }
        if (volume != null) {
            putKnown(details, "hardware_level", volume.getLevel());
            putKnown(details, "hardware_disks", volume.getDisks() == null ? null : volume.getDisks().toString());
            putKnown(details, "controller", volume.getController());
            putKnown(details, "controller_cache", volume.getCache());
        }
        tellConsumers(summary, details);
        return Alerts.alert(ctx.host(), subject(), kind, AlertKind.SATURATION, AlertState.FIRING, severity, episodeStart,
                        ctx.time(), summary.toString())
                .setPeakUtil(peak)
                .setMeanUtil(firedUtilMean)
                .setBusiestMember(peakMember)
                .setCause(cause)
                .setEvidence(all)
                .setDetails(details)
                .build();
    }

    private Alert resolved(String host, long eventTime, long endTime, String reason) {
        double mean = episodeUtil.mean();
        String name = described == null ? subject() : described;
        StringBuilder summary = new StringBuilder(160).append(reason == null
                ? host + " " + name + " saturation over after " + Alerts.duration(endTime - episodeStart) + ": peak "
                        + Alerts.percent(peak) + ", mean " + Alerts.percent(mean)
                : host + " " + name + " saturation alert closed: " + reason);
        Map<String, String> details = new LinkedHashMap<>();
        details.put("duration_s", Long.toString(Math.max(0, endTime - episodeStart) / 1000));
        if (reason != null) {
            details.put("reason", reason);
        }
        tellConsumers(summary, details);
        return Alerts.alert(host, subject(), kind, AlertKind.SATURATION, AlertState.RESOLVED, severity, episodeStart,
                        eventTime, summary.toString())
                .setEndTime(Instant.ofEpochMilli(endTime))
                .setPeakUtil(peak)
                .setMeanUtil(mean)
                .setBusiestMember(peakMember)
                .setCause(cause)
                .setEvidence(reason == null ? List.of() : List.of(reason))
                .setDetails(details)
                .build();
    }

    /**
     * Appends who loaded the subject over the episode to an alert's summary and details, heavier first
     * ("; 81% of its member load from postgresql@15-main.service (mostly writes), 17% from backup.service"), a
     * running sync named as such ("the running md check"), and the consumer that was absent before the episode
     * and drives it ("; backup.service started 02:00 UTC and brought md0 from 45% to 100%"). Nothing when no
     * sample of the episode said who.
     */
    private void tellConsumers(StringBuilder summary, Map<String, String> details) {
        MemberLoad load = episodeConsumers;
        if (load == null || load.shares().isEmpty()) {
            return;
        }
        StringBuilder listed = new StringBuilder(80);
        int named = 0;
        MemberLoadShare started = null;
        ConsumerHistory.Entry startedAt = null;
        for (MemberLoadShare s : load.shares()) {
            if (named == NAMED_CONSUMERS || s.share() < NAMED_SHARE) {
                break;
            }
            if (MemberLoad.OTHER.equals(s.name())) {
                continue;
            }
            boolean sync = MemberLoad.SYNC_KIND.equals(s.kind());
            summary.append(named == 0 ? "; " : ", ").append(wholePercent(s.share())).append(named == 0 ? " of its member load from " : " from ")
                    .append(sync ? "the running " : "").append(s.name());
            listed.append(named == 0 ? "" : ", ").append(s.name()).append(' ').append(wholePercent(s.share()));
            String direction = s.direction();
            if (direction != null) {
                summary.append(" (").append(direction).append(')');
                listed.append(" (").append(direction).append(')');
            }
            if (named == 0) {
                details.put("top_consumer", s.name());
                details.put("top_consumer_kind", s.kind());
                details.put("top_consumer_pct", Alerts.figure(Math.round(s.share() * 100)));
            }
            if (started == null && !sync && s.share() >= DRIVING_SHARE && !MemberLoad.UNATTRIBUTED.equals(s.name())) {
                startedAt = consumerHistory.startedFor(s.name(), episodeStart, STARTED_LEAD_MS, QUIET_BEFORE_MS);
                started = startedAt == null ? null : s;
            }
            named++;
        }
        if (named > 0) {
            details.put("consumers", listed.toString());
        }
        if (started != null) {
            summary.append("; ").append(started.name()).append(" started ").append(utcMinute(startedAt.sinceMs)).append(" UTC and brought ")
                    .append(subject());
            if (startedAt.utilBefore >= 0) {
                summary.append(" from ").append(wholePercent(startedAt.utilBefore / 100));
            }
            summary.append(" to ").append(wholePercent(peak / 100));
            details.put("consumer_started", started.name());
            details.put("consumer_started_at", Instant.ofEpochMilli(startedAt.sinceMs).toString());
            if (startedAt.utilBefore >= 0) {
                details.put("consumer_util_before", Alerts.figure(Math.round(startedAt.utilBefore)));
            }
        }
    }

    /** "81%": shares are told to the whole percent. */
    private static String wholePercent(double fraction) {
        return Math.round(fraction * 100) + "%";
    }

    /** "02:00": the hour and minute of {@code ms}, UTC. */
    static String utcMinute(long ms) {
        long minutes = Math.floorMod(Math.floorDiv(ms, 60_000L), 1440L);
        long h = minutes / 60;
        long m = minutes % 60;
        return (h < 10 ? "0" : "") + h + (m < 10 ? ":0" : ":") + m;
    }

    private void accumulate(SubjectLoad load) {
        MemberLoad c = load.consumers();
        if (c != null) {
            episodeConsumers = episodeConsumers == null ? c : episodeConsumers.plus(c);
        }
        episodeUtil.add(load.util());
        if (load.util() > peak) {
            peak = load.util();
            peakMember = load instanceof ArrayLoad a ? a.busiest().subject() : null;
        }
    }

    /** A gap or restart: a pending run starts over; an open episode stays open and its cool count starts over. */
    private void breakRun() {
        if (phase == Phase.PENDING) {
            reset();
        } else if (phase == Phase.FIRING && run > 0) {
            episodeUtil.keepCool();
            run = 0;
            warmInRun = 0;
        }
    }

    private void reset() {
        phase = Phase.IDLE;
        run = 0;
        warmInRun = 0;
        peak = 0;
        peakMember = null;
        described = null;
        episodeUtil.reset();
        cause = null;
        severity = null;
        firedUtilMean = 0;
        episodeConsumers = null;
    }

    /**
     * Learns what the subject's latency and queue are when it is not saturated, from samples that
     * did I/O: an idle interval has no latency, and learning its 0 would make any request look slow.
     * A spinning subject's sample counts with at most {@link SaturationThresholds#ROTATING_BASELINE_MAX_AWAIT_MS} (and
     * the queue that latency explains at its throughput): beyond that its requests were waiting.
     */
    private void updateBaseline(SubjectLoad load, SaturationThresholds th, double intervalS) {
        double iops = load.readIops() + load.writeIops();
        if (iops <= 0) {
            return;
        }
        double await = load.awaitMs();
        double aquSz = load.aquSz();
        if (load instanceof DeviceLoad d && Boolean.TRUE.equals(d.rotational()) && await > SaturationThresholds.ROTATING_BASELINE_MAX_AWAIT_MS) {
            await = SaturationThresholds.ROTATING_BASELINE_MAX_AWAIT_MS;
            aquSz = Math.min(aquSz, iops * await / 1000.0);
        }
        double alpha = baseSamples < warmupSamples(intervalS) ? 1.0 / (baseSamples + 1)
                : Math.min(1.0, intervalS / (th.baselineWindow().toMillis() / 1000.0));
        baseAquSz = Double.isNaN(baseAquSz) ? aquSz : baseAquSz + alpha * (aquSz - baseAquSz);
        baseAwaitMs = Double.isNaN(baseAwaitMs) ? await : baseAwaitMs + alpha * (await - baseAwaitMs);
        baseSamples = Math.min(MAX_BASE_SAMPLES, baseSamples + 1);
    }

    /** Samples of {@code intervalS} seconds in {@link #BASELINE_WARMUP}, at least {@link #MIN_WARMUP_SAMPLES}. */
    static int warmupSamples(double intervalS) {
        return Math.max(MIN_WARMUP_SAMPLES, SaturationThresholds.samples(BASELINE_WARMUP, intervalS));
    }

    /**
     * A queue longer than the throughput explains: by Little's law a device serving X requests a
     * second at its baseline latency holds X x latency in flight without any waiting (a parallel
     * device at twice the load has twice the queue and is no nearer saturation), so the queue is
     * evidence only at {@code factor} times that (and at least the aqu-sz floor).
     */
    private String queueEvidence(SubjectLoad load, SaturationThresholds th, double factor) {
        double explained = (load.readIops() + load.writeIops()) * baseAwaitMs / 1000.0;
        double base = Math.max(explained, th.minAquSz());
        if (load.aquSz() < factor * base) {
            return null;
        }
        return "aqu-sz " + Alerts.figure(load.aquSz()) + " >= " + Alerts.figure(factor) + " x " + Alerts.figure(base)
                + " (throughput x baseline await " + Alerts.figure(baseAwaitMs) + " ms)";
    }

    /**
     * An array whose requests wait in md itself rather than at its disks: md's own device busy
     * ({@code utilFloor}), its queue deep, and its requests taking {@code factor} times as long as
     * those of its busiest member, which is itself busy (above the clear threshold) without being
     * saturated. Seen on the lab's RAID5 under 4 KiB random writes on kernel 6.1: every member
     * about 90% busy, md0 with 130 writes queued and a second per write against a seventh of that
     * at the disks: md holds read-modify-write stripes back to gather them, so the array delivers
     * no more while its disks still idle between bursts. md's own await is 0 on kernels that do
     * not account md I/O; then this says nothing.
     */
    private static String mdBound(SubjectLoad load, SaturationThresholds th, double factor, double utilFloor) {
        if (!(load instanceof ArrayLoad a) || a.md() == null || a.busiest() == null) {
            return null;
        }
        DeviceLoad md = a.md();
        DeviceLoad busiest = a.busiest();
        if (md.awaitMs() <= 0 || md.util() < utilFloor || busiest.util() < th.clearUtil() || md.aquSz() < factor * th.minAquSz()) {
            return null;
        }
        double member = Math.max(busiest.awaitMs(), th.minAwaitMs());
        if (md.awaitMs() < factor * member) {
            return null;
        }
        return "requests wait in " + a.subject() + " itself: await " + Alerts.figure(md.awaitMs()) + " ms >= " + Alerts.figure(factor)
                + " x its busiest member's " + Alerts.figure(member) + " ms (" + busiest.subject() + " " + Alerts.percent(busiest.util())
                + " busy), aqu-sz " + Alerts.figure(md.aquSz());
    }

    private String latencyEvidence(SubjectLoad load, SaturationThresholds th, double factor) {
        double base = Double.isNaN(baseAwaitMs) ? th.minAwaitMs() : Math.max(baseAwaitMs, th.minAwaitMs());
        if (load.awaitMs() < factor * base) {
            return null;
        }
        return "await " + Alerts.figure(load.awaitMs()) + " ms >= " + Alerts.figure(factor) + " x baseline " + Alerts.figure(base) + " ms";
    }

    private static void putKnown(Map<String, String> details, String key, String value) {
        if (value != null) {
            details.put(key, value);
        }
    }

    /** The all-fields constructor, in the schema's field order: the builder's checks and defaults cost a tenth of each state write. */
    SubjectSaturationState toRecord() {
        return new SubjectSaturationState(subject(), kind, EpisodePhase.valueOf(phase.name()), run, runSeconds, runStart,
                lastSequence, lastTime, collectorStarted, absent(), episodeStart, peak, peakMember, episodeUtil.sum(),
                episodeUtil.count(), episodeUtil.coolSum(), episodeUtil.coolCount(), cause, severity, firedUtilMean, baseAquSz,
                baseAwaitMs, baseSamples, warmInRun, described, toldConsumers() ? new SubjectConsumersState(
                        ConsumerLoadStates.toRecords(episodeConsumers), episodeConsumers == null ? 0.0 : episodeConsumers.memberIos(),
                        consumerHistory.startMs, consumerHistory.calmUtil, consumerHistory.toRecords()) : null);
    }

    /** Whether anything of the consumers is kept: most subjects of most hosts have none, and write one byte for them. */
    private boolean toldConsumers() {
        return episodeConsumers != null || consumerHistory.startMs >= 0;
    }

    /** {@link #toRecord}'s record body, written from this state: SubjectSaturationState's fields in its order. */
    void write(Encoder out) throws IOException {
        out.writeString(subject());
        out.writeEnum(kind.ordinal());
        out.writeEnum(PHASE_SYMBOL[phase.ordinal()]);
        out.writeInt(run);
        out.writeDouble(runSeconds);
        out.writeLong(runStart);
        out.writeLong(lastSequence);
        out.writeLong(lastTime);
        out.writeLong(collectorStarted);
        out.writeInt(absent());
        out.writeLong(episodeStart);
        out.writeDouble(peak);
        Unions.writeNullable(out, peakMember);
        out.writeDouble(episodeUtil.sum());
        out.writeInt(episodeUtil.count());
        out.writeDouble(episodeUtil.coolSum());
        out.writeInt(episodeUtil.coolCount());
        Unions.writeNullable(out, cause);
        if (severity == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeEnum(severity.ordinal());
        }
        out.writeDouble(firedUtilMean);
        out.writeDouble(baseAquSz);
        out.writeDouble(baseAwaitMs);
        out.writeInt(baseSamples);
        out.writeInt(warmInRun);
        Unions.writeNullable(out, described);
        if (!toldConsumers()) {
            out.writeIndex(0);
            out.writeNull();
            return;
        }
        out.writeIndex(1);
        ConsumerLoadStates.writeNullable(out, episodeConsumers);
        out.writeDouble(episodeConsumers == null ? 0.0 : episodeConsumers.memberIos());
        out.writeLong(consumerHistory.startMs);
        out.writeDouble(consumerHistory.calmUtil);
        consumerHistory.write(out);
    }

    static SubjectSaturation fromRecord(SubjectSaturationState r) {
        SubjectSaturation s = new SubjectSaturation(r.getSubject(), r.getKind());
        s.phase = Phase.valueOf(r.getPhase().name());
        s.run = r.getRun();
        s.runSeconds = r.getRunSeconds();
        s.runStart = r.getRunStart();
        s.lastSequence = r.getLastSequence();
        s.lastTime = r.getLastTime();
        s.collectorStarted = r.getCollectorStarted();
        s.restoreAbsent(r.getAbsent());
        s.episodeStart = r.getEpisodeStart();
        s.peak = r.getPeak();
        s.peakMember = r.getPeakMember();
        s.episodeUtil.restore(r.getUtilSum(), r.getUtilCount(), r.getCoolSum(), r.getCoolCount());
        s.cause = r.getCause();
        s.severity = r.getSeverity();
        s.firedUtilMean = r.getFiredUtilMean();
        s.baseAquSz = r.getBaseAquSz();
        s.baseAwaitMs = r.getBaseAwaitMs();
        s.baseSamples = r.getBaseSamples();
        s.warmInRun = r.getWarmInRun();
        s.described = r.getDescribed();
        SubjectConsumersState c = r.getConsumers();
        if (c != null) {
            s.episodeConsumers = ConsumerLoadStates.fromRecords(c.getEpisode(), c.getEpisodeMemberIos(), true);
            s.consumerHistory.restore(c.getHistoryStart(), c.getCalmUtil(), c.getHistory());
        }
        return s;
    }
}
