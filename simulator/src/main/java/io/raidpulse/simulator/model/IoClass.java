package io.raidpulse.simulator.model;

/**
 * Requests of one shape as a device sees them.
 *
 * @param bytes request size as completed (after merging), bytes; 0 for flushes
 * @param sequential whether the request continues the previous one (no seek)
 * @param merges bios merged into each request (the kernel's merge counters count them)
 */
public record IoClass(IoKind kind, long bytes, boolean sequential, double merges) {
    public static final IoClass FLUSH = new IoClass(IoKind.FLUSH, 0, false, 0);
    /** raid5.c stripe_head page size: I/O through the stripe cache is issued in 4 KiB bios. */
    public static final long STRIPE_PAGE = 4096;
    /** Largest request the simulated block layer builds from merged bios (max_sectors_kb 512). */
    public static final long MAX_REQUEST = 512 * 1024;

    public IoClass {
        if (bytes < 0 || merges < 0) {
            throw new IllegalArgumentException("bytes and merges must not be negative");
        }
    }

    public static IoClass random(IoKind kind, long bytes) {
        return new IoClass(kind, bytes, false, 0);
    }

    /** A request of {@code bytes} built from bios of {@code bioBytes} each. */
    public static IoClass merged(IoKind kind, long bytes, boolean sequential, long bioBytes) {
        return new IoClass(kind, bytes, sequential, Math.max(0, (double) bytes / Math.min(bytes, bioBytes) - 1));
    }

    /** 512-byte sectors per request. */
    public double sectors() {
        return bytes / 512d;
    }
}
