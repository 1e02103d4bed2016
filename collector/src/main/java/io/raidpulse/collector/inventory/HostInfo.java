package io.raidpulse.collector.inventory;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.sampling.Roots;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import oshi.SystemInfo;
import oshi.hardware.HWDiskStore;
import oshi.software.os.OperatingSystem;

/**
 * Host identity: hostname, kernel release and boot id from the proc root
 * ({@code sys/kernel/hostname}, {@code sys/kernel/osrelease}, {@code sys/kernel/random/boot_id}),
 * so a snapshot describes the host it was taken on; the OS name and disk model/serial from OSHI,
 * and only when the roots are the live system's. OSHI is never needed for correctness: any
 * failure of it leaves those values null.
 */
public final class HostInfo {
    private static final Logger LOG = LoggerFactory.getLogger(HostInfo.class);

    public record Identity(String hostname, String kernel, String os, String bootId) {
    }

    private HostInfo() {
    }

    public static Identity identity(Roots roots, String hostOverride) {
        String host = hostOverride != null && !hostOverride.isBlank() ? hostOverride
                : ProcFiles.readValue(roots.proc().resolve("sys/kernel/hostname"));
        String os = null;
        if (roots.live()) {
            try {
                OperatingSystem o = new SystemInfo().getOperatingSystem();
                os = o.getFamily() + " " + o.getVersionInfo().getVersion();
                if (host == null) {
                    host = o.getNetworkParams().getHostName();
                }
            } catch (RuntimeException | LinkageError e) { // OSHI is optional (native access, unknown platforms)
                LOG.debug("OSHI gave no OS name: {}", e.toString());
            }
        }
        if (host == null || host.isBlank()) {
            host = "unknown";
        }
        return new Identity(host, ProcFiles.readValue(roots.proc().resolve("sys/kernel/osrelease")), os,
                ProcFiles.readValue(roots.proc().resolve("sys/kernel/random/boot_id")));
    }

    /** Disk model and serial by kernel name from OSHI, for disks whose sysfs lacks them; empty when OSHI fails. */
    public static Map<String, String[]> oshiDisks() {
        Map<String, String[]> out = new HashMap<>();
        try {
            for (HWDiskStore d : new SystemInfo().getHardware().getDiskStores()) {
                String name = d.getName();
                int slash = name.lastIndexOf('/');
                out.put(slash >= 0 ? name.substring(slash + 1) : name, new String[] {d.getModel(), d.getSerial()});
            }
        } catch (RuntimeException | LinkageError e) { // OSHI is optional
            LOG.debug("OSHI gave no disk inventory: {}", e.toString());
        }
        return out;
    }
}
