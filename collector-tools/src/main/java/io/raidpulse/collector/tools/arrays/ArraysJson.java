package io.raidpulse.collector.tools.arrays;

import io.raidpulse.collector.md.ArrayMember;
import io.raidpulse.collector.md.ArrayState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code arrays --json} object of one array (keys documented in collector/README.md). */
public final class ArraysJson {
    private ArraysJson() {
    }

    public static Map<String, Object> of(ArrayState a) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", a.name());
        o.put("kind", "md");
        o.put("source", a.fromSysfs() ? "sysfs" : "mdstat");
        o.put("active", a.active());
        o.put("level", a.level());
        o.put("layout", a.layout());
        o.put("chunk_kib", a.chunkBytes() == null ? null : a.chunkBytes() / 1024);
        o.put("state", a.arrayState());
        o.put("size_kib", a.sizeKib());
        o.put("raid_disks", a.raidDisks());
        o.put("degraded", a.degraded());
        o.put("sync_action", a.syncAction());
        o.put("sync_state", a.syncState());
        o.put("sync_completed_pct", a.syncCompletedPct() == null ? null : Math.round(a.syncCompletedPct() * 100) / 100.0);
        o.put("sync_done_sectors", a.syncDoneSectors());
        o.put("sync_total_sectors", a.syncTotalSectors());
        o.put("sync_speed_kib_s", a.syncSpeedKibS());
        o.put("sync_eta_s", a.syncEtaS());
        o.put("sync_checkpoint_sectors", a.syncCheckpointSectors());
        o.put("mismatch_cnt", a.mismatchCnt());
        o.put("last_sync_action", a.lastSyncAction());
        o.put("bitmap", a.bitmap());
        o.put("consistency_policy", a.consistencyPolicy());
        List<Map<String, Object>> members = new ArrayList<>();
        for (ArrayMember m : a.members()) {
            Map<String, Object> mo = new LinkedHashMap<>();
            mo.put("device", m.device());
            mo.put("role", m.role());
            mo.put("number", m.number());
            mo.put("status", m.status().word());
            mo.put("state", m.state());
            mo.put("errors", m.errors());
            mo.put("recovery_start_sectors", m.recoveryStart());
            members.add(mo);
        }
        o.put("members", members);
        o.put("leaf_disks", a.leafDisks());
        return o;
    }
}
