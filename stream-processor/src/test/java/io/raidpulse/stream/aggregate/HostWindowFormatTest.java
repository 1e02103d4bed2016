package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.testing.StateFixtures;
import io.raidpulse.topics.load.MdState;
import io.raidpulse.stream.load.WriteAmplification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The open windows' state format: what a restart restores, and what an upgrade finds in the changelog. */
class HostWindowFormatTest {

    private static HostWindow window(SubjectWindow s) {
        LinkedHashMap<SubjectKey, SubjectWindow> subjects = new LinkedHashMap<>();
        subjects.put(new SubjectKey(s.kind, s.subject), s);
        return new HostWindow("db1", 60_000, 60_000, subjects);
    }

    @Test
    void mdFiguresSurviveTheStore() {
        SubjectWindow md0 = new SubjectWindow("md0", SubjectKind.ARRAY);
        md0.samples = 3;
        md0.seconds = 30;
        md0.degradedMax = 1;
        md0.faultyMax = 1;
        md0.mdState = new MdState(4, 1, 0, 1, 70.5, 55_000L, null, 8L);
        md0.mdStateMs = 90_000;
        HostWindow back = HostWindow.SERDE.decode(HostWindow.SERDE.encode(window(md0)));
        SubjectWindow read = back.subjects().get(new SubjectKey(SubjectKind.ARRAY, "md0"));
        assertThat(read.degradedMax).isEqualTo(1);
        assertThat(read.faultyMax).isEqualTo(1);
        assertThat(read.mdState).isEqualTo(md0.mdState);
        assertThat(read.mdStateMs).isEqualTo(90_000);
    }

    /** A window of sda (2 samples, 20 s, util sum 90) that a format-1 build left open: format 2 without the md section. */
    @Test
    void windowsAnOlderBuildLeftOpenAreReadWithoutMdFigures() {
        byte[] formatOne = StateFixtures.read("aggregate-window-format1");
        SubjectWindow read = HostWindow.SERDE.decode(formatOne).subjects().get(new SubjectKey(SubjectKind.DEVICE, "sda"));
        assertThat(read.samples).isEqualTo(2);
        assertThat(read.utilSum).isEqualTo(90.0);
        assertThat(read.mdState).isNull();
        assertThat(read.degradedMax).isEqualTo(-1);
    }

    /** Every field set from {@code r}, nullable ones null half the time; arrays with members, devices without. */
    static SubjectWindow random(SplittableRandom r, int i) {
        boolean array = i % 3 == 0;
        SubjectWindow w = new SubjectWindow((array ? "md" : "sd") + i, array ? SubjectKind.ARRAY : SubjectKind.values()[r.nextInt(2) * 2]);
        w.samples = r.nextInt(1, 400);
        w.seconds = r.nextDouble() * 3600;
        w.utilSum = r.nextDouble() * 1e4;
        w.utilMax = r.nextDouble() * 100;
        w.memberUtilSum = array ? r.nextDouble() * 1e4 : 0;
        w.aquSzSum = r.nextDouble() * 50;
        w.reads = r.nextLong(1L << 40);
        w.writes = r.nextLong(1L << 20);
        w.sectorsRead = r.nextLong();
        w.sectorsWritten = -r.nextLong(1L << 50);
        w.awaitIos = r.nextLong(100_000);
        w.awaitMs = r.nextLong(1_000_000);
        for (int n = r.nextInt(40); n > 0; n--) {
            w.await.add(r.nextInt(5) == 0 ? 0.0 : Math.exp(r.nextDouble() * 12 - 4));
        }
        if (array) {
            w.amplification = new WriteAmplification(r.nextLong(1L << 30), r.nextLong(1L << 30), r.nextLong(1L << 31), r.nextLong(1L << 33),
                    r.nextLong(1L << 33), r.nextLong(1L << 34));
            for (int m = r.nextInt(9); m > 0; m--) {
                w.memberUtil.add(m, "sd" + (char) ('a' + m) + "\u00e9", r.nextDouble() * 1e3);
            }
            w.syncAction = r.nextBoolean() ? null : "resync";
            w.degradedMax = r.nextInt(-1, 3);
            w.faultyMax = r.nextInt(-1, 3);
            if (r.nextBoolean()) {
                w.mdState = new MdState(r.nextInt(2, 16), r.nextInt(3), r.nextInt(2), r.nextBoolean() ? null : r.nextInt(3),
                        r.nextBoolean() ? null : r.nextDouble() * 100, r.nextBoolean() ? null : r.nextLong(1L << 30),
                        r.nextBoolean() ? null : r.nextLong(1L << 20), r.nextBoolean() ? null : r.nextLong(1L << 40));
                w.mdStateMs = r.nextLong(1L << 42);
            }
        }
        if (r.nextBoolean()) {
            List<ConsumerRequests> consumers = new ArrayList<>();
            for (int c = r.nextInt(12); c > 0; c--) {
                consumers.add(new ConsumerRequests("unit-" + c + "\u00e9.service", c % 4 == 0 ? "container" : "service", r.nextLong(1L << 20),
                        r.nextLong(1L << 20), r.nextLong(1L << 40), r.nextLong(1L << 40)));
            }
            w.consumers = MemberLoad.of(array ? RaidLayout.of(RaidLevel.RAID5, 4) : null, r.nextBoolean() ? null : r.nextLong(1L << 30),
                    array && r.nextBoolean() ? "md check" : null, consumers);
            w.consumerSamples = r.nextInt(1, w.samples + 1);
            w.consumerSeconds = r.nextDouble() * 3600;
        }
        return w;
    }

    /** The window is written straight from its objects: the bytes its Avro record gives, read back the same. */
    @Test
    void writtenStraightFromTheWindowAsItsRecordIs() {
        SplittableRandom r = new SplittableRandom(16);
        for (int n = 0; n < 300; n++) {
            LinkedHashMap<SubjectKey, SubjectWindow> subjects = new LinkedHashMap<>();
            for (int i = r.nextInt(20); i > 0; i--) {
                SubjectWindow s = random(r, i);
                subjects.put(new SubjectKey(s.kind, s.subject), s);
            }
            HostWindow w = new HostWindow("db-" + n, r.nextLong(1L << 42), 60_000L * (1 + r.nextInt(60)), subjects);
            byte[] bytes = HostWindow.SERDE.encode(w);
            assertThat(bytes).isEqualTo(HostWindow.SERDE.encodeThroughRecord(w));
            assertThat(HostWindow.SERDE.encode(HostWindow.SERDE.decode(bytes))).isEqualTo(bytes);
        }
    }
}
