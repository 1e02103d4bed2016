package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.lab.recording.Recording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The guest's own iostat (sysstat's, run inside the guest beside the collector) shows that a lab
 * disk saturates as a rotating disk does: one disk under 4 KiB random reads at 4 x 32 in flight is
 * 100% busy with the queue fio keeps, serving its profile's 150 a second; the same disk under one
 * stream of sequential reads is 100% busy at its media rate with almost nothing queued.
 */
class GuestIostatTest {
    @Test
    void aLoneDiskUnderRandomReadsIsBusyAllTheTimeAtItsProfilesRate() throws Exception {
        Recording r = Recording.open(Recordings.ROOT.resolve("german-raid5-vs-raid10"));
        List<JsonNode> rand = reports(r, "single-randread-4k", "vde");
        assertThat(rand).as("whole iostat intervals inside the run").hasSizeGreaterThanOrEqualTo(5);
        for (JsonNode d : rand) {
            assertThat(d.path("util").asDouble()).as("util").isGreaterThanOrEqualTo(99.0);
            assertThat(d.path("aqu-sz").asDouble()).as("aqu-sz: fio's 128 in flight").isGreaterThan(100);
            assertThat(d.path("r/s").asDouble()).as("r/s").isBetween(140.0, 160.0);
        }
        List<JsonNode> seq = reports(r, "single-seqread-1m", "vde");
        assertThat(seq).as("whole iostat intervals inside the run").hasSizeGreaterThanOrEqualTo(5);
        double mbps = 0;
        for (JsonNode d : seq) {
            assertThat(d.path("util").asDouble()).as("util").isGreaterThanOrEqualTo(99.0);
            mbps += d.path("rkB/s").asDouble() * 1024 / 1e6 / seq.size();
        }
        // 160 MB/s under the head, less the host's round trip per 1 MiB request (2 s intervals vary by 10%)
        assertThat(mbps).as("mean MB/s").isBetween(140.0, 165.0);
    }

    /** The device's rows of the iostat reports whose whole interval lies inside the benchmark's I/O. */
    static List<JsonNode> reports(Recording r, String bench, String device) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (Map<String, JsonNode> report : BenchmarkWindow.of(r, bench).iostat(r)) {
            if (report.containsKey(device)) {
                out.add(report.get(device));
            }
        }
        return out;
    }
}
