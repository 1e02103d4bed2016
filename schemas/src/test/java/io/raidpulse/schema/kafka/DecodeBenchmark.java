package io.raidpulse.schema.kafka;

import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostIdentity;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.MdSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;

/**
 * The codec's decoding of a host sample written with the current schema through its
 * {@link RecordReader}, against Avro's resolving reader that decoded it before (the reader the
 * codec still uses for an older schema), in the same run.
 *
 * <p>The samples have the shape of the stream benchmark's (topics' {@code BenchSamples.sample},
 * out of this module's reach): 16 disks and the devices of 2 md arrays, RAID10 over sda-sdh and
 * RAID5 over sdi-sdp, every device with its iostat figures and counter deltas. Each round decodes
 * all of them through one path, then through the other, the first path taking turns, on a thread
 * other than the one that made the codec (as in the stream processor); the first rounds warm the
 * JIT up and are not counted. Printed: the median µs per sample of each path over
 * the counted rounds, their ratio, and the load average before and after.
 *
 * <p>Arguments (all optional): {@code samples=N} (default 2000), {@code rounds=N} counted
 * (default 10), {@code warmup=N} (default 5). Run from the repository root, after
 * {@code nice -n 10 ./mvnw -o -q -B -pl schemas test-compile dependency:build-classpath
 * -Dmdep.outputFile=/tmp/schemas-cp.txt -Dmdep.includeScope=test}:
 * <pre>
 * nice -n 10 java -cp schemas/target/test-classes:schemas/target/classes:$(cat /tmp/schemas-cp.txt) \
 *     io.raidpulse.schema.kafka.DecodeBenchmark samples=2000 rounds=10
 * </pre>
 */
public final class DecodeBenchmark {
    private static final int DISKS = 16;

