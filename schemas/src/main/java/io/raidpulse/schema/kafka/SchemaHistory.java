package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.SchemaStore;
import org.apache.avro.specific.SpecificRecord;

/**
 * Every released version of every schema, so that bytes written by an older collector or
 * stream processor stay readable. Versions live on the class path at
 * {@code io/raidpulse/schema/history/TYPE/vN.avsc} (N = 1, 2, ...); a released file is never
 * edited, a change to a schema adds the next file (SchemaHistoryTest enforces this).
 *
 * <p>Looked up by the 64-bit parsing-canonical-form fingerprint that Avro single-object
 * encoding puts after the {@code C3 01} marker.
 */
public final class SchemaHistory implements SchemaStore {
    static final String ROOT = "io/raidpulse/schema/history/";

    private final Map<String, List<Schema>> byType;
    private final Map<Long, Schema> byFingerprint;

    private SchemaHistory(Map<String, List<Schema>> byType) {
        this.byType = byType;
        Map<Long, Schema> fingerprints = new HashMap<>();
        byType.values().forEach(versions -> versions.forEach(s -> fingerprints.put(fingerprint(s), s)));
        this.byFingerprint = fingerprints;
    }

    public static SchemaHistory get() {
        return Loaded.INSTANCE;
    }

    /**
     * Parsed when first asked for, not when the class is: every codec takes its schema's
     * fingerprint from here, and a process that only encodes the current schema (the collector)
     * would otherwise hold every released version of every type, the stream's state types with
     * them: 4-6 MiB of its resident memory, measured with the collector's flags.
     */
    private static final class Loaded {
        static final SchemaHistory INSTANCE = load(SchemaHistory.class.getClassLoader());
    }

    static SchemaHistory load(ClassLoader loader) {
        Map<String, List<Schema>> byType = new HashMap<>();
        for (Class<? extends SpecificRecord> type : AvroSerdes.ALL_TYPES) {
            String name = type.getSimpleName();
            List<Schema> versions = new ArrayList<>();
            for (int v = 1; ; v++) {
                String resource = ROOT + name + "/v" + v + ".avsc";
                try (InputStream in = loader.getResourceAsStream(resource)) {
                    if (in == null) {
                        break;
                    }
                    versions.add(new Schema.Parser().parse(in));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + resource, e);
                }
            }
            byType.put(name, Collections.unmodifiableList(versions));
        }
        return new SchemaHistory(Collections.unmodifiableMap(byType));
    }

    /** Released versions of a type, oldest first; empty if none was released. */
    public List<Schema> versions(Class<? extends SpecificRecord> type) {
        return byType.getOrDefault(type.getSimpleName(), List.of());
    }

    @Override
    public Schema findByFingerprint(long fingerprint) {
        return byFingerprint.get(fingerprint);
    }

    public static long fingerprint(Schema schema) {
        return SchemaNormalization.parsingFingerprint64(schema);
    }
}
