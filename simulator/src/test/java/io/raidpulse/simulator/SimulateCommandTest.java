package io.raidpulse.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.config.Cli;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimulateCommandTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        CommandLine cli = Cli.commandLine(SimulatorCommands.commands().get(0));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void listsTheShippedScenariosWithADescriptionEach() {
        Result r = run("--list");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).hasSize(ShippedScenarios.names().size()).allMatch(l -> l.matches("[a-z0-9-]+ +\\S.*"));
        assertThat(r.out()).contains("raid5-saturation").contains("raid10-over-raid1-pairs");
    }

    @Test
    void fastWritesNumberedSnapshotsAndTheTruth() throws Exception {
        Path scenario = dir.resolve("burst.scenario");
        Files.writeString(scenario, """
                scenario burst
                duration 3m
                interval 5s
                start 2024-03-04T02:00:00Z
                profile hdd read-iops=550 write-iops=480 seq=268MB/s
                disk sda profile=hdd size=1TB
                disk sdb profile=hdd size=1TB
                disk sdc profile=hdd size=1TB
                array md0 level=raid5 members=sda,sdb,sdc
                load md0 from=0 to=30s read=200 write=50 size=8k
                load md0 from=30s to=90s read=1500 write=300 size=8k
                load md0 from=90s to=3m read=200 write=50 size=8k
                """);
        Path out = dir.resolve("out");
        Path truth = dir.resolve("truth.jsonl");
        Result r = run(scenario.toString(), "--out", out.toString(), "--fast", "--truth", truth.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out.resolve("000001/proc/diskstats")).exists();
        assertThat(out.resolve("000037/time")).hasContent(String.valueOf(1709517600000L + 180_000) + "\n");
        assertThat(out.resolve("000038")).doesNotExist();
        List<String> lines = Files.readAllLines(truth);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(lines.get(0)).get("type").asText()).isEqualTo("scenario");
        assertThat(lines.stream().filter(l -> l.contains("\"type\":\"step\""))).hasSize(36);
        JsonNode episode = json.readTree(lines.stream().filter(l -> l.contains("\"subject\":\"md0\"")).findFirst().orElseThrow());
        assertThat(episode.get("kind").asText()).isEqualTo("SATURATION");
        // saturated from the first sample after 30s: firing when 30 s of samples are covered, resolved
        // when 60 s of samples below 80% are
        assertThat(episode.get("condition_start_ms").asLong()).isEqualTo(1709517600000L + 35_000);
        assertThat(episode.get("firing_ms").asLong()).isEqualTo(1709517600000L + 60_000);
        assertThat(episode.get("resolved_ms").asLong()).isEqualTo(1709517600000L + 150_000);
        assertThat(r.out()).contains("SATURATION     md0      firing +1m, resolved +2m30s");
        // a second run may reuse the directory it wrote
        assertThat(run(shortScenario().toString(), "--out", out.toString(), "--fast").code()).isZero();
        assertThat(out.resolve("000005/time")).exists();
        assertThat(out.resolve("000006")).doesNotExist();
    }

    Path shortScenario() throws java.io.IOException {
        Path scenario = dir.resolve("short.scenario");
        Files.writeString(scenario, """
                scenario short
                duration 20s
                interval 5s
                start 2024-01-01T00:00:00Z
                profile hdd read-iops=550 write-iops=480 seq=268MB/s
                disk sda profile=hdd size=1TB
                disk sdb profile=hdd size=1TB
                array md0 level=raid1 members=sda,sdb
                load md0 from=0 to=20s read=100 write=50 size=4k
                """);
        return scenario;
    }

    @Test
    void liveModeKeepsOneRootUpToDate() throws Exception {
        Path scenario = shortScenario();
        Path out = dir.resolve("live");
        Result r = run(scenario.toString(), "--out", out.toString(), "--speed", "100");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out.resolve("time")).hasContent("1704067220000");
        assertThat(Files.readString(out.resolve("proc/mdstat"))).contains("md0 : active raid1 sdb[1] sda[0]");
        assertThat(Files.readString(out.resolve("sys/block/md0/md/level"))).isEqualTo("raid1\n");
    }

    @Test
    void userErrorsAreOneLineWithExitCode2() throws Exception {
        Path bad = dir.resolve("bad.scenario");
        Files.writeString(bad, "scenario bad\nduration 1m\nprofile hdd read-iops=many write-iops=1 seq=1GB/s\n");
        Result r = run(bad.toString(), "--out", dir.resolve("o").toString(), "--fast");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("simulate: scenario " + bad
                + " line 3: profile: field 'read-iops': expected a number from 1 to 10000000, got 'many'");
        assertThat(r.err().lines()).hasSize(1);

        Files.createDirectories(dir.resolve("full"));
        Files.writeString(dir.resolve("full/precious.txt"), "x");
        Result notEmpty = run("raid5-saturation", "--out", dir.resolve("full").toString(), "--fast");
        assertThat(notEmpty.code()).isEqualTo(2);
        assertThat(notEmpty.err()).contains("is not empty and was not written by the simulator");
        assertThat(dir.resolve("full/precious.txt")).exists();

        assertThat(run("raid5-saturation").err()).contains("--out DIR is required");
        assertThat(run("nope", "--out", dir.resolve("n").toString()).err())
                .contains("'nope' is neither a shipped scenario (see 'simulate --list') nor a file");
        assertThat(run("raid5-saturation", "--out", dir.resolve("s").toString(), "--fast", "--speed", "3").err())
                .contains("--speed applies to live mode");
    }

    @Test
    void runtimeEventErrorsNameTheLine() throws Exception {
        Path bad = dir.resolve("lose.scenario");
        Files.writeString(bad, """
                scenario lose
                duration 1m
                profile hdd read-iops=550 write-iops=480 seq=268MB/s
                disk sda profile=hdd size=1TB
                disk sdb profile=hdd size=1TB
                disk sdc profile=hdd size=1TB
                array md0 level=raid5 members=sda,sdb,sdc
                at 10s fail md0 sda
                at 20s fail md0 sdb
                """);
        Result r = run(bad.toString(), "--out", dir.resolve("o").toString(), "--fast");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("simulate: scenario " + bad + " line 9: at 20s fail md0 sdb: failing sdb would leave md0"
                + " without a copy of some data; the simulator only models arrays that keep running");
    }
}
