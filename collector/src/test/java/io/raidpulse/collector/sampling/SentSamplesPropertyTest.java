package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.check.SampleRules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;

/**
 * Whatever the collector reads (a synthetic host's /proc and /sys with any of diskstats, uptime,
 * mdstat, md sysfs, block sysfs and cgroup io.stat files mangled between samples), every sample it would send
 * passes the rules the stream processor refuses samples by ({@link SampleRules}, the same code),
 * and holds no NaN, infinity or negative number: what it cannot trust is left out and counted in
 * read_errors, never sent to be dead-lettered with the rest of the sample.
 */
class SentSamplesPropertyTest {
    private static final List<String> FILES = List.of("proc/diskstats", "proc/uptime", "proc/mdstat", "sys/block/md0/md/level",
            "sys/block/md0/md/raid_disks", "sys/block/md0/md/degraded", "sys/block/md0/md/sync_completed", "sys/block/md0/md/sync_speed",
            "sys/block/md0/md/mismatch_cnt", "sys/block/md0/md/array_state", "sys/block/md0/md/sync_action", "sys/block/md0/md/layout",
            "sys/block/md0/md/chunk_size", "sys/block/md0/md/dev-sda1/state", "sys/block/md0/md/dev-sda1/slot",
            "sys/block/md0/md/dev-sda1/errors", "sys/block/sda/size", "sys/block/sda/queue/rotational", "proc/sys/kernel/hostname",
            "sys/fs/cgroup/cgroup.subtree_control", "sys/fs/cgroup/system.slice/io.stat", "sys/fs/cgroup/system.slice/cgroup.subtree_control",
            "sys/fs/cgroup/system.slice/synthetic-2.service/io.stat", "sys/fs/cgroup/user.slice/io.stat");

    private static final List<String> FRAGMENTS = List.of("", "-1", "0", "7", "99999999999999999999", "18446744073709551615",
            "9223372036854775807", "4294967295", "NaN", "1e400", " ", "\n", "garbage", "5 (4)", "none", "12 / 0", "0 / 0", "/", "sd/a",
            "md0 : active raid5 sda1[0] sdb1[1]\n", "8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n", "8 0 sda 1 2 3 4 5 6 7 8 9 999999999999 11\n",
            "   8       0 sda 0 0 0 0 0 0 0 0 0 0 0\n", "1000000000.00 1.00\n", "0.01 0\n",
            "9:0 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0\n", "9:0 rbytes=9223372036854775807 wbytes=0 rios=9223372036854775807 wios=0\n",
            "8:48 rios=99999999999999999999\n", "9:0 \n", "cost.vrate=1.5", "io\n");

    record Mutation(int file, double at, double length, int fragment) {
    }

    @Provide
    Arbitrary<List<List<Mutation>>> rounds() {
        Arbitrary<Mutation> m = Combinators.combine(Arbitraries.integers().between(0, FILES.size() - 1), Arbitraries.doubles().between(0, 1),
                Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, FRAGMENTS.size() - 1)).as(Mutation::new);
        return m.list().ofMaxSize(4).list().ofMinSize(2).ofMaxSize(5);
    }

    @Property(tries = 80)
    void everySampleSentPassesTheStreamProcessorsRules(@ForAll("rounds") List<List<Mutation>> rounds) throws IOException {
        Path root = Files.createTempDirectory("sent-samples");
        try {
            SyntheticHost host = new SyntheticHost(root, 4, 1, rounds.hashCode(), 8);
            Roots roots = new Roots(root.resolve("proc"), root.resolve("sys"));
            HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                    HostInfo.identity(roots, null), "prop", Instant.now(), new BlockInventory(roots.sys(), null), System::nanoTime);
            List<HostSample> sent = new ArrayList<>();
            sent.add(sampler.sample(0, 0));
            long seq = 1;
            for (List<Mutation> round : rounds) {
                host.advance(1);
                for (Mutation mutation : round) {
                    mutate(root.resolve(FILES.get(mutation.file())), mutation);
                }
                sent.add(sampler.sample(seq++, 0));
            }
            for (HostSample s : sent) {
                assertThat(SampleRules.problem(s)).as("the stream processor's verdict on %s", s).isNull();
                numbersIn(s, "sample " + s.getSequence());
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void mutate(Path file, Mutation m) throws IOException {
        String text = Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
        int at = (int) Math.round(m.at() * text.length());
        int end = Math.min(text.length(), at + (int) Math.round(m.length() * 24));
        Files.createDirectories(file.getParent());
        Files.writeString(file, text.substring(0, at) + FRAGMENTS.get(m.fragment()) + text.substring(end), StandardCharsets.ISO_8859_1);
    }

    private static void numbersIn(SpecificRecord r, String what) {
        for (Schema.Field f : r.getSchema().getFields()) {
            check(r.get(f.pos()), f.name(), what);
        }
    }

    private static void check(Object v, String field, String what) {
        if (v instanceof Double d) {
            assertThat(d).as("%s: %s", what, field).isFinite().isGreaterThanOrEqualTo(0.0);
        } else if (v instanceof Long l && !field.equals("layout_code")) {
            assertThat(l).as("%s: %s", what, field).isNotNegative();
        } else if (v instanceof SpecificRecord nested) {
            numbersIn(nested, what + " " + field);
        } else if (v instanceof List<?> list) {
            list.forEach(x -> check(x, field, what));
        } else if (v instanceof Map<?, ?> map) {
            map.values().forEach(x -> check(x, field, what));
        }
    }
}
