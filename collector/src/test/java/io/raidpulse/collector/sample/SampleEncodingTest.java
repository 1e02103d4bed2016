package io.raidpulse.collector.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.kafka.SchemaHistory;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector's own sample classes write the bytes Avro's generated classes stand for: the
 * same fields and symbols, the header of the current schema, and values that Avro reads back
 * field for field, in samples with every field set, with none of the optional ones, and in the
 * collector's real samples of a synthetic host and of hardware RAID fixtures.
 */
class SampleEncodingTest {
    /** each of ours, by Avro's generated class of the same name */
    private static final Map<Class<?>, Class<?>> OURS = new LinkedHashMap<>();

    static {
        for (Class<?> c : List.of(HostSample.class, HostIdentity.class, DeviceSample.class, IostatMetrics.class, CounterDeltas.class,
                MdArray.class, MdMember.class, HardwareVolume.class, IoAttribution.class, IoConsumer.class, DeviceKind.class,
                MdSource.class, AttributionStatus.class, ConsumerKind.class)) {
            try {
                OURS.put(c, Class.forName("io.raidpulse.schema." + c.getSimpleName()));
            } catch (ClassNotFoundException e) {
                throw new AssertionError("no Avro class for " + c, e);
            }
        }
    }

    @TempDir
    Path tmp;

    @Test
    void theHeaderIsTheCurrentSchemasFingerprint() {
        long current = SchemaHistory.fingerprint(io.raidpulse.schema.HostSample.getClassSchema());
        assertThat(SampleEncoding.FINGERPRINT).as("set SampleEncoding.FINGERPRINT to 0x%016XL (the HostSample schema changed:"
                + " change the collector's sample classes with it)", current).isEqualTo(current);
    }

    @Test
    void everyRecordHasTheSchemasFieldsAndEveryEnumItsSymbolsInOrder() {
        for (var e : OURS.entrySet()) {
            Schema schema = SpecificData.get().getSchema(e.getValue());
            if (schema.getType() == Schema.Type.ENUM) {
                assertThat(Arrays.stream(e.getKey().getEnumConstants()).map(Object::toString).toList()).as(e.getKey().getName())
                        .isEqualTo(schema.getEnumSymbols());
                continue;
            }
            TreeSet<String> fields = schema.getFields().stream().map(f -> "get" + camel(f.name()))
                    .collect(Collectors.toCollection(TreeSet::new));
            TreeSet<String> ours = getters(e.getKey()).stream().map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
            assertThat(ours).as(e.getKey().getName()).isEqualTo(fields);
            for (Method m : getters(e.getKey())) {
                assertThat(ours(m.getReturnType()) ? OURS.get(m.getReturnType()).getSimpleName() : m.getGenericReturnType().getTypeName()
                        .replace("io.raidpulse.collector.sample.", "io.raidpulse.schema."))
                        .as(e.getKey().getSimpleName() + "." + m.getName())
                        .isEqualTo(ours(m.getReturnType()) ? avroGetter(e.getValue(), m.getName()).getReturnType().getSimpleName()
                                : avroGetter(e.getValue(), m.getName()).getGenericReturnType().getTypeName());
            }
        }
    }

    @Test
    void aSampleWithEveryFieldSetIsReadBackAsWritten() throws Exception {
        HostSample full = (HostSample) fill(HostSample.class, new int[] {1}, true);
        readBackAsWritten(full);
    }

    @Test
    void aSampleWithNoneOfTheOptionalFieldsIsReadBackAsWritten() throws Exception {
        HostSample bare = (HostSample) fill(HostSample.class, new int[] {1}, false);
        assertThat(bare.getIoAttribution()).isNull();
        readBackAsWritten(bare);
    }

