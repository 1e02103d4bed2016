package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Conversion;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.PrimitivesArrays;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.avro.specific.SpecificRecordBase;

/**
 * The body of one generated record type written with its current schema, read by a plan made
 * once from that schema: the reading side of {@link RecordWriter}. Avro's own reader runs its
 * resolving grammar for every value even when the writer's schema is the reader's, as it is for
 * nearly every value, and creates each record by reflection: at fleet load, decoding host samples,
 * {@code ResolvingDecoder} and {@code Parser.advance} took a tenth of the stream thread and the
 * reflection another 1.6%.
 * This plan reads straight from Avro's {@link BinaryDecoder}, one small reader per field chosen
 * when the plan is made; records are created through their no-arg constructors, looked up once,
 * and filled through {@code put(int, Object)}.
 *
 * <p>It makes what Avro's specific reader makes (RecordReaderTest compares them, class by class,
 * for every type with a history): the generated records and enums, {@code String}s where the
 * schema says so ({@code Utf8} elsewhere), an {@code Instant} for a timestamp-millis, a
 * {@code HashMap} for a map, a {@code GenericData.Array} for an array (the primitive arrays of
 * Avro's generic reader for an array of int, long, float, double or boolean in a record that
 * Avro generated no coders for). Arrays and maps are read block by block as BinaryDecoder counts
 * them (a negative count is followed by the block's byte size, a zero count ends them), with
 * Avro's bound on the capacity allocated from a count before its items are read. Corrupt bytes
 * fail as in Avro's reader: what BinaryDecoder throws, or an {@link AvroTypeException} for a
 * union or enum index out of range. Refused when planned: bytes and fixed (no schema of ours has
 * one), a logical type other than timestamp-millis, a string of a {@code java-class}, an array or
 * a map of values that take no bytes. A body written with an older schema is not for this plan:
 * it needs Avro's resolution.
 */
public final class RecordReader<T extends SpecificRecord> {
    /** GenericDatumReader's bound on the capacity allocated from a block's count, before its items are read. */
    private static final int MAX_PREALLOCATED = GenericDatumReader.initialCollectionCapacity(Long.MAX_VALUE);

    private interface Value {
        Object read(BinaryDecoder in) throws IOException;
    }

    private final Class<T> type;
    private final Value root;

    private RecordReader(Class<T> type) {
        this.type = type;
        this.root = plan(SpecificData.get().getSchema(type), new HashMap<>(), false);
    }

    /** The reader of {@code type}'s records written with its current schema. */
    public static <T extends SpecificRecord> RecordReader<T> of(Class<T> type) {
        return new RecordReader<>(type);
    }

    /** One body; on corrupt bytes, what Avro's reader throws for them. */
    public T read(BinaryDecoder in) throws IOException {
        return type.cast(root.read(in));
    }

    /**
     * {@code records}: the readers of the named records planned so far (or being planned: a
     * recursive type refers to itself); {@code inCoded}: whether the record holding the value has
     * Avro's generated coders, whose arrays are not those of Avro's generic reader.
     */
    private static Value plan(Schema s, Map<String, Value> records, boolean inCoded) {
        GeneratedRecords.refuseUnknownLogicalType(s, "reader");
        return switch (s.getType()) {
            case RECORD -> record(s, records);
            case ENUM -> enumeration(s);
            case ARRAY -> array(s, plan(s.getElementType(), records, inCoded), inCoded);
            case MAP -> map(s, plan(s.getValueType(), records, inCoded));
            case UNION -> union(s, records, inCoded);
            case STRING -> string(s);
            case INT -> in -> in.readInt();
            case LONG -> s.getLogicalType() != null ? in -> Instant.ofEpochMilli(in.readLong()) : in -> in.readLong();
            case FLOAT -> in -> in.readFloat();
            case DOUBLE -> in -> in.readDouble();
            case BOOLEAN -> in -> in.readBoolean();
            case NULL -> in -> {
                in.readNull();
                return null;
            };
            case BYTES, FIXED -> throw new IllegalArgumentException("no reader for " + s.getType() + " (" + s + ")");
        };
    }

    private static Value record(Schema s, Map<String, Value> records) {
        Value planned = records.get(s.getFullName());
        if (planned != null) {
            return planned;
        }
        Class<?> generated = TrustedSpecificData.CUSTOM_CODERS.getClass(s);
        if (generated == null || !SpecificRecordBase.class.isAssignableFrom(generated)) {
            throw new IllegalArgumentException("no generated class for record " + s.getFullName());
        }
        Supplier<?> create = constructor(generated);
        Value[] fields = new Value[s.getFields().size()];
        Value reader = in -> {
            SpecificRecordBase r = (SpecificRecordBase) create.get();
            for (int i = 0; i < fields.length; i++) {
                r.put(i, fields[i].read(in));
            }
            return r;
        };
        records.put(s.getFullName(), reader);
        boolean coded = GeneratedRecords.hasCustomCoders(generated);
        for (Schema.Field f : s.getFields()) {
            fields[f.pos()] = plan(f.schema(), records, coded);
        }
        return reader;
    }

