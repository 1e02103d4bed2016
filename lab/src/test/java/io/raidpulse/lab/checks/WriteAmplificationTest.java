package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.lab.recording.Event;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.HostLoad;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Write amplification measured on real md, from the guest's own 1 s samples through the stream
 * processor's load code (HostLoad, the write_amp it writes to InfluxDB), over every 4 KiB random
 * write benchmark of the recordings: RAID5 reads the old data and parity and writes both (2 + 2
 * member I/Os per md write, docs/md.md#write-amplification), RAID1 and RAID10 write both copies (0 + 2).
 */
class WriteAmplificationTest {
    /** One benchmark's member I/Os per md write. */
    record Measured(String level, long mdWrites, double readsPerWrite, double writesPerWrite, Double io) {
    }

    /** fio's target when it is an md array */
    private static final Pattern ARRAY = Pattern.compile("--filename=/dev/(md\\d+)\\b");

    static Stream<Arguments> randomWrites() {
        List<Arguments> out = new ArrayList<>();
        Recordings.committed().forEach(r -> r.events("bench-start").stream()
                .filter(e -> e.text().contains("--rw=randwrite") && e.text().contains("--bs=4k"))
                .forEach(e -> {
                    Matcher m = ARRAY.matcher(e.text());
                    if (m.find() && !journalled(r, e.attr("name"), m.group(1))) {
                        out.add(Arguments.of(r, e.attr("name"), m.group(1)));
                    }
                }));
        if (out.isEmpty()) {
            throw new IllegalStateException("no 4 KiB random-write benchmark on an md array in the recordings");
        }
        return out.stream();
    }

    /**
     * Whether the array the benchmark wrote to was made with a write journal (md-features' journalled
     * RAID5), by the scenario's last {@code mdadm --create} of it before the benchmark: md writes each
     * block to the journal before the stripe, so its members' I/O per write is not the level's cost
     * this test holds to.
     */
    static boolean journalled(Recording r, String bench, String array) {
        Event start = r.next("bench-start", Instant.EPOCH, "name", bench);
        Event created = null;
        for (Event e : r.events("do")) {
            if (e.time().isBefore(start.time()) && e.text().contains("mdadm --create /dev/" + array + " ")) {
                created = e;
            }
        }
        return created != null && created.text().contains("--write-journal");
    }

    @ParameterizedTest(name = "{0} {1} on {2}")
    @MethodSource("randomWrites")
    void memberIosPerWriteAreWhatTheLevelCosts(Recording r, String bench, String array) throws Exception {
        Measured m = measure(r, bench, array);
        assertThat(m.mdWrites()).as("md writes counted").isGreaterThan(1000);
        System.out.printf(Locale.ROOT, "%s %s: %s, %.2f member reads + %.2f member writes per md write (write_amp_io %.2f)%n",
                r.name(), bench, m.level(), m.readsPerWrite(), m.writesPerWrite(), m.io());
        switch (m.level()) {
            case "raid5" -> {
                assertThat(m.readsPerWrite()).as("reads of old data and parity").isCloseTo(2.0, within(0.15));
                assertThat(m.writesPerWrite()).as("writes of new data and parity").isCloseTo(2.0, within(0.15));
                assertThat(m.io()).isCloseTo(4.0, within(0.3));
            }
            case "raid1", "raid10" -> {
                // a write-mostly member is written too: it is only kept from serving reads
                assertThat(m.readsPerWrite()).as("no reads for a mirrored write").isLessThan(0.05);
                assertThat(m.writesPerWrite()).as("both copies").isCloseTo(2.0, within(0.05));
                assertThat(m.io()).isCloseTo(2.0, within(0.1));
            }
            default -> throw new AssertionError("no expectation for " + m.level());
        }
    }

    /** Sums the array's and its members' I/Os over the samples well inside the benchmark (3 s off each end). */
    static Measured measure(Recording r, String bench, String array) throws Exception {
        Event start = r.next("bench-start", Instant.EPOCH, "name", bench);
        Event end = r.next("bench-end", start.time(), "name", bench);
        Instant from = start.time().plusSeconds(3);
        Instant to = end.time().minusSeconds(3);
        long mdWrites = 0;
        long mdReads = 0;
        long memberReads = 0;
        long memberWrites = 0;
        String level = null;
        io.raidpulse.stream.load.WriteAmplification amp = io.raidpulse.stream.load.WriteAmplification.NONE;
        for (HostSample s : SpoolSamples.of(r)) {
            if (s.getSampleTime().isBefore(from) || s.getSampleTime().isAfter(to)) {
                continue;
            }
            for (ArrayLoad a : HostLoad.of(s).arrays()) {
                if (!a.subject().equals(array)) {
                    continue;
                }
                level = a.level();
                mdWrites += a.md().writes();
                mdReads += a.md().reads();
                for (DeviceLoad d : a.members()) {
                    memberReads += d.reads();
                    memberWrites += d.writes();
                }
                amp = amp.plus(a.amplification());
            }
        }
        return new Measured(level, mdWrites, mdWrites == 0 ? 0 : (double) (memberReads - mdReads) / mdWrites,
                mdWrites == 0 ? 0 : (double) memberWrites / mdWrites, amp.io());
    }
}
