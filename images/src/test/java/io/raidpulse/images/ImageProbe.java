package io.raidpulse.images;

import com.github.luben.zstd.Zstd;
import com.sun.jna.platform.linux.Udev;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.state.Stores;
import org.xerial.snappy.Snappy;
import oshi.SystemInfo;

/**
 * Runs inside an image's root file system (see {@link ImageIT}), with the image's Java runtime
 * and the application jar on the class path, and exercises what the application needs from
 * the image: the non-root user, writable /tmp and data directory on a read-only root, JNA and
 * OSHI (libudev), the compression natives Kafka uses, TLS with elliptic curves, host name
 * resolution, and Kafka Streams with in-memory state and no RocksDB. Prints one
 * {@code ok CHECK: detail} line per check that passed; the first failure ends it with a stack trace and exit code 1.
 */
public final class ImageProbe {
    private static final String DATA_DIR = "/var/lib/raidpulse";

    private ImageProbe() {
    }

    public static void main(String[] args) throws Exception {
        for (String check : args) {
            String detail = switch (check) {
                case "user" -> user();
                case "filesystem" -> filesystem();
                case "jna-oshi" -> jnaOshi();
                case "compression" -> compression();
                case "tls" -> tls();
                case "dns" -> dns();
                case "streams" -> StreamsCheck.run();
                default -> throw new IllegalArgumentException("unknown check " + check);
            };
            System.out.println("ok " + check + ": " + detail);
        }
    }

