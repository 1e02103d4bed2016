package io.raidpulse.launcher.fleet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AckedOffsetsTest {
    @Test
    void recordsBelowTheCommittedOffsetAreAcknowledgedWhenTheCommitIsSeen() {
        AckedOffsets a = new AckedOffsets(1_000);
        a.add(0, 0, 900);
        a.add(0, 1, 1_000);
        a.add(0, 2, 1_100);
        a.add(1, 0, 1_050);
        // committed 2 on partition 0: offsets 0 and 1 are in; 0 is before the warm-up's end and not counted
        assertEquals(2, a.resolve(0, 2, 1_500));
        assertEquals(0, a.resolve(0, 2, 1_600));
        assertEquals(1, a.resolve(1, 5, 1_700));
        assertEquals(1, a.unresolved());
        // an offset added after its commit was seen (its send acknowledged late) is taken at the next look
        a.add(1, 3, 1_200);
        assertEquals(1, a.resolve(1, 5, 1_800));
        assertArrayEquals(new long[] {500, 600, 650}, a.sorted());
    }

    @Test
    void quantilesAreNearestRank() {
        long[] v = new long[100];
        for (int i = 0; i < 100; i++) {
            v[i] = i + 1;
        }
        assertEquals(99, AckedOffsets.quantile(v, 0.99));
        assertEquals(50, AckedOffsets.quantile(v, 0.50));
        assertEquals(1, AckedOffsets.quantile(new long[] {1}, 0.99));
        assertEquals(Double.NaN, AckedOffsets.quantile(new long[0], 0.5));
    }
}
