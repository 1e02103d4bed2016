package io.raidpulse.collector.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.sample.ConsumerKind;
import io.raidpulse.collector.sample.IoConsumer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ConsumerTableTest {
    /** One interval: the device completed {@code deviceReads}, the one consumer submitted {@code consumerReads}; its unattributed reads. */
    private static long unattributedReads(ConsumerTable t, long deviceReads, long consumerReads) {
        t.clear();
        t.add("fio.service", ConsumerKind.SERVICE, "/system.slice/fio.service", new long[] {consumerReads, 0, consumerReads * 4096, 0, 0, 0}, 0);
        List<IoConsumer> out = t.consumers(5, new long[] {deviceReads, 0, deviceReads * 4096, 0, 0, 0});
        return out.stream().filter(c -> c.getName().equals(ConsumerTable.UNATTRIBUTED)).mapToLong(IoConsumer::getReadIos).sum();
    }

    @Test
    void requestsInFlightAtAnIntervalsEndAreNotCountedAgainAsUnattributed() {
        ConsumerTable t = new ConsumerTable();
        // 10 submitted at the end of the first interval complete in the second
        assertThat(unattributedReads(t, 90, 100)).isZero();
        assertThat(unattributedReads(t, 110, 100)).isZero();
        // then the device really does 5 of its own
        assertThat(unattributedReads(t, 105, 100)).isEqualTo(5);
    }

    @Test
    void overManyIntervalsUnattributedIsWhatTheConsumersDidNotDoNeverMoreAndNeverNegative() {
        ConsumerTable t = new ConsumerTable();
        Random random = new Random(7);
        long device = 0;
        long consumers = 0;
        long unattributed = 0;
        int inFlight = 0;
        for (int i = 0; i < 1000; i++) {
            int submitted = 150 + random.nextInt(100);
            int own = random.nextInt(3);
            int nowInFlight = random.nextInt(16);
            // completed: what was in flight, what was submitted less what is now in flight, and the device's own
            long completed = inFlight + submitted - nowInFlight + own;
            inFlight = nowInFlight;
            long u = unattributedReads(t, completed, submitted);
            assertThat(u).isBetween(0L, completed);
            device += completed;
            consumers += submitted;
            unattributed += u;
        }
        // the device's own, less at most what is still in flight at the end
        assertThat(unattributed).isBetween(device - consumers, device - consumers + 16);
    }

    @Test
    void resetForgetsTheBalance() {
        ConsumerTable t = new ConsumerTable();
        assertThat(unattributedReads(t, 0, 100)).isZero();
        t.reset();
        assertThat(unattributedReads(t, 50, 0)).isEqualTo(50);
    }

    @Test
    void countsNearTheTopOfTheRangeHoldThereRatherThanWrapNegative() {
        // a cgroup new since the last reading brings its whole counter; a second one of the same name adds to it
        ConsumerTable t = new ConsumerTable();
        t.add("db.service", ConsumerKind.SERVICE, "/system.slice/db.service", new long[] {Long.MAX_VALUE, 0, 0, 0, 0, 0}, 0);
        t.add("db.service", ConsumerKind.SERVICE, "/system.slice/db2.slice/db.service", new long[] {2, 0, 0, 0, 0, 0}, 0);
        for (int i = 0; i < 6; i++) {
            t.add("batch-" + i + ".service", ConsumerKind.SERVICE, "/system.slice/batch-" + i + ".service",
                    new long[] {Long.MAX_VALUE - i, 0, 0, 0, 0, 0}, 0);
        }
        List<IoConsumer> out = t.consumers(5, new long[] {10, 0, 0, 0, 0, 0});
        assertThat(out).filteredOn(c -> c.getName().equals("db.service")).singleElement()
                .extracting(IoConsumer::getReadIos).isEqualTo(Long.MAX_VALUE);
        assertThat(out).filteredOn(c -> c.getName().equals(ConsumerTable.OTHER)).singleElement()
                .extracting(IoConsumer::getReadIos).isEqualTo(Long.MAX_VALUE);
        assertThat(out).extracting(IoConsumer::getName).doesNotContain(ConsumerTable.UNATTRIBUTED);
        // and the balance carried is what was done: the device catching up leaves nothing unattributed
        assertThat(unattributedReads(t, Long.MAX_VALUE - 10, 0)).isZero();
    }
}
