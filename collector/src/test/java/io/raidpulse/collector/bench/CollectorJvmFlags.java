package io.raidpulse.collector.bench;

import java.util.List;
import java.util.Map;

/**
 * The JVM flags the collector is run with everywhere: the systemd unit, the container image,
 * the READMEs and the footprint benchmark ({@code CollectorJvmFlagsTest} holds them to this).
 * Small heap that shrinks back after a catch-up, one GC thread, C1 only and only for methods
 * ten times hotter than the default threshold (the collector is I/O bound; JIT'ing its start-up
 * code costs code cache and compiler memory for nothing), small thread stacks, no hsperfdata
 * file, and a collector out of memory exits to be restarted rather than limping on.
 */
public final class CollectorJvmFlags {
    public static final String FLAGS = "-Xms8m -Xmx32m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:+UseSerialGC"
            + " -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:CompileThresholdScaling=10"
            + " -XX:ReservedCodeCacheSize=16m -XX:MaxMetaspaceSize=64m -XX:MaxDirectMemorySize=16m -Xss256k"
            + " -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError";

    /** glibc's malloc keeps one arena per core by default, each holding freed memory of its own. */
    public static final Map<String, String> ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

    private CollectorJvmFlags() {
    }

    public static List<String> flags() {
        return List.of(FLAGS.split(" "));
    }
}
