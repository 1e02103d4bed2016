package io.raidpulse.topics.bench;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The HostSamples the benchmarks put on the input topic (StreamBenchmark, SinkBenchmark): 16 disks and 2 md arrays each. */
public final class BenchSamples {
    public static final int DISKS = 16;

    private BenchSamples() {
    }

    /** A host sample with 16 disks: md0 RAID10 over sda-sdh, md1 RAID5 over sdi-sdp; sda and sdi at {@code hot} util. */
    public static HostSample sample(HostFeed feed, double hot, int i) {
        List<Dev> devs = new ArrayList<>(DISKS + 2);
        devs.add(Dev.md("md0").iops(400, 300).kBs(3200, 2400));
        devs.add(Dev.md("md1").iops(200, 100).kBs(1600, 800));
        for (int d = 0; d < DISKS; d++) {
            String name = "sd" + (char) ('a' + d);
            double util = d == 0 || d == 8 ? hot : 20 + ((i + d) % 30);
            devs.add(Dev.disk(name, util).iops(50 + d, 40 + d).kBs(400, 300).aqu(0.5 + d / 10.0));
        }
        List<Md> arrays = List.of(
                Md.array("md0", "raid10", "sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh"),
                Md.array("md1", "raid5", "sdi", "sdj", "sdk", "sdl", "sdm", "sdn", "sdo", "sdp"));
        return feed.next(devs, arrays);
    }

    public static KafkaProducer<byte[], byte[]> producer(String bootstrap) {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.LINGER_MS_CONFIG, "20",
                ProducerConfig.BATCH_SIZE_CONFIG, "262144", ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4"),
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    public static int produce(String bootstrap, String topic, int count) {
        int hosts = 500;
        List<HostFeed> feeds = new ArrayList<>();
        long t0 = HostFeed.recentStart(Duration.ofSeconds(count / hosts + 600));
        for (int h = 0; h < hosts; h++) {
            feeds.add(new HostFeed("bench" + h, t0 + h, 1000));
        }
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        try (KafkaProducer<byte[], byte[]> p = producer(bootstrap)) {
            for (int i = 0; i < count; i++) {
                int h = i % hosts;
                int n = i / hosts;
                double hot = (n / 40 + h) % 3 == 0 ? 99 : 30;
                HostSample s = sample(feeds.get(h), hot, n);
                p.send(new ProducerRecord<>(topic, null, s.getSampleTime().toEpochMilli(),
                        s.getHost().getHostname().getBytes(StandardCharsets.UTF_8), codec.encode(s)));
            }
            p.flush();
        }
        return count;
    }
}
