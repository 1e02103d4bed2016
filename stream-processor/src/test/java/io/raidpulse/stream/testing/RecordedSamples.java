package io.raidpulse.stream.testing;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The HostSamples a lab recording's guest collector spooled ({@code lab/recordings/NAME/spool.tar.gz}),
 * in order, read straight from the committed archive: a tar of the spool directory, whose segments
 * frame each record as {@code length:int32 crc32c:int32 payload}, the payload {@code keyLength:uint16
 * key value} (collector/spool/Spool). The lab module reads them through the collector's own spool; the
 * stream processor's tests, which do not depend on the collector, read the same bytes here.
 */
public final class RecordedSamples {
    /** The committed recordings, from a module directory. */
    public static final Path RECORDINGS = Path.of("..", "lab", "recordings");
    private static final int TAR_BLOCK = 512;

    private RecordedSamples() {
    }

    public static List<HostSample> of(String recording) throws IOException {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        List<HostSample> out = new ArrayList<>();
        Path archive = RECORDINGS.resolve(recording).resolve("spool.tar.gz");
        try (DataInputStream tar = new DataInputStream(new GZIPInputStream(Files.newInputStream(archive)))) {
            byte[] header = new byte[TAR_BLOCK];
            while (true) {
                try {
                    tar.readFully(header);
                } catch (EOFException e) {
                    break;
                }
                String name = field(header, 0, 100);
                if (name.isEmpty()) {
                    break;
                }
                long size = Long.parseLong(field(header, 124, 12).trim(), 8);
                byte[] body = new byte[(int) size];
                tar.readFully(body);
                skip(tar, (TAR_BLOCK - size % TAR_BLOCK) % TAR_BLOCK);
                // segments are numbered in order, and a tar of one directory lists them so
                if (name.endsWith(".seg")) {
                    for (byte[] value : values(body)) {
                        out.add(codec.decode("host-samples", value));
                    }
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no samples in " + archive);
        }
        return out;
    }

    private static List<byte[]> values(byte[] segment) {
        List<byte[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(segment);
        while (b.remaining() >= 8) {
            int length = b.getInt();
            b.getInt();
            if (length <= 0 || length > b.remaining()) {
                break;
            }
            int start = b.position();
            int keyLength = b.getShort() & 0xFFFF;
            int valueStart = start + 2 + keyLength;
            out.add(Arrays.copyOfRange(segment, valueStart, start + length));
            b.position(start + length);
        }
        return out;
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
    }

    private static void skip(InputStream in, long n) throws IOException {
        in.readNBytes((int) n);
    }
}
