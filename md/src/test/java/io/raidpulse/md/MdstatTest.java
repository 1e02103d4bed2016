package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** /proc/mdstat written from records reads back to the same records. */
class MdstatTest {
    /** A kernel's text: a recovery with a faulty member and a spare, and a resync waiting for it. */
    private static final String RECOVERY = "Personalities : [raid1] [raid6] [raid5] [raid4] \n"
            + "md6 : active raid1 sdb2[2](F) sdc[1](S) sda2[0]\n"
            + "      195310144 blocks super 1.2 [2/1] [U_]\n"
            + "      [=>...................]  recovery =  8.5% (16775552/195310144) finish=17.0min speed=259783K/sec\n"
            + "      bitmap: 0/30 pages [0KB], 65536KB chunk\n"
            + "\n"
            + "md1 : active raid5 sdd1[3] sdc1[2] sdb1[1] sda1[0]\n"
            + "      2929890816 blocks super 1.2 level 5, 512k chunk, algorithm 2 [4/4] [UUUU]\n"
            + "      \tresync=DELAYED\n"
            + "      \n"
            + "unused devices: <none>\n";

    @Test
    void theKernelsTextIsWrittenAsItWasRead() {
        Mdstat read = Mdstat.parse(RECOVERY, "/proc/mdstat");
        assertThat(read.errors()).isEmpty();
        assertThat(read.text()).isEqualTo(RECOVERY);
    }

    @Property(tries = 300)
    void writtenRecordsReadBackEqual(@ForAll long seed) {
        Random r = new Random(seed);
        List<String> personalities = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            personalities.add(pick(r, "raid0", "raid1", "raid10", "raid6", "raid5", "raid4", "linear", "multipath"));
        }
        List<MdstatArray> arrays = new ArrayList<>();
        for (int i = r.nextInt(5); i > 0; i--) {
            arrays.add(array(r));
        }
        Mdstat read = Mdstat.parse(Mdstat.text(personalities, arrays), "/proc/mdstat");
        assertThat(read.errors()).isEmpty();
        assertThat(read.personalities()).isEqualTo(personalities);
        assertThat(read.arrays()).isEqualTo(arrays);
    }

    /** Any array md_seq_show can print: active or not, with or without members, status, progress and bitmap. */
    private static MdstatArray array(Random r) {
        boolean active = r.nextInt(5) > 0;
        boolean broken = active && r.nextInt(8) == 0;
        String readOnly = active && r.nextInt(4) == 0 ? pick(r, "read-only", "auto-read-only") : null;
        String level = active ? pick(r, "raid0", "raid1", "raid4", "raid5", "raid6", "raid10", "linear") : null;
        List<MdstatMember> members = new ArrayList<>();
        for (int i = r.nextInt(6); i > 0; i--) {
            boolean faulty = r.nextInt(6) == 0;
            members.add(new MdstatMember(pick(r, "sd", "vd", "nvme0n") + (char) ('a' + r.nextInt(26)) + (r.nextBoolean() ? "" : "1"),
                    r.nextInt(1000), faulty, !faulty && r.nextInt(5) == 0, r.nextInt(6) == 0, !faulty && r.nextInt(8) == 0,
                    r.nextInt(10) == 0, r.nextInt(10) == 0 ? List.of(pick(r, "X", "B")) : List.of()));
        }
        Long size = members.isEmpty() ? null : (long) r.nextInt(Integer.MAX_VALUE) * r.nextInt(1000);
        String superVersion = r.nextInt(4) == 0 ? null : pick(r, "1.2", "1.0", "external:imsm");
        Long chunk = null;
        Integer algorithm = null;
        String copies = null;
        Integer raidDisks = null;
        Integer activeDisks = null;
        String map = null;
        if (active) {
            boolean parity = level.equals("raid4") || level.equals("raid5") || level.equals("raid6");
            if (parity && r.nextBoolean()) {
                chunk = 4L << r.nextInt(10);
                algorithm = r.nextInt(21);
            } else if (!level.equals("raid1") && r.nextBoolean()) {
                chunk = 4L << r.nextInt(10);
            }
            if (level.equals("raid10") && r.nextBoolean()) {
                copies = pick(r, "near-2", "far-2", "offset-3", "near-2,far-2", "near-2,offset-2", "near-1");
            }
            if (!level.equals("raid0") && !level.equals("linear") || members.isEmpty() && superVersion == null && chunk == null) {
                raidDisks = 1 + r.nextInt(16);
                activeDisks = r.nextInt(raidDisks + 1);
                StringBuilder m = new StringBuilder();
                for (int s = 0; s < raidDisks; s++) {
                    m.append(r.nextInt(4) == 0 ? '_' : 'U');
                }
                map = m.toString();
            }
        }
        String bitmap = r.nextInt(3) == 0 ? r.nextInt(100) + "/" + (100 + r.nextInt(100)) + " pages [" + r.nextInt(400) + "KB], 65536KB chunk" : null;
        String action = null;
        String state = null;
        Double percent = null;
        Long done = null;
        Long total = null;
        Double finish = null;
        Long speed = null;
        if (active && r.nextInt(3) == 0) {
            if (r.nextInt(4) == 0) {
                action = pick(r, "resync", "recover", "reshape");
                state = pick(r, "delayed", "pending", "remote");
            } else {
                action = pick(r, "resync", "recovery", "reshape", "check");
                state = "running";
                percent = r.nextInt(1001) / 10.0;
                if (r.nextInt(5) > 0) {
                    total = (long) r.nextInt(Integer.MAX_VALUE) * 4;
                    done = total / (1 + r.nextInt(100));
                }
                finish = r.nextInt(5) > 0 ? r.nextInt(1_000_000) / 10.0 : null;
                speed = r.nextInt(5) > 0 ? (long) r.nextInt(3_000_000) : null;
            }
        }
        return new MdstatArray("md" + r.nextInt(128), active, broken, readOnly, level, List.copyOf(members), size, superVersion, chunk,
                algorithm, copies, raidDisks, activeDisks, map, bitmap, action, state, percent, done, total, finish, speed);
    }

    private static String pick(Random r, String... words) {
        return words[r.nextInt(words.length)];
    }
}
