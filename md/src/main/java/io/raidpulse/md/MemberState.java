package io.raidpulse.md;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The flags md/dev-NAME/state prints (md.c state_show), comma-separated. state_show prints "spare"
 * for every member that is neither faulty, journal nor in_sync: an idle spare and one being rebuilt
 * alike.
 */
public enum MemberState {
    FAULTY("faulty"),
    IN_SYNC("in_sync"),
    JOURNAL("journal"),
    WRITE_MOSTLY("write_mostly"),
    BLOCKED("blocked"),
    SPARE("spare"),
    WRITE_ERROR("write_error"),
    WANT_REPLACEMENT("want_replacement"),
    REPLACEMENT("replacement"),
    EXTERNAL_BBL("external_bbl"),
    FAILFAST("failfast");

    private final String word;

    MemberState(String word) {
        this.word = word;
    }

    /** As state_show prints it: "in_sync". */
    public String word() {
        return word;
    }

    /** The flag {@code word} names ("writemostly" too, as kernels before 4.10 print it); null for an unknown word. */
    public static MemberState of(String word) {
        if ("writemostly".equals(word)) {
            return WRITE_MOSTLY;
        }
        for (MemberState s : values()) {
            if (s.word.equals(word)) {
                return s;
            }
        }
        return null;
    }

    /** The known flags among state_show's {@code words}; unknown words are left out. */
    public static Set<MemberState> flags(List<String> words) {
        Set<MemberState> out = EnumSet.noneOf(MemberState.class);
        for (String w : words) {
            MemberState s = of(w);
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }
}