    private DecodeBenchmark() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, Integer> options = new HashMap<>(Map.of("samples", 2000, "rounds", 10, "warmup", 5));
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            if (kv.length != 2 || !options.containsKey(kv[0])) {
                System.err.println("usage: DecodeBenchmark [samples=N] [rounds=N] [warmup=N]; got " + arg);
                System.exit(2);
            }
            options.put(kv[0], Integer.parseInt(kv[1]));
        }
        int n = options.get("samples");
        int rounds = options.get("rounds");
        int warmup = options.get("warmup");
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        List<byte[]> encoded = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            encoded.add(codec.encode(sample(i)));
        }
        SpecificDatumReader<HostSample> resolving = new SpecificDatumReader<>(HostSample.getClassSchema(), HostSample.getClassSchema(),
                TrustedSpecificData.CUSTOM_CODERS);
        if (!codec.decode("bench", encoded.get(0)).equals(resolving.read(null, body(encoded.get(0))))) {
            throw new AssertionError("the two paths read different samples");
        }
        // timed on a thread of its own, as the stream's threads decode with the codec its main thread built
        double[] planned = new double[rounds];
        double[] avro = new double[rounds];
        long[] sink = new long[1];
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Thread timed = new Thread(() -> {
            try {
                for (int r = -warmup; r < rounds; r++) {
                    boolean plannedFirst = (r & 1) == 0;
                    long a = 0;
                    long b = 0;
                    for (int turn = 0; turn < 2; turn++) {
                        long t0 = System.nanoTime();
                        if ((turn == 0) == plannedFirst) {
                            for (byte[] bytes : encoded) {
                                sink[0] += codec.decode("bench", bytes).getDevices().size();
                            }
                            a = System.nanoTime() - t0;
                        } else {
                            for (byte[] bytes : encoded) {
                                sink[0] += resolving.read(null, body(bytes)).getDevices().size();
                            }
                            b = System.nanoTime() - t0;
                        }
                    }
                    if (r >= 0) {
                        planned[r] = a / 1000.0 / n;
                        avro[r] = b / 1000.0 / n;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "decode");
        timed.start();
        timed.join();
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        double p = median(planned);
        double q = median(avro);
        System.out.printf(Locale.ROOT, "%d samples of %d devices, %d counted rounds (%d warm-up), %d bytes each on average%n", n,
                DISKS + 2, rounds, warmup, encoded.stream().mapToInt(x -> x.length).sum() / n);
        System.out.printf(Locale.ROOT, "RecordReader        %7.2f µs per sample (rounds %s)%n", p, rounded(planned));
        System.out.printf(Locale.ROOT, "Avro's resolving    %7.2f µs per sample (rounds %s)%n", q, rounded(avro));
        System.out.printf(Locale.ROOT, "ratio planned/Avro  %7.3f (%.2fx as fast)%n", p / q, q / p);
        System.out.printf(Locale.ROOT, "load average %.2f before, %.2f after (checksum %d)%n", loadBefore, loadAfter, sink[0]);
    }

    private static BinaryDecoder body(byte[] bytes) {
        return DecoderFactory.get().binaryDecoder(bytes, 10, bytes.length - 10, null);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static String rounded(double[] values) {
        return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%.1f", v)).toList().toString();
    }

    /** Sample {@code i} of a host: the devices of md0 and md1, then sda-sdp, the figures moving with {@code i}. */
    static HostSample sample(int i) {
        List<DeviceSample> devices = new ArrayList<>(DISKS + 2);
        devices.add(device("md0", DeviceKind.MD, 9, 0, false, List.of(), 400, 300, 0, i));
        devices.add(device("md1", DeviceKind.MD, 9, 1, false, List.of(), 200, 100, 0, i));
        for (int d = 0; d < DISKS; d++) {
            String name = "sd" + (char) ('a' + d);
            double util = d == 0 || d == 8 ? 99 : 20 + ((i + d) % 30);
            devices.add(device(name, DeviceKind.DISK, 8, 16 * d, true, List.of(d < 8 ? "md0" : "md1"), 50 + d, 40 + d, util, i));
        }
        return HostSample.newBuilder()
                .setHost(HostIdentity.newBuilder().setHostname("bench" + i % 500).setKernel("6.1.0").setCollectorVersion("bench").build())
                .setSequence(100 + i).setSampleTime(Instant.ofEpochMilli(1_764_460_800_000L + i * 1000L)).setUptimeS(86_400.0 + i)
                .setIntervalS(1.0).setCollectorStarted(Instant.ofEpochMilli(1_764_460_000_000L))
                .setDevices(devices)
                .setArrays(List.of(array("md0", "raid10", 0), array("md1", "raid5", 8)))
                .setReadErrors(Map.of())
                .build();
    }

    private static DeviceSample device(String name, DeviceKind kind, int major, int minor, boolean rotational, List<String> holders,
                                       double rS, double wS, double util, int i) {
        double rkBS = rS * 8;
        double wkBS = wS * 8;
        IostatMetrics metrics = IostatMetrics.newBuilder()
                .setRS(rS).setWS(wS).setDS(0).setFS(0).setRkBS(rkBS).setWkBS(wkBS).setDkBS(0)
                .setRrqmS(0).setWrqmS(0).setDrqmS(0).setRrqm(0).setWrqm(0).setDrqm(0)
                .setRAwait(4 + i % 7 / 10.0).setWAwait(6).setDAwait(0).setFAwait(0)
                .setRareqSz(8).setWareqSz(8).setDareqSz(0).setAquSz(0.5 + minor / 160.0).setUtil(util).build();
        CounterDeltas deltas = CounterDeltas.newBuilder()
                .setReads(Math.round(rS)).setReadsMerged(0).setSectorsRead(Math.round(rkBS * 2)).setReadMs(Math.round(rS * 4))
                .setWrites(Math.round(wS)).setWritesMerged(0).setSectorsWritten(Math.round(wkBS * 2)).setWriteMs(Math.round(wS * 6))
                .setIoTicksMs(Math.round(util * 10)).setWeightedMs(500 + i % 100).build();
        return DeviceSample.newBuilder().setName(name).setMajor(major).setMinor(minor).setKind(kind).setRotational(rotational)
                .setSizeBytes(kind == DeviceKind.DISK ? 4_000_787_030_016L : 28_005_509_120_000L).setHolders(holders)
                .setCountersReset(false).setMetrics(metrics).setDeltas(deltas).build();
    }

    private static MdArray array(String name, String level, int firstDisk) {
        List<MdMember> members = new ArrayList<>();
        List<String> leaves = new ArrayList<>();
        for (int d = 0; d < 8; d++) {
            String disk = "sd" + (char) ('a' + firstDisk + d);
            members.add(MdMember.newBuilder().setDevice(disk).setRole(d).setState(List.of("in_sync")).setInSync(true).build());
            leaves.add(disk);
        }
        return MdArray.newBuilder().setName(name).setSource(MdSource.SYSFS).setActive(true).setLevel(level).setRaidDisks(8)
                .setDegraded(0).setArrayState("clean").setSyncAction("idle").setMismatchCnt(0L).setMembers(members)
                .setLeafDisks(leaves).build();
    }
}
