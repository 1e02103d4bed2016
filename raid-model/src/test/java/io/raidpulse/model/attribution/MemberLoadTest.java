package io.raidpulse.model.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MemberLoadTest {
    private static final RaidLayout RAID5_4 = RaidLayout.of(RaidLevel.RAID5, 4);
    private static final RaidLayout RAID10_4 = RaidLayout.of(RaidLevel.RAID10, 4);
    private static final RaidLayout DISK = RaidLayout.of(RaidLevel.SINGLE, 1);
    private static final long K4 = 4096;

    private static ConsumerRequests writes(String name, long n, long size) {
        return new ConsumerRequests(name, "service", 0, n, 0, n * size);
    }

    private static ConsumerRequests reads(String name, long n, long size) {
        return new ConsumerRequests(name, "service", n, 0, n * size, 0);
    }

    @Test
    void smallRaid5WritesCostFourMemberIosEachAndSplitByRate() {
        // 300 and 100 random 4 KiB writes; the members did 1,600 I/Os: read data and parity, write both
        MemberLoad load = MemberLoad.of(RAID5_4, 1600L, null, List.of(writes("postgresql@15-main.service", 300, K4),
                writes("backup.service", 100, K4)));
        assertThat(load.memberIos()).isEqualTo(1600);
        assertThat(load.shares()).extracting(MemberLoadShare::name).containsExactly("postgresql@15-main.service", "backup.service");
        assertThat(load.get("postgresql@15-main.service").share()).isCloseTo(0.75, within(1e-9));
        assertThat(load.get("postgresql@15-main.service").memberIos()).isCloseTo(1200, within(1e-9));
        assertThat(load.get("postgresql@15-main.service").direction()).isEqualTo("mostly writes");
        assertThat(load.sync()).isNull();
    }

    @Test
    void aConsumerListedTwiceWithCountsNearTheTopOfTheRangeIsHeldThereNotWrappedNegative() {
        MemberLoad load = MemberLoad.of(null, 100L, null, List.of(reads("db.service", Long.MAX_VALUE, 1), reads("db.service", 2, 1)));
        assertThat(load.get("db.service").reads()).isEqualTo(Long.MAX_VALUE);
        assertThat(load.get("db.service").memberIos()).isCloseTo(100, within(1e-9));
    }

    @Test
    void aWriteOnRaid5WeighsAsMuchAsFourReads() {
        // 400 reads and 100 writes ask as much of a 4-disk RAID5's members: 400 and 400 member I/Os
        MemberLoad load = MemberLoad.of(RAID5_4, 800L, null, List.of(reads("reporting.service", 400, K4), writes("db.service", 100, K4)));
        assertThat(load.get("reporting.service").share()).isCloseTo(0.5, within(1e-9));
        assertThat(load.get("db.service").share()).isCloseTo(0.5, within(1e-9));
        assertThat(load.get("reporting.service").direction()).isEqualTo("mostly reads");
        // on RAID10 a write costs two member writes, a read one member read
        MemberLoad raid10 = MemberLoad.of(RAID10_4, 600L, null, List.of(reads("reporting.service", 400, K4), writes("db.service", 100, K4)));
        assertThat(raid10.get("reporting.service").share()).isCloseTo(400.0 / 600, within(1e-9));
    }

    @Test
    void aLargeReadCostsAMemberReadPerChunkItTouches() {
        // 64 KiB chunks: a 1 MiB read touches every data column of a 4-disk RAID5 (3 member reads), a 4 KiB read one
        RaidLayout raid5 = RAID5_4.withChunk(64L * 1024);
        MemberLoad load = MemberLoad.of(raid5, 600L, null, List.of(reads("backup.service", 100, 1 << 20), reads("db.service", 300, K4)));
        assertThat(load.get("backup.service").share()).isCloseTo(0.5, within(1e-9));
        assertThat(load.get("db.service").share()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aSyncTakesWhatTheMembersDidBeyondTheConsumersCost() {
        // 100 small writes cost 400 member I/Os; the members did 1,000 while a check ran: the check did 600
        MemberLoad load = MemberLoad.of(RAID5_4, 1000L, "md check", List.of(writes("db.service", 100, K4)));
        assertThat(load.syncSeparated()).isTrue();
        assertThat(load.shares()).extracting(MemberLoadShare::name).containsExactly("md check", "db.service");
        assertThat(load.sync().share()).isCloseTo(0.6, within(1e-9));
        assertThat(load.sync().kind()).isEqualTo(MemberLoad.SYNC_KIND);
        assertThat(load.sync().direction()).isNull();
        assertThat(load.get("db.service").share()).isCloseTo(0.4, within(1e-9));
        // the members doing less than the model says (a stripe cache gathering writes): the sync gets nothing, never less
        MemberLoad less = MemberLoad.of(RAID5_4, 300L, "md check", List.of(writes("db.service", 100, K4)));
        assertThat(less.sync()).isNull();
        assertThat(less.get("db.service").share()).isEqualTo(1.0);
        // a sync alone has it all
        MemberLoad alone = MemberLoad.of(RAID5_4, 500L, "md resync", List.of());
        assertThat(alone.shares()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("md resync");
            assertThat(s.share()).isEqualTo(1.0);
        });
    }

    @Test
    void withoutAModelTheMeasuredWriteAmplificationWeighsTheWritesAndASyncCannotBeTold() {
        // 100 reads and 100 writes, 700 member I/Os: one per read, six per write
        MemberLoad load = MemberLoad.of(null, 700L, null, List.of(reads("r.service", 100, K4), writes("w.service", 100, K4)));
        assertThat(load.get("w.service").share()).isCloseTo(600.0 / 700, within(1e-9));
        MemberLoad withSync = MemberLoad.of(null, 700L, "md check", List.of(reads("r.service", 100, K4), writes("w.service", 100, K4)));
        assertThat(withSync.syncSeparated()).isFalse();
        assertThat(withSync.sync()).isNull();
        assertThat(withSync.shares().stream().mapToDouble(MemberLoadShare::share).sum()).isCloseTo(1, within(1e-9));
    }

    @Test
    void memberIoNobodyAskedForIsUnattributed() {
        // md's superblock and bitmap writes while the array itself was idle
        MemberLoad load = MemberLoad.of(RAID5_4, 8L, null, List.of(new ConsumerRequests("unattributed", "unattributed", 0, 0, 0, 0)));
        assertThat(load.shares()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo(MemberLoad.UNATTRIBUTED);
            assertThat(s.share()).isEqualTo(1.0);
        });
        assertThat(MemberLoad.of(RAID5_4, 8L, null, List.of()).get(MemberLoad.UNATTRIBUTED).memberIos()).isEqualTo(8);
    }

    @Test
    void aStandaloneDiskSharesByRequestsAndAHiddenMemberSetByTheModel() {
        MemberLoad disk = MemberLoad.of(DISK, 390L, null, List.of(reads("a.service", 300, K4), writes("b.service", 100, K4)));
        assertThat(disk.get("a.service").share()).isCloseTo(0.75, within(1e-9));
        assertThat(disk.memberIos()).isEqualTo(390);
        // a hardware RAID5 volume: members hidden, the model's cost is the total
        MemberLoad hidden = MemberLoad.of(RAID5_4, null, null, List.of(writes("db.service", 100, K4)));
        assertThat(hidden.memberIos()).isEqualTo(400);
    }

    @Test
    void aConsumerListedTwiceIsOneConsumer() {
        MemberLoad load = MemberLoad.of(DISK, 40L, null, List.of(writes("user sessions", 10, K4), writes("user sessions", 10, K4),
                writes("x.service", 20, K4)));
        assertThat(load.shares()).hasSize(2);
        assertThat(load.get("user sessions").share()).isCloseTo(0.5, within(1e-9));
        assertThat(load.get("user sessions").writes()).isEqualTo(20);
    }

    @Test
    void topKeepsTheLargestAndFoldsTheRestIntoOther() {
        List<ConsumerRequests> cs = List.of(writes("a", 50, K4), writes("b", 30, K4), writes("c", 10, K4), writes("d", 5, K4),
                new ConsumerRequests("other", "other", 0, 3, 0, 3 * K4), new ConsumerRequests("unattributed", "unattributed", 0, 2, 0, 2 * K4));
        // 100 writes cost 200 member I/Os on RAID10; the check did the other 50
        MemberLoad load = MemberLoad.of(RAID10_4, 250L, "md check", cs);
        MemberLoad top = load.top(2);
        assertThat(top.shares()).extracting(MemberLoadShare::name).containsExactly("a", "b", "md check", "other", "unattributed");
        assertThat(top.get("other").writes()).isEqualTo(10 + 5 + 3);
        assertThat(top.memberIos()).isEqualTo(load.memberIos());
        assertThat(top.shares().stream().mapToDouble(MemberLoadShare::share).sum()).isCloseTo(1, within(1e-9));
        assertThat(load.top(0).shares()).extracting(MemberLoadShare::name).containsExactlyInAnyOrder("other", "md check", "unattributed");
    }

    @Test
    void windowsAddByConsumer() {
        MemberLoad first = MemberLoad.of(RAID5_4, 400L, null, List.of(writes("db.service", 100, K4)));
        MemberLoad second = MemberLoad.of(RAID5_4, 800L, "md check", List.of(writes("db.service", 100, K4)));
        MemberLoad both = first.plus(second);
        assertThat(both.memberIos()).isEqualTo(1200);
        assertThat(both.get("db.service").share()).isCloseTo(800.0 / 1200, within(1e-9));
        assertThat(both.get("db.service").writes()).isEqualTo(200);
        assertThat(both.sync().share()).isCloseTo(400.0 / 1200, within(1e-9));
        assertThat(MemberLoad.NONE.plus(first)).isEqualTo(first);
        assertThat(first.plus(MemberLoad.NONE)).isEqualTo(first);
    }

    @Test
    void badInputIsRefusedByName() {
        assertThatThrownBy(() -> new ConsumerRequests("x", "service", -1, 0, 0, 0)).hasMessageContaining("consumer x");
        assertThatThrownBy(() -> MemberLoad.of(DISK, -1L, null, List.of())).hasMessageContaining("negative");
        assertThatThrownBy(() -> MemberLoad.NONE.top(-1)).hasMessageContaining("at least 0");
    }

    @Property(tries = 500)
    void sharesAreNeverNegativeAndAddUpToEverything(@ForAll("consumers") List<ConsumerRequests> consumers,
                                                     @ForAll("layouts") RaidLayout layout,
                                                     @ForAll @IntRange(min = 0, max = 100_000) int memberIos,
                                                     @ForAll boolean sync, @ForAll @IntRange(min = 0, max = 6) int top) {
        MemberLoad load = MemberLoad.of(layout, (long) memberIos, sync ? "md check" : null, consumers);
        for (MemberLoad l : List.of(load, load.top(top), load.plus(load))) {
            assertThat(l.shares()).allSatisfy(s -> {
                assertThat(s.share()).isBetween(0.0, 1.0 + 1e-9);
                assertThat(s.readMemberIos()).isGreaterThanOrEqualTo(0);
                assertThat(s.writeMemberIos()).isGreaterThanOrEqualTo(0);
            });
            double sum = l.shares().stream().mapToDouble(MemberLoadShare::memberIos).sum();
            assertThat(sum).isCloseTo(l.memberIos(), within(1e-6 * Math.max(1, l.memberIos())));
            if (l.memberIos() > 0) {
                assertThat(l.shares().stream().mapToDouble(MemberLoadShare::share).sum()).isCloseTo(1, within(1e-9));
            }
            for (int i = 1; i < l.shares().size(); i++) {
                assertThat(l.shares().get(i).memberIos()).isLessThanOrEqualTo(l.shares().get(i - 1).memberIos());
            }
        }
        assertThat(load.top(top).shares().stream().filter(s -> !s.kind().equals(MemberLoad.SYNC_KIND)
                && !s.name().equals(MemberLoad.UNATTRIBUTED) && !s.name().equals(MemberLoad.OTHER)).count()).isLessThanOrEqualTo(top);
        long requested = consumers.stream().mapToLong(c -> c.reads() + c.writes()).sum();
        long kept = load.top(top).shares().stream().mapToLong(s -> s.reads() + s.writes()).sum();
        assertThat(kept).as("top folds requests, never drops them").isEqualTo(requested);
    }

    @Provide
    Arbitrary<List<ConsumerRequests>> consumers() {
        Arbitrary<ConsumerRequests> one = Combinators.combine(Arbitraries.of("a", "b", "c", "d", "e", "other", "unattributed"),
                Arbitraries.longs().between(0, 5000), Arbitraries.longs().between(0, 5000),
                Arbitraries.longs().between(512, 1 << 20), Arbitraries.longs().between(512, 1 << 20))
                .as((name, r, w, rs, ws) -> new ConsumerRequests(name, name, r, w, r * rs, w * ws));
        return one.list().ofMaxSize(8).map(ArrayList::new);
    }

    @Provide
    Arbitrary<RaidLayout> layouts() {
        return Arbitraries.of(RAID5_4, RAID10_4, DISK, RaidLayout.of(RaidLevel.RAID6, 6), RaidLayout.of(RaidLevel.RAID1, 2),
                RAID5_4.withChunk(64L * 1024)).injectNull(0.2);
    }
}
