package io.raidpulse.simulator.truth;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An alert episode the model predicts. Kinds are the Alert schema's: SATURATION (by
 * {@link SaturationRule}), and the md states ARRAY_DEGRADED, NO_SPARE, MEMBER_FAULTY, SYNC and
 * MISMATCH, which hold from the first sample showing the state to the first sample without it.
 *
 * @param conditionStart first sample of the condition (the Alert's start_time)
 * @param firing when FIRING is due (for md states: the first sample showing the state)
 * @param clearStart first sample of the run that clears it; null while open
 * @param resolved when RESOLVED is due; null when still open at the end of the scenario
 * @param peakUtil saturation: highest %util from condition start until resolved; else null
 * @param cause saturation: the md sync running on the subject's array during the condition, like
 *     "md check running on md0"; md states: what the state is about (the sync action, the faulty
 *     member); null when none
 */
public record Episode(String kind, String subject, String subjectKind, Instant conditionStart, Instant firing,
        Instant clearStart, Instant resolved, Double peakUtil, Double meanUtil, String busiestMember, String cause) {

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "episode");
        m.put("kind", kind);
        m.put("subject", subject);
        m.put("subject_kind", subjectKind);
        m.put("condition_start_ms", conditionStart.toEpochMilli());
        m.put("firing_ms", firing.toEpochMilli());
        m.put("clear_start_ms", clearStart == null ? null : clearStart.toEpochMilli());
        m.put("resolved_ms", resolved == null ? null : resolved.toEpochMilli());
        m.put("peak_util", peakUtil == null ? null : DeviceTruth.round(peakUtil));
        m.put("mean_util", meanUtil == null ? null : DeviceTruth.round(meanUtil));
        m.put("busiest_member", busiestMember);
        m.put("cause", cause);
        return m;
    }
}
