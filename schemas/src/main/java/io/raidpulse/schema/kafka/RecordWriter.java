package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.Encoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.avro.specific.SpecificRecordBase;

/**
 * The body of one generated record type, written by a plan made once from its schema: one small
 * writer per field, chosen when the plan is made, where Avro's own writer looks every field's
 * type, conversion and union branch up again for every value. Avro generates no coders of its own
 * for a record with a logical type anywhere in it (the timestamps of Aggregate and Alert), so
 * those went through that generic path: a tenth of the stream thread at a live interval, for the
 * aggregates and alerts it writes. Nested records that have the generated coders use them. The
 * bytes are Avro's (RecordWriterTest compares them for every type with a history); a logical type
 * other than timestamp-millis is refused when the plan is made.
 */
public final class RecordWriter<T extends SpecificRecord> implements SingleObjectCodec.BodyWriter<T> {
    private interface Field {
        void write(Object value, Encoder out) throws IOException;
    }

    private final Field root;

    private RecordWriter(Schema schema) {
        this.root = plan(schema, new HashMap<>());
    }

    /** The writer of {@code type}'s records. */
    public static <T extends SpecificRecord> RecordWriter<T> of(Class<T> type) {
        return new RecordWriter<>(SpecificData.get().getSchema(type));
    }

    @Override
    public void write(T value, Encoder out) throws IOException {
        root.write(value, out);
    }

    /** {@code records}: the plans of the named records made so far (or being made: a recursive type refers to itself). */
    private static Field plan(Schema s, Map<String, Field[]> records) {
        GeneratedRecords.refuseUnknownLogicalType(s, "writer");
        return switch (s.getType()) {
            case RECORD -> record(s, records);
            case ENUM -> (v, out) -> out.writeEnum(((Enum<?>) v).ordinal());
            case ARRAY -> array(plan(s.getElementType(), records));
            case MAP -> map(plan(s.getValueType(), records));
            case UNION -> union(s, records);
            case STRING -> (v, out) -> out.writeString(v instanceof CharSequence cs ? cs : v.toString());
            case BYTES -> (v, out) -> out.writeBytes((ByteBuffer) v);
            case FIXED -> (v, out) -> out.writeFixed(((GenericFixed) v).bytes(), 0, s.getFixedSize());
            case INT -> (v, out) -> out.writeInt(((Number) v).intValue());
            case LONG -> s.getLogicalType() != null
                    ? (v, out) -> out.writeLong(((Instant) v).toEpochMilli())
                    : (v, out) -> out.writeLong(((Number) v).longValue());
            case FLOAT -> (v, out) -> out.writeFloat(((Number) v).floatValue());
            case DOUBLE -> (v, out) -> out.writeDouble(((Number) v).doubleValue());
            case BOOLEAN -> (v, out) -> out.writeBoolean((Boolean) v);
            case NULL -> (v, out) -> out.writeNull();
        };
    }

    private static Field record(Schema s, Map<String, Field[]> records) {
        Class<?> generated = TrustedSpecificData.CUSTOM_CODERS.getClass(s);
        if (generated != null && GeneratedRecords.hasCustomCoders(generated)) {
            return (v, out) -> ((SpecificRecordBase) v).customEncode(out);
        }
        Field[] fields = records.get(s.getFullName());
        if (fields == null) {
            List<Schema.Field> schemaFields = s.getFields();
            Field[] planned = new Field[schemaFields.size()];
            records.put(s.getFullName(), planned);
            for (Schema.Field f : schemaFields) {
                Field value = plan(f.schema(), records);
                String where = s.getName() + "." + f.name();
                boolean nullable = f.schema().getType() == Schema.Type.NULL || f.schema().isNullable();
                planned[f.pos()] = nullable ? value : (v, out) -> {
                    if (v == null) {
                        throw new NullPointerException("null value for (non-nullable) " + where);
                    }
                    value.write(v, out);
                };
            }
            fields = planned;
        }
        Field[] all = fields;
        return (v, out) -> {
            IndexedRecord r = (IndexedRecord) v;
            for (int i = 0; i < all.length; i++) {
                all[i].write(r.get(i), out);
            }
        };
    }

    private static Field array(Field item) {
        return (v, out) -> {
            Collection<?> items = (Collection<?>) v;
            int size = items.size();
            out.writeArrayStart();
            out.setItemCount(size);
            int written = 0;
            for (Object o : items) {
                out.startItem();
                item.write(o, out);
                written++;
            }
            out.writeArrayEnd();
            if (written != size) {
                throw new ConcurrentModificationException("array of " + size + " items had " + written);
            }
        };
    }

    private static Field map(Field value) {
        return (v, out) -> {
            Map<?, ?> entries = (Map<?, ?>) v;
            out.writeMapStart();
            out.setItemCount(entries.size());
            for (Map.Entry<?, ?> e : entries.entrySet()) {
                out.startItem();
                out.writeString(e.getKey().toString());
                value.write(e.getValue(), out);
            }
            out.writeMapEnd();
        };
    }

    private static Field union(Schema s, Map<String, Field[]> records) {
        List<Schema> branches = s.getTypes();
        Field[] writers = new Field[branches.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = plan(branches.get(i), records);
        }
        if (branches.size() == 2 && branches.get(0).getType() == Schema.Type.NULL) {
            Field value = writers[1];
            return (v, out) -> {
                if (v == null) {
                    out.writeIndex(0);
                    out.writeNull();
                } else {
                    out.writeIndex(1);
                    value.write(v, out);
                }
            };
        }
        return (v, out) -> {
            int branch = TrustedSpecificData.CUSTOM_CODERS.resolveUnion(s, v);
            out.writeIndex(branch);
            writers[branch].write(v, out);
        };
    }
}
