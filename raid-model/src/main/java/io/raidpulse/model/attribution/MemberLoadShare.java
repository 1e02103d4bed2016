package io.raidpulse.model.attribution;

/**
 * One consumer's part of an array's member load over an interval: the member I/Os its requests
 * cost, and its share of all the members did.
 *
 * @param name           the consumer ({@link MemberLoad#SYNC} for md's own sync)
 * @param kind           what it is ({@link MemberLoad#SYNC_KIND} for the sync)
 * @param readMemberIos  member I/Os its reads cost
 * @param writeMemberIos member I/Os its writes cost (a raid5 read-modify-write's reads included)
 * @param share          (readMemberIos + writeMemberIos) over the member I/Os of every consumer, 0-1
 * @param reads          the requests it asked of the array (0 for the sync)
 * @param writes         the write requests it asked
 * @param readBytes      bytes it read
 * @param writeBytes     bytes it wrote
 */
public record MemberLoadShare(String name, String kind, double readMemberIos, double writeMemberIos, double share,
                              long reads, long writes, long readBytes, long writeBytes) {

    /** A consumer whose member I/Os are at least this fraction writes is "mostly writes", and reads alike. */
    public static final double MOSTLY = 2.0 / 3;

    public double memberIos() {
        return readMemberIos + writeMemberIos;
    }

    /** "mostly writes", "mostly reads", "reads and writes", or null for the sync and for nothing. */
    public String direction() {
        double all = memberIos();
        if (MemberLoad.SYNC_KIND.equals(kind) || !(all > 0)) {
            return null;
        }
        if (writeMemberIos >= MOSTLY * all) {
            return "mostly writes";
        }
        return readMemberIos >= MOSTLY * all ? "mostly reads" : "reads and writes";
    }
}
