package io.raidpulse.collector.spool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
    @TempDir
    Path dir;

    private static byte[] value(int i, int size) {
        byte[] v = new byte[size];
        ByteBuffer.wrap(v).putInt(i);
        return v;
    }

    private static int id(SpoolRecord r) {
        return ByteBuffer.wrap(r.value()).getInt();
    }

    private static List<Integer> drain(Spool s) throws IOException {
        List<Integer> ids = new ArrayList<>();
        while (true) {
            List<SpoolRecord> batch = s.peek(7);
            if (batch.isEmpty()) {
                return ids;
            }
            batch.forEach(r -> ids.add(id(r)));
            s.commit(batch.get(batch.size() - 1).next());
        }
    }

    /** A sender that keeps up is given the newest record from memory: the same key, value and next position as from its segment. */
    @Test
    void theNewestRecordPeekedFromMemoryIsTheOneItsSegmentHolds() throws IOException {
        List<SpoolRecord> fromMemory = new ArrayList<>();
        try (Spool s = Spool.open(dir, 1 << 20, false)) {
            for (int i = 0; i < 5; i++) {
                s.append("host-" + i, value(i, 3000 + i));
                List<SpoolRecord> peeked = s.peek(10);
                assertThat(peeked).extracting(SpoolTest::id).endsWith(i);
                fromMemory.add(peeked.get(peeked.size() - 1));
                if (i < 3) {
                    s.commit(peeked.get(peeked.size() - 1).next());
                }
            }
            // behind by two: the older one is read from its segment, the newest given from memory
            List<SpoolRecord> both = s.peek(10);
            assertThat(both).extracting(SpoolTest::id).containsExactly(3, 4);
            assertThat(s.peek(10, 1)).as("always the first, whatever the byte limit").extracting(SpoolTest::id).containsExactly(3);
        }
        try (Spool s = Spool.open(dir, 1 << 20, false)) {
            s.commit(new Spool.Position(0, 0));
            List<SpoolRecord> fromSegment = s.peek(10);
            SpoolRecord newest = fromMemory.get(4);
            assertThat(fromSegment).hasSize(2);
            assertThat(fromSegment.get(1).key()).isEqualTo(newest.key());
            assertThat(fromSegment.get(1).value()).isEqualTo(newest.value());
            assertThat(fromSegment.get(1).next()).isEqualTo(newest.next());
            assertThat(fromSegment.get(0).next()).isEqualTo(fromMemory.get(3).next());
        }
    }

    @Test
    void recordsComeBackInOrderWithTheirKeysAndSurviveReopening() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            for (int i = 0; i < 10; i++) {
                s.append("host-a", value(i, 100));
            }
            List<SpoolRecord> first = s.peek(3);
            assertThat(first).extracting(SpoolRecord::key).containsOnly("host-a");
            assertThat(first).extracting(SpoolTest::id).containsExactly(0, 1, 2);
            s.commit(first.get(2).next());
        }
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            assertThat(drain(s)).containsExactly(3, 4, 5, 6, 7, 8, 9);
            assertThat(s.isEmpty()).isTrue();
            s.append("host-a", value(10, 100));
            assertThat(s.isEmpty()).isFalse();
        }
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            assertThat(drain(s)).containsExactly(10);
        }
    }

    @Test
    void peekingDoesNotConsumeUntilCommitted() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, false)) {
            s.append("k", value(1, 10));
            assertThat(s.peek(5)).hasSize(1);
            assertThat(s.peek(5)).hasSize(1);
            s.commit(s.peek(5).get(0).next());
            assertThat(s.peek(5)).isEmpty();
        }
    }

    @Test
    void aPeekStopsAtItsByteBoundButAlwaysHoldsTheFirstRecord() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, false)) {
            for (int i = 0; i < 10; i++) {
                s.append("k", value(i, 1000));
            }
            // each record is 1,003 bytes of key length, key and value
            List<SpoolRecord> three = s.peek(200, 3 * 1003 + 1002);
            assertThat(three).extracting(SpoolTest::id).containsExactly(0, 1, 2);
            assertThat(s.peek(200, 3 * 1003)).hasSize(3);
            assertThat(s.peek(200, 10)).extracting(SpoolTest::id).containsExactly(0);
            s.commit(three.get(2).next());
            assertThat(s.peek(200, 3 * 1003)).extracting(SpoolTest::id).containsExactly(3, 4, 5);
            assertThat(s.peek(2, 1 << 20)).extracting(SpoolTest::id).containsExactly(3, 4);
        }
    }

    @Test
    void whenFullTheOldestSegmentsAreDroppedFirstAndCounted() throws IOException {
        long max = 1 << 20; // segments of 128 KiB
        int n = 3000;
        try (Spool s = Spool.open(dir, max, false)) {
            for (int i = 0; i < n; i++) {
                s.append("k", value(i, 1000));
            }
            assertThat(s.bytes()).isLessThanOrEqualTo(max);
            assertThat(s.dropped()).isPositive();
            List<Integer> left = drain(s);
            assertThat(left.get(0)).as("the oldest went first").isEqualTo((int) s.dropped());
            assertThat(left.get(left.size() - 1)).isEqualTo(n - 1);
            for (int i = 1; i < left.size(); i++) {
                assertThat(left.get(i)).isEqualTo(left.get(i - 1) + 1);
            }
            assertThat(s.dropped() + left.size()).isEqualTo(n);
        }
    }

    @Test
    void sentSegmentsAreDeleted() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, false)) {
            for (int i = 0; i < 1000; i++) {
                s.append("k", value(i, 1000));
            }
            drain(s);
            assertThat(s.dropped()).isZero();
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(p -> p.toString().endsWith(".seg")).count()).isEqualTo(1);
            }
        }
    }

    @Test
    void aRecordCutShortByACrashIsTruncatedAtOpen() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            s.append("k", value(1, 50));
            s.append("k", value(2, 50));
        }
        Path seg = dir.resolve(String.format("%020d.seg", 0));
        long size = Files.size(seg);
        try (FileChannel ch = FileChannel.open(seg, StandardOpenOption.WRITE)) {
            ch.truncate(size - 10);
        }
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            assertThat(drain(s)).containsExactly(1);
            s.append("k", value(3, 50));
            assertThat(drain(s)).containsExactly(3);
        }
    }

    @Test
    void aCorruptRecordEndsItsSegmentAndIsCounted() throws IOException {
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            s.append("k", value(1, 50));
            s.append("k", value(2, 50));
            s.append("k", value(3, 50));
        }
        Path seg = dir.resolve(String.format("%020d.seg", 0));
        try (FileChannel ch = FileChannel.open(seg, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {(byte) 0xFF}), 61 + 20); // inside the second record (frames are 61 bytes)
        }
        try (Spool s = Spool.open(dir, 1 << 20, true)) {
            assertThat(drain(s)).containsExactly(1);
        }
    }

    @Test
    void sequenceNumbersContinueAcrossRestarts() throws IOException {
        SequenceFile a = SequenceFile.open(dir, true);
        assertThat(a.next()).isZero();
        assertThat(a.next()).isEqualTo(1);
        SequenceFile b = SequenceFile.open(dir, true);
        assertThat(b.next()).isEqualTo(2);
    }
}
