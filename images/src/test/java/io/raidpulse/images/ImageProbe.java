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
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.xerial.snappy.Snappy;
import oshi.SystemInfo;

/**
 * Runs inside an image's root file system (see {@link ImageIT}), with the image's Java runtime
 * and the application jar on the class path, and exercises what the application needs from
 * the image: the non-root user, writable /tmp and data directory on a read-only root, JNA and
 * OSHI (libudev), the compression natives Kafka uses, TLS with elliptic curves, host name
 * resolution, and RocksDB for Kafka Streams. Prints one {@code ok CHECK: detail} line per
 * check that passed; the first failure ends it with a stack trace and exit code 1.
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
                case "rocksdb" -> RocksDbCheck.run();
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

    /** Separate class: the collector's jar has no RocksDB, and this must not load unless asked for. */
    private static final class RocksDbCheck {
        static String run() throws Exception {
            RocksDB.loadLibrary();
            Path dir = Files.createTempDirectory(Path.of(DATA_DIR), "rocksdb-probe");
            try (Options options = new Options().setCreateIfMissing(true);
                 RocksDB db = RocksDB.open(options, dir.toString())) {
                db.put("md0".getBytes(StandardCharsets.UTF_8), "clean".getBytes(StandardCharsets.UTF_8));
                byte[] value = db.get("md0".getBytes(StandardCharsets.UTF_8));
                if (value == null || !new String(value, StandardCharsets.UTF_8).equals("clean")) {
                    throw new IllegalStateException("RocksDB read back " + Arrays.toString(value));
                }
            }
            return "RocksDB " + RocksDB.rocksdbVersion() + " opened, wrote and read back a key in " + dir;
        }
    }
}
