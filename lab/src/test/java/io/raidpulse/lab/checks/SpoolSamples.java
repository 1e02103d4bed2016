package io.raidpulse.lab.checks;

import io.raidpulse.collector.spool.Spool;
import io.raidpulse.collector.spool.SpoolRecord;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.schema.kafka.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Every HostSample the guest's collector spooled, in order, read through a copy of the spool. */
final class SpoolSamples {
    private SpoolSamples() {
    }

    static List<HostSample> of(Recording r) throws IOException {
        Path copy = Files.createTempDirectory("raidpulse-spool-" + r.name() + "-");
        try {
            RecordingPipeline.copyTree(r.spool(), copy);
            SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
            List<HostSample> out = new ArrayList<>();
            try (Spool spool = Spool.open(copy, 1L << 40, false)) {
                for (SpoolRecord rec : spool.peek(Integer.MAX_VALUE, Long.MAX_VALUE)) {
                    out.add(codec.decode(Topics.HOST_SAMPLES, rec.value()));
                }
            }
            return out;
        } finally {
            try (var walk = Files.walk(copy)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
