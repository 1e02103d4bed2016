package io.raidpulse.simulator.model;

/**
 * The queue in front of one device, M/M/1-like: with utilisation rho and mean service time s, a
 * request waits s x rho / (1 - rho) before service, so await = s / (1 - rho) and aqu-sz = rho /
 * (1 - rho) (Little's law). The queue cannot hold more than the device's request limit: at or
 * beyond saturation aqu-sz is that limit and await = limit / IOPS.
 */
public final class Queueing {
    private Queueing() {
    }

    /**
     * Seconds a request waits before service.
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
}
