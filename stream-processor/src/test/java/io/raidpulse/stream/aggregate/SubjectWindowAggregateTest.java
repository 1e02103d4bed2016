package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.Aggregate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A closed window's aggregate is built by its all-fields constructor: what the capacity comparison fills in later holds the schema's defaults, as a builder gives them. */
class SubjectWindowAggregateTest {

    @Test
    void fieldsTheWindowDoesNotSetHoldTheBuildersDefaults() {
        SplittableRandom r = new SplittableRandom(60);
        for (int n = 0; n < 300; n++) {
            SubjectWindow w = HostWindowFormatTest.random(r, n % 7);
            Aggregate a = w.toAggregate("db-" + n, 60_000L * n, 60_000L * (n % 2 == 0 ? 1 : 60));
            Aggregate fromBuilder = Aggregate.newBuilder()
                    .setHost(a.getHost())
                    .setSubject(a.getSubject())
                    .setSubjectKind(a.getSubjectKind())
                    .setWindowS(a.getWindowS())
                    .setWindowStart(a.getWindowStart())
                    .setWindowEnd(a.getWindowEnd())
                    .setSamples(a.getSamples())
                    .setUtilMean(a.getUtilMean())
                    .setUtilMax(a.getUtilMax())
                    .setMemberUtilMean(a.getMemberUtilMean())
                    .setAwaitMeanMs(a.getAwaitMeanMs())
                    .setAwaitP95Ms(a.getAwaitP95Ms())
                    .setAquSzMean(a.getAquSzMean())
                    .setRIops(a.getRIops())
                    .setWIops(a.getWIops())
                    .setRkBS(a.getRkBS())
                    .setWkBS(a.getWkBS())
                    .setReadFraction(a.getReadFraction())
                    .setMeanRequestKB(a.getMeanRequestKB())
                    .setWriteAmpIo(a.getWriteAmpIo())
                    .setWriteAmpSectors(a.getWriteAmpSectors())
                    .setBusiestMember(a.getBusiestMember())
                    .setSyncAction(a.getSyncAction())
                    .setDegradedMax(a.getDegradedMax())
                    .setFaultyMembersMax(a.getFaultyMembersMax())
                    .setMembers(a.getMembers())
                    .setSpareMembers(a.getSpareMembers())
                    .setSyncCompletedPct(a.getSyncCompletedPct())
                    .setSyncSpeedKibS(a.getSyncSpeedKibS())
                    .setSyncEtaS(a.getSyncEtaS())
                    .setMismatchCnt(a.getMismatchCnt())
                    .build();
            assertThat(a).isEqualTo(fromBuilder);
            assertThat(a.getWindowS() * 1000L).isEqualTo(a.getWindowEnd().toEpochMilli() - a.getWindowStart().toEpochMilli());
            assertThat(a.getRIops()).isEqualTo(w.reads / w.seconds);
            assertThat(a.getWIops()).isEqualTo(w.writes / w.seconds);
            assertThat(a.getRkBS()).isEqualTo(w.sectorsRead / 2.0 / w.seconds);
            assertThat(a.getWkBS()).isEqualTo(w.sectorsWritten / 2.0 / w.seconds);
            assertThat(a.getUtilMean()).isEqualTo(w.utilSum / w.samples);
            assertThat(a.getAquSzMean()).isEqualTo(w.aquSzSum / w.samples);
            assertThat(a.getAwaitP95Ms()).isEqualTo(w.await.quantile(0.95));
        }
    }
}
