package io.raidpulse.collector.tools.iostat;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * sysstat's own iostat as the oracle (docs/iostat.md#iostat-as-the-oracle): in a private mount namespace
 * ({@code unshare -m}, as root) a directory of prepared {@code NAME/stat} files is bind-mounted
 * over /sys/block and a prepared file over /proc/uptime; {@code iostat -x -d -o JSON 1 2}
 * prints its first report (since boot) from the first files, which are then overwritten with
 * the second counters before its second read one second later.
 */
final class SysstatOracle {
    /**
     * iostat is stopped (SIGSTOP) as soon as it printed its first report and the second counters
     * are written while it cannot read; its one-second alarm, if it came meanwhile, is delivered
     * when it continues. Exit 4 when the stop came too late to be sure the alarm had not fired
     * before it (a loaded machine): the caller runs the pair again. Its output is read through a
     * pipe by the shell's own {@code read}, not polled: a poll forks a {@code sleep} a hundred
     * times a second, and that, not iostat's one second, was what limited how many pairs can run
     * at once.
     */
    private static final String SCRIPT = """
            set -e
            W=$1
            mount --bind "$W/block" /sys/block
            mount --bind "$W/uptime" /proc/uptime
            # a run before this one left its output and its pipe
            rm -f "$W/out.json" "$W/pipe"
            mkfifo "$W/pipe"
            t0=$(date +%s%N)
            stdbuf -oL iostat -x -d -o JSON 1 2 > "$W/pipe" &
            P=$!
            exec 3< "$W/pipe"
            : > "$W/out.json"
            first=no
            # the first report ends at the first line that is a closing bracket
            while IFS= read -r line <&3; do
              printf '%s\\n' "$line" >> "$W/out.json"
              case "${line#"${line%%[![:space:]]*}"}" in
                "]"*) first=yes; break ;;
              esac
            done
            if [ $first = no ]; then wait $P || true; echo "iostat printed no first report" >&2; exit 3; fi
            kill -STOP $P
            late=$(( ($(date +%s%N) - t0) / 1000000 > 800 ))
            for f in "$W"/next/*; do cat "$f" > "$W/block/$(basename "$f")/stat"; done
            cat "$W/next-uptime" > "$W/uptime"
            kill -CONT $P
            cat <&3 >> "$W/out.json"
            wait $P
            if [ $late = 1 ]; then exit 4; fi
            """;
    /** Runs of one pair before a loaded machine is given up on. */
    private static final int ATTEMPTS = 5;

    private SysstatOracle() {
    }

    /** Fails (never skips) unless iostat, unshare and root are available. */
    static void require() throws IOException, InterruptedException {
        String missing = "";
        for (String tool : new String[] {"iostat", "unshare", "stdbuf"}) {
            if (run(List.of("sh", "-c", "command -v " + tool)) != 0) {
                missing += " " + tool;
            }
        }
        if (!missing.isEmpty()) {
            fail("the iostat oracle needs" + missing + " on PATH: install sysstat (apt-get install sysstat) and run the tests as root");
        }
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        id.waitFor();
        if (!uid.equals("0")) {
            fail("the iostat oracle bind-mounts over /sys/block in a private mount namespace: run the tests as root (uid is " + uid + ")");
        }
    }

    /**
     * iostat's two reports for counters {@code first} then {@code second} (device name to the
     * /sys/block/NAME/stat line) and uptimes as /proc/uptime prints them: report 0 is since
     * boot, report 1 the interval. Each report maps device to key to value.
     */
    static List<Map<String, Map<String, Double>>> reports(Path work, Map<String, String> first, String firstUptime,
                                                          Map<String, String> second, String secondUptime)
            throws IOException, InterruptedException {
        Files.createDirectories(work.resolve("next"));
        for (var e : first.entrySet()) {
            Path dev = work.resolve("block").resolve(e.getKey());
            Files.createDirectories(dev);
            Files.writeString(dev.resolve("stat"), e.getValue() + "\n");
        }
        for (var e : second.entrySet()) {
            Files.writeString(work.resolve("next").resolve(e.getKey()), e.getValue() + "\n");
        }
        Files.writeString(work.resolve("uptime"), firstUptime + " 1.00\n");
        Files.writeString(work.resolve("next-uptime"), secondUptime + " 1.00\n");
        Path script = work.resolve("oracle.sh");
        Files.writeString(script, SCRIPT);
        int rc = 4;
        for (int attempt = 0; attempt < ATTEMPTS && rc == 4; attempt++) {
            for (var e : first.entrySet()) {
                Files.writeString(work.resolve("block").resolve(e.getKey()).resolve("stat"), e.getValue() + "\n");
            }
            Files.writeString(work.resolve("uptime"), firstUptime + " 1.00\n");
            rc = run(List.of("unshare", "-m", "sh", script.toString(), work.toAbsolutePath().toString()));
        }
        if (rc != 0) {
            fail("iostat oracle failed (exit " + rc + "); output: " + Files.readString(work.resolve("out.json")));
        }
        JsonNode root = new ObjectMapper().readTree(work.resolve("out.json").toFile());
        List<Map<String, Map<String, Double>>> out = new ArrayList<>();
        for (JsonNode stat : root.path("sysstat").path("hosts").get(0).path("statistics")) {
            Map<String, Map<String, Double>> report = new LinkedHashMap<>();
            for (JsonNode disk : stat.path("disk")) {
                Map<String, Double> values = new LinkedHashMap<>();
                disk.fields().forEachRemaining(f -> {
                    if (!f.getKey().equals("disk_device")) {
                        values.put(f.getKey(), f.getValue().asDouble());
                    }
                });
                report.put(disk.path("disk_device").asText(), values);
            }
            out.add(report);
        }
        if (out.size() != 2) {
            fail("iostat printed " + out.size() + " reports, expected 2: " + Files.readString(work.resolve("out.json")));
        }
        return out;
    }

    private static int run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