    /** The process runs as the image's user, named in its /etc/passwd. */
    private static String user() throws IOException {
        String uidLine = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("Uid:")).findFirst().orElseThrow();
        String[] ids = uidLine.substring(4).trim().split("\\s+");
        if (ids[0].equals("0") || ids[1].equals("0")) {
            throw new IllegalStateException("running as root: " + uidLine);
        }
        String name = System.getProperty("user.name");
        if (!name.equals("raidpulse")) {
            throw new IllegalStateException("user.name is " + name + ", expected raidpulse from /etc/passwd");
        }
        return "uid " + ids[0] + " (" + name + "), home " + System.getProperty("user.home");
    }

    /** /tmp and the data directory are writable; the root file system (mounted read-only) is not. */
    private static String filesystem() throws IOException {
        for (String dir : List.of(System.getProperty("java.io.tmpdir"), DATA_DIR)) {
            Path f = Files.createTempFile(Path.of(dir), "probe", ".txt");
            Files.writeString(f, "written by " + ImageProbe.class.getSimpleName());
            if (!Files.readString(f).startsWith("written")) {
                throw new IllegalStateException("read back something else from " + f);
            }
            Files.delete(f);
        }
        try {
            Files.writeString(Path.of("/app/probe.txt"), "x");
            throw new IllegalStateException("wrote into /app: the root file system is writable");
        } catch (IOException expected) {
            // read-only file system, as with `read_only: true` in docker-compose.yml
        }
        return "wrote and read back in /tmp and " + DATA_DIR + ", / refused the write";
    }

    /** JNA's native dispatcher (extracted into /tmp), OSHI on Linux, and libudev for its disk inventory. */
    private static String jnaOshi() {
        SystemInfo si = new SystemInfo();
        long pid = si.getOperatingSystem().getProcessId(); // getpid() through JNA
        if (pid != ProcessHandle.current().pid()) {
            throw new IllegalStateException("OSHI says pid " + pid + ", the JVM says " + ProcessHandle.current().pid());
        }
        Udev.UdevContext udev = Udev.INSTANCE.udev_new();
        if (udev == null) {
            throw new IllegalStateException("udev_new() returned NULL");
        }
        udev.unref();
        int disks = si.getHardware().getDiskStores().size();
        return "OSHI " + si.getOperatingSystem().getFamily() + ", pid " + pid + " via JNA, libudev loaded, "
                + disks + " disk(s) listed";
    }

    /** Round trips through the native codecs behind Kafka's compression.type values. */
    private static String compression() throws IOException {
        byte[] raw = sample();

        byte[] z = Zstd.compress(raw, 3);
        byte[] zBack = Zstd.decompress(z, raw.length);
        requireRoundTrip("zstd", raw, z, zBack);

        byte[] s = Snappy.compress(raw);
        requireRoundTrip("snappy", raw, s, Snappy.uncompress(s));

        LZ4Factory lz4 = LZ4Factory.nativeInstance(); // the JNI codec, not the pure-Java fallback
        LZ4Compressor c = lz4.fastCompressor();
        byte[] l = c.compress(raw);
        LZ4FastDecompressor d = lz4.fastDecompressor();
        requireRoundTrip("lz4", raw, l, d.decompress(l, raw.length));

        return String.format("%d bytes -> zstd %d, snappy %d, lz4 %d", raw.length, z.length, s.length, l.length);
    }

    /** TLS 1.3 with ECDHE suites and EC keys, as SSL and SASL_SSL listeners negotiate. */
    private static String tls() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, null, null);
        SSLEngine engine = ctx.createSSLEngine();
        long ecdhe = Arrays.stream(engine.getEnabledCipherSuites()).filter(cs -> cs.contains("ECDHE")).count();
        if (ecdhe == 0) {
            throw new IllegalStateException("no ECDHE cipher suite enabled: " + Arrays.toString(engine.getEnabledCipherSuites()));
        }
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        ec.generateKeyPair();
        return ecdhe + " ECDHE cipher suites, secp256r1 key pair generated, protocols "
                + Arrays.toString(engine.getEnabledProtocols());
    }

    /** Host names resolve through /etc/nsswitch.conf and /etc/hosts. */
    private static String dns() throws IOException {
        InetAddress localhost = InetAddress.getByName("localhost");
        if (!localhost.isLoopbackAddress()) {
            throw new IllegalStateException("localhost resolved to " + localhost);
        }
        return "localhost is " + localhost.getHostAddress();
    }

    private static byte[] sample() {
        StringBuilder sb = new StringBuilder();
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            sb.append("db1 md0 sdb r_await=").append(random.nextInt(20)).append(" util=").append(random.nextInt(100)).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void requireRoundTrip(String codec, byte[] raw, byte[] compressed, byte[] back) {
        if (compressed.length >= raw.length) {
            throw new IllegalStateException(codec + " did not compress: " + compressed.length + " >= " + raw.length);
        }
        if (!Arrays.equals(raw, back)) {
            throw new IllegalStateException(codec + " round trip changed the data");
        }
    }

    /**
     * Separate class: the collector's jar has no Kafka Streams, and this must not load unless asked for.
     * A Kafka Streams application with an in-memory store, as every store of the stream processor is,
     * starts (stream threads, state directory on the volume, metrics and their MBeans) and stops; no
     * broker listens (the sandbox has its own network), so it stays in REBALANCING. RocksDB is not in
     * the jar: Kafka Streams must not need it.
     */
    private static final class StreamsCheck {
        static String run() throws Exception {
            Path stateDir = Files.createTempDirectory(Path.of(DATA_DIR), "streams-probe");
            StreamsBuilder builder = new StreamsBuilder();
            builder.stream("probe-samples", Consumed.with(Serdes.String(), Serdes.String()))
                    .groupByKey()
                    .count(Materialized.as(Stores.inMemoryKeyValueStore("probe-counts")));
            Properties props = new Properties();
            props.put(StreamsConfig.APPLICATION_ID_CONFIG, "raidpulse-image-probe");
            props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
            props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
            CountDownLatch rebalancing = new CountDownLatch(1);
            try (KafkaStreams streams = new KafkaStreams(builder.build(), props)) {
                streams.setStateListener((now, before) -> {
                    if (now == KafkaStreams.State.REBALANCING) {
                        rebalancing.countDown();
                    }
                });
                streams.start();
                if (!rebalancing.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("Kafka Streams did not start: state " + streams.state());
                }
                if (!streams.close(Duration.ofSeconds(30))) {
                    throw new IllegalStateException("Kafka Streams did not stop within 30 s");
                }
            }
            try {
                Class.forName("org.rocksdb.RocksDB");
                throw new IllegalStateException("org.rocksdb.RocksDB is in the jar, although every store is in memory");
            } catch (ClassNotFoundException expected) {
                // left out by the parent pom's exclusion
            }
            return "Kafka Streams started and stopped with an in-memory store, state in "
                    + stateDir + ", no RocksDB in the jar";
        }
    }
}
