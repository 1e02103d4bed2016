package io.raidpulse.collector.collect;

import io.raidpulse.collector.hwraid.HardwareVolumes;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.publish.ProducerSettings;
import io.raidpulse.collector.publish.SpoolSender;
import io.raidpulse.collector.sample.HostSample;
import io.raidpulse.collector.sample.SampleEncoding;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.spool.SequenceFile;
import io.raidpulse.collector.spool.Spool;
import io.raidpulse.config.KafkaSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent: every interval, one HostSample with the next sequence number goes into the spool,
 * and a {@link SpoolSender} thread sends the spool to Kafka in order. Sampling never waits for
 * Kafka. Runs until {@link #stop()}.
 */
public final class Collector implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Collector.class);
    /** How long stop() lets the sender drain what is spooled before closing the producer. */
    private static final long DRAIN_MS = 5_000;

    private final CollectorSettings settings;
    private final HostSampler sampler;
    private final Spool spool;
    private final SequenceFile sequence;
    private final SpoolSender sender;
    private final Thread senderThread;
    private volatile boolean running = true;
    /** the last sample spooled, as spooled */
    private volatile byte[] last;
    /** Written by the sampling thread only; read by status lines and tests from others. */
    private volatile long samples;
    /** Samples lost because even an emptied spool could not take them (a filesystem full of other files). */
    private long notSpooled;

    private Collector(CollectorSettings settings, HostSampler sampler, Spool spool, SequenceFile sequence, SpoolSender sender) {
        this.settings = settings;
        this.sampler = sampler;
        this.spool = spool;
        this.sequence = sequence;
        this.sender = sender;
        this.senderThread = new Thread(sender, "raidpulse-spool-sender");
        this.senderThread.setDaemon(true);
    }

    /** Opens the spool and the producer; {@code producerFactory} is {@link KafkaProducer}'s constructor outside tests. */
    public static Collector create(Settings all, String version,
                                   Function<Map<String, Object>, Producer<String, byte[]>> producerFactory) {
        validate(all);
        CollectorSettings s = CollectorSettings.from(all);
        HostInfo.Identity host = HostInfo.identity(s.roots(), s.host());
        Map<String, Object> config = ProducerSettings.of(all, "raidpulse-collector-" + host.hostname());
        Spool spool;
        SequenceFile seq;
        try {
            spool = Spool.open(s.spoolDir(), s.spoolMaxBytes(), s.spoolFsync());
        } catch (IOException e) {
            throw new UserException("spool directory " + s.spoolDir() + " cannot be used (" + e.getMessage()
                    + "): set collector.spool.dir or --spool-dir to a writable directory", e);
        }
        try {
            seq = SequenceFile.open(s.spoolDir(), s.spoolFsync());
        } catch (IOException e) {
            closeQuietly(spool);
            throw new UserException("spool directory " + s.spoolDir() + " cannot be used (" + e.getMessage()
                    + "): set collector.spool.dir or --spool-dir to a writable directory", e);
        }
        Producer<String, byte[]> producer;
        try {
            producer = producerFactory.apply(config);
        } catch (KafkaException e) {
            closeQuietly(spool);
            closeQuietly(seq);
            throw KafkaSettings.clientError("Kafka producer settings", e, all);
        }
        Function<String, String[]> oshi = null;
        if (s.roots().live()) {
            Map<String, String[]> disks = HostInfo.oshiDisks();
            oshi = name -> {
                String[] d = disks.get(name);
                return d == null ? null : new String[] {known(d[0]), known(d[1])};
            };
        }
        HostSampler sampler = new HostSampler(new RootReader(s.roots(), s.clock()), s.filter(), host, version,
                Instant.now(), new BlockInventory(s.roots().sys(), oshi), System::nanoTime, s.hwraid(), s.attribution());
        Object deliveryTimeoutMs = ProducerConfig.configDef().parse(config).get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        Duration deliveryTimeout = Duration.ofMillis(((Number) deliveryTimeoutMs).longValue());
        SpoolSender sender = new SpoolSender(spool, producer, () -> producerFactory.apply(config), deliveryTimeout,
                s.topic(), String.valueOf(config.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)));
        return new Collector(s, sampler, spool, seq, sender);
    }

    /**
     * Reads every setting the agent reads, with the same readers, without opening anything: its
     * own and the producer's (parsed as the Kafka producer parses them). Throws the first invalid
     * or missing one as a {@link io.raidpulse.config.ConfigException} naming its key;
     * {@code raidpulse config check} calls it too.
     */
    public static void validate(Settings all) {
        CollectorSettings.from(all);
        KafkaSettings.parse(ProducerConfig.configDef(),
                ProducerSettings.of(all, "raidpulse-collector-check"));
    }

    private static String known(String v) {
        return v == null || v.isBlank() || v.equalsIgnoreCase("unknown") ? null : v;
    }

    /** Starts sending the spool to Kafka, without sampling: for a caller that drives {@link #sampleOnce()} itself. */
    public synchronized void startSending() {
        if (!senderThread.isAlive() && senderThread.getState() == Thread.State.NEW) {
            senderThread.start();
        }
    }

    /** Samples every interval until {@link #stop()}; returns when stopped. */
    public void run() throws InterruptedException {
        startSending();
        LOG.info("collecting from {} and {} every {} s as host {}, to topic {}; spool {} (at most {} MiB)",
                settings.roots().proc(), settings.roots().sys(), settings.interval().toMillis() / 1000.0,
                sampler.hostname(), settings.topic(), settings.spoolDir(), settings.spoolMaxBytes() >> 20);
        // what was recognised and declared, once at start; the first sample warns of a contradicted or missing
        // declared volume (and again every 10 minutes while it lasts)
        HardwareVolumes.scan(settings.roots().sys(), settings.hwraid()).notes().forEach(LOG::info);
        long period = settings.interval().toNanos();
        long next = System.nanoTime();
        while (running) {
            sampleOnce();
            next += period;
            long wait = next - System.nanoTime();
            if (wait < 0) {
                next = System.nanoTime(); // a cycle took longer than the interval: skip ahead, do not burst
                continue;
            }
            synchronized (this) {
                if (running) {
                    TimeUnit.NANOSECONDS.timedWait(this, wait);
                }
            }
        }
    }

    /**
     * One cycle: read, compute, encode, spool. Called by {@link #run()} every interval, or by a
     * caller that steps a simulated host and samples it in lockstep.
     */
    public void sampleOnce() {
        try {
            HostSample sample = sampler.next(sequence.peek(), spool.dropped() + notSpooled + sender.undeliverable());
            // the topic's bytes, written by the collector's own classes without Avro's Schema (SampleEncoding)
            byte[] bytes = SampleEncoding.encode(sample);
            // room first: the sequence file is written next to the segments, on the same filesystem
            spool.makeRoom(bytes.length + 64L);
            sequence.next();
            spool.append(sampler.hostname(), bytes);
            last = bytes;
            samples++;
        } catch (IOException e) {
            notSpooled++;
            LOG.error("cannot write to the spool {}: {}; this sample is lost (counted in spool_dropped)", settings.spoolDir(), e.toString());
        } catch (RuntimeException e) {
            // a bug, not bad input (parsers report that as problems): keep sampling, show the trace
            LOG.error("sampling failed; this sample is lost", e);
        }
    }

    public Spool spool() {
        return spool;
    }

    public SpoolSender sender() {
        return sender;
    }

    public long samples() {
        return samples;
    }

    /** The last sample spooled, or null before the first: what a status line shows (read back from its bytes). */
    public io.raidpulse.schema.HostSample lastSample() {
        byte[] b = last;
        return b == null ? null : SampleEncoding.toAvro(b);
    }

    /** The host name samples are sent as. */
    public String hostname() {
        return sampler.hostname();
    }

    /**
     * Ends the loop after the cycle in progress. Not by interrupting it: an interrupt during a
     * spool write would close the segment's FileChannel (ClosedByInterruptException).
     */
    public void stop() {
        synchronized (this) {
            running = false;
            notifyAll();
        }
    }

    @Override
    public void close() {
        stop();
        long deadline = System.currentTimeMillis() + DRAIN_MS;
        while (!spool.isEmpty() && sender.reachable() && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        sender.stop();
        try {
            senderThread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sender.closeProducer(Duration.ofSeconds(2));
        closeQuietly(spool);
        closeQuietly(sequence);
    }

    private static void closeQuietly(SequenceFile sequence) {
        try {
            sequence.close();
        } catch (IOException e) {
            LOG.warn("closing the sequence file: {}", e.toString());
        }
    }

    private static void closeQuietly(Spool spool) {
        try {
            spool.close();
        } catch (IOException e) {
            LOG.warn("closing the spool {}: {}", spool.directory(), e.toString());
        }
    }

    /** The producer the agent uses outside tests. */
    public static Producer<String, byte[]> kafkaProducer(Map<String, Object> config) {
        return new KafkaProducer<>(config);
    }
}
