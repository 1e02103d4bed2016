package io.raidpulse.collector.sample;

import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectBytes;
import io.raidpulse.schema.kafka.SingleObjectCodec;

/**
 * The collector's samples as the topic's bytes: Avro single-object encoding of HostSample, the
 * current schema's fingerprint and the body its classes write ({@link HostSample#write}),
 * without Avro's {@code Schema}. Avro's generated classes parse their schema when first used,
 * and the parsing builds Jackson's ObjectMapper: about 600 classes and 8 MiB of the agent's
 * resident memory, with the collector's flags, for a schema it only ever writes.
 * {@code SampleEncodingTest} holds {@link #FINGERPRINT} to the schema's and the bytes to what
 * Avro reads back, field by field.
 */
public final class SampleEncoding {
    /** The 64-bit parsing fingerprint of the current HostSample schema (io.raidpulse.schema.HostSample). */
    public static final long FINGERPRINT = 0x16158BD9A3ED5AD9L;
    private static final byte[] HEADER = SingleObjectBytes.header(FINGERPRINT);

    private SampleEncoding() {
    }

    /** Avro's codec, made when first asked for (never in the agent's cycle). */
    private static final class Avro {
        static final SingleObjectCodec<io.raidpulse.schema.HostSample> CODEC = AvroSerdes.codec(io.raidpulse.schema.HostSample.class);
    }

    /** The single-object bytes of {@code sample}. */
    public static byte[] encode(HostSample sample) {
        return SingleObjectBytes.encode(HEADER, "HostSample", sample, HostSample::write);
    }

    /**
     * {@code bytes} read back as Avro's HostSample: for the tools, the launcher and the tests,
     * which load Avro anyway, never for the agent's own cycle.
     */
    public static io.raidpulse.schema.HostSample toAvro(byte[] bytes) {
        return Avro.CODEC.decode("the collector's own encoding", bytes);
    }

    /** {@code sample} as Avro's HostSample (encoded and read back). */
    public static io.raidpulse.schema.HostSample toAvro(HostSample sample) {
        return toAvro(encode(sample));
    }
}
