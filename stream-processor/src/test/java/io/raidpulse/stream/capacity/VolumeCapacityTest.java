package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.matching.CapacitySource;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A hardware RAID volume's capacity and CAPACITY alert through the real topology: 10-s samples,
 * 1-minute windows closed 10 s after their end; fire above 90% of capacity for 3 minutes, clear
 * below 80% for 2 minutes. The volume is sda, declared a RAID5 of four ST33000650NS behind a PERC
 * H700 with a battery-backed write-back cache, as the lab's perc-h700-saturation declares it.
 */
class VolumeCapacityTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private final TopologyFixture topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s",
            "capacity.sustain", "3m", "capacity.clear-after", "2m"));
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    static HardwareVolume perc(String cache) {
        return HardwareVolume.newBuilder().setDevice("sda").setDriver("megaraid_sas").setVendor("DELL").setModel("PERC H700")
                .setRecognisedBy("megaraid_sas logical drive: channel 2").setDeclared(true).setLevel("raid5").setDisks(4)
                .setDiskModel("ST33000650NS").setController("PERC H700").setCache(cache).build();
    }

    /** The volume as the kernel sees it: one spinning disk at {@code util}%, asked r reads and w writes of 4 KiB a second, {@code aqu} in flight. */
    private static Dev sda(double r, double w, double util, double aqu) {
        return Dev.disk("sda", util).iops(r, w).kBs(r * 4, w * 4).aqu(aqu).await(aqu / Math.max(1, r + w) * 1000, aqu / Math.max(1, r + w) * 1000);
    }

    private HostSample sample(HostFeed feed, Dev volume, HardwareVolume declared) {
        HostSample s = feed.next(volume);
        s.setHardwareVolumes(declared == null ? null : List.of(declared));
        return s;
    }

    /** Sends the first minute's six samples and two more: the window [0, 60 s) closes at 70 s. */
    private void firstWindow(Dev volume, HardwareVolume declared) {
        for (int i = 0; i < 8; i++) {
            topology.send(sample(db1, volume, declared));
        }
    }

    private List<Aggregate> volumes() {
        return topology.aggregates().stream().filter(a -> a.getSubjectKind() == SubjectKind.HARDWARE).toList();
    }

    /** A trusted fio random-read run of a RAID5 of four behind the named controller: 600 reads a second, 32 deep x 2 jobs. */
    static BenchmarkResult randread(String id, String controller, double iops, int depth, int jobs) {
        return BenchmarkResult.builder(id, Tool.FIO).toolVersion("3.33").pattern(IoPattern.RANDOM).blockSizeBytes(4096L).queueDepth(depth)
                .jobs(jobs).readFraction(1.0).direct(true).level(RaidLevel.RAID5).disks(4).rotational(true).controller(controller)
                .readIops(iops).writeIops(0.0).source("fio randread on a volume").build();
    }

    /**
     * 300 reads a second on a volume nothing is known of but its declaration: the declared shape, controller and
     * cache fill the window; the capacity is the RAID5 model over the 7200 rpm default (the volume is rotational),
     * 300 reads over four disks at the default's 4 KiB read time; projections as for an md array of the same disks.
     */
    @Test
    void aDeclaredVolumeIsTheModelOverTheDiskClassDefaultWithItsShapeAndController() {
        firstWindow(sda(300, 0, 60, 0.8), perc("write-back-battery"));
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getSubject()).isEqualTo("sda");
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getLayout()).isNull();
            assertThat(a.getRaidDisks()).isEqualTo(4);
            assertThat(a.getDiskModel()).isEqualTo("ST33000650NS");
            assertThat(a.getRotational()).isTrue();
            assertThat(a.getController()).isEqualTo("PERC H700");
            assertThat(a.getControllerCache()).isEqualTo("write-back-battery");
            assertThat(a.getChunkBytes()).isNull();
            assertThat(a.getMemberBytes()).isNull();
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityContradicted()).isNull();
            assertThat(a.getCapacityConfidence()).isEqualTo("low");
            DiskProfile d = DiskClass.HDD_7200.defaults();
            assertThat(a.getCapacityUtil()).isCloseTo(300 * d.readSeconds(4096) / 4, within(1e-9));
            assertThat(a.getCapacityWriteUtil()).isZero();
            assertThat(a.getHeadroom()).isCloseTo(1 - a.getCapacityUtil(), within(1e-12));
            assertThat(a.getProjections()).containsKeys("raid5-4", "raid10-near2-4", "raid6-4", "raid5-6");
            assertThat(a.getProjections().get("raid5-4")).isCloseTo(a.getCapacityUtil(), within(1e-12));
            // members hidden: nothing measured
            assertThat(a.getCapacityLearnedWindows()).isNull();
            assertThat(a.getCapacityMemberIops()).isNull();
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, "db1");
        assertThat(kept.volumes()).containsOnlyKeys("sda");
        assertThat(kept.measured()).isEmpty();
        assertThat(topology.aggregates()).noneMatch(a -> a.getSubjectKind() == SubjectKind.DEVICE && a.getSubject().equals("sda"));
    }

    /**
     * 600 reads a second are 1.7 times what the default model says four disks serve: taken as they are while the
     * volume keeps 6 requests waiting (too few for four disks to be saturated: nothing is learned), contradicted while it keeps fewer than one in flight (nothing waits on a
     * volume past its capacity), leaving the window without figures.
     */
    @Test
    void aSourcePuttingTheVolumeOverCapacityWithoutAQueueIsContradicted() {
        firstWindow(sda(600, 0, 100, 0.5), perc("write-back-battery"));
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityUtil()).isNull();
            assertThat(a.getProjections()).isEmpty();
            assertThat(a.getLevel()).as("the shape whatever the capacity").isEqualTo("raid5");
        });
        for (int i = 0; i < 6; i++) {
            topology.send(sample(db1, sda(600, 0, 100, 6), perc("write-back-battery")));
        }
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isNull();
            assertThat(a.getCapacityUtil()).isCloseTo(600 * DiskClass.HDD_7200.defaults().readSeconds(4096) / 4, within(1e-9));
            assertThat(a.getCapacityUtil()).isGreaterThan(1.7);
        });
    }

    /**
     * A benchmark of the same level and disks on another controller is not the volume's capacity; one on its own
     * controller, imported under the INQUIRY name (DELL PERC H700) where the volume is declared PERC H700, is:
     * high confidence, the cache being in its figures. (The first minute keeps 6 in flight: not saturated, nothing learned.)
     */
    @Test
    void aBenchmarkOfTheSameControllerIsTheCapacityAndAnotherControllersIsNot() {
        topology.profile(randread("fio-perc-h710-raid5-randread", "PERC H710", 600, 32, 2));
        firstWindow(sda(540, 0, 100, 6), perc("write-back-battery"));
        assertThat(volumes()).singleElement().extracting(Aggregate::getCapacitySource).isEqualTo("default:hdd-7200");

        topology.profile(randread("fio-perc-h700-raid5-randread", "DELL PERC H700", 600, 32, 2));
        for (int i = 0; i < 6; i++) {
            topology.send(sample(db1, sda(540, 0, 100, 60), perc("write-back-battery")));
        }
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("profile:fio-perc-h700-raid5-randread");
            assertThat(a.getCapacityConfidence()).isEqualTo("high");
            // 540 of the 600 reads a second the controller was measured serving (64 outstanding keep all four busy)
            assertThat(a.getCapacityUtil()).isCloseTo(0.9, within(1e-3));
        });
    }

    /**
     * A benchmark of the controller run one request deep that served 30 reads a second (a controller fault, a
     * wrong declaration): at the volume's own queue it puts 300 reads a second at 2.5 times the capacity while
     * fewer than one request is in flight. It is contradicted, and the model over the same disk taken instead.
     */
    @Test
    void aContradictedBenchmarkGivesWayToTheModel() {
        topology.profile(randread("fio-perc-h700-qd1", "PERC H700", 30, 1, 1));
        firstWindow(sda(300, 0, 60, 0.9), perc("write-through"));
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isEqualTo("profile:fio-perc-h700-qd1");
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityUtil()).isCloseTo(300 * DiskClass.HDD_7200.defaults().readSeconds(4096) / 4, within(1e-9));
        });
    }

    /**
     * Single-disk benchmarks of the declared disk model make the member disk (model:ID, medium confidence); a
     * write-back cache, whose write cost only a benchmark of the controller tells, lowers that to low; with
     * write-through, or no cache declared, the model's write penalty stands.
     */
    @Test
    void aWriteBackCacheWithoutABenchmarkOfTheControllerKeepsTheConfidenceLow() {
        for (BenchmarkResult p : BuiltInCatalog.profiles()) {
            if (p.id().startsWith("published-d-")) {
                topology.profile(p.toBuilder().diskModel("ST33000650NS").build());
            }
        }
        String[] caches = {"write-back-battery", "write-back", "write-through", null};
        String[] expected = {"low", "low", "medium", "medium"};
        for (int i = 0; i < caches.length; i++) {
            // each host an hour after the one before: a window closes by the stream's time, the newest sample's
            HostFeed host = new HostFeed("db" + (i + 2), T0 + i * 3_600_000L, 10_000);
            for (int n = 0; n < 8; n++) {
                topology.send(sample(host, sda(100, 50, 40, 2), perc(caches[i])));
            }
            String hostName = host.host;
            assertThat(volumes()).filteredOn(a -> a.getHost().equals(hostName)).singleElement().satisfies(a -> {
                assertThat(a.getCapacitySource()).isEqualTo("model:derived-ST33000650NS");
                assertThat(a.getCapacityWriteUtil()).isPositive();
            }).extracting(Aggregate::getCapacityConfidence).as("cache %s", caches[i]).isEqualTo(expected[i]);
        }
        assertThat(CapacityComparison.volumeConfidence(CapacitySource.MEASURED_PROFILE,
                new VolumeShape("sda", "raid5", null, 4, null, true, "PERC H700", "write-back"))).isEqualTo(CapacityConfidence.HIGH);
    }

    @Test
    void aVolumeWithoutADeclaredLevelHasItsControllerAndNoCapacity() {
        HardwareVolume seen = HardwareVolume.newBuilder().setDevice("sda").setDriver("megaraid_sas").setVendor("DELL").setModel("PERC H700")
                .setRecognisedBy("megaraid_sas logical drive: channel 2").setController("DELL PERC H700").build();
        firstWindow(sda(300, 0, 60, 0.8), seen);
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getController()).isEqualTo("DELL PERC H700");
            assertThat(a.getLevel()).isNull();
            assertThat(a.getRaidDisks()).isNull();
            assertThat(a.getCapacitySource()).isNull();
            assertThat(a.getCapacityUtil()).isNull();
        });
    }

    /** The declaration removed at 60 s (the collector restarted without it): the window before keeps the volume it was. */
    @Test
    void aWindowKeepsTheDeclarationItsVolumeHadThen() {
        for (int i = 0; i < 6; i++) {
            topology.send(sample(db1, sda(300, 0, 60, 0.8), perc("write-back-battery")));
        }
        topology.send(sample(db1, sda(300, 0, 60, 0.8), null));
        topology.send(sample(db1, sda(300, 0, 60, 0.8), null));
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, "db1");
        assertThat(kept.volumes()).isEmpty();
        assertThat(kept.hardware().former().get("sda").shape().level()).isEqualTo("raid5");
    }

    /** Minutes of sda at {@code share} of the 600 reads a second its controller was benchmarked at, 60 requests in flight. */
    private List<Alert> minutes(int n, double share) {
        for (int i = 0; i < n * 6; i++) {
            topology.send(sample(db1, sda(600 * share, 0, 100, 60), perc("write-back-battery")));
        }
        return topology.alerts().stream().filter(a -> a.getKind() == AlertKind.CAPACITY).toList();
    }

    @Test
    void aVolumeNearItsControllersBenchmarkFiresACapacityAlertNamedAsTheVolumeWithItsQueue() {
        topology.profile(randread("fio-perc-h700-raid5-randread", "PERC H700", 600, 32, 2));
        assertThat(minutes(1, 0.5)).isEmpty();
        long hotFrom = db1.time();
        assertThat(minutes(3, 0.95)).isEmpty();
        List<Alert> fired = minutes(1, 0.95);
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSubject()).isEqualTo("sda");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getStartTime()).isEqualTo(Instant.ofEpochMilli(hotFrom));
            assertThat(a.getSummary()).isEqualTo("db1 hardware RAID5 volume sda (PERC H700, 4 disks) at 95.0% of its capacity for 3 min"
                    + " (profile:fio-perc-h700-raid5-randread), 60.0 requests in flight");
            assertThat(a.getEvidence()).anySatisfy(e -> assertThat(e).startsWith("last window: 60.0 requests in flight on the volume (aqu-sz)"));
            assertThat(a.getEvidence()).as("a benchmark of the controller has its cache in its figures")
                    .noneMatch(e -> e.startsWith("controller cache"));
            assertThat(a.getBusiestMember()).isNull();
            assertThat(a.getDetails()).containsEntry("controller", "PERC H700").containsEntry("controller_cache", "write-back-battery")
                    .containsEntry("capacity_confidence", "high").containsEntry("aqu_sz", "60");
        });
        List<Alert> resolved = minutes(3, 0.5);
        assertThat(resolved).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getSummary()).startsWith("db1 hardware RAID5 volume sda (PERC H700, 4 disks) back below 80.0% of its capacity after");
        });
    }

    /**
     * From the model over the declared disks (alert-on includes model:), the alert says what the write-back
     * cache means for the write figures; then the volume's declaration goes (no longer a volume) and the open
     * episode closes as a vanished array's does. Util 94: not saturated, so nothing is learned and the model stays the source.
     */
    @Test
    void aModelSourcedAlertSaysTheCachesWriteFiguresAreAnUpperBoundAndClosesWhenTheVolumeGoes() {
        for (BenchmarkResult p : BuiltInCatalog.profiles()) {
            if (p.id().startsWith("published-d-")) {
                topology.profile(p.toBuilder().diskModel("ST33000650NS").build());
            }
        }
        double full = 1 / capacityPerRequest(100, 50);
        for (int i = 0; i < 5 * 6; i++) {
            topology.send(sample(db1, sda(100 * full * 0.95, 50 * full * 0.95, 94, 20), perc("write-back-battery")));
        }
        List<Alert> fired = topology.alerts().stream().filter(a -> a.getKind() == AlertKind.CAPACITY).toList();
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getSummary()).contains("(model:derived-ST33000650NS)");
            assertThat(a.getEvidence()).contains("controller cache write-back-battery: the model's write figures are an upper bound on the"
                    + " write cost (the cache takes writes for less, by how much only a benchmark of PERC H700 tells); capacity confidence low");
            assertThat(a.getDetails()).containsEntry("capacity_confidence", "low");
        });
        for (int i = 0; i < 40; i++) {
            topology.send(sample(db1, sda(100, 50, 100, 20), null));
        }
        assertThat(topology.alerts()).filteredOn(a -> a.getKind() == AlertKind.CAPACITY).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getSummary()).startsWith("db1 hardware RAID5 volume sda (PERC H700, 4 disks) capacity alert closed: ");
        });
    }

    /**
     * A minute of 512 KiB reads at util 100 with 16 in flight (four per disk) is the volume at its capacity for
     * sequential streams: learned as the member MB/s that puts that minute at 1, the source of the volume's later
     * sequential minutes (at the share of that minute's bytes they move); its random minutes, never seen saturated,
     * keep the default.
     */
    @Test
    void aSaturatedMinuteTeachesTheVolumesCapacityForItsPatternAlone() {
        firstWindow(streaming(100, 100, 16), perc("write-through"));
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/sda");
            assertThat(a.getCapacityUtil()).isCloseTo(1.0, within(1e-3));
            assertThat(a.getCapacityLearnedWindows()).isEqualTo(1);
            assertThat(a.getCapacityMemberMBS()).isPositive();
            assertThat(a.getCapacityMemberIops()).isNull();
            assertThat(a.getCapacityConfidence()).as("one window: no spread to tell how sure").isEqualTo("low");
        });
        for (int i = 0; i < 6; i++) {
            topology.send(sample(db1, sda(300, 0, 60, 0.8), perc("write-through")));
        }
        assertThat(volumes()).singleElement().extracting(Aggregate::getCapacitySource).isEqualTo("default:hdd-7200");
        for (int i = 0; i < 6; i++) {
            topology.send(sample(db1, streaming(50, 60, 3), perc("write-through")));
        }
        assertThat(volumes()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/sda");
            assertThat(a.getCapacityUtil()).as("the share of the saturated minute's bytes: %s kB/s, %s r/s", a.getRkBS(), a.getRIops())
                    .isCloseTo(a.getRkBS() / (100 * 512), within(0.02));
            assertThat(a.getCapacityLearnedWindows()).isEqualTo(1);
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, "db1");
        assertThat(kept.volumeMeasured()).containsOnlyKeys("sda");
        assertThat(kept.volumeMeasured().get("sda").figure(true)).isNotNull();
        assertThat(kept.volumeMeasured().get("sda").figure(false)).isNull();
        assertThat(kept.measured()).as("nothing per disk model: the members are hidden").isEmpty();
        // declared anew over other disks: what was learned is of the volume it was
        HardwareVolume redeclared = HardwareVolume.newBuilder(perc("write-through")).setLevel("raid10").setDiskModel("ST4000NM0033").build();
        topology.send(sample(db1, streaming(50, 60, 3), redeclared));
        assertThat(topology.<HostShapes>storeValue(CapacityComparison.STORE, "db1").volumeMeasured()).isEmpty();
    }

    /** The volume reading r requests of 512 KiB a second at {@code util}%, {@code aqu} in flight. */
    private static Dev streaming(double r, double util, double aqu) {
        return Dev.disk("sda", util).iops(r, 0).kBs(r * 512, 0).aqu(aqu).await(aqu / r * 1000, 0);
    }

    /** capacity_util of one window of r reads and w writes a second (the model:derived source), per unit of that load. */
    private double capacityPerRequest(double r, double w) {
        try (TopologyFixture probe = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s"))) {
            for (BenchmarkResult p : BuiltInCatalog.profiles()) {
                if (p.id().startsWith("published-d-")) {
                    probe.profile(p.toBuilder().diskModel("ST33000650NS").build());
                }
            }
            HostFeed feed = new HostFeed("probe", T0, 10_000);
            for (int i = 0; i < 8; i++) {
                probe.send(sample(feed, sda(r, w, 94, 20), perc("write-back-battery")));
            }
            return probe.aggregates().stream().filter(a -> a.getSubjectKind() == SubjectKind.HARDWARE).findFirst().orElseThrow()
                    .getCapacityUtil();
        }
    }
}
