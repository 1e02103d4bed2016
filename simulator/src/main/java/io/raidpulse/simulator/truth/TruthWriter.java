package io.raidpulse.simulator.truth;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the ground truth as JSON lines: a {@code "type":"scenario"} header, one
 * {@code "type":"step"} line per sample as it is simulated, and at the end one
 * {@code "type":"episode"} line per expected alert episode.
 */
public final class TruthWriter implements Closeable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final BufferedWriter out;

    public TruthWriter(Path file, Map<String, Object> header) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("type", "scenario");
        h.putAll(header);
        line(h);
    }

    public void step(StepTruth step) throws IOException {
        line(step.json());
    }

    public void episodes(List<Episode> episodes) throws IOException {
        for (Episode e : episodes) {
            line(e.json());
        }
    }

    private void line(Map<String, Object> value) throws IOException {
        out.write(JSON.writeValueAsString(value));
        out.write('\n');
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
