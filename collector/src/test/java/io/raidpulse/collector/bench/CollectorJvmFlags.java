package io.raidpulse.collector.bench;

import java.util.List;
import java.util.Map;

/**
 * The JVM flags the collector is run with everywhere: the systemd unit, the container image,
 * the READMEs and the footprint benchmark ({@code CollectorJvmFlagsTest} holds them to this).
 * Small heap that shrinks back after a catch-up, one GC thread, C1 only with one compiler
 * thread and compiling at a twentieth of the default thresholds (what runs once a cycle is
 * compiled within the first minute, and the compiler then has nothing left to do), small thread
 * stacks, no hsperfdata file, freed C heap given back every minute, the JVM's housekeeping
 * threads woken once a minute instead of four to five times a second, and a collector out of
 * memory exits to be restarted rather than limping on. Each flag and what it saves: the
 * collector's README ("Running it").
 */
public final class CollectorJvmFlags {
    public static final String FLAGS = "-Xms8m -Xmx32m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:+UseSerialGC"
            + " -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:CompileThresholdScaling=0.05"
            + " -XX:ReservedCodeCacheSize=16m -XX:MaxMetaspaceSize=64m -XX:MaxDirectMemorySize=16m -Xss256k"
            + " -XX:-UsePerfData -XX:+UnlockExperimentalVMOptions -XX:TrimNativeHeapInterval=60000"
            + " -XX:+UnlockDiagnosticVMOptions -XX:AsyncDeflationInterval=0 -XX:GuaranteedSafepointInterval=60000"
            + " -XX:+ExitOnOutOfMemoryError";

    /** glibc's malloc keeps one arena per core by default, each holding freed memory of its own. */
    public static final Map<String, String> ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

    private CollectorJvmFlags() {
    }

    public static List<String> flags() {
        return List.of(FLAGS.split(" "));
    }
}
