package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateConsumer;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A closed window's aggregate is built by its all-fields constructor: what the capacity comparison fills in later holds the schema's defaults, as a builder gives them. */
class SubjectWindowAggregateTest {

    @Test
    void fieldsTheWindowDoesNotSetHoldTheBuildersDefaults() {
        SplittableRandom r = new SplittableRandom(60);
        for (int n = 0; n < 300; n++) {
            SubjectWindow w = HostWindowFormatTest.random(r, n % 7);
            int top = 1 + n % 6;
            Aggregate a = w.toAggregate("db-" + n, 60_000L * n, 60_000L * (n % 2 == 0 ? 1 : 60), top);
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
                    .setConsumers(a.getConsumers())
                    .setConsumerSamples(a.getConsumerSamples())
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
            assertThat(a.getConsumerSamples()).isEqualTo(w.consumerSamples);
            if (w.consumers == null) {
                assertThat(a.getConsumers()).isNull();
                continue;
            }
            // at most the top named, "other", "unattributed" and the sync; shares of everything the members did
            List<AggregateConsumer> consumers = a.getConsumers();
            assertThat(consumers.stream().filter(c -> !Set.of("other", "unattributed", "sync").contains(c.getKind())).count())
                    .isLessThanOrEqualTo(top);
            if (w.consumers.memberIos() > 0 && !consumers.isEmpty()) {
                assertThat(consumers.stream().mapToDouble(AggregateConsumer::getMemberLoadPct).sum()).isCloseTo(100.0, within(1e-6));
                assertThat(consumers.stream().mapToDouble(AggregateConsumer::getMemberIops).sum())
                        .isCloseTo(w.consumers.memberIos() / w.consumerSeconds, within(1e-6 * w.consumers.memberIos() / w.consumerSeconds));
            }
            assertThat(consumers).allSatisfy(c -> assertThat(c.getMemberLoadPct()).isBetween(0.0, 100.0));
            for (int i = 1; i < consumers.size(); i++) {
                assertThat(consumers.get(i).getMemberIops()).isLessThanOrEqualTo(consumers.get(i - 1).getMemberIops());
            }
        }
    }
}
