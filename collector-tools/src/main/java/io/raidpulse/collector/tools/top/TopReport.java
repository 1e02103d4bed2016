package io.raidpulse.collector.tools.top;

import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoAttribution;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.MdArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One interval of {@code raidpulse top}: per md array its util, its members' load and each
 * consumer's share of that load (raid-model's {@link MemberLoad}: the arithmetic the stream
 * processor and plan use), then the standalone devices (disks, hardware RAID volumes) with their
 * consumers' shares of their own I/Os. Built from one HostSample, the collector's own.
 */
public record TopReport(String host, String time, double intervalS, IoAttribution attribution, List<Target> targets) {

    /**
     * An array or a standalone device.
     *
     * @param layout     "raid5 x4" for an array, null for a device
     * @param memberIosS the members' completed I/Os a second (the device's own for a device)
     * @param sync       md's sync running ("md check"), or null
     */
    public record Target(String name, String layout, Double util, double rS, double wS, double memberIosS, String sync,
                         List<Share> consumers) {
    }

    /** A consumer's share of the target's member load, and what it asked of the target, a second. */
    public record Share(String name, String kind, double memberLoadPct, double memberIopsS, double rS, double wS, double rkBS,
                        double wkBS, String direction) {
    }

    public static TopReport of(HostSample s) {
        double t = s.getIntervalS() == null ? 0 : s.getIntervalS();
        Map<String, DeviceSample> devices = new HashMap<>();
        s.getDevices().forEach(d -> devices.put(d.getName(), d));
        List<Target> targets = new ArrayList<>();
        for (MdArray a : s.getArrays()) {
            DeviceSample d = devices.get(a.getName());
            if (d == null || d.getDeltas() == null) {
                continue;
            }
            long memberIos = 0;
            for (String leaf : a.getLeafDisks()) {
                DeviceSample m = devices.get(leaf);
                if (m != null && m.getDeltas() != null) {
                    memberIos += m.getDeltas().getReads() + m.getDeltas().getWrites();
                }
            }
            RaidLayout layout = layout(a);
            String sync = a.getSyncAction() == null || a.getSyncAction().equals("idle") ? null : "md " + a.getSyncAction();
            targets.add(target(d, layout == null ? a.getLevel() : layout.describe(), layout, memberIos, sync, t));
        }
        for (DeviceSample d : s.getDevices()) {
            if (d.getConsumers() != null && d.getDeltas() != null && d.getKind() != io.raidpulse.schema.DeviceKind.MD) {
                CounterDeltas x = d.getDeltas();
                targets.add(target(d, null, RaidLayout.of(RaidLevel.SINGLE, 1), x.getReads() + x.getWrites(), null, t));
            }
        }
        return new TopReport(s.getHost().getHostname(), s.getSampleTime().toString(), t, s.getIoAttribution(), List.copyOf(targets));
    }

    /** The array's geometry as raid-model knows it, or null for one it does not cover (linear, an inactive array). */
    static RaidLayout layout(MdArray a) {
        if (a.getLevel() == null || a.getRaidDisks() == null) {
            return null;
        }
        try {
            return RaidLayout.parse(a.getLevel(), a.getLayout(), a.getRaidDisks()).withChunk(a.getChunkBytes());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Target target(DeviceSample d, String described, RaidLayout layout, long memberIos, String sync, double t) {
        CounterDeltas x = d.getDeltas();
        List<Share> shares = new ArrayList<>();
        if (d.getConsumers() != null) {
            List<ConsumerRequests> requests = new ArrayList<>();
            Map<String, IoConsumer> byName = new HashMap<>();
            for (IoConsumer c : d.getConsumers()) {
                requests.add(new ConsumerRequests(c.getName(), c.getKind().name().toLowerCase(Locale.ROOT), c.getReadIos(),
                        c.getWriteIos(), c.getReadBytes(), c.getWriteBytes()));
                byName.put(c.getName(), c);
            }
            MemberLoad load = MemberLoad.of(layout, memberIos, sync, requests);
            for (MemberLoadShare m : load.shares()) {
                shares.add(new Share(m.name(), m.kind(), m.share() * 100, rate(m.memberIos(), t), rate(m.reads(), t),
                        rate(m.writes(), t), rate(m.readBytes() / 1024.0, t), rate(m.writeBytes() / 1024.0, t), m.direction()));
            }
        }
        Double util = d.getMetrics() == null ? null : d.getMetrics().getUtil();
        return new Target(d.getName(), described, util, rate(x.getReads(), t), rate(x.getWrites(), t), rate(memberIos, t), sync,
                List.copyOf(shares));
    }

    private static double rate(double n, double t) {
        return t > 0 ? n / t : 0;
    }
}
