package io.raidpulse.launcher.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LiveStateTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theLatestValueOfEachKeyCountsAndATombstoneRemovesIt() {
        LiveState s = new LiveState();
        s.apply(b("db1"), b("12345"));
        s.apply(b("db2"), b("1"));
        s.apply(b("db1"), b("12"));
        assertEquals(2, s.entries());
        assertEquals(3 + 2 + 3 + 1, s.bytes());
        s.apply(b("db2"), null);
        s.apply(b("db3"), null);
        assertEquals(1, s.entries());
        assertEquals(5, s.bytes());
    }
}
