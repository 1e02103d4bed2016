package io.raidpulse.schema.kafka;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;

/** What the plans of {@link RecordWriter} and {@link RecordReader} need to know of the classes Avro generated from our schemas. */
final class GeneratedRecords {
    /** SpecificRecordBase's own test of whether the class was generated with coders (protected there). */
    private static final Method HAS_CUSTOM_CODERS;

    static {
        try {
            HAS_CUSTOM_CODERS = SpecificRecordBase.class.getDeclaredMethod("hasCustomCoders");
            HAS_CUSTOM_CODERS.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private GeneratedRecords() {
    }

    /** Whether Avro generated {@code customEncode}/{@code customDecode} for {@code generated} (none where a logical type is in it). */
    static boolean hasCustomCoders(Class<?> generated) {
        if (!SpecificRecordBase.class.isAssignableFrom(generated)) {
            return false;
        }
        try {
            Object instance = generated.getDeclaredConstructor().newInstance();
            return (Boolean) HAS_CUSTOM_CODERS.invoke(instance);
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot ask " + generated.getName() + " for its coders", e);
        }
    }

    /**
     * Refuses a logical type other than timestamp-millis (an {@code Instant} in the generated
     * classes, the only one our schemas use): a plan does not guess another's conversion.
     */
    static void refuseUnknownLogicalType(Schema s, String planKind) {
        if (s.getLogicalType() != null && !(s.getLogicalType() instanceof LogicalTypes.TimestampMillis)) {
            throw new IllegalArgumentException("no " + planKind + " for logical type " + s.getLogicalType().getName() + " (" + s + ")");
        }
    }
}
