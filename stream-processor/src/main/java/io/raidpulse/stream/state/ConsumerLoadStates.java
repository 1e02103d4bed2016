package io.raidpulse.stream.state;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.schema.ConsumerLoadState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.io.Encoder;

/**
 * A {@link MemberLoad} summed over samples as the state records keep it (ConsumerLoadState: each
 * consumer's member I/Os and requests; the shares are taken again from the sums when read back).
 */
public final class ConsumerLoadStates {
    private ConsumerLoadStates() {
    }

    /** The shares' sums, largest first; null for null. */
    public static List<ConsumerLoadState> toRecords(MemberLoad load) {
        if (load == null) {
            return null;
        }
        List<ConsumerLoadState> out = new ArrayList<>(load.shares().size());
        for (MemberLoadShare s : load.shares()) {
            out.add(new ConsumerLoadState(s.name(), s.kind(), s.readMemberIos(), s.writeMemberIos(), s.reads(), s.writes(), s.readBytes(),
                    s.writeBytes()));
        }
        return out;
    }

    /** The load the records sum, over {@code memberIos} member I/Os; null for null. */
    public static MemberLoad fromRecords(List<ConsumerLoadState> records, double memberIos, boolean syncSeparated) {
        if (records == null) {
            return null;
        }
        List<MemberLoadShare> shares = new ArrayList<>(records.size());
        for (ConsumerLoadState r : records) {
            double ios = r.getReadMemberIos() + r.getWriteMemberIos();
            shares.add(new MemberLoadShare(r.getName(), r.getKind(), r.getReadMemberIos(), r.getWriteMemberIos(),
                    memberIos > 0 ? ios / memberIos : 0, r.getReads(), r.getWrites(), r.getReadBytes(), r.getWriteBytes()));
        }
        return new MemberLoad(List.copyOf(shares), memberIos, syncSeparated);
    }

    /** {@link #toRecords}'s value as the {@code ["null", array of ConsumerLoadState]} union Avro writes. */
    public static void writeNullable(Encoder out, MemberLoad load) throws IOException {
        if (load == null) {
            out.writeIndex(0);
            out.writeNull();
            return;
        }
        out.writeIndex(1);
        writeArray(out, load);
    }

    /** {@link #toRecords}'s value as the array of ConsumerLoadState Avro writes; {@code load} not null. */
    public static void writeArray(Encoder out, MemberLoad load) throws IOException {
        List<MemberLoadShare> shares = load.shares();
        out.writeArrayStart();
        out.setItemCount(shares.size());
        for (MemberLoadShare s : shares) {
            out.startItem();
            out.writeString(s.name());
            out.writeString(s.kind());
            out.writeDouble(s.readMemberIos());
            out.writeDouble(s.writeMemberIos());
            out.writeLong(s.reads());
            out.writeLong(s.writes());
            out.writeLong(s.readBytes());
            out.writeLong(s.writeBytes());
        }
        out.writeArrayEnd();
    }
}
