package io.raidpulse.topics.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.schema.BenchmarkProfile;
import io.raidpulse.schema.BenchmarkTool;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.topics.testing.BenchFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A profile mapped to Avro, encoded as on the topic, decoded and mapped back is the same profile. */
class ProfileRecordsTest {
    private static final Serde<BenchmarkProfile> SERDE = AvroSerdes.benchmarkProfile();

    private static BenchmarkResult roundTrip(BenchmarkResult p) {
        byte[] bytes = SERDE.serializer().serialize("raidpulse.benchmarks", ProfileRecords.toAvro(p));
        return ProfileRecords.fromAvro(SERDE.deserializer().deserialize("raidpulse.benchmarks", bytes));
    }

    static Stream<Path> outputs() {
        return BenchFixtures.outputs().stream().filter(p -> !BenchFixtures.hasNoIoResults(p));
    }

    @Test
    void everyBuiltInCatalogProfileSurvives() {
        List<BenchmarkResult> catalog = BuiltInCatalog.profiles();
        assertThat(catalog).hasSizeGreaterThan(15);
        for (BenchmarkResult p : catalog) {
            assertThat(roundTrip(p)).as(p.id()).isEqualTo(p);
        }
        assertThat(catalog).as("the catalog has profiles that were never imported and that carry reasons")
                .anySatisfy(p -> assertThat(p.importedAtMs()).isNull())
                .anySatisfy(p -> assertThat(p.verdictReasons()).isNotEmpty());
    }

    @ParameterizedTest
    @MethodSource("outputs")
    void everyProfileOfEveryImporterFixtureSurvives(Path output) {
        List<BenchmarkResult> profiles = BenchFixtures.profiles(output);
        assertThat(profiles).isNotEmpty();
        for (BenchmarkResult p : profiles) {
            assertThat(roundTrip(p)).as("%s %s", output.getFileName(), p.id()).isEqualTo(p);
        }
    }

    @Test
    void theFixturesCoverEveryOptionalShapeTheMappingHandles() {
        List<BenchmarkResult> all = new ArrayList<>(BuiltInCatalog.profiles());
        outputs().forEach(p -> all.addAll(BenchFixtures.profiles(p)));
        assertThat(all).anySatisfy(p -> assertThat(p.pattern()).isNull())
                .anySatisfy(p -> assertThat(p.readLatencyUs()).isNotEmpty())
                .anySatisfy(p -> assertThat(p.readLatencyUs()).isNull())
                .anySatisfy(p -> assertThat(p.memberWritesPerMdWrite()).isNotNull())
                .anySatisfy(p -> assertThat(p.tps()).isNotNull())
                .anySatisfy(p -> assertThat(p.level()).isNotNull())
                .anySatisfy(p -> assertThat(p.modelRatio()).isNotNull())
                .anySatisfy(p -> assertThat(p.parameters()).isNotEmpty());
    }

    @Test
    void aToolThisBuildDoesNotKnowIsRefusedByName() {
        BenchmarkProfile a = ProfileRecords.toAvro(BuiltInCatalog.profiles().get(0));
        a.setTool(BenchmarkTool.OTHER);
        assertThatThrownBy(() -> ProfileRecords.fromAvro(a)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(a.getId()).hasMessageContaining("tool this build does not know");
    }
}
