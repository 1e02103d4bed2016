package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoAttribution;
import io.raidpulse.schema.IoConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sample's consumers of one device or array (HostSample v5 DeviceSample.consumers) as shares of its
 * member load, by the raid-model's {@link MemberLoad} arithmetic: an md array's on its geometry and its
 * leaf members' measured I/Os, a hardware RAID volume's on its declared geometry (its members are hidden:
 * the modelled cost is the total), a standalone disk's on itself.
 *
 * <p>A collector that reads io.stat every few cycles (HostSample v6, IoAttribution.span_s) sends
 * consumers whose counts cover the whole span since its last reading; they are taken at their mean
 * rates over it, times this sample's interval ({@code perInterval}: interval_s / span_s), so that
 * they stand beside this sample's member I/Os as the every-cycle reading's do.
 */
final class ConsumerLoads {
    /** One disk is its own only member. */
    private static final RaidLayout SINGLE = RaidLayout.of(RaidLevel.SINGLE, 1);
    /** The kinds as the Aggregate, the alerts and InfluxDB's consumer_kind tag spell them: lower case. */
    private static final String[] KINDS = kinds();

    private static final Logger log = LoggerFactory.getLogger(ConsumerLoads.class);

    private ConsumerLoads() {
    }

    /**
     * What a sample's consumer counts are multiplied by to stand for its interval: interval_s over
     * the span they cover (HostSample v6 IoAttribution.span_s); 1 when they cover the interval (v5, or
     * io.stat read every cycle).
     */
    static double perInterval(HostSample sample) {
        IoAttribution a = sample.getIoAttribution();
        Double span = a == null ? null : a.getSpanS();
        Double interval = sample.getIntervalS();
        return span == null || interval == null || !(span > interval) ? 1 : interval / span;
    }

    /** A standalone disk's or partition's: {@code reads + writes} the disk completed. Null without consumers. */
    static MemberLoad ofDisk(List<IoConsumer> consumers, double perInterval, long reads, long writes) {
        List<ConsumerRequests> requests = requests(consumers, perInterval);
        return requests == null ? null : MemberLoad.of(SINGLE, reads + writes, null, requests);
    }

    /** A hardware RAID volume's, on what was declared of it (the measured write amplification when nothing was). Null without consumers. */
    static MemberLoad ofVolume(List<IoConsumer> consumers, double perInterval, HardwareVolume v) {
        List<ConsumerRequests> requests = requests(consumers, perInterval);
        if (requests == null) {
            return null;
        }
        RaidLayout layout = new ArrayShape(v.getLevel(), v.getLayout(), v.getDisks(), null, null, null, null, null).raidLayout().orElse(null);
        return MemberLoad.of(layout, null, null, requests);
    }

    /**
     * An md array's: {@code layout} null when the model does not cover it; {@code memberIos} the leaf members'
     * reads plus writes; {@code syncAction} md's sync action running on it, or null. Null without consumers.
     */
    static MemberLoad ofArray(List<IoConsumer> consumers, double perInterval, RaidLayout layout, long memberIos, String syncAction) {
        List<ConsumerRequests> requests = requests(consumers, perInterval);
        return requests == null ? null
                : MemberLoad.of(layout, memberIos, syncAction == null ? null : syncName(syncAction), requests);
    }

    /** How the sync is named among the consumers: "md check", "md resync". */
    static String syncName(String action) {
        return "md " + action;
    }

    /**
     * The consumers as the model takes them; null when there are none to take, or when one is impossible (a
     * blank name, a negative count: io.stat's counters only grow): the device's consumers are then not told for
     * that sample, its load still is.
     */
    private static List<ConsumerRequests> requests(List<IoConsumer> consumers, double perInterval) {
        if (consumers == null) {
            return null;
        }
        List<ConsumerRequests> out = new ArrayList<>(consumers.size());
        for (IoConsumer c : consumers) {
            if (c.getName() == null || c.getName().isBlank() || c.getReadIos() < 0 || c.getWriteIos() < 0 || c.getReadBytes() < 0
                    || c.getWriteBytes() < 0) {
                log.debug("consumer {} with {} reads, {} writes, {} and {} bytes is impossible: the device's consumers are left out",
                        c.getName(), c.getReadIos(), c.getWriteIos(), c.getReadBytes(), c.getWriteBytes());
                return null;
            }
            out.add(new ConsumerRequests(c.getName(), KINDS[c.getKind().ordinal()], scaled(c.getReadIos(), perInterval),
                    scaled(c.getWriteIos(), perInterval), scaled(c.getReadBytes(), perInterval), scaled(c.getWriteBytes(), perInterval)));
        }
        return out;
    }

    /** A count times {@link #perInterval}; exact when that is 1 (a double holds counts exactly only up to 2^53). */
    private static long scaled(long count, double perInterval) {
        return perInterval == 1 ? count : Math.round(count * perInterval);
    }

    private static String[] kinds() {
        io.raidpulse.schema.ConsumerKind[] all = io.raidpulse.schema.ConsumerKind.values();
        String[] out = new String[all.length];
        for (io.raidpulse.schema.ConsumerKind k : all) {
            out[k.ordinal()] = k.name().toLowerCase(Locale.ROOT);
        }
        return out;
    }
}
