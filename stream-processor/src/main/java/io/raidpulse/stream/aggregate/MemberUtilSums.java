package io.raidpulse.stream.aggregate;

import java.util.Arrays;

/**
 * An array's members' util summed over a window, in the order the members were first seen (the
 * order the state keeps them in). Each sample lists the members in the same order, so a member is
 * looked for at the position it had in the sample first: no hashing of names and no boxed sums,
 * where a {@code LinkedHashMap<String, Double>} merge per member per sample was 2-3% of the stream
 * thread.
 */
final class MemberUtilSums {
    private String[] names = new String[8];
    private double[] sums = new double[8];
    private int size;

    int size() {
        return size;
    }

    String name(int i) {
        return names[i];
    }

    double sum(int i) {
        return sums[i];
    }

    /** Adds {@code util} to {@code member}'s sum, looking first at {@code position}, where the member usually is. */
    void add(int position, String member, double util) {
        int i = position < size && names[position].equals(member) ? position : indexOf(member);
        if (i < 0) {
            append(member, util);
        } else {
            sums[i] += util;
        }
    }

    /** Adds every sum of {@code other}, members this window has not seen appended in {@code other}'s order. */
    void addAll(MemberUtilSums other) {
        for (int j = 0; j < other.size; j++) {
            add(j, other.names[j], other.sums[j]);
        }
    }

    /** The member with the highest sum, the first seen of equal ones; null when there is none. */
    String busiest() {
        String busiest = null;
        double busiestSum = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < size; i++) {
            if (sums[i] > busiestSum) {
                busiest = names[i];
                busiestSum = sums[i];
            }
        }
        return busiest;
    }

    private int indexOf(String member) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(member)) {
                return i;
            }
        }
        return -1;
    }

    private void append(String member, double util) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            sums = Arrays.copyOf(sums, size * 2);
        }
        names[size] = member;
        sums[size] = util;
        size++;
    }
}
