package io.raidpulse.simulator.model;

/**
 * The queue in front of one device.
 *
 * <p>A rotational device serves one request at a time, M/M/1-like: with utilisation rho and mean
 * service time s, a request waits s x rho / (1 - rho) before service, so await = s / (1 - rho) and
 * aqu-sz = rho / (1 - rho) (Little's law), and the kernel's io_ticks (busy time) is rho.
 *
 * <p>A parallel device (SSD, NVMe) serves many requests at once, each taking its latency L however
 * many others are in flight: an infinite-server queue (M/G/inf) with lambda x L requests in
 * service. On top of that its capacity (IOPS, transfer rate) is one shared server: with rho the
 * share of capacity the load uses, rho^2 / (1 - rho) requests wait for it (M/M/1's queue without
 * the one in service), which only matters near capacity. aqu-sz = lambda x L + rho^2 / (1 - rho).
 * With Poisson arrivals the number of requests in an M/G/inf system is Poisson with mean aqu-sz,
 * so the device is idle exp(-aqu-sz) of the time: io_ticks = 1 - exp(-aqu-sz), near 100% as soon
 * as a few requests are in flight, however far from its capacity the device is.
 *
 * <p>Either queue holds no more than the device's request limit (nr_requests): at or beyond
 * saturation aqu-sz is that limit and await = limit / IOPS.
 */
public final class Queueing {
    private Queueing() {
    }

    /**
     * Seconds a request of a rotational device waits before service.
     *
     * @param iops requests served per second
     * @param rho utilisation, 0 to 1 (the share of time the device is busy)
     * @param maxQueue the most requests the queue holds
     */
    public static double waitSeconds(double iops, double rho, int maxQueue) {
        if (iops <= 0 || rho <= 0) {
            return 0;
        }
        double service = rho / iops;
        double queue = rho < 1 ? Math.min(maxQueue, rho / (1 - rho)) : maxQueue;
        return Math.max(0, queue / iops - service);
    }

    /**
     * Seconds a request of a parallel device waits for the device's capacity, on top of its latency.
     *
     * @param iops requests served per second
     * @param rho share of the device's capacity the requests use, 0 to 1
     * @param inService requests in flight that are not waiting: the sum of rate x latency over the
     *     device's requests (M/G/inf, Little's law)
     * @param maxQueue the most requests the queue holds, those in service included
     */
    public static double parallelWaitSeconds(double iops, double rho, double inService, int maxQueue) {
        if (iops <= 0 || rho <= 0) {
            return 0;
        }
        double room = Math.max(0, maxQueue - inService);
        double waiting = rho < 1 ? Math.min(room, rho * rho / (1 - rho)) : room;
        return waiting / iops;
    }

    /**
     * Share of time a device serving requests in parallel has at least one in flight, 0 to 1: what
     * the kernel's io_ticks counts (block/blk-core.c update_io_ticks adds the time since the last
     * stamp when a request ends or any is in flight; Documentation/admin-guide/iostats.rst, field
     * 10: "increases so long as field 9 is nonzero"). With Poisson arrivals the number in flight is
     * Poisson with mean {@code inFlight}, none exp(-inFlight) of the time.
     *
     * @param inFlight mean requests in flight (aqu-sz)
     */
    public static double parallelBusyShare(double inFlight) {
        return inFlight <= 0 ? 0 : 1 - Math.exp(-inFlight);
    }
}
