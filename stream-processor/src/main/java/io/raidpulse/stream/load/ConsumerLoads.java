package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.IoConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sample's consumers of one device or array (HostSample v5 DeviceSample.consumers) as shares of its
 * member load, by the raid-model's {@link MemberLoad} arithmetic: an md array's on its geometry and its
 * leaf members' measured I/Os, a hardware RAID volume's on its declared geometry (its members are hidden:
 * the modelled cost is the total), a standalone disk's on itself.
 */
final class ConsumerLoads {
    /** One disk is its own only member. */
    private static final RaidLayout SINGLE = RaidLayout.of(RaidLevel.SINGLE, 1);
    /** The kinds as the Aggregate, the alerts and InfluxDB's consumer_kind tag spell them: lower case. */
    private static final String[] KINDS = kinds();

    private ConsumerLoads() {
    }

    /** A standalone disk's or partition's: {@code reads + writes} the disk completed. Null without consumers. */
    static MemberLoad ofDisk(List<IoConsumer> consumers, long reads, long writes) {
        return consumers == null ? null : MemberLoad.of(SINGLE, reads + writes, null, requests(consumers));
    }

    /** A hardware RAID volume's, on what was declared of it (the measured write amplification when nothing was). Null without consumers. */
    static MemberLoad ofVolume(List<IoConsumer> consumers, HardwareVolume v) {
        if (consumers == null) {
            return null;
        }
        RaidLayout layout = new ArrayShape(v.getLevel(), v.getLayout(), v.getDisks(), null, null, null, null, null).raidLayout().orElse(null);
        return MemberLoad.of(layout, null, null, requests(consumers));
    }

    /**
     * An md array's: {@code layout} null when the model does not cover it; {@code memberIos} the leaf members'
     * reads plus writes; {@code syncAction} md's sync action running on it, or null. Null without consumers.
     */
    static MemberLoad ofArray(List<IoConsumer> consumers, RaidLayout layout, long memberIos, String syncAction) {
        if (consumers == null) {
            return null;
        }
        return MemberLoad.of(layout, memberIos, syncAction == null ? null : syncName(syncAction), requests(consumers));
    }

    /** How the sync is named among the consumers: "md check", "md resync". */
    static String syncName(String action) {
        return "md " + action;
    }

    private static List<ConsumerRequests> requests(List<IoConsumer> consumers) {
        List<ConsumerRequests> out = new ArrayList<>(consumers.size());
        for (IoConsumer c : consumers) {
            out.add(new ConsumerRequests(c.getName(), KINDS[c.getKind().ordinal()], c.getReadIos(), c.getWriteIos(), c.getReadBytes(),
                    c.getWriteBytes()));
        }
        return out;
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
