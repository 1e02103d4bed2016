package io.raidpulse.services.kafka;

import io.raidpulse.config.UserException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;

/** Formats a KRaft node's log directory (what {@code kafka-storage.sh format} does) for the embedded broker and the cluster's nodes. */
final class KraftStorage {
    private KraftStorage() {
    }

    /** Formats {@code dir} as node {@code nodeId} of cluster {@code clusterId}, metadata log in the same directory. */
    static void format(int nodeId, String clusterId, Path dir, String controllerListener) {
        try {
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(nodeId)
                    .setClusterId(clusterId)
                    .setDirectories(List.of(dir.toString()))
                    .setMetadataLogDirectory(dir.toString())
                    .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setControllerListenerName(controllerListener)
                    .setUnstableFeatureVersionsEnabled(false)
                    .run();
        } catch (Exception e) {
            throw new UserException("cannot format Kafka storage in " + dir + ": " + e.getMessage(), e);
        }
    }
}
