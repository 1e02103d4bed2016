package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The guest's own iostat (sysstat's, run inside the guest beside the collector) shows that a lab
 * disk saturates as a rotating disk does: one disk under 4 KiB random reads at 4 x 32 in flight is
 * 100% busy with the queue fio keeps, serving its profile's 150 a second; the same disk under one
 * stream of sequential reads is 100% busy at its media rate with almost nothing queued.
 */
class GuestIostatTest {
    /** iostat -t in the guest (C locale, UTC): "12/01/26 21:24:47". */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM/dd/yy HH:mm:ss");

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
        for (JsonNode d : reports(r, "single-seqread-1m", "vde")) {
            assertThat(d.path("util").asDouble()).as("util").isGreaterThanOrEqualTo(99.0);
            assertThat(d.path("rkB/s").asDouble() * 1024 / 1e6).as("MB/s").isBetween(145.0, 165.0);
        }
    }

    /** The device's rows of the iostat reports whose whole interval lies inside the benchmark (1 s in from each end). */
    static List<JsonNode> reports(Recording r, String bench, String device) throws Exception {
        Event start = r.next("bench-start", Instant.EPOCH, "name", bench);
        Event end = r.next("bench-end", start.time(), "name", bench);
        double interval = r.manifest().path("record_interval_s").asDouble();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode st : r.iostat().path("sysstat").path("hosts").get(0).path("statistics")) {
            Instant at = LocalDateTime.parse(st.path("timestamp").asText(), TIME).toInstant(ZoneOffset.UTC);
            if (at.minusMillis(Math.round(interval * 1000) + 1000).isBefore(start.time()) || at.plusSeconds(1).isAfter(end.time())) {
                continue;
            }
            for (JsonNode d : st.path("disk")) {
                if (d.path("disk_device").asText().equals(device)) {
                    out.add(d);
                }
            }
        }
        return out;
    }
}
