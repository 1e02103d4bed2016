package io.raidpulse.schema.kafka;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/** Random generic data conforming to a schema: what an arbitrary writer could have sent. */
final class RandomDatum {
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
                for (int i = random.nextInt(4); i > 0; i--) {
                    items.add(of(schema.getElementType()));
                }
                yield new GenericData.Array<>(schema, items);
            }
            case MAP -> {
                Map<String, Object> map = new HashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    map.put("k" + random.nextInt(1000), of(schema.getValueType()));
                }
                yield map;
            }
            case UNION -> of(schema.getTypes().get(random.nextInt(schema.getTypes().size())));
            case STRING -> "s" + Long.toString(random.nextLong() & 0xffffff, 36);
            case BYTES -> ByteBuffer.wrap(new byte[] {(byte) random.nextInt()});
            case FIXED -> new GenericData.Fixed(schema, new byte[schema.getFixedSize()]);
            case INT -> random.nextInt();
            case LONG -> random.nextLong() >>> 20;
            case FLOAT -> random.nextFloat();
            case DOUBLE -> random.nextDouble() * 1000;
            case BOOLEAN -> random.nextBoolean();
            case NULL -> null;
        };
    }
}
