package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.notify.NotifierRunner;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.KafkaCluster;
import io.raidpulse.stream.StreamMain;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.testing.ChildJvm;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.KafkaIo;
import io.raidpulse.topics.testing.Md;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream processor as a fleet runs it: several instances of one application id on a cluster
 * of three brokers (replication factor 3, min.insync.replicas 2), exactly_once_v2, one standby
 * replica of every store. While samples of many hosts flow in:
 * <ol>
 *   <li>one of two instances is killed with SIGKILL: its tasks move to the other, whose standby
 *       stores or the changelogs give back their state (the time until its partitions commit
 *       again is measured and printed);</li>
 *   <li>the broker leading the input's first partition is killed with SIGKILL and started again;</li>
 *   <li>the killed instance starts again on its state directory and a new one joins, under load,
 *       and the tasks are spread again over three.</li>
 * </ol>
 * The alerts, incidents and aggregates written are then exactly those of one instance that ran
 * the same input without interruption on the same cluster: none lost, none twice; the killed
 * instance's open transaction held output that was aborted and written again. Each instance runs
 * the InfluxDB sink and a webhook notifier as well, so the sink and the notifiers are scaled and
 * killed with it: the points in a real influxd are those of the single instance's sink, and the
 * webhook hears every notification the single instance's notifier sent, repeated only where the
 * SIGKILL fell between a post and its commit (RELIABILITY.md: the one repeat, same dedupe_key).
 */
class FailoverIT {
    static final String INPUT = "fo.host-samples";
    static final int PARTITIONS = 4;
    static final int HOSTS = 12;
    static final int SAMPLES = 1000;
    /** The live feed: this many samples every {@link #FEED_PAUSE_MS}, about 300 a second. */
    static final int FEED_CHUNK = 120;
    static final long FEED_PAUSE_MS = 400;
    /** A transaction opened this recently is not committed for another 500 ms - this (the stream's commit interval). */
    static final long YOUNG_TRANSACTION_MS = 250;
    /** Longer than the producer's linger.ms (100 under exactly-once), well short of the commit interval. */
    static final long LINGERED_MS = 200;

