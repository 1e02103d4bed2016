package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A consumer's part of a window's member load, as plan takes it out for "without it". */
class ConsumerLoadsTest {
    private static final RaidLayout RAID5 = RaidLayout.of(RaidLevel.RAID5, 4).withChunk(512 * 1024L);
    private static final DiskProfile HDD = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
    private static final Instant T = Instant.parse("2026-03-02T02:00:00Z");

    private static ConsumerLoads.Row row(String name, String kind, double pct, double r, double w, double rkB, double wkB) {
        return new ConsumerLoads.Row(T, name, kind, pct, 0, r, w, rkB, wkB);
    }

    @Test
    void aConsumerOfRequestsWeighsWhatTheModelSaysItsRequestsOccupyTheMembers() {
        List<ConsumerLoads.Row> window = List.of(row("postgresql@15-main.service", "service", 70, 400, 100, 400 * 8, 100 * 8),
                row("backup.service", "service", 30, 200, 0, 200 * 1024, 0));
        RaidModel m = new RaidModel(RAID5, HDD);
        double db = m.projectedUtilisation(400, 100, 8192, 8192);
        double backup = 200 * 1024 * 1024 / (m.sequentialReadMBps() * 1e6);
        assertThat(ConsumerLoads.part(window, "backup.service", RAID5, HDD)).isCloseTo(backup / (db + backup), within(1e-9));
        assertThat(ConsumerLoads.part(window, "postgresql@15-main.service", RAID5, HDD)).isCloseTo(db / (db + backup), within(1e-9));
        assertThat(ConsumerLoads.part(window, "absent.service", RAID5, HDD)).isZero();
    }

    @Test
    void aSyncAsksNothingAndWeighsItsShareOfTheMemberIosTheOthersShareTheRest() {
        List<ConsumerLoads.Row> window = List.of(row("md check", "sync", 50, 0, 0, 0, 0),
                row("postgresql@15-main.service", "service", 43, 440, 130, 440 * 8, 110 * 8),
                row("docker/3f2a9c1b7e4d", "container", 7, 10, 30, 40, 120));
        assertThat(ConsumerLoads.part(window, "md check", RAID5, HDD)).isEqualTo(0.5);
        double parts = ConsumerLoads.part(window, "postgresql@15-main.service", RAID5, HDD)
                + ConsumerLoads.part(window, "docker/3f2a9c1b7e4d", RAID5, HDD);
        assertThat(parts).isCloseTo(0.5, within(1e-9));
    }
}
