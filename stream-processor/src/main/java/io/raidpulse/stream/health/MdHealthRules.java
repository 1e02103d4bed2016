package io.raidpulse.stream.health;

import io.raidpulse.md.MdArrayState;
import io.raidpulse.md.MdLevel;
import io.raidpulse.md.SyncAction;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.MdSync;
import io.raidpulse.topics.alert.Alerts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * md health conditions of one array (docs/md.md#health-conditions) and the alerts their
 * changes make: each condition opens one episode (FIRING) and closes it (RESOLVED); a running
 * sync reports PROGRESS in between at the configured steps.
 */
final class MdHealthRules {
    /**
     * A sync last seen at or beyond this percent, or within two intervals of its ETA, or whose ETA
     * had passed (less an interval) when it was seen over, finished rather than stopped.
     */
    private static final double FINISHED_PCT = 99.0;
    /** What a sync's time left, from its position and speed, may exceed the gap to the sample that saw it over by. */
    private static final long LEFT_SLACK_MS = 3000;

    /**
     * Consecutive samples an array must show inactive before it is reported: the lab saw one
     * sample of a RAID5 being created with mdadm --create inactive, a second later running.
     */
    static final int INACTIVE_SAMPLES = 2;

    private final HealthSettings settings;

    MdHealthRules(HealthSettings settings) {
        this.settings = settings;
    }

    private record Condition(AlertKind kind, String subject, SubjectKind subjectKind, Severity severity, String summary,
                             Map<String, String> details) {
    }

    /** Feeds one sample of the array; returns the alerts it causes, in order. */
    List<Alert> observe(String host, ArrayHealth h, MdArray a, long time, Double intervalS) {
        List<Alert> out = new ArrayList<>(2);
        if (a.getLevel() != null) {
            h.level = a.getLevel();
        }
        h.lastTime = time;
        h.present();
        Map<ConditionKey, Condition> want = conditions(host, a);
        // mdadm --create and --assemble show the array inactive for a moment: only one that stays so is news
        h.inactiveSamples = want.containsKey(ConditionKey.ARRAY_INACTIVE) ? h.inactiveSamples + 1 : 0;
        if (h.inactiveSamples < INACTIVE_SAMPLES && !h.open.containsKey(ConditionKey.ARRAY_INACTIVE)) {
            want.remove(ConditionKey.ARRAY_INACTIVE);
        }
        SyncProgress progress = SyncProgress.of(a);
        String action = want.containsKey(ConditionKey.SYNC) ? a.getSyncAction().toLowerCase(Locale.ROOT) : null;
        boolean syncWasOpen = h.open.containsKey(ConditionKey.SYNC);

        for (Map.Entry<ConditionKey, ArrayHealth.Open> e : new ArrayList<>(h.open.entrySet())) {
            ConditionKey key = e.getKey();
            ArrayHealth.Open open = e.getValue();
            if (key.equals(ConditionKey.MISMATCH)) {
                long mismatch = a.getMismatchCnt() == null ? 0 : a.getMismatchCnt();
                if (mismatch == 0 && !MdSync.isSyncAction(a.getSyncAction())) {
                    out.add(resolved(host, h, open, time, host + " " + h.subject() + " mismatch_cnt back to 0", null));
                    h.open.remove(key);
                }
            } else if (key.equals(ConditionKey.SYNC)) {
                if (action == null || !action.equals(h.syncAction)) {
                    out.add(syncEnded(host, h, open, time, a));
                    h.open.remove(key);
                    if (SyncAction.of(h.syncAction) == SyncAction.CHECK && a.getMismatchCnt() != null && a.getMismatchCnt() > 0
                            && MdLevel.mismatchMeansInconsistency(h.level) && !h.open.containsKey(ConditionKey.MISMATCH)) {
                        out.add(fire(host, h, ConditionKey.MISMATCH, new Condition(AlertKind.MISMATCH, h.subject(), SubjectKind.ARRAY,
                                Severity.WARNING, host + " " + h.subject() + " check found " + a.getMismatchCnt()
                                        + " mismatched sectors (mismatch_cnt): run a repair and check the disks",
                                Map.of("mismatch_cnt", a.getMismatchCnt().toString(), "level", String.valueOf(h.level))), time));
                    }
                    clearSync(h);
                }
            } else if (!want.containsKey(key)) {
                out.add(resolved(host, h, open, time, recovered(host, h.subject(), open, a), null));
                h.open.remove(key);
            }
        }

        for (Map.Entry<ConditionKey, Condition> e : want.entrySet()) {
            if (e.getKey().equals(ConditionKey.SYNC)) {
                track(h, progress, time, intervalS);
                if (!h.open.containsKey(ConditionKey.SYNC)) {
                    h.syncAction = action;
                    h.reportedPct = progress.pct() == null ? 0 : progress.pct();
                    h.reportedTime = time;
                    out.add(fire(host, h, ConditionKey.SYNC, e.getValue(), time));
                } else if (syncWasOpen && dueForProgress(h, progress, time)) {
                    h.reportedPct = progress.pct();
                    h.reportedTime = time;
                    ArrayHealth.Open open = h.open.get(ConditionKey.SYNC);
                    out.add(Alerts.alert(host, h.subject(), SubjectKind.ARRAY, AlertKind.SYNC, AlertState.PROGRESS, open.severity(),
                                    open.start(), time, host + " " + h.subject() + " " + MdSync.noun(action) + " " + progress.pctText()
                                            + " done at " + progress.speedText() + ", " + progress.etaText())
                            .setDetails(e.getValue().details()).build());
                }
            } else if (!h.open.containsKey(e.getKey())) {
                out.add(fire(host, h, e.getKey(), e.getValue(), time));
            }
        }
        return out;
    }

    /** Closes every open episode of an array that is gone; returns the RESOLVED alerts. */
    List<Alert> expire(String host, ArrayHealth h, String reason) {
        List<Alert> out = new ArrayList<>();
        for (ArrayHealth.Open open : h.open.values()) {
            out.add(resolved(host, h, open, h.lastTime, host + " " + open.subject() + " " + words(open.kind())
                    + " alert closed: " + reason, reason));
        }
        h.open.clear();
        return out;
    }

    private Map<ConditionKey, Condition> conditions(String host, MdArray a) {
        Map<ConditionKey, Condition> want = new LinkedHashMap<>();
        String name = a.getName();
        Map<String, String> base = new LinkedHashMap<>();
        base.put("level", String.valueOf(a.getLevel()));
        if (a.getRaidDisks() != null) {
            base.put("raid_disks", a.getRaidDisks().toString());
        }
        if (a.getDegraded() != null) {
            base.put("degraded", a.getDegraded().toString());
        }
        if (!a.getActive() || MdArrayState.of(a.getArrayState()) == MdArrayState.INACTIVE) {
            want.put(ConditionKey.ARRAY_INACTIVE, new Condition(AlertKind.ARRAY_INACTIVE, name, SubjectKind.ARRAY,
                    Severity.CRITICAL, host + " " + name + " is inactive (not running)", base));
        }
        int degraded = a.getDegraded() == null ? 0 : a.getDegraded();
        if (degraded > 0) {
            String of = a.getRaidDisks() == null ? "" : " of " + a.getRaidDisks();
            want.put(ConditionKey.ARRAY_DEGRADED, new Condition(AlertKind.ARRAY_DEGRADED, name, SubjectKind.ARRAY,
                    Severity.CRITICAL, host + " " + name + " (" + a.getLevel() + ") degraded: " + degraded + of
                            + " members missing", base));
            // a member being rebuilt is the spare already taken (HostSample v3: rebuilding, no longer spare)
            boolean spare = a.getMembers().stream().anyMatch(m -> (m.getSpare() || m.getRebuilding()) && !m.getFaulty())
                    || SyncAction.of(a.getSyncAction()) == SyncAction.RECOVER;
            if (!spare) {
                want.put(ConditionKey.NO_SPARE, new Condition(AlertKind.NO_SPARE, name, SubjectKind.ARRAY, Severity.WARNING,
                        host + " " + name + " degraded with no spare to rebuild onto: add a disk", base));
            }
        }
        for (MdMember m : a.getMembers()) {
            if (m.getFaulty()) {
                Map<String, String> details = new LinkedHashMap<>(base);
                details.put("array", name);
                want.put(ConditionKey.faulty(m.getDevice()), new Condition(AlertKind.MEMBER_FAULTY,
                        m.getDevice(), SubjectKind.DEVICE, Severity.WARNING,
                        host + " " + m.getDevice() + " marked faulty in " + name, details));
            }
        }
        if (MdSync.isSyncAction(a.getSyncAction())) {
            String action = a.getSyncAction().toLowerCase(Locale.ROOT);
            SyncProgress p = SyncProgress.of(a);
            Map<String, String> details = new LinkedHashMap<>(base);
            details.put("sync_action", action);
            if (a.getSyncState() != null) {
                details.put("sync_state", a.getSyncState());
            }
            if (p.pct() != null) {
                details.put("sync_pct", Alerts.oneDecimal(p.pct()));
            }
            if (p.speedKiB() != null) {
                details.put("sync_speed_kib_s", p.speedKiB().toString());
            }
            if (p.etaS() != null) {
                details.put("eta_s", p.etaS().toString());
            }
            boolean waiting = "delayed".equals(a.getSyncState()) || "pending".equals(a.getSyncState());
            // clustered md: the sync runs on another node (mdstat's resync=REMOTE)
            boolean remote = "remote".equals(a.getSyncState());
            String summary = waiting
                    ? host + " " + name + " " + MdSync.noun(action) + " waiting (" + a.getSyncState() + ")"
                    : remote ? host + " " + name + " " + MdSync.noun(action) + " running on another node of the cluster"
                    : host + " " + name + " " + MdSync.noun(action) + " started: " + p.pctText() + " done at "
                            + p.speedText() + ", " + p.etaText();
            want.put(ConditionKey.SYNC, new Condition(AlertKind.SYNC, name, SubjectKind.ARRAY, new MdSync(name, action).severity(),
                    summary, details));
        }
        return want;
    }

    private boolean dueForProgress(ArrayHealth h, SyncProgress p, long time) {
        if (p.pct() == null || p.pct() <= h.reportedPct) {
            return false;
        }
        return p.pct() - h.reportedPct >= settings.progressStepPct()
                || time - h.reportedTime >= settings.progressInterval().toMillis();
    }

    private static void track(ArrayHealth h, SyncProgress p, long time, Double intervalS) {
        if (p.done() != null) {
            if (h.syncFirstDone < 0 || p.done() < h.syncLastDone) {
                h.syncFirstDone = p.done();
                h.syncFirstTime = time;
            }
            h.syncLastDone = p.done();
            h.syncLastTime = time;
        }
        h.syncLastPct = p.pct() == null ? -1 : p.pct();
        h.syncLastEta = p.etaS() == null ? -1 : p.etaS();
        h.syncLastLeftMs = p.done() != null && p.total() != null && p.speedKiB() != null && p.speedKiB() > 0 && p.total() >= p.done()
                ? Math.round((p.total() - p.done()) / 2.0 / p.speedKiB() * 1000) : -1;
        h.syncLastInterval = intervalS == null ? 0 : intervalS;
    }

    private static void clearSync(ArrayHealth h) {
        h.syncAction = null;
        h.syncFirstDone = -1;
        h.syncFirstTime = 0;
        h.syncLastDone = -1;
        h.syncLastTime = 0;
        h.syncLastPct = -1;
        h.syncLastEta = -1;
        h.syncLastLeftMs = -1;
        h.syncLastInterval = 0;
        h.reportedPct = -1;
        h.reportedTime = 0;
    }

    private Alert syncEnded(String host, ArrayHealth h, ArrayHealth.Open open, long time, MdArray now) {
        String noun = MdSync.noun(h.syncAction);
        // or the time it had left had passed, give or take an interval or 3 s, by the sample that saw it
        // over (the lab's check at 98.1%, 1.2 s left by its position and speed, seen ended 1 s later; a
        // check at 96.9%, 2.8 s left at the 5.9 MiB/s it had beside two fio jobs, seen ended 1 s after
        // the jobs' writes ended: md's check goes faster than its last printed speed once the array is its own);
        // or a recovery left the array whole: one from the write-intent bitmap copies only what
        // changed and jumps over the rest (the lab's re-added disk, last seen at 58.9%)
        boolean finished = h.syncLastPct >= FINISHED_PCT
                || (h.syncLastEta >= 0 && h.syncLastInterval > 0 && h.syncLastEta <= 2 * h.syncLastInterval)
                || (h.syncLastLeftMs >= 0 && h.syncLastLeftMs <= (time - h.syncLastTime) + Math.max(LEFT_SLACK_MS, h.syncLastInterval * 1000))
                || (SyncAction.of(h.syncAction) == SyncAction.RECOVER && now.getDegraded() != null && now.getDegraded() == 0
                    && now.getMembers().stream().noneMatch(MdMember::getRebuilding));
        Map<String, String> details = new LinkedHashMap<>();
        details.put("sync_action", h.syncAction);
        details.put("finished", Boolean.toString(finished));
        if (h.syncLastPct >= 0) {
            details.put("last_sync_pct", Alerts.oneDecimal(h.syncLastPct));
        }
        String speed = "";
        if (h.syncLastTime > h.syncFirstTime && h.syncLastDone >= h.syncFirstDone && h.syncFirstDone >= 0) {
            double kib = (h.syncLastDone - h.syncFirstDone) / 2.0 / ((h.syncLastTime - h.syncFirstTime) / 1000.0);
            details.put("mean_speed_kib_s", Long.toString(Math.round(kib)));
            speed = " (mean " + SyncProgress.mibs(kib) + ")";
        }
        String took = Alerts.duration(time - open.start());
        String summary = finished
                ? host + " " + h.subject() + " " + noun + " finished after " + took + speed
                : host + " " + h.subject() + " " + noun + " stopped at " + (h.syncLastPct >= 0 ? Alerts.oneDecimal(h.syncLastPct) + "%" : "?%")
                        + " after " + took + speed;
        return Alerts.alert(host, open.subject(), open.subjectKind(), open.kind(), AlertState.RESOLVED, open.severity(),
                open.start(), time, summary).setDetails(details).build();
    }

    private static Alert fire(String host, ArrayHealth h, ConditionKey key, Condition c, long time) {
        h.open.put(key, new ArrayHealth.Open(c.kind(), c.subject(), c.subjectKind(), c.severity(), time));
        return Alerts.alert(host, c.subject(), c.subjectKind(), c.kind(), AlertState.FIRING, c.severity(), time, time, c.summary())
                .setDetails(c.details()).build();
    }

    private static Alert resolved(String host, ArrayHealth h, ArrayHealth.Open open, long time, String summary, String reason) {
        Alert.Builder b = Alerts.alert(host, open.subject(), open.subjectKind(), open.kind(), AlertState.RESOLVED,
                open.severity(), open.start(), time, summary).setEndTime(Instant.ofEpochMilli(time));
        if (reason != null) {
            b.setEvidence(List.of(reason)).setDetails(Map.of("reason", reason));
        }
        return b.build();
    }

    private static String recovered(String host, String array, ArrayHealth.Open open, MdArray now) {
        return switch (open.kind()) {
            case ARRAY_INACTIVE -> host + " " + array + " active again";
            case ARRAY_DEGRADED -> host + " " + array + " no longer degraded";
            case NO_SPARE -> host + " " + array + " has a spare or is whole again";
            // mdadm --remove takes a faulty member out; it is not repaired
            case MEMBER_FAULTY -> now.getMembers().stream().anyMatch(m -> m.getDevice().equals(open.subject()))
                    ? host + " " + open.subject() + " no longer faulty in " + array
                    : host + " " + open.subject() + " removed from " + array;
            default -> host + " " + open.subject() + " " + words(open.kind()) + " over";
        };
    }

    private static String words(AlertKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
