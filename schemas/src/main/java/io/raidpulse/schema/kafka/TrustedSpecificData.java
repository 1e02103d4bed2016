package io.raidpulse.schema.kafka;

import io.raidpulse.schema.HostSample;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;

/**
 * A {@link SpecificData} that maps our own schemas to our own generated classes directly.
 *
 * <p>Avro 1.12.2 validates every class it loads by name against a global allow-list
 * ({@code ClassSecurityValidator}) and refuses packages it does not trust. Instead of widening
 * that global list (or disabling it), this model loads by name only from the generated classes'
 * own package, and only a generated record, enum or fixed: any other name still goes through
 * Avro's normal, validated path. A class is looked up when a schema first asks for it, not for
 * every type up front: registering them all initialised every generated class, whose schemas
 * (the stream processor's state types among them) a process that writes one type (the collector)
 * then held for nothing.
 */
final class TrustedSpecificData extends SpecificData {
    static final TrustedSpecificData INSTANCE = new TrustedSpecificData();
    /** The same, encoding and decoding through the generated classes' own coders (the state stores', per sample). */
    static final TrustedSpecificData CUSTOM_CODERS = new TrustedSpecificData();

    static {
        CUSTOM_CODERS.setCustomCoders(true);
    }

    private static final String PACKAGE = HostSample.class.getPackageName();

    /** by full name; absent: not looked up yet */
    private final Map<String, Class<?>> classes = new ConcurrentHashMap<>();

    private TrustedSpecificData() {
        // as the generated classes' own models do: timestamp-millis fields are Instants
        addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    }

    /** The generated class of a named schema of our package, loaded (not initialised) by us; an exception for any other. */
    private static Class<?> generatedClass(String fullName) {
        try {
            Class<?> c = Class.forName(fullName, false, TrustedSpecificData.class.getClassLoader());
            if (!SpecificRecord.class.isAssignableFrom(c) && !c.isEnum() && !GenericFixed.class.isAssignableFrom(c)) {
                throw new IllegalStateException(fullName + " is not a generated Avro class");
            }
            return c;
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no generated class for " + fullName, e);
        }
    }

    @Override
    public Class getClass(Schema schema) {
        Schema.Type type = schema.getType();
        if ((type == Schema.Type.RECORD || type == Schema.Type.ENUM || type == Schema.Type.FIXED)
                && PACKAGE.equals(schema.getNamespace())) {
            return classes.computeIfAbsent(schema.getFullName(), TrustedSpecificData::generatedClass);
        }
        return super.getClass(schema);
    }
}
