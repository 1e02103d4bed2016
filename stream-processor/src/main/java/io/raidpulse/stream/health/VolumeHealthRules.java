package io.raidpulse.stream.health;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.topics.alert.Alerts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The health a hardware RAID volume shows the kernel (stream-processor/README.md, Hardware RAID volume
 * health): its SCSI device state, and its counts of failed and timed-out commands. What the
 * controller knows of its member disks needs the vendor's tool and is not seen here.
 *
 * <ul>
 *   <li>VOLUME_OFFLINE (critical): the state is not {@code running}, so the kernel sends the volume
 *       no I/O. {@code offline} and {@code transport-offline} are final until someone acts and fire
 *       at once; the passing ones ({@code blocked}, {@code quiesce}: error handling, a reset, a
 *       rescan) only when a second sample still shows them. It closes when the state reads
 *       {@code running} again.</li>
 *   <li>VOLUME_ERRORS (warning): {@code ioerr_cnt} or {@code iotmo_cnt} rose between two samples
 *       in which the volume completed reads or writes. Their values mean nothing (a PERC counts the
 *       probe commands it refused at boot); a drop means the device was created again and starts a
 *       new count; a rise while the volume completed no read or write is not the application's I/O
 *       failing (a failed read or write is a completed one to the kernel's disk statistics) but
 *       commands outside the I/O path: the lab's PERC H700 refuses three of the kernel's probe
 *       commands at every rescan and when its state is set back to running. It closes after
 *       {@code health.volume-errors-quiet} without another rise, telling how many failed and timed
 *       out over the episode.</li>
 * </ul>
 */
final class VolumeHealthRules {
    /** States the kernel leaves only when someone acts (scsi_device_set_state: offline, transport-offline). */
    private static final Set<String> FINAL_STATES = Set.of("offline", "transport-offline");
    /** Consecutive samples a passing state (blocked, quiesce) must show before it is news. */
    static final int PASSING_SAMPLES = 2;

    private final long quietMs;

    VolumeHealthRules(HealthSettings settings) {
        this.quietMs = settings.volumeErrorsQuiet().toMillis();
    }

    /**
     * Feeds one sample of the volume; returns the alerts it causes, in order.
     *
     * @param didIo whether the volume completed reads or writes in the sample's interval (true when unknown)
     */
    List<Alert> observe(String host, VolumeHealth h, HardwareVolume v, long time, boolean didIo) {
        List<Alert> out = new ArrayList<>(1);
        h.present();
        h.name = DeviceLoad.described(v.getDevice(), v);
        long previousTime = h.lastTime;
        h.lastTime = time;
        state(host, h, v, time, out);
        errors(host, h, v, time, previousTime, didIo, out);
        return out;
    }

    private void state(String host, VolumeHealth h, HardwareVolume v, long time, List<Alert> out) {
        String state = v.getState();
        if (state == null) {
            // unreadable this time: nothing is known, nothing changes
            return;
        }
        h.state = state;
        if (state.equals("running")) {
            h.notRunningSince = -1;
            h.notRunningSamples = 0;
            if (h.offlineStart >= 0) {
                out.add(alert(host, h, AlertKind.VOLUME_OFFLINE, AlertState.RESOLVED, Severity.CRITICAL, h.offlineStart, time,
                        host + " " + h.name + " running again after " + Alerts.duration(time - h.offlineStart) + " " + h.offlineState)
                        .setDetails(Map.of("state", state, "was", h.offlineState)).build());
                h.offlineStart = -1;
                h.offlineState = null;
            }
            return;
        }
        if (h.notRunningSamples == 0) {
            h.notRunningSince = time;
        }
        h.notRunningSamples++;
        if (h.offlineStart < 0 && (FINAL_STATES.contains(state) || h.notRunningSamples >= PASSING_SAMPLES)) {
            h.offlineStart = h.notRunningSince;
            h.offlineState = state;
            String since = h.notRunningSamples > 1 ? " for " + Alerts.duration(time - h.notRunningSince) : "";
            out.add(alert(host, h, AlertKind.VOLUME_OFFLINE, AlertState.FIRING, Severity.CRITICAL, h.offlineStart, time,
                    host + " " + h.name + " not running: its SCSI device state is " + state + since
                            + ", the kernel sends it no I/O; check the controller and its log")
                    .setEvidence(List.of("state " + state + " (/sys/block/" + h.subject() + "/device/state)"))
                    .setDetails(Map.of("state", state)).build());
        }
    }

    private void errors(String host, VolumeHealth h, HardwareVolume v, long time, long previousTime, boolean didIo, List<Alert> out) {
        // without reads or writes, a rise is commands outside the I/O path (probes, passthrough): counted in, not told
        long failed = didIo ? rise(h.ioerrCnt, v.getIoerrCnt()) : 0;
        long timedOut = didIo ? rise(h.iotmoCnt, v.getIotmoCnt()) : 0;
        Long ioerrBefore = h.ioerrCnt;
        Long iotmoBefore = h.iotmoCnt;
        if (v.getIoerrCnt() != null) {
            h.ioerrCnt = v.getIoerrCnt();
        }
        if (v.getIotmoCnt() != null) {
            h.iotmoCnt = v.getIotmoCnt();
        }
        if (failed + timedOut > 0) {
            if (h.errorsStart < 0) {
                h.errorsStart = time;
                h.errorsFailed = 0;
                h.errorsTimedOut = 0;
                List<String> what = new ArrayList<>(2);
                List<String> evidence = new ArrayList<>(2);
                if (failed > 0) {
                    what.add(failed + (failed == 1 ? " command" : " commands") + " failed");
                    evidence.add("ioerr_cnt " + ioerrBefore + " -> " + h.ioerrCnt);
                }
                if (timedOut > 0) {
                    what.add(timedOut + " timed out");
                    evidence.add("iotmo_cnt " + iotmoBefore + " -> " + h.iotmoCnt);
                }
                Map<String, String> details = new LinkedHashMap<>();
                details.put("failed", Long.toString(failed));
                details.put("timed_out", Long.toString(timedOut));
                details.put("ioerr_cnt", String.valueOf(h.ioerrCnt));
                details.put("iotmo_cnt", String.valueOf(h.iotmoCnt));
                out.add(alert(host, h, AlertKind.VOLUME_ERRORS, AlertState.FIRING, Severity.WARNING, time, time,
                        host + " " + h.name + ": " + String.join(" and ", what) + " in " + Alerts.duration(time - previousTime))
                        .setEvidence(evidence).setDetails(details).build());
            }
            h.errorsFailed += failed;
            h.errorsTimedOut += timedOut;
            h.errorsLastRise = time;
        } else if (h.errorsStart >= 0 && time - h.errorsLastRise >= quietMs) {
            out.add(errorsResolved(host, h, time, "no new errors for " + Alerts.duration(time - h.errorsLastRise)));
        }
    }

    /** How much a cumulative counter rose; 0 when either is unknown or it dropped (the device was created again). */
    private static long rise(Long before, Long now) {
        return before == null || now == null || now < before ? 0 : now - before;
    }

    /** Closes the volume's open episodes for {@code reason}: it is gone, or its host went silent. */
    List<Alert> expire(String host, VolumeHealth h, String reason) {
        List<Alert> out = new ArrayList<>(2);
        if (h.offlineStart >= 0) {
            out.add(alert(host, h, AlertKind.VOLUME_OFFLINE, AlertState.RESOLVED, Severity.CRITICAL, h.offlineStart, h.lastTime,
                    host + " " + h.name + " not-running alert closed: " + reason)
                    .setDetails(Map.of("reason", reason)).build());
            h.offlineStart = -1;
            h.offlineState = null;
        }
        if (h.errorsStart >= 0) {
            out.add(errorsResolved(host, h, h.lastTime, "alert closed: " + reason));
        }
        return out;
    }

    private Alert errorsResolved(String host, VolumeHealth h, long time, String why) {
        String summary = host + " " + h.name + " " + why + ": " + h.errorsFailed + " failed and " + h.errorsTimedOut
                + " timed out over " + Alerts.duration(h.errorsLastRise - h.errorsStart);
        Alert a = alert(host, h, AlertKind.VOLUME_ERRORS, AlertState.RESOLVED, Severity.WARNING, h.errorsStart, time, summary)
                .setDetails(Map.of("failed", Long.toString(h.errorsFailed), "timed_out", Long.toString(h.errorsTimedOut)))
                .build();
        h.errorsStart = -1;
        h.errorsFailed = 0;
        h.errorsTimedOut = 0;
        return a;
    }

    private static Alert.Builder alert(String host, VolumeHealth h, AlertKind kind, AlertState state, Severity severity, long start,
                                       long time, String summary) {
        return Alerts.alert(host, h.subject(), SubjectKind.HARDWARE, kind, state, severity, start, time, summary);
    }
}