    /** {@code generated}'s no-arg constructor as a {@code Supplier}: a plain call per record, where Avro's reader reflects. */
    private static Supplier<?> constructor(Class<?> generated) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            return (Supplier<?>) LambdaMetafactory.metafactory(lookup, "get", MethodType.methodType(Supplier.class),
                    MethodType.methodType(Object.class), lookup.findConstructor(generated, MethodType.methodType(void.class)),
                    MethodType.methodType(generated)).getTarget().invoke();
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalArgumentException("cannot create " + generated.getName() + " records: " + e, e);
        }
    }

    private static Value enumeration(Schema s) {
        Class<?> generated = TrustedSpecificData.CUSTOM_CODERS.getClass(s);
        Object[] constants = generated == null ? null : generated.getEnumConstants();
        List<String> symbols = s.getEnumSymbols();
        // Avro's reader takes the constant of the symbol's name; the generated enum declares them in the schema's order
        if (constants == null || constants.length != symbols.size()
                || !symbols.equals(Arrays.stream(constants).map(c -> ((Enum<?>) c).name()).toList())) {
            throw new IllegalArgumentException("no generated enum with the symbols of " + s.getFullName() + " in their order");
        }
        return in -> {
            int i = in.readEnum();
            if (i < 0 || i >= constants.length) {
                throw new AvroTypeException("Enumeration out of range: must be in [0, " + constants.length + "), but received " + i);
            }
            return constants[i];
        };
    }

    private static Value array(Schema s, Value item, boolean inCoded) {
        refuseZeroByteItems(s, s.getElementType());
        // Avro's generic reader keeps an array of int, long, float, double or boolean unboxed; the generated coders do not
        Schema.Type unboxed = null;
        if (!inCoded) {
            Conversion<?> conversion = TrustedSpecificData.CUSTOM_CODERS.getConversionFor(s.getElementType().getLogicalType());
            unboxed = GenericData.optimalValueType(s, s.getElementType().getLogicalType(),
                    conversion == null ? null : conversion.getConvertedType());
        }
        Schema.Type elements = unboxed;
        return in -> {
            long n = in.readArrayStart();
            @SuppressWarnings("unchecked")
            Collection<Object> items = (Collection<Object>) PrimitivesArrays.createOptimizedArray(capacity(n), s, elements);
            while (n > 0) {
                for (long i = 0; i < n; i++) {
                    items.add(item.read(in));
                }
                n = in.arrayNext();
            }
            return items;
        };
    }

    private static Value map(Schema s, Value value) {
        refuseZeroByteItems(s, s.getValueType());
        Value key = string(s);
        return in -> {
            long n = in.readMapStart();
            Map<Object, Object> entries = new HashMap<>(capacity(n));
            while (n > 0) {
                for (long i = 0; i < n; i++) {
                    Object k = key.read(in);
                    entries.put(k, value.read(in));
                }
                n = in.mapNext();
            }
            return entries;
        };
    }

    /** Items that take no bytes could be counted in billions by a few corrupt bytes; Avro bounds them by the heap, a plan refuses them. */
    private static void refuseZeroByteItems(Schema collection, Schema items) {
        if (GenericDatumReader.isZeroByteSchema(items)) {
            throw new IllegalArgumentException("no reader for a collection of values that take no bytes (" + collection + ")");
        }
    }

    private static int capacity(long count) {
        return (int) Math.min(count, MAX_PREALLOCATED);
    }

    private static Value union(Schema s, Map<String, Value> records, boolean inCoded) {
        List<Schema> branches = s.getTypes();
        Value[] readers = new Value[branches.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = plan(branches.get(i), records, inCoded);
        }
        if (branches.size() == 2 && branches.get(0).getType() == Schema.Type.NULL) {
            Value value = readers[1];
            return in -> {
                int branch = in.readIndex();
                if (branch == 1) {
                    return value.read(in);
                }
                if (branch != 0) {
                    throw badBranch(branch, s);
                }
                return null;
            };
        }
        return in -> {
            int branch = in.readIndex();
            if (branch < 0 || branch >= readers.length) {
                throw badBranch(branch, s);
            }
            return readers[branch].read(in);
        };
    }

    private static AvroTypeException badBranch(int branch, Schema union) {
        return new AvroTypeException("union branch " + branch + " out of range: must be in [0, " + union.getTypes().size() + ")");
    }

    /** A string, or a map's keys ({@code s} the map): {@code String} where the schema says so, as Avro's reader reads them. */
    private static Value string(Schema s) {
        if (s.getProp(SpecificData.CLASS_PROP) != null || s.getProp(SpecificData.KEY_CLASS_PROP) != null) {
            throw new IllegalArgumentException("no reader for strings of a java-class (" + s + ")");
        }
        return GenericData.StringType.String.name().equals(s.getProp(GenericData.STRING_PROP)) ? in -> in.readString() : in -> in.readString(null);
    }
}
