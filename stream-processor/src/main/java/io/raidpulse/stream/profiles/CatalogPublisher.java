package io.raidpulse.stream.profiles;

import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.profile.BenchmarkProfile;
import java.util.List;

/**
 * Puts the built-in catalog of published results (shared/domain/published-results.md) on the
 * benchmarks topic, so that a user without benchmarks of their own still gets a comparison.
 * Only ids the topic never held are published: running again adds nothing (the ids are stable
 * and the topic compacted), and a profile a user published, or deleted, under a catalog id stays
 * as the user left it.
 */
public final class CatalogPublisher {
    private CatalogPublisher() {
    }

    /** Publishes the catalog profiles the topic does not mention; returns them. */
    public static List<BenchmarkProfile> publishMissing(ProfileTopic topic) {
        ProfileTopic.Contents on = topic.read(null);
        List<BenchmarkProfile> missing = BuiltInCatalog.profiles().stream().filter(p -> !on.mentions(p.id())).toList();
        topic.publish(missing);
        return missing;
    }
}
