package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** An md array's sysfs files written from a record read back to the same record. */
class MdSysfsTest {
    @Test
    void filesAsMdPrintsThem() {
        MdSysfsArray a = new MdSysfsArray("md0", "raid5", 2, 524288L, 4, 1, "clean", "recover", "check", 1024L, 2048L, 150L, 0L,
                7814054240L, List.of(new MdSysfsMember("sda1", 0, true, true, List.of("in_sync"), 0L, null),
                        new MdSysfsMember("sdb1", null, true, true, List.of("spare"), 3L, 512L)), List.of());
        Map<String, String> files = MdSysfs.files(a);
        assertThat(files).containsEntry("md/sync_completed", "1024 / 2048\n").containsEntry("md/dev-sda1/slot", "0\n")
                .containsEntry("md/dev-sdb1/slot", "none\n").containsEntry("md/dev-sda1/recovery_start", "none\n")
                .containsEntry("size", "7814054240\n").containsEntry("md/layout", "2\n");
        assertThat(MdSysfs.read("md0", "/sys/block/md0", files)).isEqualTo(a);
    }

    @Test
    void oddValuesAreProblemsNamingTheFile() {
        MdSysfsArray a = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/level", "raid1\n", "md/raid_disks", "two\n",
                "md/sync_completed", "12\n"));
        assertThat(a.level()).isEqualTo("raid1");
        assertThat(a.raidDisks()).isNull();
        assertThat(a.problems()).extracting(Throwable::getMessage).containsExactlyInAnyOrder(
                "/sys/block/md0/md/raid_disks:1: expected a non-negative number, got 'two': left out, the rest of the array is read",
                "/sys/block/md0/md/sync_completed:1: expected 'done / total' sectors, 'none' or 'delayed', got '12': left out, the rest of the array is read");
    }

    /**
     * The files Linux 7.x adds (bitmap_type, sync_io_depth, logical_block_size; 6.12's new_level),
     * as Debian unstable's 7.2 printed them for a RAID5 with an internal bitmap: nothing else changes.
     */
    @Test
    void laterKernelsFilesChangeNothingElse() {
        Map<String, String> files = new TreeMap<>(Map.of("md/level", "raid5\n", "md/array_state", "clean\n",
                "md/sync_action", "idle\n", "md/last_sync_action", "recover\n", "md/consistency_policy", "bitmap\n",
                "md/bitmap/location", "+8\n"));
        MdSysfsArray before = MdSysfs.read("md0", "/sys/block/md0", files);
        files.putAll(Map.of("md/bitmap_type", "none [bitmap] \n", "md/sync_io_depth", "32 (system)\n",
                "md/logical_block_size", "512\n", "md/new_level", "raid5\n"));
        MdSysfsArray after = MdSysfs.read("md0", "/sys/block/md0", files);
        assertThat(after).isEqualTo(before);
        assertThat(after.problems()).isEmpty();
        assertThat(after.consistencyPolicy()).isEqualTo("bitmap");
        assertThat(after.bitmapLocation()).isEqualTo("+8");
    }

    @Property(tries = 500)
    void writtenRecordsReadBackEqual(@ForAll long seed) {
        MdSysfsArray a = array(new Random(seed));
        assertThat(MdSysfs.read(a.name(), "/sys/block/" + a.name(), MdSysfs.files(a))).isEqualTo(a);
    }

    private static MdSysfsArray array(Random r) {
        TreeMap<String, MdSysfsMember> members = new TreeMap<>();
        for (int i = r.nextInt(6); i > 0; i--) {
            String device = pick(r, "sd", "vd", "nvme0n") + (char) ('a' + r.nextInt(26)) + (r.nextBoolean() ? "" : "1");
            boolean slotKnown = r.nextInt(6) > 0;
            List<String> state = new ArrayList<>();
            for (int k = r.nextInt(3); k > 0; k--) {
                state.add(MemberState.values()[r.nextInt(MemberState.values().length)].word());
            }
            members.put("dev-" + device, new MdSysfsMember(device, slotKnown && r.nextBoolean() ? r.nextInt(64) : null, slotKnown,
                    r.nextInt(6) > 0, List.copyOf(state), r.nextBoolean() ? (long) r.nextInt(1000) : null,
                    r.nextBoolean() ? (long) r.nextInt(Integer.MAX_VALUE) : null));
        }
        // a member whose state file is absent has no words
        List<MdSysfsMember> list = new ArrayList<>();
        for (MdSysfsMember m : members.values()) {
            list.add(m.stateKnown() ? m : new MdSysfsMember(m.device(), m.slot(), m.slotKnown(), false, List.of(), m.errors(),
                    m.recoveryStart()));
        }
        boolean progress = r.nextBoolean();
        return new MdSysfsArray("md" + r.nextInt(128), r.nextInt(8) == 0 ? null : pick(r, "raid0", "raid1", "raid5", "raid6", "raid10"),
                r.nextBoolean() ? r.nextInt(1 << 20) - 1 : null, r.nextBoolean() ? (long) r.nextInt(1 << 24) : null,
                r.nextBoolean() ? r.nextInt(32) : null, r.nextBoolean() ? r.nextInt(4) : null,
                r.nextBoolean() ? pick(r, "clean", "active", "inactive", "read-auto") : null,
                r.nextBoolean() ? SyncAction.values()[r.nextInt(SyncAction.values().length)].word() : null,
                r.nextBoolean() ? pick(r, "check", "recovery", "resync") : null, progress ? (long) r.nextInt(1 << 30) : null,
                progress ? (long) r.nextInt(Integer.MAX_VALUE) : null, r.nextBoolean() ? (long) r.nextInt(1 << 20) : null,
                r.nextBoolean() ? (long) r.nextInt(1 << 20) : null, r.nextBoolean() ? (long) r.nextInt(Integer.MAX_VALUE) * 8 : null,
                List.copyOf(list), List.of(), r.nextBoolean() ? pick(r, "none", "resync", "bitmap", "journal", "ppl") : null,
                r.nextBoolean() ? pick(r, "none", "file", "+8", "+2") : null);
    }

    private static String pick(Random r, String... words) {
        return words[r.nextInt(words.length)];
    }
}