    @Test
    void theCollectorsSamplesOfDisksAndMdArraysAreReadBackAsWritten() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp, 16, 3, 7, 20);
        Roots roots = Roots.of(tmp);
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), System::nanoTime);
        for (int i = 0; i < 5; i++) {
            // the first sample has no rates (null metrics), the next ones all of them, and consumers
            HostSample sample = sampler.next(i, i);
            assertThat(sample.getDevices()).isNotEmpty();
            assertThat(sample.getArrays()).hasSize(3);
            if (i > 0) {
                assertThat(sample.getDevices()).anyMatch(d -> d.getConsumers() != null && !d.getConsumers().isEmpty());
            }
            readBackAsWritten(sample);
            host.advance(1.0);
        }
    }

    @Test
    void aSampleWithHardwareVolumesIsReadBackAsWritten() throws Exception {
        Roots roots = Roots.of(Path.of("src/test/resources/fixtures/hwraid-perc-h700"));
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"),
                new BlockInventory(roots.sys(), null), System::nanoTime,
                Declaration.from(Settings.of(Map.of("collector.hwraid.sda.level", "raid5", "collector.hwraid.sda.disks", "4",
                        "collector.hwraid.vda.level", "raid1"))));
        HostSample sample = sampler.next(0, 0);
        assertThat(sample.getHardwareVolumes()).hasSize(2);
        readBackAsWritten(sample);
    }

    /** Avro reads {@code sample}'s bytes back to the same values, and writes them again as the same bytes. */
    private static void readBackAsWritten(HostSample sample) throws Exception {
        byte[] bytes = SampleEncoding.encode(sample);
        io.raidpulse.schema.HostSample avro = SampleEncoding.toAvro(bytes);
        same(sample, avro, "HostSample");
        // Avro reads a map into a HashMap; the collector writes its read errors sorted
        avro.setReadErrors(new TreeMap<>(avro.getReadErrors()));
        ByteBuffer again = io.raidpulse.schema.HostSample.getEncoder().encode(avro);
        byte[] expected = new byte[again.remaining()];
        again.get(expected);
        assertThat(bytes).as("Avro's own encoder, of what it read").isEqualTo(expected);
    }

    /** Ours and Avro's hold the same values, getter by getter. */
    private static void same(Object ours, Object avro, String path) throws Exception {
        if (ours == null || avro == null) {
            assertThat(avro).as(path).isNull();
            assertThat(ours).as(path).isNull();
        } else if (ours instanceof Enum<?> e) {
            assertThat(avro.toString()).as(path).isEqualTo(e.name());
        } else if (ours(ours.getClass())) {
            for (Method m : getters(ours.getClass())) {
                same(m.invoke(ours), avroGetter(avro.getClass(), m.getName()).invoke(avro), path + "." + m.getName());
            }
        } else if (ours instanceof List<?> l) {
            List<?> a = (List<?>) avro;
            assertThat(a).as(path).hasSameSizeAs(l);
            for (int i = 0; i < l.size(); i++) {
                same(l.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (ours instanceof Map<?, ?> m) {
            assertThat(new TreeMap<>((Map<?, ?>) avro)).as(path).isEqualTo(new TreeMap<>(m));
        } else if (ours instanceof Instant t) {
            // timestamp-millis
            assertThat(avro).as(path).isEqualTo(t.truncatedTo(ChronoUnit.MILLIS));
        } else {
            assertThat(avro).as(path).isEqualTo(ours);
        }
    }

    /**
     * An instance of {@code type}, one of ours, with a distinct value in every field; with
     * {@code optional} false, null in every field that may be null and no items in lists.
     */
    private static Object fill(Class<?> type, int[] next, boolean optional) throws Exception {
        Object o = type.getDeclaredConstructor().newInstance();
        for (Method getter : getters(type)) {
            Method setter = type.getMethod("set" + getter.getName().substring(3), getter.getReturnType());
            Object value = value(getter.getGenericReturnType(), next, optional);
            setter.invoke(o, value);
        }
        return o;
    }

    private static Object value(Type t, int[] next, boolean optional) throws Exception {
        int n = next[0]++;
        if (t instanceof ParameterizedType p) {
            Type item = p.getActualTypeArguments()[p.getActualTypeArguments().length - 1];
            if (p.getRawType() == Map.class) {
                Map<String, Object> m = new TreeMap<>();
                if (optional) {
                    m.put("k" + n, value(item, next, true));
                    m.put("j" + n, value(item, next, true));
                }
                return m;
            }
            List<Object> l = new ArrayList<>();
            if (optional) {
                l.add(value(item, next, true));
                l.add(value(item, next, true));
            }
            return l;
        }
        Class<?> c = (Class<?>) t;
        if (!optional && !c.isPrimitive() && c != String.class && c != Instant.class && !c.isEnum() && c != HostIdentity.class) {
            // the optional fields are the boxed numbers and the records in unions; a non-optional record is a plain field
            if (c == Integer.class || c == Long.class || c == Double.class || c == Boolean.class || ours(c)) {
                return null;
            }
        }
        if (c == String.class) {
            return "s" + n + "\u00e9";
        } else if (c == int.class || c == Integer.class) {
            return n * 7 - 3;
        } else if (c == long.class || c == Long.class) {
            return n * 1_000_003L - 70_000;
        } else if (c == double.class || c == Double.class) {
            return n + 0.25;
        } else if (c == boolean.class || c == Boolean.class) {
            return n % 2 == 0;
        } else if (c == Instant.class) {
            return Instant.ofEpochMilli(1_764_000_000_000L + n * 1000L + 7).plusNanos(123_456);
        } else if (c.isEnum()) {
            Object[] all = c.getEnumConstants();
            return all[n % all.length];
        } else if (ours(c)) {
            return fill(c, next, optional);
        }
        throw new AssertionError("no value for " + t);
    }

    private static boolean ours(Class<?> c) {
        return OURS.containsKey(c) && !c.isEnum();
    }

    /** The public instance getters a class declares. */
    private static List<Method> getters(Class<?> c) {
        return Arrays.stream(c.getDeclaredMethods())
                .filter(m -> m.getName().startsWith("get") && m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())
                        && Modifier.isPublic(m.getModifiers()))
                .sorted((a, b) -> a.getName().compareTo(b.getName()))
                .toList();
    }

    private static Method avroGetter(Class<?> avro, String name) {
        try {
            return avro.getMethod(name);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(avro.getName() + " has no " + name, e);
        }
    }

    /** Avro's generated getter name of a field: underscores dropped, the letter after each capitalised. */
    private static String camel(String field) {
        StringBuilder b = new StringBuilder();
        for (String part : field.split("_")) {
            b.append(Character.toUpperCase(part.charAt(0))).append(part, 1, part.length());
        }
        return b.toString();
    }
}
