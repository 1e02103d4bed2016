package io.raidpulse.stream.load;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.load.MdState;
import java.util.List;

/**
 * One md array over one interval: what the application asked of it (md's own r/s, w/s, kB/s and
 * request sizes) and what its leaf member disks did (util, await, aqu-sz). md's own util,
 * await and aqu-sz are zero or unreliable on many kernels (docs/iostat.md#util-saturation-and-md-arrays), so the array's
 * saturation is its busiest member's.
 *
 * @param level          RAID level (raid5), null when unknown
 * @param md             the array's own block device
 * @param members        leaf member disks with metrics (nested arrays resolved; spares and faulty members left out)
 * @param busiest        the member with the highest util
 * @param memberUtilMean mean util over the members, 0-100
 * @param memberAwaitMs  mean request time over all members' reads and writes, ms
 * @param syncAction     the md sync action running on the array (check, resync, recover, reshape, repair), else null
 * @param state          the array's own health figures in this sample (members, degraded, sync progress, mismatches)
 * @param consumers      who loaded it, as shares of its members' load (the md device's consumers, the sync among
 *                       them); null when the sample did not say
 */
public record ArrayLoad(String subject, String level, DeviceLoad md, List<DeviceLoad> members, DeviceLoad busiest,
                        double memberUtilMean, double memberAwaitMs, String syncAction,
                        WriteAmplification amplification, MdState state, MemberLoad consumers) implements SubjectLoad {

    @Override
    public SubjectKind kind() {
        return SubjectKind.ARRAY;
    }

    @Override
    public double util() {
        return busiest.util();
    }

    @Override
    public double awaitMs() {
        return busiest.awaitMs();
    }

    @Override
    public double aquSz() {
        return busiest.aquSz();
    }

    @Override
    public double readIops() {
        return md.readIops();
    }

    @Override
    public double writeIops() {
        return md.writeIops();
    }

    @Override
    public double readKBs() {
        return md.readKBs();
    }

    @Override
    public double writeKBs() {
        return md.writeKBs();
    }

    @Override
    public double intervalS() {
        return md.intervalS();
    }

    /** Mean read request size asked of the array, kB (iostat rareq-sz of the md device). */
    public double readRequestKB() {
        return md.reads() == 0 ? 0.0 : md.sectorsRead() / 2.0 / md.reads();
    }

    /** Mean write request size asked of the array, kB. */
    public double writeRequestKB() {
        return md.writes() == 0 ? 0.0 : md.sectorsWritten() / 2.0 / md.writes();
    }

    @Override
    public boolean parallel() {
        return members.stream().anyMatch(DeviceLoad::parallel);
    }
}