    @TempDir
    static Path dir;
    static KafkaCluster cluster;
    /** One admin client for every poll of the group and its offsets (they run every 50 ms). */
    static Admin admin;
    static InfluxServer influxServer;
    /** The webhook: the dedupe_key of every notification posted to /APP, in order of arrival. */
    static HttpServer webhook;
    static final Map<String, List<String>> notified = new ConcurrentHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        cluster = KafkaCluster.start(dir.resolve("kafka"), 3);
        cluster.createTopic(INPUT, PARTITIONS, Map.of());
        admin = cluster.admin();
        influxServer = InfluxServer.obtain(dir.resolve("influx"));
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        ObjectMapper json = new ObjectMapper();
        webhook.createContext("/", exchange -> {
            String app = exchange.getRequestURI().getPath().substring(1);
            String key = json.readTree(exchange.getRequestBody().readAllBytes()).path("dedupe_key").asText();
            notified.computeIfAbsent(app, a -> new CopyOnWriteArrayList<>()).add(key);
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterAll
    static void stop() {
        if (webhook != null) {
            webhook.stop(0);
        }
        if (influxServer != null) {
            influxServer.close();
        }
        if (admin != null) {
            admin.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Hosts with an md RAID5 whose members are busy in turns, degraded spells, SSDs: episodes, incidents, windows. */
    static List<HostSample> input() {
        long t0 = HostFeed.recentStart(Duration.ofSeconds(SAMPLES + 600));
        List<HostFeed> feeds = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            feeds.add(new HostFeed("fleet" + h, t0 + h * 97, 1000));
        }
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            for (int h = 0; h < HOSTS; h++) {
                int phase = (i / 40 + h) % 4;
                double busy = phase == 0 ? 99 : phase == 1 ? 85 : 30;
                List<Dev> devs = new ArrayList<>(List.of(Dev.md("md0").iops(100 + h, 200), Dev.disk("sda", busy - 3).iops(50, 100),
                        Dev.disk("sdb", busy).iops(50, 100), Dev.disk("sdc", busy - 1).iops(50, 100),
                        Dev.disk("sdd", (i % 7) * 10).iops(50, 100), Dev.ssd("nvme0n1", (i + h) % 100).await(0.2, 0.3)));
                Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
                if ((i / 150 + h) % 5 == 0) {
                    md0 = md0.degraded(1);
                }
                out.add(feeds.get(h).next(devs, List.of(md0)));
            }
        }
        return out;
    }

    static Map<String, String> settings(String app) {
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", cluster.bootstrapServers());
        s.put("stream.application-id", app);
        s.put("topics.host-samples", INPUT);
        s.put("topics.alerts", app + ".alerts");
        s.put("topics.incidents", app + ".incidents");
        s.put("topics.aggregates", app + ".aggregates");
        s.put("topics.dead-letters", app + ".dead-letters");
        s.put("topics.partitions", Integer.toString(PARTITIONS));
        s.put("aggregate.windows", "5s,30s");
        s.put("aggregate.grace", "2s");
        s.put("saturation.sustain", "5s");
        s.put("saturation.clear-after", "10s");
        // a standby of every store on another instance: a failover restores from it, not the whole changelog
        s.put("kafka.num.standby.replicas", "1");
        // the killed member and its open transaction must not hold the partitions long
        s.put("kafka.session.timeout.ms", "6000");
        s.put("kafka.transaction.timeout.ms", "10000");
        s.put("kafka.commit.interval.ms", "1000");
        // the sink and a webhook notifier run in every instance, in groups of this application's own
        s.put("influx.url", influxServer.url());
        s.put("influx.database", database(app));
        s.put("sink.group-id", app + "-sink");
        s.put("sink.flush-interval", "200ms");
        s.put("notify.channels", "hook:webhook");
        s.put("notify.group-prefix", app + "-notify-");
        s.put("notify.hook.url", "http://127.0.0.1:" + webhook.getAddress().getPort() + "/" + app);
        s.put("notify.retry-max-backoff", "300ms");
        return s;
    }

    static String database(String app) {
        return app.replace('-', '_');
    }

    /** An instance's command line; {@code instance} is its client id, which names its group member. */
    static List<String> args(String app, String instance) {
        List<String> a = new ArrayList<>(List.of("--bootstrap-servers", cluster.bootstrapServers(),
                "--state-dir", dir.resolve("state-" + instance).toString()));
        Map<String, String> set = settings(app);
        set.remove("kafka.bootstrap.servers");
        set.put("kafka.client.id", instance);
        set.forEach((k, v) -> {
            a.add("--set");
            a.add(k + "=" + v);
        });
        return a;
    }

    @Test
    void instancesAndABrokerKilledOrAddedUnderLoadLoseNothingAndRepeatNothing() throws Exception {
        List<HostSample> samples = input();
        KafkaIo io = new KafkaIo(cluster.bootstrapServers());
        Path log = Path.of("target", "failover-children.log");
        Files.deleteIfExists(log);
        String app = "fo-b";

        List<Process> instances = new ArrayList<>();
        try {
            instances.add(ChildJvm.start(StreamMain.class, args(app, "b1"), log));
            int quarter = samples.size() / 4;
            io.send(INPUT, samples.subList(0, quarter));
            // b1's stream thread's transactional id, found while b1 is the application's only instance: the kill below
            // waits for a transaction of b1's own, not of the other instance writing to the same output partitions
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100)).until(() -> transactionalIds(app).size() == 1);
            String transaction = transactionalIds(app).get(0);
            instances.add(ChildJvm.start(StreamMain.class, args(app, "b2"), log));
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100)).until(() -> members(app) == 2);
            // the second and third quarters flow as a fleet sends, a few hundred samples a second, during
            // the kills (so that an instance killed has a transaction open with output in it); the last
            // quarter once the instances have joined
            Thread feeder = new Thread(() -> {
                for (int from = quarter; from < 3 * quarter; from += FEED_CHUNK) {
                    io.send(INPUT, samples.subList(from, Math.min(3 * quarter, from + FEED_CHUNK)));
                    try {
                        Thread.sleep(FEED_PAUSE_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            feeder.start();

            // 1. one instance dies: the partitions it owned must commit again, from the survivor
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50)).until(() -> !ownedBy(app, "b1").isEmpty()
                    && offsets(app).keySet().containsAll(ownedBy(app, "b1")));
            Set<TopicPartition> orphaned = ownedBy(app, "b1");
            // killed while its own open transaction holds aggregates, young enough that its commit (every 500 ms) cannot
            // land before the kill: the kill aborts output rather than falling between commits
            String aggregates = app + ".aggregates";
            // the aggregates partition joins the transaction when a record for it is sent, and the record may still wait
            // in the producer's batch (linger.ms 100 under exactly-once): the same transaction, still open LINGERED_MS
            // later, has sent it, so the kill aborts records in the log (a CI run once killed with none there)
            while (true) {
                long started = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                        .until(() -> youngTransactionStart(transaction, aggregates, YOUNG_TRANSACTION_MS), start -> start >= 0);
                Thread.sleep(LINGERED_MS);
                if (youngTransactionStart(transaction, aggregates, YOUNG_TRANSACTION_MS + LINGERED_MS + 100) == started) {
                    break;
                }
            }
            instances.get(0).destroyForcibly();
            long killedAt = System.nanoTime();
            assertThat(instances.get(0).waitFor(30, TimeUnit.SECONDS)).isTrue();
            Map<TopicPartition, Long> atKill = offsets(app);
            assertThat(atKill.values().stream().mapToLong(Long::longValue).sum()).as("killed mid-run").isLessThan(samples.size());
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50)).until(() -> {
                Map<TopicPartition, Long> now = offsets(app);
                return orphaned.stream().allMatch(tp -> now.getOrDefault(tp, 0L) > atKill.getOrDefault(tp, 0L));
            });
            System.out.printf("failover: the killed instance's %d input partitions committed again %.1f s after the SIGKILL%n",
                    orphaned.size(), (System.nanoTime() - killedAt) / 1e9);

            // 2. a broker dies under load and comes back
            int broker = leaderOfInputPartitionZero() - 1;
            cluster.kill(broker);
            Thread.sleep(3000);
            cluster.restart(broker);

            // 3. the killed instance comes back on its state directory and a third joins, while samples still flow
            instances.add(ChildJvm.start(StreamMain.class, args(app, "b1"), log));
            instances.add(ChildJvm.start(StreamMain.class, args(app, "b3"), log));
            feeder.join();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200)).until(() -> members(app) == 3);
            io.send(INPUT, samples.subList(3 * quarter, samples.size()));
            await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(200)).until(() -> committed(app) == samples.size());
            assertThat(instances.subList(1, 4)).allMatch(Process::isAlive);
            assertThat(members(app)).as("three instances share the application").isEqualTo(3);
            awaitDelivered(app);
        } finally {
            for (Process p : instances) {
                p.destroy();
            }
            for (Process p : instances) {
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }

        // one instance over the same input, never interrupted
        Map<String, String> single = settings("fo-a");
        single.put("stream.state-dir", dir.resolve("state-a").toString());
        try (StreamService ignored = StreamService.start(Settings.of(single))) {
            await().atMost(Duration.ofSeconds(180)).until(() -> committed("fo-a") == samples.size());
            awaitDelivered("fo-a");
        }

        List<Alert> alertsA = read("fo-a.alerts", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Alert> alertsB = read("fo-b.alerts", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Alert> incidentsA = read("fo-a.incidents", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Alert> incidentsB = read("fo-b.incidents", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Aggregate> aggsA = read("fo-a.aggregates", r -> AvroSerdes.aggregate().deserializer().deserialize("t", r));
        List<Aggregate> aggsB = read("fo-b.aggregates", r -> AvroSerdes.aggregate().deserializer().deserialize("t", r));

        assertThat(alertsA).as("the input has episodes").hasSizeGreaterThan(50);
        assertThat(incidentsA).as("the episodes make incidents").hasSizeGreaterThan(10);
        assertThat(aggsA).hasSizeGreaterThan(1000);
        assertThat(alertsB).extracting(a -> a.getAlertId() + "/" + a.getState() + "/" + a.getEventTime()).doesNotHaveDuplicates();
        assertThat(alertsB).containsExactlyInAnyOrderElementsOf(alertsA);
        assertThat(incidentsB).extracting(a -> a.getAlertId() + "/" + a.getState() + "/" + a.getEventTime()).doesNotHaveDuplicates();
        assertThat(incidentsB).containsExactlyInAnyOrderElementsOf(incidentsA);
        assertThat(aggsB).extracting(a -> a.getHost() + "/" + a.getSubject() + "/" + a.getWindowS() + "/" + a.getWindowStart())
                .doesNotHaveDuplicates();
        assertThat(aggsB).containsExactlyInAnyOrderElementsOf(aggsA);
        assertThat(new KafkaIo(cluster.bootstrapServers()).countUncommitted("fo-b.aggregates"))
                .as("the killed instance's open transaction held aggregates that were aborted and written again")
                .isGreaterThan(aggsB.size());
        assertThat(Files.readString(log)).contains("raidpulse stream running");

        // the sinks and notifiers of three instances delivered what the one instance's did
        try (InfluxConnection influxA = influx("fo-a"); InfluxConnection influxB = influx("fo-b")) {
            assertThat(points(influxB)).as("points of the scaled sinks").isEqualTo(points(influxA));
        }
        assertThat(Set.copyOf(notified.get("fo-b"))).as("notified by the scaled notifiers").isEqualTo(Set.copyOf(notified.get("fo-a")));
        assertThat(notified.get("fo-a")).as("the single instance's notifier").doesNotHaveDuplicates();
        List<String> repeated = new ArrayList<>(notified.get("fo-b"));
        Set.copyOf(repeated).forEach(repeated::remove);
        System.out.printf("failover: %d notifications from the scaled notifiers, %d of them repeats %s%n", notified.get("fo-b").size(),
                repeated.size(), repeated);
        assertThat(repeated).as("repeats: at most the one post per partition of the killed notifier that was not yet committed")
                .hasSizeLessThanOrEqualTo(PARTITIONS);
    }

    /**
     * Waits until the application's sinks have written every alert and aggregate on its topics to
     * InfluxDB and its notifiers have posted every incident state change on its topic (the input all
     * committed, exactly once: its outputs are all on the topics).
     */
    static void awaitDelivered(String app) {
        List<Alert> alerts = read(app + ".alerts", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Aggregate> aggregates = read(app + ".aggregates", r -> AvroSerdes.aggregate().deserializer().deserialize("t", r));
        Set<String> dedupeKeys = read(app + ".incidents", r -> AvroSerdes.alert().deserializer().deserialize("t", r)).stream()
                .map(NotifierRunner::dedupeKey).collect(Collectors.toSet());
        Map<String, Double> expected = new TreeMap<>();
        expected.put("alerts", (double) alerts.size());
        for (String rp : List.of("agg_5s", "agg_30s")) {
            for (String m : List.of(InfluxPoints.DEVICE, InfluxPoints.ARRAY)) {
                expected.put(rp + "." + m, 0.0);
            }
        }
        aggregates.forEach(a -> expected.merge(InfluxPoints.aggregatePolicy(a.getWindowS()) + "."
                + (a.getSubjectKind() == SubjectKind.ARRAY ? InfluxPoints.ARRAY : InfluxPoints.DEVICE), 1.0, Double::sum));
        try (InfluxConnection influx = influx(app)) {
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                assertThat(points(influx)).as("%s: points in InfluxDB", app).isEqualTo(expected);
                assertThat(Set.copyOf(notified.getOrDefault(app, List.of()))).as("%s: notified", app).isEqualTo(dedupeKeys);
            });
        }
    }

    static InfluxConnection influx(String app) {
        return InfluxConnections.open(Settings.of(Map.of("influx.url", influxServer.url(), "influx.database", database(app))));
    }

    /** Points by retention policy and measurement (alerts; agg_5s and agg_30s windows of devices and arrays). */
    static Map<String, Double> points(InfluxConnection influx) {
        Map<String, Double> out = new TreeMap<>();
        out.put("alerts", count(influx, "SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\""));
        for (String rp : List.of("agg_5s", "agg_30s")) {
            for (String m : List.of(InfluxPoints.DEVICE, InfluxPoints.ARRAY)) {
                out.put(rp + "." + m, count(influx, "SELECT count(samples) AS n FROM \"" + rp + "\".\"" + m + "\""));
            }
        }
        return out;
    }

    static double count(InfluxConnection influx, String query) {
        List<InfluxQlResult.Row> rows = influx.query(query).rows();
        return rows.isEmpty() ? 0 : rows.get(0).number("n");
    }

    /** Members of the application's consumer group. */
    static int members(String app) throws Exception {
        return group(app).size();
    }

    /** The input partitions the instance with client id {@code instance} holds as active tasks. */
    static Set<TopicPartition> ownedBy(String app, String instance) throws Exception {
        Set<TopicPartition> out = new HashSet<>();
        for (MemberDescription m : group(app)) {
            if (m.clientId().startsWith(instance + "-")) {
                for (TopicPartition tp : m.assignment().topicPartitions()) {
                    if (tp.topic().equals(INPUT)) {
                        out.add(tp);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Whether, as its coordinator sees it, the transaction of {@code transactionalId} is open, began less than
     * {@code youngerThanMs} ago and holds records of {@code topic}. (A high watermark beyond the last stable offset
     * said an open transaction held records there, but not whose: the other instance writes to the same partitions.)
     */
    /** The start time of the open transaction of {@code transactionalId} if it is younger than that and holds {@code topic}; -1 if not. */
    static long youngTransactionStart(String transactionalId, String topic, long youngerThanMs) throws Exception {
        TransactionDescription t = admin.describeTransactions(List.of(transactionalId)).description(transactionalId).get(10, TimeUnit.SECONDS);
        boolean young = t.state() == TransactionState.ONGOING && t.transactionStartTimeMs().isPresent()
                && System.currentTimeMillis() - t.transactionStartTimeMs().getAsLong() < youngerThanMs
                && t.topicPartitions().stream().anyMatch(tp -> tp.topic().equals(topic));
        return young ? t.transactionStartTimeMs().getAsLong() : -1;
    }

    /** The transactional ids the application's stream threads have used (exactly_once_v2: application id, process id, thread). */
    static List<String> transactionalIds(String app) throws Exception {
        return admin.listTransactions().all().get(10, TimeUnit.SECONDS).stream().map(TransactionListing::transactionalId)
                .filter(id -> id.startsWith(app + "-")).toList();
    }

    /** The members of the application's group; none while it does not exist yet. */
    static List<MemberDescription> group(String app) throws Exception {
        try {
            return List.copyOf(admin.describeConsumerGroups(List.of(app)).all().get(10, TimeUnit.SECONDS).get(app).members());
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.GroupIdNotFoundException) {
                return List.of();
            }
            throw e;
        }
    }

    static int leaderOfInputPartitionZero() throws Exception {
        return admin.describeTopics(List.of(INPUT)).allTopicNames().get(30, TimeUnit.SECONDS).get(INPUT).partitions().get(0).leader().id();
    }

    static Map<TopicPartition, Long> offsets(String app) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(app).partitionsToOffsetAndMetadata()
                .get(10, TimeUnit.SECONDS);
        Map<TopicPartition, Long> out = new HashMap<>();
        offsets.forEach((tp, o) -> {
            if (tp.topic().equals(INPUT) && o != null) {
                out.put(tp, o.offset());
            }
        });
        return out;
    }

    /** Input records the application committed, over all partitions. */
    static long committed(String app) throws Exception {
        return offsets(app).values().stream().mapToLong(Long::longValue).sum();
    }

    static <T> List<T> read(String topic, Function<byte[], T> decode) {
        return new KafkaIo(cluster.bootstrapServers()).readToEnd(topic, Duration.ofSeconds(60)).stream()
                .map(r -> decode.apply(r.value())).toList();
    }
}
