package io.raidpulse.stream.capacity;

import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.schema.BenchmarkProfile;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.RecordDecodingException;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.topics.profiles.ProfileRecords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ProfileMatcher} over what the global profile store holds now. The store changes when
 * someone publishes a profile; each call compares its bytes with those already decoded, decodes
 * only what changed, and builds a new matcher only then.
 */
final class ProfileCatalog {
    private static final Logger log = LoggerFactory.getLogger(ProfileCatalog.class);

    private record Decoded(byte[] bytes, BenchmarkResult profile) {
    }

    private final ReadOnlyKeyValueStore<String, byte[]> store;
    private final SingleObjectCodec<BenchmarkProfile> codec = AvroSerdes.codec(BenchmarkProfile.class);
    private final Map<String, Decoded> decoded = new HashMap<>();
    /** ids whose bytes could not be read, with those bytes, so each is reported once */
    private final Map<String, byte[]> unreadable = new HashMap<>();
    private ProfileMatcher matcher = new ProfileMatcher(List.of(), List.of());
    /** {@link ProfileMatcher#forController} of {@link #matcher} by controller name, made when first asked for */
    private final Map<String, ProfileMatcher> byController = new HashMap<>();

    ProfileCatalog(ReadOnlyKeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    ProfileMatcher matcher() {
        boolean changed = false;
        Set<String> seen = new HashSet<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, byte[]> kv = all.next();
                seen.add(kv.key);
                Decoded d = decoded.get(kv.key);
                if (d != null && Arrays.equals(d.bytes, kv.value)) {
                    continue;
                }
                byte[] bad = unreadable.get(kv.key);
                if (bad != null && Arrays.equals(bad, kv.value)) {
                    continue;
                }
                try {
                    decoded.put(kv.key, new Decoded(kv.value, ProfileRecords.fromAvro(codec.decode("benchmarks", kv.value))));
                    unreadable.remove(kv.key);
                } catch (RecordDecodingException | IllegalArgumentException e) {
                    log.warn("benchmark profile {} cannot be used: {}", kv.key, e.getMessage());
                    decoded.remove(kv.key);
                    unreadable.put(kv.key, kv.value);
                }
                changed = true;
            }
        }
        changed |= decoded.keySet().retainAll(seen);
        unreadable.keySet().retainAll(seen);
        if (changed) {
            List<BenchmarkResult> profiles = new ArrayList<>();
            decoded.values().forEach(d -> profiles.add(d.profile));
            // ties between equally good profiles go the same way on every instance
            profiles.sort(Comparator.comparing(BenchmarkResult::id));
            matcher = new ProfileMatcher(profiles, List.of());
            byController.clear();
        }
        return matcher;
    }

    /** The matcher for a hardware RAID volume behind {@code controller} (null when not known): {@link ProfileMatcher#forController}. */
    ProfileMatcher matcher(String controller) {
        ProfileMatcher all = matcher();
        if (controller == null) {
            return all.forController(null);
        }
        return byController.computeIfAbsent(controller, all::forController);
    }
}
