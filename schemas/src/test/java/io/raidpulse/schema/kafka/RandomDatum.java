package io.raidpulse.schema.kafka;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Random generic data conforming to a schema: what an arbitrary writer could have sent, the
 * extremes of every number and strings of any script among them, now and then a long array.
 */
final class RandomDatum {
    private static final int[] INTS = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final long[] LONGS = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE + 1L};
    /** no NaN: a record holding one is not equal to itself (Avro's compare), and the tests compare records */
    private static final double[] DOUBLES = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            Double.MAX_VALUE, -Double.MAX_VALUE};
    private static final float[] FLOATS = {0f, -0f, Float.POSITIVE_INFINITY, Float.MIN_VALUE, -Float.MAX_VALUE};
    /** ASCII, Latin, CJK, a character outside the BMP (a surrogate pair), an accent that combines, NUL */
    private static final String[] PIECES = {"a", "md0", "é", "ß", "日本", "💾", "e\u0301", "\u0000", " ", "/dev/sda"};

    private final Random random;

    RandomDatum(long seed) {
        this.random = new Random(seed);
    }

    Object of(Schema schema) {
        return switch (schema.getType()) {
            case RECORD -> {
                GenericData.Record record = new GenericData.Record(schema);
                schema.getFields().forEach(f -> record.put(f.pos(), of(f.schema())));
                yield record;
            }
            case ENUM -> new GenericData.EnumSymbol(schema, schema.getEnumSymbols().get(random.nextInt(schema.getEnumSymbols().size())));
            case ARRAY -> {
                List<Object> items = new ArrayList<>();
                for (int i = count(); i > 0; i--) {
                    items.add(of(schema.getElementType()));
                }
                yield new GenericData.Array<>(schema, items);
            }
            case MAP -> {
                Map<String, Object> map = new HashMap<>();
                for (int i = count(); i > 0; i--) {
                    map.put(string(), of(schema.getValueType()));
                }
                yield map;
            }
            case UNION -> of(schema.getTypes().get(random.nextInt(schema.getTypes().size())));
            case STRING -> string();
            case BYTES -> ByteBuffer.wrap(new byte[] {(byte) random.nextInt()});
            case FIXED -> new GenericData.Fixed(schema, new byte[schema.getFixedSize()]);
            case INT -> extreme() ? INTS[random.nextInt(INTS.length)] : random.nextInt();
            case LONG -> extreme() ? LONGS[random.nextInt(LONGS.length)] : random.nextLong() >> random.nextInt(64);
            case FLOAT -> extreme() ? FLOATS[random.nextInt(FLOATS.length)] : random.nextFloat();
            case DOUBLE -> extreme() ? DOUBLES[random.nextInt(DOUBLES.length)] : (random.nextDouble() - 0.5) * 2000;
            case BOOLEAN -> random.nextBoolean();
            case NULL -> null;
        };
    }

    private boolean extreme() {
        return random.nextInt(5) == 0;
    }

    /** Mostly 0 to 3 items, one time in ten 10 to 40 (several blocks for a blocking encoder). */
    private int count() {
        return random.nextInt(10) == 0 ? 10 + random.nextInt(31) : random.nextInt(4);
    }

    private String string() {
        if (random.nextInt(3) > 0) {
            return "s" + Long.toString(random.nextLong() & 0xffffff, 36);
        }
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }
}
