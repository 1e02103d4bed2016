package io.raidpulse.topics.testing;

import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.MdSource;
import java.util.ArrayList;
import java.util.List;

/** An md array in a test sample. */
public final class Md {
    private final MdArray.Builder b;
    private final List<MdMember> members = new ArrayList<>();
    private final List<String> leaves = new ArrayList<>();

    private Md(String name, String level) {
        b = MdArray.newBuilder().setName(name).setSource(MdSource.SYSFS).setActive(true).setLevel(level)
                .setArrayState("clean").setSyncAction("idle").setDegraded(0).setMismatchCnt(0L);
    }

    public static Md array(String name, String level, String... memberDevices) {
        Md md = new Md(name, level);
        int role = 0;
        for (String d : memberDevices) {
            md.members.add(member(d, role++).build());
        }
        md.b.setRaidDisks(memberDevices.length);
        return md;
    }

    private static MdMember.Builder member(String device, Integer role) {
        return MdMember.newBuilder().setDevice(device).setRole(role).setState(List.of("in_sync")).setInSync(true)
                .setFaulty(false).setSpare(false).setWriteMostly(false).setReplacement(false);
    }

    public Md layout(String layout) {
        b.setLayout(layout);
        return this;
    }

    public Md chunk(long bytes) {
        b.setChunkBytes(bytes);
        return this;
    }

    public Md raidDisks(int n) {
        b.setRaidDisks(n);
        return this;
    }

    public Md leaves(String... leafDisks) {
        leaves.addAll(List.of(leafDisks));
        return this;
    }

    public Md degraded(int n) {
        b.setDegraded(n);
        return this;
    }

    public Md faulty(String device) {
        replace(device, member(device, null).setState(List.of("faulty")).setInSync(false).setFaulty(true).build());
        return this;
    }

    public Md spare(String device) {
        members.removeIf(m -> m.getDevice().equals(device));
        members.add(member(device, null).setState(List.of("spare")).setInSync(false).setSpare(true).build());
        return this;
    }

    public Md remove(String device) {
        members.removeIf(m -> m.getDevice().equals(device));
        return this;
    }

    public Md inactive() {
        b.setActive(false).setArrayState("inactive");
        return this;
    }

    public Md mismatch(long n) {
        b.setMismatchCnt(n);
        return this;
    }

    /** A running sync: action, percent done, speed in KiB/s, ETA in s (null: unknown), total sectors. */
    public Md sync(String action, double pct, long speedKiB, Long etaS) {
        long total = 1_000_000_000L;
        b.setSyncAction(action).setSyncState("running").setSyncCompletedPct(pct).setSyncSpeedKibS(speedKiB).setSyncEtaS(etaS)
                .setSyncTotalSectors(total).setSyncDoneSectors(Math.round(total * pct / 100));
        return this;
    }

    public Md syncDelayed(String action) {
        b.setSyncAction(action).setSyncState("delayed");
        return this;
    }

    private void replace(String device, MdMember m) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).getDevice().equals(device)) {
                members.set(i, m);
                return;
            }
        }
        members.add(m);
    }

    MdArray build() {
        return b.setMembers(new ArrayList<>(members)).setLeafDisks(new ArrayList<>(leaves)).build();
    }
}
