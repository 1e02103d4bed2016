package io.raidpulse.md;

import java.util.Locale;
import java.util.Optional;

/**
 * md raid5/raid6 parity placement, numbered as {@code ALGORITHM_*} in
 * {@code drivers/md/raid5.h} and named as mdadm prints them. The capacity model treats every
 * algorithm as rotating parity; PARITY_FIRST and PARITY_LAST keep parity on one device
 * (RAID4-like), which concentrates small-write parity I/O on that member.
 */
public enum ParityAlgorithm {
    LEFT_ASYMMETRIC(0, "left-asymmetric", "la"),
    RIGHT_ASYMMETRIC(1, "right-asymmetric", "ra"),
    LEFT_SYMMETRIC(2, "left-symmetric", "ls"),
    RIGHT_SYMMETRIC(3, "right-symmetric", "rs"),
    PARITY_FIRST(4, "parity-first", null),
    PARITY_LAST(5, "parity-last", null),
    DDF_ZERO_RESTART(8, "ddf-zero-restart", null),
    DDF_N_RESTART(9, "ddf-N-restart", null),
    DDF_N_CONTINUE(10, "ddf-N-continue", null),
    LEFT_ASYMMETRIC_6(16, "left-asymmetric-6", null),
    RIGHT_ASYMMETRIC_6(17, "right-asymmetric-6", null),
    LEFT_SYMMETRIC_6(18, "left-symmetric-6", null),
    RIGHT_SYMMETRIC_6(19, "right-symmetric-6", null),
    PARITY_FIRST_6(20, "parity-first-6", null);

    private static final int PARITY_LAST_NUMBER = 5;

    private final int number;
    private final String mdadmName;
    private final String shortName;

    ParityAlgorithm(int number, String mdadmName, String shortName) {
        this.number = number;
        this.mdadmName = mdadmName;
        this.shortName = shortName;
    }

    /** The value of {@code /sys/block/mdX/md/layout} and of mdstat's "algorithm N". */
    public int number() {
        return number;
    }

    public String mdadmName() {
        return mdadmName;
    }

    /** The six layouts md's raid5 had from the start (numbers 0 to 5): those the simulator models. */
    public boolean classic() {
        return number <= PARITY_LAST_NUMBER;
    }

    public static Optional<ParityAlgorithm> byName(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        for (ParityAlgorithm a : values()) {
            if (a.mdadmName.toLowerCase(Locale.ROOT).equals(t) || t.equals(a.shortName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    public static Optional<ParityAlgorithm> byNumber(int number) {
        for (ParityAlgorithm a : values()) {
            if (a.number == number) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
