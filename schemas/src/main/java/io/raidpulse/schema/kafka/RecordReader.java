package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
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
 * when the plan is made; records are created through their no-arg constructors, looked up once.
 * Nearly all of a sample's values are doubles, longs, ints, booleans and strings, some of them
 * optional (a union with null): a record reads those in its own loop, a non-null double, long or
 * int set unboxed through the generated setter, the rest through {@code put(int, Object)}. Calling
 * a reader of the plan for each of them (a call that can go to any of its readers, which the JIT
 * cannot inline) cost as much as Avro's grammar: the plan is called for the other values only
 * (records, arrays, maps, enums, timestamps, other unions). A host sample of 16 disks and 2 md
 * arrays decodes in 0.69 to 0.79 of the time Avro's reader takes ({@code DecodeBenchmark}, six
 * runs on 2026-12-03).
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

    /** How a field's value is read: in its record's own loop, or by the plan ({@code VALUE}). */
    private enum Kind { DOUBLE, LONG, INT, BOOLEAN, STRING, VALUE }

    /**
     * One field of a record: its kind, whether it is in a union {@code [null, kind]}, and how it is
     * set: a non-null double, long or int through the generated setter, unboxed, anything else
     * through {@code put}. A new record's fields hold null, zero and false (the generated
     * constructor sets no defaults; the plan checks it): such a value is not set again
     * ({@code nullAsNew}, {@code zeroAsNew}), a third of a host sample's.
     */
    private record Field(Kind kind, boolean nullable, int pos, boolean nullAsNew, boolean zeroAsNew, ObjDoubleConsumer<Object> doubles,
                         ObjLongConsumer<Object> longs, ObjIntConsumer<Object> ints, Value value) {
        void setNull(SpecificRecordBase r) {
            if (!nullAsNew) {
                r.put(pos, null);
            }
        }

        void setDouble(SpecificRecordBase r, double v) {
            if (zeroAsNew && Double.doubleToRawLongBits(v) == 0) {
                return;
            }
            if (doubles != null) {
                doubles.accept(r, v);
            } else {
                r.put(pos, v);
            }
        }

        void setLong(SpecificRecordBase r, long v) {
            if (zeroAsNew && v == 0) {
                return;
            }
            if (longs != null) {
                longs.accept(r, v);
            } else {
                r.put(pos, v);
            }
        }

        void setInt(SpecificRecordBase r, int v) {
            if (zeroAsNew && v == 0) {
                return;
            }
            if (ints != null) {
                ints.accept(r, v);
            } else {
                r.put(pos, v);
            }
        }

        void setBoolean(SpecificRecordBase r, boolean v) {
            if (!(zeroAsNew && !v)) {
                r.put(pos, v);
            }
        }
    }

    /** A {@code java.lang.String}. */
    private static final Value STRING = in -> in.readString();
    /** A {@code CharSequence}, Avro's {@code Utf8}. */
    private static final Value UTF8 = in -> in.readString(null);

    /** the plans made so far: each spins a class per record type and per setter, made once */
    private static final ClassValue<RecordReader<?>> PLANS = new ClassValue<>() {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected RecordReader<?> computeValue(Class<?> type) {
            return new RecordReader(type);
        }
    };

    private final Class<T> type;
    private final Value root;

    private RecordReader(Class<T> type) {
        this.type = type;
        this.root = plan(SpecificData.get().getSchema(type), new HashMap<>(), false);
    }

    /** The reader of {@code type}'s records written with its current schema (planned once per type: a plan is immutable). */
    @SuppressWarnings("unchecked")
    public static <T extends SpecificRecord> RecordReader<T> of(Class<T> type) {
        return (RecordReader<T>) PLANS.get(type);
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
        Supplier<?> create = lambda(Supplier.class, "get", MethodType.methodType(Object.class), constructor(generated),
                MethodType.methodType(generated));
        Field[] fields = new Field[s.getFields().size()];
        Value reader = in -> {
            SpecificRecordBase r = (SpecificRecordBase) create.get();
            for (Field f : fields) {
                if (f.nullable && isNull(in)) {
                    f.setNull(r);
                    continue;
                }
                switch (f.kind) {
                    case DOUBLE -> f.setDouble(r, in.readDouble());
                    case LONG -> f.setLong(r, in.readLong());
                    case INT -> f.setInt(r, in.readInt());
                    case BOOLEAN -> f.setBoolean(r, in.readBoolean());
                    case STRING -> r.put(f.pos, in.readString());
                    case VALUE -> r.put(f.pos, f.value.read(in));
                }
            }
            return r;
        };
        records.put(s.getFullName(), reader);
        boolean coded = GeneratedRecords.hasCustomCoders(generated);
        SpecificRecordBase asNew = (SpecificRecordBase) create.get();
        for (Schema.Field f : s.getFields()) {
            fields[f.pos()] = field(generated, f, asNew.get(f.pos()), records, coded);
        }
        return reader;
    }

    /** {@code asNew}: the field's value in a new record. */
    private static Field field(Class<?> generated, Schema.Field f, Object asNew, Map<String, Value> records, boolean coded) {
        boolean nullable = isNullable(f.schema());
        Schema value = nullable ? f.schema().getTypes().get(1) : f.schema();
        Kind kind = value.getLogicalType() != null ? Kind.VALUE : switch (value.getType()) {
            case DOUBLE -> Kind.DOUBLE;
            case LONG -> Kind.LONG;
            case INT -> Kind.INT;
            case BOOLEAN -> Kind.BOOLEAN;
            case STRING -> string(value) == STRING ? Kind.STRING : Kind.VALUE;
            default -> Kind.VALUE;
        };
        boolean nullAsNew = nullable && asNew == null;
        boolean zeroAsNew = !nullable && (asNew instanceof Double d && Double.doubleToRawLongBits(d) == 0
                || asNew instanceof Long l && l == 0 || asNew instanceof Integer i && i == 0 || Boolean.FALSE.equals(asNew));
        if (kind == Kind.VALUE) {
            return new Field(kind, nullable, f.pos(), nullAsNew, false, null, null, null, plan(value, records, coded));
        }
        Class<?> primitive = nullable ? null : switch (kind) {
            case DOUBLE -> double.class;
            case LONG -> long.class;
            case INT -> int.class;
            default -> null;
        };
        Method setter = primitive == null ? null : setter(generated, f, primitive);
        if (setter == null) {
            return new Field(kind, nullable, f.pos(), nullAsNew, zeroAsNew, null, null, null, null);
        }
        MethodHandle set = unreflect(setter);
        return switch (kind) {
            case DOUBLE -> new Field(kind, false, f.pos(), false, zeroAsNew, lambda(ObjDoubleConsumer.class, "accept",
                    MethodType.methodType(void.class, Object.class, double.class), set, set.type()), null, null, null);
            case LONG -> new Field(kind, false, f.pos(), false, zeroAsNew, null, lambda(ObjLongConsumer.class, "accept",
                    MethodType.methodType(void.class, Object.class, long.class), set, set.type()), null, null);
            default -> new Field(kind, false, f.pos(), false, zeroAsNew, null, null, lambda(ObjIntConsumer.class, "accept",
                    MethodType.methodType(void.class, Object.class, int.class), set, set.type()), null);
        };
    }

    /** A union {@code [null, something]}, the common optional value. */
    private static boolean isNullable(Schema s) {
        return s.getType() == Schema.Type.UNION && s.getTypes().size() == 2 && s.getTypes().get(0).getType() == Schema.Type.NULL;
    }

    /** Reads the branch of a union {@code [null, something]}. */
    private static boolean isNull(BinaryDecoder in) throws IOException {
        int branch = in.readIndex();
        if (branch == 1) {
            return false;
        }
        if (branch != 0) {
            throw badBranch(branch, 2);
        }
        return true;
    }

    /**
     * The setter Avro generated for a double, long or int field ({@code setRkBS(double)} for
     * {@code rkB_s}), if it is one: tried on a new record, it must set that field; null otherwise.
     */
    private static Method setter(Class<?> generated, Schema.Field f, Class<?> primitive) {
        String name = "set" + f.name().replace("_", "");
        List<Method> setters = Arrays.stream(generated.getMethods())
                .filter(m -> m.getName().equalsIgnoreCase(name) && Arrays.equals(m.getParameterTypes(), new Class<?>[] {primitive}))
                .toList();
        if (setters.size() != 1) {
            return null;
        }
        try {
            SpecificRecordBase tried = (SpecificRecordBase) generated.getConstructor().newInstance();
            Number value = primitive == double.class ? (Number) 42.5 : primitive == long.class ? (Number) 42L : (Number) 42;
            setters.get(0).invoke(tried, value);
            return value.equals(tried.get(f.pos())) ? setters.get(0) : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static MethodHandle constructor(Class<?> generated) {
        try {
            return MethodHandles.lookup().findConstructor(generated, MethodType.methodType(void.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException(generated.getName() + " has no public no-arg constructor", e);
        }
    }

    private static MethodHandle unreflect(Method m) {
        try {
            return MethodHandles.lookup().unreflect(m);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot call " + m, e);
        }
    }

    /**
     * {@code target} as an implementation of the functional interface {@code type}: a plain call
     * per value, where Avro's reader reflects ({@code erased}: the interface method's type,
     * {@code exact}: its type for {@code target}).
     */
    private static <F> F lambda(Class<? super F> type, String method, MethodType erased, MethodHandle target, MethodType exact) {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            @SuppressWarnings("unchecked")
            F f = (F) LambdaMetafactory.metafactory(lookup, method, MethodType.methodType(type), erased, target, exact).getTarget().invoke();
            return f;
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalArgumentException("cannot implement " + type.getSimpleName() + " by " + target + ": " + e, e);
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
        if (isNullable(s)) {
            Value value = readers[1];
            return in -> isNull(in) ? null : value.read(in);
        }
        return in -> {
            int branch = in.readIndex();
            if (branch < 0 || branch >= readers.length) {
                throw badBranch(branch, readers.length);
            }
            return readers[branch].read(in);
        };
    }

    private static AvroTypeException badBranch(int branch, int branches) {
        return new AvroTypeException("union branch " + branch + " out of range: must be in [0, " + branches + ")");
    }

    /** A string, or a map's keys ({@code s} the map): {@code String} where the schema says so, as Avro's reader reads them. */
    private static Value string(Schema s) {
        if (s.getProp(SpecificData.CLASS_PROP) != null || s.getProp(SpecificData.KEY_CLASS_PROP) != null) {
            throw new IllegalArgumentException("no reader for strings of a java-class (" + s + ")");
        }
        return GenericData.StringType.String.name().equals(s.getProp(GenericData.STRING_PROP)) ? STRING : UTF8;
    }
}
