package io.raidpulse.collector.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.collector.collect.Nobody;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tools need no root: the shipped tools jar as uid/gid 65534 (nobody, no groups, via setpriv),
 * {@code iostat} and {@code arrays} on this machine's own /proc and /sys (the agent as nobody: the
 * collector's UnprivilegedCollectorIT). Needs root (to switch users), setpriv and strace (util-linux,
 * strace); fails, never skips, without them.
 */
class UnprivilegedToolsIT {

    @Test
    void iostatAndArraysRunAsNobodyOnThisMachine() throws Exception {
        try (Nobody nobody = Nobody.withJar(Path.of("target", "raidpulse-collector-tools.jar"))) {
            Nobody.Run iostat = nobody.run(List.of(), Duration.ofSeconds(60), "iostat", "--json", "1", "2");
            assertThat(iostat.exit()).as("iostat as nobody: %s", iostat.err()).isZero();
            List<String> lines = iostat.out().lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).as("one JSON object per device per report").isNotEmpty();
            JsonNode first = new ObjectMapper().readTree(lines.get(0));
            assertThat(first.has("disk_device") || first.has("util")).as("%s", lines.get(0)).isTrue();

            Nobody.Run arrays = nobody.run(List.of(), Duration.ofSeconds(60), "arrays", "--json");
            assertThat(arrays.exit()).as("arrays as nobody: %s", arrays.err()).isZero();
        }
    }
}
