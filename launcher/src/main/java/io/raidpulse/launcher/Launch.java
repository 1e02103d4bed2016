package io.raidpulse.launcher;

import io.raidpulse.services.Ports;
import java.nio.file.Files;
import java.nio.file.Path;

/** Choices shared by the commands that start local services. */
public final class Launch {
    private Launch() {
    }

    /**
     * 0 (let the broker reuse the port remembered in its data directory) when the directory
     * was used before, else {@code preferred} when it is free, else 0 (any free port).
     */
    public static int preferredPort(Path dataDir, int preferred) {
        if (Files.exists(dataDir.resolve("meta.properties"))) {
            return 0;
        }
        return Ports.isFree(preferred) ? preferred : 0;
    }
}
