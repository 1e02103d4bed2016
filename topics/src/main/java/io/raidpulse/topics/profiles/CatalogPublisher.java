package io.raidpulse.topics.profiles;

import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.profile.BenchmarkResult;
import java.util.List;

/**
 * Puts the built-in catalog of published results (docs/published-results.md) on the
 * benchmarks topic, so that a user without benchmarks of their own still gets a comparison.
 * Only ids the topic never held are published: running again adds nothing (the ids are stable
 * and the topic compacted), and a profile a user published, or deleted, under a catalog id stays
 * as the user left it.
 */
public final class CatalogPublisher {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(CatalogPublisher.class);

    private CatalogPublisher() {
    }

    /**
     * Publishes the missing catalog profiles from a thread of its own, so that the stream
     * processor does not wait for it: the global store takes them in whenever they arrive.
     * Failures are logged; the next start tries again.
     */
    public static Thread publishInBackground(ProfileTopic topic) {
        Thread t = new Thread(() -> {
            try {
                int n = publishMissing(topic).size();
                if (n > 0) {
                    log.info("published {} built-in benchmark profiles (docs/published-results.md) to {}", n, topic.name());
                }
            } catch (RuntimeException e) {
                log.warn("the built-in benchmark profiles were not published to {}: {}", topic.name(), e.getMessage());
            }
        }, "raidpulse-catalog");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Publishes the catalog profiles the topic does not mention; returns them. */
    public static List<BenchmarkResult> publishMissing(ProfileTopic topic) {
        ProfileTopic.Contents on = topic.read(null);
        List<BenchmarkResult> missing = BuiltInCatalog.profiles().stream().filter(p -> !on.mentions(p.id())).toList();
        topic.publish(missing);
        return missing;
    }
}
