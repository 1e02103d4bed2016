package io.raidpulse.simulator.truth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One consumer's true part of an array's member load over a sample interval: the member I/Os its
 * requests cost on the leaf members as the model mapped and served them (sync I/O apart), against
 * every consumer's and the sync's.
 *
 * @param name          the consumer as the scenario names it (what the collector should call it),
 *                      {@link #UNATTRIBUTED} for load no cgroup submits, {@code md check} (and
 *                      {@code md resync}, {@code md recover}, {@code md repair}) for md's sync
 * @param sync          whether this is md's sync
 * @param sharePct      its member I/Os over all the leaf members did, %; the shares of an array sum to 100
 * @param memberIops    its member I/Os per second
 * @param readsPerSec   reads per second it asked of the array (io.stat rios)
 * @param writesPerSec  writes per second (io.stat wios: an empty flush counts as one)
 */
public record ConsumerTruth(String name, boolean sync, double sharePct, double memberIops, double readsPerSec,
        double writesPerSec) {

    /** The name of load no consumer's cgroup submits, as the collector's remainder is called. */
    public static final String UNATTRIBUTED = "unattributed";

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("kind", sync ? "sync" : UNATTRIBUTED.equals(name) ? UNATTRIBUTED : "consumer");
        m.put("member_load_pct", DeviceTruth.round(sharePct));
        m.put("member_iops", DeviceTruth.round(memberIops));
        m.put("r/s", DeviceTruth.round(readsPerSec));
        m.put("w/s", DeviceTruth.round(writesPerSec));
        return m;
    }
}
