package io.raidpulse.planner.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.topics.testing.BenchFixtures;
import io.raidpulse.topics.testing.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code bench import --dry-run} on every importer fixture, and what a user sees when the input is wrong. */
class BenchImportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static CommandRun importing(String... args) {
        List<String> all = new ArrayList<>(List.of("import"));
        all.addAll(List.of(args));
        return CommandRun.of(new BenchCommand(), all.toArray(String[]::new));
    }

    static Stream<Path> outputs() {
        return BenchFixtures.outputs().stream().filter(p -> !BenchFixtures.hasNoIoResults(p));
    }

    @ParameterizedTest
    @MethodSource("outputs")
    void everyFixtureImportsAsTheImportersReadItAndDryRunPrintsItAsJson(Path output) throws IOException {
        List<String> args = new ArrayList<>(List.of(output.toString(), "--dry-run"));
        if (BenchFixtures.needsDirection(output)) {
            args.addAll(List.of("--direction", "write"));
        }
        CommandRun run = importing(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode printed = JSON.readTree(run.out());
        List<BenchmarkResult> expected = BenchFixtures.profiles(output);
        assertThat(printed.isArray()).isTrue();
        assertThat(printed).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            BenchmarkResult p = expected.get(i);
            JsonNode j = printed.get(i);
            assertThat(j.get("id").asText()).isEqualTo(p.id());
            assertThat(j.get("tool").asText()).isEqualTo(p.tool().name());
            assertThat(j.get("verdict").asText()).isEqualTo(p.verdict().name());
            assertThat(j.get("source").asText()).isEqualTo(output.getFileName().toString());
            assertThat(j.get("read_iops").isNull() ? null : j.get("read_iops").asDouble()).isEqualTo(p.readIops());
            assertThat(j.get("write_bytes_per_sec").isNull() ? null : j.get("write_bytes_per_sec").asDouble()).isEqualTo(p.writeBytesPerSec());
        }
        assertThat(run.err()).as("what it understood goes to stderr with --dry-run")
                .startsWith(output.getFileName() + ": ").contains("verdict:").contains("use:");
    }

    @Test
    void theTargetOptionsAndRamGoIntoTheProfileAndTheVerdict() throws IOException {
        Path bonnie = BenchFixtures.DIR.resolve("shared/bonnie-2.00a_local.txt");
        CommandRun run = importing(bonnie.toString(), "--dry-run", "--level", "raid10", "--disks", "4", "--layout", "n2",
                "--disk-model", "ST16000NM001G-2KK103", "--rotational", "true", "--controller", "md", "--filesystem", "ext4",
                "--disk-size", "16T", "--ram", "1T", "--source", "db1 acceptance run");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode first = JSON.readTree(run.out()).get(0);
        assertThat(first.get("level").asText()).isEqualTo("raid10");
        assertThat(first.get("layout").asText()).isEqualTo("near-2");
        assertThat(first.get("disks").asInt()).isEqualTo(4);
        assertThat(first.get("disk_model").asText()).isEqualTo("ST16000NM001G-2KK103");
        assertThat(first.get("rotational").asBoolean()).isTrue();
        assertThat(first.get("disk_size_bytes").asLong()).isEqualTo(16_000_000_000_000L);
        assertThat(first.get("ram_bytes").asLong()).isEqualTo(1L << 40);
        assertThat(first.get("source").asText()).isEqualTo("db1 acceptance run");
        assertThat(JSON.readTree(run.out())).as("a file far smaller than 1 TiB of RAM measured the page cache")
                .anySatisfy(p -> assertThat(p.get("verdict").asText()).isEqualTo("CACHE_SUSPECT"));
        assertThat(run.err()).contains(ProfileText.labelled("on", "raid10 near-2 x4, ST16000NM001G-2KK103, spinning, 16.0 TB members, md, ext4"));
    }

    @Test
    void aMemberDiskProfileHoldsTheResultAgainstTheModel() throws IOException {
        Path f = BenchFixtures.CATALOG.resolve("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json");
        CommandRun run = importing(f.toString(), "--dry-run", "--level", "raid5", "--disks", "8", "--disk-profile", "default-hdd-7200");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode p = JSON.readTree(run.out()).get(0);
        assertThat(p.get("model_ratio").isNull()).isFalse();
        assertThat(run.err()).contains("measured/model");
        CommandRun unknown = importing(f.toString(), "--dry-run", "--disk-profile", "nope");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().startsWith("bench import: no built-in disk profile 'nope'; known: ");
    }

    @Test
    void aTerseLineWithoutItsPatternIsNotACapacityUntilThePatternIsGiven() throws IOException {
        Path terse = BenchFixtures.DIR.resolve("shared/fio333_randrw.terse");
        assertThat(importing(terse.toString(), "--dry-run").err()).contains(ProfileText.labelled("use", "none: only random or sequential results are capacities (give --pattern)"));
        CommandRun given = importing(terse.toString(), "--dry-run", "--pattern", "random", "--level", "raid5", "--disks", "4");
        assertThat(JSON.readTree(given.out()).get(0).get("pattern").asText()).isEqualTo("RANDOM");
        assertThat(given.err()).contains(ProfileText.labelled("use", "capacity of live raid5 x4 arrays of any disks under a similar load"));
    }

    @Test
    void aNormalReportWithoutItsJobLinesIsRefusedWithTheReasonUntilPatternAndJobsAreGiven(@TempDir Path dir) throws IOException {
        String report = Files.readString(BenchFixtures.DIR.resolve("generated/fio-3.33_two-groups_normal.txt"));
        Path mail = dir.resolve("mail.txt");
        Files.writeString(mail, "$ fio --rw=read --bs=16k --iodepth=4 --name=seq-read --size=32m\n"
                + report.substring(report.indexOf("fio-3.33")));
        CommandRun refused = importing(mail.toString(), "--dry-run");
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.out()).as("nothing imported").isEmpty();
        assertThat(refused.errLines()).singleElement().asString().isEqualTo("bench import: mail.txt: fio normal line 6: job seq-read:"
                + " the report has no job line: its pattern and job count are unknown; give them with --pattern/--jobs");
        CommandRun given = importing(mail.toString(), "--dry-run", "--pattern", "sequential", "--jobs", "1");
        assertThat(given.exit()).as(given.err()).isZero();
        assertThat(JSON.readTree(given.out()).get(0).get("pattern").asText()).isEqualTo("SEQUENTIAL");
        CommandRun zero = importing(mail.toString(), "--dry-run", "--pattern", "sequential", "--jobs", "0");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.errLines()).singleElement().asString().isEqualTo("bench import: --jobs must be a positive number of jobs, got 0");
    }

    @Test
    void wrongInputIsOneLineNamingTheLineOrFieldAndExitCode2(@TempDir Path dir) throws IOException {
        Path cut = dir.resolve("cut.json");
        String whole = Files.readString(BenchFixtures.DIR.resolve("shared/fio333_randrw.json"));
        Files.writeString(cut, whole.substring(0, whole.length() / 2));
        CommandRun truncated = importing(cut.toString(), "--dry-run");
        assertThat(truncated.exit()).isEqualTo(2);
        assertThat(truncated.errLines()).singleElement().asString().startsWith("bench import: cut.json: fio JSON line ");
        assertThat(truncated.out()).isEmpty();

        Path dd = BenchFixtures.DIR.resolve("generated/dd-gnu-9.1_write_no-command.txt");
        CommandRun noDirection = importing(dd.toString(), "--dry-run");
        assertThat(noDirection.exit()).isEqualTo(2);
        assertThat(noDirection.errLines()).singleElement().asString()
                .isEqualTo("bench import: dd-gnu-9.1_write_no-command.txt: dd line 3: cannot tell whether this copy read or wrote the storage:"
                        + " keep the dd command line (if=... of=...) in the file or give the direction");

        CommandRun fileOps = importing(BenchFixtures.DIR.resolve("public/bonnie-1.96_file-ops-only.txt").toString(), "--dry-run");
        assertThat(fileOps.exit()).isEqualTo(2);
        assertThat(fileOps.errLines()).singleElement().asString().contains("holds no throughput or IOPS result to import");

        Path prose = dir.resolve("notes.txt");
        Files.writeString(prose, "we ran some benchmarks last week\n");
        assertThat(importing(prose.toString(), "--dry-run").errLines()).singleElement().asString()
                .isEqualTo("bench import: notes.txt: not a recognised benchmark output (expected fio JSON, terse or normal report,"
                        + " bonnie++ CSV, sysbench fileio, pgbench or dd output)");
        assertThat(importing(dir.resolve("missing.json").toString(), "--dry-run").errLines()).singleElement().asString()
                .isEqualTo("bench import: " + dir.resolve("missing.json") + " does not exist");
        CommandRun badLayout = importing(BenchFixtures.DIR.resolve("shared/fio333_randrw.json").toString(), "--dry-run",
                "--level", "raid10", "--layout", "diagonal-3");
        assertThat(badLayout.exit()).isEqualTo(2);
        assertThat(badLayout.errLines()).singleElement().asString().startsWith("bench import: unknown raid10 layout 'diagonal-3'");
        CommandRun noKafka = importing(BenchFixtures.DIR.resolve("shared/fio333_randrw.json").toString());
        assertThat(noKafka.exit()).isEqualTo(2);
        assertThat(noKafka.errLines()).singleElement().asString()
                .isEqualTo("bench import: no Kafka address: give --bootstrap-servers or kafka.bootstrap.servers in --config");
    }
}
