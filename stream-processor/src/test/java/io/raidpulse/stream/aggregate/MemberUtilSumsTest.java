package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MemberUtilSumsTest {

    @Test
    void sumsEachMemberInTheOrderFirstSeenWhateverPositionItComesAt() {
        MemberUtilSums sums = new MemberUtilSums();
        sums.add(0, "sdb", 10);
        sums.add(1, "sdc", 20);
        // the next sample lists them the other way round, and a spare has joined
        sums.add(0, "sdc", 5);
        sums.add(1, "sdb", 1);
        sums.add(2, "sdd", 7);

        assertThat(names(sums)).containsExactly("sdb", "sdc", "sdd");
        assertThat(sums.sum(0)).isEqualTo(11);
        assertThat(sums.sum(1)).isEqualTo(25);
        assertThat(sums.sum(2)).isEqualTo(7);
    }

    @Test
    void busiestIsTheHighestSumAndTheFirstSeenOfEqualOnes() {
        MemberUtilSums sums = new MemberUtilSums();
        assertThat(sums.busiest()).isNull();
        sums.add(0, "sdb", 0);
        assertThat(sums.busiest()).isEqualTo("sdb");
        sums.add(1, "sdc", 40);
        sums.add(2, "sdd", 40);
        assertThat(sums.busiest()).isEqualTo("sdc");
    }

    /** Against the LinkedHashMap merge it replaced: members shuffled, joining and leaving, arrays wider than its first capacity. */
    @Test
    void agreesWithAnInsertionOrderedMapMerge() {
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            MemberUtilSums sums = new MemberUtilSums();
            MemberUtilSums merged = new MemberUtilSums();
            Map<String, Double> expected = new LinkedHashMap<>();
            int width = 1 + r.nextInt(40);
            for (int sample = 0; sample < 1 + r.nextInt(12); sample++) {
                List<String> members = new ArrayList<>();
                for (int m = 0; m < width; m++) {
                    if (r.nextInt(10) > 0) {
                        members.add("sd" + m);
                    }
                }
                if (r.nextBoolean()) {
                    Collections.shuffle(members, r);
                }
                MemberUtilSums one = new MemberUtilSums();
                for (int i = 0; i < members.size(); i++) {
                    double util = r.nextDouble() * 100;
                    // names made anew, as each decoded sample's are
                    String name = new String(members.get(i));
                    sums.add(i, name, util);
                    one.add(i, name, util);
                    expected.merge(name, util, Double::sum);
                }
                merged.addAll(one);
            }
            assertThat(names(sums)).containsExactlyElementsOf(expected.keySet());
            assertThat(names(merged)).containsExactlyElementsOf(expected.keySet());
            int i = 0;
            for (double v : expected.values()) {
                assertThat(sums.sum(i)).isEqualTo(v);
                assertThat(merged.sum(i)).isEqualTo(v);
                i++;
            }
        }
    }

    private static List<String> names(MemberUtilSums sums) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < sums.size(); i++) {
            names.add(sums.name(i));
        }
        return names;
    }
}
