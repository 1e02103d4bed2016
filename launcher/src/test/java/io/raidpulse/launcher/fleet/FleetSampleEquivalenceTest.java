package io.raidpulse.launcher.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.FileClock;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.simulator.tree.LiveTreeWriter;
import io.raidpulse.simulator.tree.TreeRenderer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's HostSamples are the collector's: for hosts of every disk kind, with a member
 * failed and rebuilt, a check, a saturating phase, each step of the model is also rendered as a
 * tree (TreeRenderer, LiveTreeWriter into a directory) and sampled by the collector's own
 * sampler reading that directory (RootReader with the tree's clock file, BlockInventory); the two
 * samples must be equal as Avro records, every field, sequence and identity included (both
 * samplers are given the same host name, version and start). The fleet models no cgroups (its
 * sampler has no attributor: a fleet host's sample carries no io_attribution and no consumers), so
 * what the collector attributes from the rendered tree's sys/fs/cgroup is taken out before the
 * comparison; the simulator's cgroups are checked end to end (EndToEndIT).
 */
class FleetSampleEquivalenceTest {
    private static final long SEED = 7;
    private static final Instant START = Instant.parse("2026-01-05T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    void everySampleEqualsTheCollectorsFromTheRenderedTree() throws Exception {
        List<FleetMix.HostPlan> plans = FleetMix.draw(SEED, 60, 600, 10, START);
        List<FleetMix.HostPlan> chosen = new ArrayList<>();
        pick(plans, chosen, p -> p.kind().startsWith("hdd") && asked(p, "rebuild"));
        pick(plans, chosen, p -> p.kind().startsWith("ssd") && asked(p, "check"));
        pick(plans, chosen, p -> p.kind().startsWith("nvme") && asked(p, "saturation"));
        pick(plans, chosen, p -> p.kind().contains("md1="));
        assertThat(chosen).as("hosts of seed %d covering the kinds and events", SEED).hasSize(4);

        Set<String> seen = new TreeSet<>();
        for (FleetMix.HostPlan plan : chosen) {
            FleetHost host = new FleetHost(plan, "test-version");
            Path root = dir.resolve(plan.host());
            LiveTreeWriter tree = new LiveTreeWriter(root);
            Roots roots = Roots.of(root);
            HostSampler collector = new HostSampler(new RootReader(roots, new FileClock(root.resolve("time"))),
                    DeviceFilter.defaults(), HostInfo.identity(roots, plan.host()), "test-version", plan.scenario().start(),
                    new BlockInventory(roots.sys(), null), () -> host.model().second() * 1_000_000_000L);
            long index = 0;
            while (!host.finished()) {
                HostSample fleet = host.next();
                tree.write(TreeRenderer.render(host.model(), host.hostTime()), index++);
                HostSample read = withoutAttribution(collector.sample(fleet.getSequence(), 0));
                assertThat(fleet).as("%s sample %d", plan.host(), fleet.getSequence()).isEqualTo(read);
                for (MdArray a : fleet.getArrays()) {
                    if (a.getDegraded() != null && a.getDegraded() > 0) {
                        seen.add("degraded");
                    }
                    if (a.getSyncAction() != null && !a.getSyncAction().equals("idle")) {
                        seen.add(a.getSyncAction());
                    }
                }
                if (fleet.getDevices().stream().anyMatch(d -> d.getMetrics() != null && d.getMetrics().getUtil() > 95)) {
                    seen.add("util>95");
                }
            }
            assertThat(index).isEqualTo(61);
        }
        assertThat(seen).as("states the compared samples went through").contains("degraded", "recover", "check", "util>95");
    }

    private static boolean asked(FleetMix.HostPlan p, String what) {
        return p.asked().stream().anyMatch(a -> a.what().equals(what));
    }

    private static void pick(List<FleetMix.HostPlan> plans, List<FleetMix.HostPlan> chosen,
                             java.util.function.Predicate<FleetMix.HostPlan> wanted) {
        plans.stream().filter(p -> !chosen.contains(p)).filter(wanted).findFirst().ifPresent(chosen::add);
    }

    /** The sample without what cgroup attribution added to it: io_attribution and the devices' consumers. */
    private static HostSample withoutAttribution(HostSample read) {
        assertThat(read.getIoAttribution()).as("the collector read the rendered tree's cgroups").isNotNull();
        read.setIoAttribution(null);
        read.getDevices().forEach(d -> d.setConsumers(null));
        return read;
    }
}
