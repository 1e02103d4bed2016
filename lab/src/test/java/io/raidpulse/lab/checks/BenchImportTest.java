package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.model.importer.CopyDirection;
import io.raidpulse.model.importer.FormatSniffer;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code bench import}'s importers on every benchmark output the lab's guests wrote (fio JSON,
 * bonnie++ CSV, sysbench fileio, pgbench, dd), told the guest's memory: each is recognised and
 * gives at least one profile with the figures its tool printed. For fio, whose JSON carries them
 * exactly, the IOPS must equal fio's own.
 */
class BenchImportTest {
    static Stream<Arguments> outputs() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (Recording r : Recordings.committed().toList()) {
            if (!Files.isDirectory(r.bench())) {
                continue;
            }
            try (var files = Files.list(r.bench())) {
                files.sorted().filter(f -> benchmark(r, f.getFileName().toString()))
                        .forEach(f -> out.add(Arguments.of(r, f.getFileName().toString())));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no benchmark output in the recordings");
        }
        return out.stream();
    }

    /**
     * Whether {@code file} is a benchmark's output: a scenario also keeps a plain command's output
     * there (perc-h700-offline's reads of an offline disk, tool sh), which is none.
     */
    private static boolean benchmark(Recording r, String file) {
        Event start = r.next("bench-start", Instant.EPOCH, "name", file.substring(0, file.lastIndexOf('.')));
        return start == null || !"sh".equals(start.attr("tool"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("outputs")
    void importsWithTheFiguresItsToolPrinted(Recording r, String file) throws Exception {
        Path path = r.bench().resolve(file);
        String text = Files.readString(path);
        long ram = r.manifest().path("memory_mib").asLong() << 20;
        ImportContext ctx = ImportContext.of(Target.UNKNOWN).withRam(ram).withSource(r.name() + "/bench/" + file, null);
        Event start = r.next("bench-start", Instant.EPOCH, "name", file.substring(0, file.lastIndexOf('.')));
        if (start != null && "dd".equals(start.attr("tool"))) {
            // dd prints no direction: an operator gives it (bench import --direction), here from the command the guest ran
            ctx = ctx.withCopyDirection(start.text().contains("if=/dev/zero") ? CopyDirection.WRITE : CopyDirection.READ);
        }
        List<BenchmarkResult> profiles = FormatSniffer.importAny(text, ctx);
        assertThat(profiles).as("profiles from %s", file).isNotEmpty();
        for (BenchmarkResult p : profiles) {
            System.out.printf(Locale.ROOT, "%s %s: %s %s bs=%s qd=%s jobs=%s r=%s w=%s IOPS, r=%s w=%s B/s, tps=%s, %s%n", r.name(), file,
                    p.tool(), p.pattern(), p.blockSizeBytes(), p.queueDepth(), p.jobs(), p.readIops(), p.writeIops(),
                    p.readBytesPerSec(), p.writeBytesPerSec(), p.tps(), p.verdict());
            boolean measured = p.readIops() != null || p.writeIops() != null || p.readBytesPerSec() != null
                    || p.writeBytesPerSec() != null || p.tps() != null;
            assertThat(measured).as("%s: a profile with a figure", file).isTrue();
        }
        if (file.endsWith(".fio.json")) {
            JsonNode fio = new ObjectMapper().readTree(text);
            double reads = 0;
            double writes = 0;
            for (JsonNode job : fio.path("jobs")) {
                reads += job.path("read").path("iops").asDouble();
                writes += job.path("write").path("iops").asDouble();
            }
            double imported = profiles.stream().mapToDouble(p -> (p.readIops() == null ? 0 : p.readIops())
                    + (p.writeIops() == null ? 0 : p.writeIops())).sum();
            assertThat(imported).as("%s: IOPS as fio counted them", file).isCloseTo(reads + writes, within(0.001 * (reads + writes) + 0.01));
        }
    }
}
