package io.raidpulse.simulator.truth;

import io.raidpulse.md.SyncAction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One array over one sample interval as the model has it.
 *
 * @param offeredReads front-end reads per second the application asked for
 * @param servedReads front-end reads per second md completed (md's own counters)
 * @param memberUtil %util of each leaf member (partitions or disks, through nested arrays)
 * @param saturationLevel the highest {@link DeviceTruth#saturationLevel()} of the leaf members: what
 *     the array's saturation is judged by (its busiest member's util when they are rotational)
 * @param writeAmpIo (member reads + member writes - md reads) / md writes over the interval, all
 *     member I/O counted as the counters show it (sync I/O included); null without md writes
 * @param writeAmpSectors the same on sectors
 * @param appWriteAmpIo the same without md's sync I/O: what the application's writes cost
 * @param syncAction md/sync_action (IDLE when none)
 * @param syncProgress share of the running pass done, 0-1; null when idle
 * @param syncSpeedKib the pass's speed over the interval, KiB/s; null when idle
 * @param consumers each consumer's true share of the member load, the sync's and the unattributed
 *     load's among them, largest first; empty when the members did nothing
 */
public record ArrayTruth(String array, String level, double offeredReads, double offeredWrites, double servedReads,
        double servedWrites, double readKbPerSecond, double writeKbPerSecond, Map<String, Double> memberUtil,
        String busiestMember, double maxMemberUtil, double saturationLevel, Double writeAmpIo, Double writeAmpSectors, Double appWriteAmpIo,
        int degraded, boolean spareAvailable, List<String> faultyMembers, SyncAction syncAction, Double syncProgress,
        Double syncSpeedKib, String syncCompleted, long mismatchCnt, String arrayState, List<ConsumerTruth> consumers) {

    /** The named consumer's truth, or null when it had no part in the interval. */
    public ConsumerTruth consumer(String name) {
        return consumers.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("array", array);
        m.put("level", level);
        m.put("offered_r/s", DeviceTruth.round(offeredReads));
        m.put("offered_w/s", DeviceTruth.round(offeredWrites));
        m.put("r/s", DeviceTruth.round(servedReads));
        m.put("w/s", DeviceTruth.round(servedWrites));
        m.put("rkB/s", DeviceTruth.round(readKbPerSecond));
        m.put("wkB/s", DeviceTruth.round(writeKbPerSecond));
        Map<String, Double> util = new LinkedHashMap<>();
        memberUtil.forEach((k, v) -> util.put(k, DeviceTruth.round(v)));
        m.put("member_util", util);
        m.put("busiest_member", busiestMember);
        m.put("util_max", DeviceTruth.round(maxMemberUtil));
        m.put("saturation_level", DeviceTruth.round(saturationLevel));
        m.put("write_amp_io", writeAmpIo == null ? null : DeviceTruth.round(writeAmpIo));
        m.put("write_amp_sectors", writeAmpSectors == null ? null : DeviceTruth.round(writeAmpSectors));
        m.put("app_write_amp_io", appWriteAmpIo == null ? null : DeviceTruth.round(appWriteAmpIo));
        m.put("degraded", degraded);
        m.put("spare_available", spareAvailable);
        m.put("faulty_members", faultyMembers);
        m.put("sync_action", syncAction.word());
        m.put("sync_progress", syncProgress == null ? null : DeviceTruth.round(syncProgress));
        m.put("sync_speed_kib_s", syncSpeedKib == null ? null : DeviceTruth.round(syncSpeedKib));
        m.put("sync_completed", syncCompleted);
        m.put("mismatch_cnt", mismatchCnt);
        m.put("array_state", arrayState);
        m.put("consumers", consumers.stream().map(ConsumerTruth::json).toList());
        return m;
    }
}
