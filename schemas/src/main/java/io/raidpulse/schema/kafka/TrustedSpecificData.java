package io.raidpulse.schema.kafka;

import io.raidpulse.schema.HostSample;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.specific.SpecificData;

/**
 * A {@link SpecificData} that maps our own schemas to our own generated classes directly.
 *
 * <p>Avro 1.12.2 validates every class it loads by name against a global allow-list
 * ({@code ClassSecurityValidator}) and refuses packages it does not trust. Instead of widening
 * that global list (or disabling it), this model never loads classes by name: every named type
 * reachable from our top-level records is resolved from the class literals compiled in here.
 * Any other name still goes through Avro's normal, validated path.
 */
final class TrustedSpecificData extends SpecificData {
    static final TrustedSpecificData INSTANCE = new TrustedSpecificData(
            AvroSerdes.ALL_TYPES.stream().<Class<?>>map(c -> c).toList());
    /** The same, encoding and decoding through the generated classes' own coders (the state stores', per sample). */
    static final TrustedSpecificData CUSTOM_CODERS = new TrustedSpecificData(
            AvroSerdes.ALL_TYPES.stream().<Class<?>>map(c -> c).toList());

    static {
        CUSTOM_CODERS.setCustomCoders(true);
    }

    private final Map<String, Class<?>> classes = new HashMap<>();

    private TrustedSpecificData(List<Class<?>> roots) {
        // as the generated classes' own models do: timestamp-millis fields are Instants
        addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
        for (Class<?> root : roots) {
            register(SpecificData.get().getSchema(root), root.getClassLoader());
        }
    }

    private void register(Schema schema, ClassLoader loader) {
        switch (schema.getType()) {
            case RECORD -> {
                if (classes.containsKey(schema.getFullName())) {
                    return;
                }
                classes.put(schema.getFullName(), generatedClass(schema, loader));
                schema.getFields().forEach(f -> register(f.schema(), loader));
            }
            case ENUM, FIXED -> classes.putIfAbsent(schema.getFullName(), generatedClass(schema, loader));
            case ARRAY -> register(schema.getElementType(), loader);
            case MAP -> register(schema.getValueType(), loader);
            case UNION -> schema.getTypes().forEach(t -> register(t, loader));
            default -> { }
        }
    }

    /** Generated classes live beside the roots; loaded once at start-up, by us, from our own package only. */
    private static Class<?> generatedClass(Schema schema, ClassLoader loader) {
        if (!schema.getNamespace().equals(HostSample.class.getPackageName())) {
            throw new IllegalStateException("schema " + schema.getFullName() + " is outside " + HostSample.class.getPackageName());
        }
        try {
            return Class.forName(schema.getFullName(), false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no generated class for " + schema.getFullName(), e);
        }
    }

    @Override
    public Class getClass(Schema schema) {
        Class<?> known = schema.getType() == Schema.Type.RECORD || schema.getType() == Schema.Type.ENUM
                || schema.getType() == Schema.Type.FIXED ? classes.get(schema.getFullName()) : null;
        return known != null ? known : super.getClass(schema);
    }
}
