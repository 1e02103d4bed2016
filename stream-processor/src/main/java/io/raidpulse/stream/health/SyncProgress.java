package io.raidpulse.stream.health;

import io.raidpulse.schema.MdArray;
import io.raidpulse.topics.alert.Alerts;
import java.util.Locale;

/**
 * One sample's view of a running sync (the live position /proc/mdstat shows, as the collector
 * reports it since HostSample v3, and md/sync_speed), with an ETA that is
 * shown only when it is sane (docs/md.md#procmdstat: "finish=" can be absurd while the sync is throttled).
 *
 * @param pct      percent done, null when unknown
 * @param done     sectors done, null when unknown (for recovery: per member device)
 * @param total    sectors to do
 * @param speedKiB md/sync_speed, KiB/s over the last 30 s
 * @param etaS     seconds to completion, null when not sane
 */
record SyncProgress(Double pct, Long done, Long total, Long speedKiB, Long etaS) {
    /** Longest ETA shown; beyond it (or at speed 0) the ETA is "unknown". */
    static final long MAX_SANE_ETA_S = 100L * 86_400;

    static SyncProgress of(MdArray a) {
        Long done = a.getSyncDoneSectors();
        Long total = a.getSyncTotalSectors();
        Double pct = a.getSyncCompletedPct();
        if (pct == null && done != null && total != null && total > 0) {
            pct = 100.0 * done / total;
        }
        Long speed = a.getSyncSpeedKibS();
        Long eta = a.getSyncEtaS();
        if (eta == null && speed != null && speed > 0 && done != null && total != null && total >= done) {
            eta = (total - done) / 2 / speed;
        }
        if (eta != null && (eta < 0 || eta > MAX_SANE_ETA_S)) {
            eta = null;
        }
        return new SyncProgress(pct, done, total, speed, eta);
    }

    String pctText() {
        return pct == null ? "?%" : Alerts.oneDecimal(pct) + "%";
    }

    String speedText() {
        return speedKiB == null ? "unknown speed" : mibs(speedKiB);
    }

    String etaText() {
        return etaS == null ? "ETA unknown" : "ETA " + Alerts.duration(etaS * 1000);
    }

    static String mibs(double kib) {
        return String.format(Locale.ROOT, "%.1f MiB/s", kib / 1024.0);
    }
}
