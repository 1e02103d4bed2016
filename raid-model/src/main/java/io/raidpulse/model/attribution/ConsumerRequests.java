package io.raidpulse.model.attribution;

/**
 * What one consumer (a service, a container, user sessions, "other", "unattributed") asked of an
 * array or a device over an interval: the cgroup v2 io.stat differences the collector reports
 * (HostSample's DeviceSample.consumers), or their sums over a window.
 *
 * @param name       the consumer as the collector names it (postgresql@15-main.service)
 * @param kind       what it is, carried through unread (service, container, other, unattributed...)
 * @param reads      read requests
 * @param writes     write requests
 * @param readBytes  bytes read
 * @param writeBytes bytes written
 */
public record ConsumerRequests(String name, String kind, long reads, long writes, long readBytes, long writeBytes) {
    public ConsumerRequests {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a consumer needs a name");
        }
        if (reads < 0 || writes < 0 || readBytes < 0 || writeBytes < 0) {
            throw new IllegalArgumentException("consumer " + name + ": counts cannot be negative, got " + reads + " reads, "
                    + writes + " writes, " + readBytes + " and " + writeBytes + " bytes");
        }
    }

    /** Whether it asked for anything at all. */
    public boolean idle() {
        return reads == 0 && writes == 0;
    }
}
