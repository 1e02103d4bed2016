package io.raidpulse.topics.load;

import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;

/**
 * An md array's health as one sample reported it: what the array aggregates carry and the raw
 * array points show.
 *
 * @param members    member devices listed, spares and faulty ones included
 * @param faulty     members marked faulty
 * @param spares     idle spares: neither faulty nor holding a role
 * @param degraded   md/degraded, members missing; null when md did not say
 * @param syncPct    sync progress 0-100, null when no sync runs
 * @param syncSpeed  md/sync_speed, KiB/s
 * @param syncEta    seconds to completion, when sane
 * @param mismatches md/mismatch_cnt, sectors
 */
public record MdState(int members, int faulty, int spares, Integer degraded, Double syncPct, Long syncSpeed, Long syncEta,
                      Long mismatches) {

    public static MdState of(MdArray a) {
        int faulty = 0;
        int spares = 0;
        for (MdMember m : a.getMembers()) {
            if (m.getFaulty()) {
                faulty++;
            } else if (MdLeaves.idle(m)) {
                spares++;
            }
        }
        return new MdState(a.getMembers().size(), faulty, spares, a.getDegraded(), a.getSyncCompletedPct(), a.getSyncSpeedKibS(),
                a.getSyncEtaS(), a.getMismatchCnt());
    }
}
