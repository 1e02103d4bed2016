package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.schema.AttributionStatus;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.MdArray;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.LiveTreeWriter;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.ConsumerTruth;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real collector sampling the simulator's tree of backup-saturation, the shipped scenario whose loads belong to
 * cgroups: md0's DeviceSample.consumers name the database, the container and (while it runs) backup.service with the
 * requests the truth says each asked, HostSample.io_attribution says ATTRIBUTED, and raid-model's MemberLoad over
 * those consumers and the members' counters (what the stream processor computes per window) finds the truth's shares
 * of the member load. A scenario whose loads are no cgroup's gives md0 one consumer, unattributed.
 */
class SimulatedConsumersTest {
    @TempDir
    Path tmp;

    private static HostSampler sampler(Path root) {
        Roots roots = Roots.of(root);
        return new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(), HostInfo.identity(roots, null), "test",
                Instant.parse("2026-01-01T00:00:00Z"), new BlockInventory(roots.sys(), null), System::nanoTime);
    }

    private static DeviceSample device(HostSample s, String name) {
        return s.getDevices().stream().filter(d -> d.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theCollectorNamesTheScenariosConsumersAndMemberLoadFindsTheirTrueShares() throws Exception {
        Simulation sim = Simulation.start(ShippedScenarios.load("backup-saturation"), new LiveTreeWriter(tmp));
        HostSampler sampler = sampler(tmp);
        sampler.sample(0, 0);
        Set<String> seen = new TreeSet<>();
        int compared = 0;
        double worst = 0;
        long seq = 1;
        while (!sim.finished()) {
            sim.step();
            HostSample sample = sampler.sample(seq++, 0);
            assertThat(sample.getIoAttribution().getStatus()).isEqualTo(AttributionStatus.ATTRIBUTED);
            ArrayTruth truth = sim.lastTruth().array("md0");
            List<IoConsumer> consumers = device(sample, "md0").getConsumers();
            assertThat(consumers).as("md0's consumers at %s", sim.time()).isNotNull();
            consumers.forEach(c -> seen.add(c.getName()));
            long second = sim.lastTruth().second();
            boolean backupRan = second > 600 && second < 1020;
            assertThat(consumers.stream().anyMatch(c -> c.getName().equals("backup.service"))).as("backup.service at %ds", second)
                    .isEqualTo(backupRan);
            double interval = sim.scenario().intervalSeconds();
            for (IoConsumer c : consumers) {
                ConsumerTruth t = truth.consumer(c.getName());
                if (t != null) {
                    assertThat(c.getReadIos() / interval).as("%s reads/s at %ds", c.getName(), second).isCloseTo(t.readsPerSec(), within(1.0));
                    assertThat(c.getWriteIos() / interval).as("%s writes/s at %ds", c.getName(), second).isCloseTo(t.writesPerSec(), within(1.0));
                }
            }
            if (second == 1020) {
                // backup.service stopped within the interval: its cgroup is gone, its last I/O is system.slice's remainder
                assertThat(consumers).anyMatch(c -> c.getName().equals("system.slice") && c.getReadIos() > 0);
                continue;
            }
            MemberLoad load = memberLoad(sample, truth);
            for (ConsumerTruth t : truth.consumers()) {
                MemberLoadShare got = t.sync() ? load.sync() : load.get(t.name());
                double share = got == null ? 0 : 100 * got.share();
                assertThat(share).as("%s's share at %ds: %s", t.name(), second, load).isCloseTo(t.sharePct(), within(5.0));
                worst = Math.max(worst, Math.abs(share - t.sharePct()));
            }
            compared++;
        }
        assertThat(seen).contains("postgresql@15-main.service", "docker/3f2a9c1b7e4d", "backup.service");
        assertThat(compared).isEqualTo((int) sim.scenario().steps() - 1);
        System.out.printf("backup-saturation through the collector: MemberLoad within %.2f points of the true shares over %d samples%n",
                worst, compared);
    }

    /* What the stream processor computes of one sample: MemberLoad over md0's consumers and its members' I/Os. */
    private static MemberLoad memberLoad(HostSample sample, ArrayTruth truth) {
        MdArray md = sample.getArrays().stream().filter(a -> a.getName().equals("md0")).findFirst().orElseThrow();
        long memberIos = 0;
        for (String leaf : truth.memberUtil().keySet()) {
            DeviceSample d = device(sample, leaf);
            memberIos += d.getDeltas().getReads() + d.getDeltas().getWrites();
        }
        List<ConsumerRequests> requests = new ArrayList<>();
        for (IoConsumer c : device(sample, "md0").getConsumers()) {
            requests.add(new ConsumerRequests(c.getName(), c.getKind().name().toLowerCase(java.util.Locale.ROOT), c.getReadIos(),
                    c.getWriteIos(), c.getReadBytes(), c.getWriteBytes()));
        }
        String action = md.getSyncAction();
        String sync = action == null || action.equals("idle") ? null : "md " + action;
        if (sync == null && truth.consumers().stream().anyMatch(ConsumerTruth::sync)) {
            // a check that ended within the interval: its name from the truth, as the stream keeps the last one seen
            sync = truth.consumers().stream().filter(ConsumerTruth::sync).findFirst().orElseThrow().name();
        }
        RaidLayout layout = RaidLayout.parse(md.getLevel(), null, truth.memberUtil().size()).withChunk(md.getChunkBytes());
        return MemberLoad.of(layout, memberIos, sync, requests);
    }

    @Test
    void loadsOfNoCgroupAreUnattributed() throws Exception {
        Simulation sim = Simulation.start(ShippedScenarios.load("raid5-saturation"), new LiveTreeWriter(tmp));
        HostSampler sampler = sampler(tmp);
        sampler.sample(0, 0);
        sim.step();
        HostSample sample = sampler.sample(1, 0);
        assertThat(sample.getIoAttribution().getStatus()).isEqualTo(AttributionStatus.ATTRIBUTED);
        assertThat(device(sample, "md0").getConsumers()).extracting(IoConsumer::getName).containsExactly("unattributed");
    }
}
