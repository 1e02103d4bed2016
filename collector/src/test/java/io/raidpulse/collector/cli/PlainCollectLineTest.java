package io.raidpulse.collector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The agent's plain command line, read without picocli, means what picocli reads in it, and
 * every other line is left to picocli.
 */
class PlainCollectLineTest {
    @TempDir
    Path dir;

    /** The settings picocli reads in {@code args} (collect's options, without the command's name). */
    private static Map<String, String> picocli(String... args) {
        CollectCommand c = new CollectCommand();
        new CommandLine(c).parseArgs(args);
        return c.settings().asMap();
    }

    private static Map<String, String> plain(String... args) {
        String[] line = new String[args.length + 1];
        line[0] = "collect";
        System.arraycopy(args, 0, line, 1, args.length);
        CollectCommand c = PlainCollectLine.parse(line);
        assertThat(c).as("a plain line: %s", List.of(args)).isNotNull();
        return c.settings().asMap();
    }

    @Test
    void readsEveryOptionPicocliDeclaresForCollect() {
        Set<String> declared = new CommandLine(new CollectCommand()).getCommandSpec().options().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .map(OptionSpec::longestName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(new TreeSet<>(PlainCollectLine.OPTIONS)).isEqualTo(declared);
    }

    @Test
    void aPlainLineMeansWhatPicocliReads() throws IOException {
        Path config = Files.writeString(dir.resolve("collector.properties"),
                "collector.interval=10s\ncollector.host=from-file\nkafka.bootstrap.servers=file:9092\ncollector.spool.max-bytes=64MiB\n");
        String[][] lines = {
            {},
            {"--config", config.toString()},
            {"--config", config.toString(), "--interval", "1s", "--host", "db7", "--bootstrap-servers", "a:9092,b:9092"},
            {"--config=" + config, "--interval=2s", "--spool-dir=/var/spool/x", "--spool-max=1GiB"},
            {"--bootstrap-servers", "k:9092", "--interval", "1s", "--spool-dir", "/tmp/s", "--proc-root", "/host/proc",
                "--sys-root", "/host/sys", "--clock-file", "/tmp/clock", "--host", "h", "--spool-max", "8MiB"},
            {"--host="},
            {"--host", "a=b"},
        };
        for (String[] line : lines) {
            assertThat(plain(line)).as("%s", List.of(line)).isEqualTo(picocli(line));
        }
        assertThat(plain("--config", config.toString(), "--interval", "1s")).containsEntry("collector.interval", "1s")
                .containsEntry("collector.host", "from-file");
    }

    @Test
    void everyOtherLineIsLeftToPicocli() {
        String[][] lines = {
            {},
            {"send-spool", "--spool-dir", "/tmp/s"},
            {"collect", "--help"},
            {"collect", "-h"},
            {"collect", "--version"},
            {"collect", "--intervall", "1s"},
            {"collect", "--interval"},
            {"collect", "--interval", "1s", "--interval", "2s"},
            {"collect", "--spool-dir", "--interval", "1s"},
            {"collect", "@/etc/raidpulse/args"},
            {"collect", "--", "--interval"},
            {"collect", "extra"},
            {"collect", "--spool-dir", "bad\0path"},
        };
        for (String[] line : lines) {
            assertThat(PlainCollectLine.parse(line)).as("%s", List.of(line)).isNull();
        }
    }
}
