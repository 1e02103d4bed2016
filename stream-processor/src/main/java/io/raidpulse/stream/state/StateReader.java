package io.raidpulse.stream.state;

import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.EpisodePhase;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import java.nio.charset.StandardCharsets;

/**
 * Reads the binary state formats of builds before the Avro state records: varint-encoded numbers
 * raw IEEE doubles and length-prefixed UTF-8 strings (null as length -1), in the order each format wrote them.
 */
public final class StateReader {
    /*
     * Those formats wrote an enum as its position. The positions are frozen here as those builds
     * had them, so that a symbol added to or moved in an enum today cannot change what an old
     * value reads as.
     */
    private static final SubjectKind[] SUBJECT_KINDS = {SubjectKind.DEVICE, SubjectKind.ARRAY, SubjectKind.HOST};
    private static final Severity[] SEVERITIES = {Severity.CRITICAL, Severity.WARNING, Severity.INFO};
    private static final AlertKind[] ALERT_KINDS = {AlertKind.SATURATION, AlertKind.CAPACITY, AlertKind.ARRAY_DEGRADED,
            AlertKind.MEMBER_FAULTY, AlertKind.ARRAY_INACTIVE, AlertKind.SYNC, AlertKind.MISMATCH, AlertKind.NO_SPARE,
            AlertKind.OTHER, AlertKind.CAPACITY_FORECAST};
    /** a state machine's phase: IDLE, PENDING, FIRING in the saturation and capacity formats alike */
    private static final EpisodePhase[] PHASES = {EpisodePhase.IDLE, EpisodePhase.PENDING, EpisodePhase.FIRING};

    private final byte[] buf;
    private int pos;

    public StateReader(byte[] buf) {
        this.buf = buf;
    }

    public int readByte() {
        if (pos >= buf.length) {
            throw new IllegalStateException("state record truncated at byte " + pos);
        }
        return buf[pos++];
    }

    public SubjectKind readSubjectKind() {
        return symbol(SUBJECT_KINDS, readByte(), "subject kind");
    }

    public Severity readSeverity() {
        return symbol(SEVERITIES, readByte(), "severity");
    }

    /** A severity; null where the format wrote -1. */
    public Severity readSeverityOrNull() {
        int b = readByte();
        return b < 0 ? null : symbol(SEVERITIES, b, "severity");
    }

    public AlertKind readAlertKind() {
        return symbol(ALERT_KINDS, readByte(), "alert kind");
    }

    public EpisodePhase readPhase() {
        return symbol(PHASES, readByte(), "phase");
    }

    private <E> E symbol(E[] symbols, int b, String what) {
        if (b < 0 || b >= symbols.length) {
            throw new IllegalStateException("state record has " + what + " " + b + " at byte " + (pos - 1) + ", beyond the "
                    + symbols.length + " symbols its format knew");
        }
        return symbols[b];
    }

    public boolean readBoolean() {
        return readByte() != 0;
    }

    public long readLong() {
        long z = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = readByte();
            z |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (z >>> 1) ^ -(z & 1);
            }
        }
        throw new IllegalStateException("malformed varint in state record at byte " + pos);
    }

    public int readInt() {
        return (int) readLong();
    }

    public double readDouble() {
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits = (bits << 8) | (readByte() & 0xFF);
        }
        return Double.longBitsToDouble(bits);
    }

    public String readString() {
        int n = readInt();
        if (n < 0) {
            return null;
        }
        if (pos + n > buf.length) {
            throw new IllegalStateException("state record truncated in a string at byte " + pos);
        }
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }
}
