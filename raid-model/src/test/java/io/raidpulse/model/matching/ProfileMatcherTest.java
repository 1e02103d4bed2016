package io.raidpulse.model.matching;

import static io.raidpulse.model.Fixtures.catalog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.md.Raid10Layout;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.importer.FioJsonImporter;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileMatcherTest {

    private static final String WD20 = "WDC WD20EFRX-68EUZN0";

    /** F's randwrite, imported as the user would with the disk model given. */
    private static BenchmarkResult fRandwrite() throws Exception {
        ImportContext ctx = ImportContext.of(Target.array(RaidLevel.RAID5, 8).withDisk(WD20, true, 2_000_000_000_000L));
        return new FioJsonImporter().parse(catalog("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json"), ctx).get(0);
    }

    /** The built-in catalog's single-disk benchmarks (published-d-*), as if of disk model {@code model}. */
    private static List<BenchmarkResult> publishedSingleDisk(String model) {
        List<BenchmarkResult> single = new ArrayList<>();
        for (BenchmarkResult p : BuiltInCatalog.profiles()) {
            if (p.id().startsWith("published-d-")) {
                single.add(p.toBuilder().diskModel(model).build());
            }
        }
        return single;
    }

    private static LiveLoad load(RaidLayout layout, String model, double readFraction, long bytes, double arrayQ, Double memberQ) {
        return new LiveLoad(layout, model, true, "sda", IoPattern.RANDOM, readFraction, bytes, arrayQ, memberQ);
    }

    @Test
    void aTrustedBenchmarkOfTheSameArrayAndWorkloadWins() throws Exception {
        BenchmarkResult f = fRandwrite();
        ProfileMatcher m = new ProfileMatcher(List.of(f), List.of());
        // 64 x 64 outstanding over 8 members: 512 per member; the live members queue 400 deep
        CapacityChoice c = m.choose(load(RaidLayout.of(RaidLevel.RAID5, 8), WD20, 0.05, 4096, 3000, 400.0));
        assertThat(c.source()).isEqualTo(CapacitySource.MEASURED_PROFILE);
        assertThat(c.writeIops()).isEqualTo(478.206134);
        assertThat(c.totalIops()).isEqualTo(478.206134);
        assertThat(c.profile()).isSameAs(f);
        assertThat(c.label()).startsWith("measured: " + f.id() + " (fio 3.1, ");
    }

    @Test
    void eachMatchingRuleRejectsOnItsOwn() throws Exception {
        ProfileMatcher m = new ProfileMatcher(List.of(fRandwrite()), List.of());
        RaidLayout raid5x8 = RaidLayout.of(RaidLevel.RAID5, 8);
        assertThat(m.matchingProfile(load(raid5x8, WD20, 0.05, 4096, 3000, 400.0))).isPresent();
        // read fraction more than 0.1 away
        assertThat(m.matchingProfile(load(raid5x8, WD20, 0.2, 4096, 3000, 400.0))).isEmpty();
        // 8 KiB requests: another power-of-two bucket
        assertThat(m.matchingProfile(load(raid5x8, WD20, 0.0, 8192, 3000, 400.0))).isEmpty();
        // members at depth 4, not near 512 per member
        assertThat(m.matchingProfile(load(raid5x8, WD20, 0.0, 4096, 32, 4.0))).isEmpty();
        // other disks, other count, other level
        assertThat(m.matchingProfile(load(raid5x8, "ST16000NM001G", 0.0, 4096, 3000, 400.0))).isEmpty();
        assertThat(m.matchingProfile(load(RaidLayout.of(RaidLevel.RAID5, 6), WD20, 0.0, 4096, 3000, 400.0))).isEmpty();
        assertThat(m.matchingProfile(load(RaidLayout.of(RaidLevel.RAID6, 8), WD20, 0.0, 4096, 3000, 400.0))).isEmpty();
        // sequential load against a random benchmark
        assertThat(m.matchingProfile(new LiveLoad(raid5x8, WD20, true, "sda", IoPattern.SEQUENTIAL, 0.0, 4096, 3000, 400.0))).isEmpty();
        // unknown disk model on either side does not exclude
        assertThat(m.matchingProfile(load(raid5x8, null, 0.0, 4096, 3000, 400.0))).isPresent();
        // spinning disks' benchmark against solid-state members of an unknown model
        assertThat(m.matchingProfile(new LiveLoad(raid5x8, null, false, "sda", IoPattern.RANDOM, 0.0, 4096, 3000, 400.0))).isEmpty();
        assertThat(m.matchingProfile(new LiveLoad(raid5x8, null, null, "sda", IoPattern.RANDOM, 0.0, 4096, 3000, 400.0))).isPresent();
    }

    @Test
    void suspectProfilesAreNeverACapacitySource() throws Exception {
        BenchmarkResult suspect = fRandwrite().toBuilder().verdict(Verdict.MODEL_SUSPECT).build();
        CapacityChoice c = new ProfileMatcher(List.of(suspect), List.of()).choose(load(RaidLayout.of(RaidLevel.RAID5, 8), WD20, 0.0, 4096, 3000, 400.0));
        assertThat(c.source()).isNotEqualTo(CapacitySource.MEASURED_PROFILE);
    }

    @Test
    void withoutABenchmarkTheModelRunsOverTheMemberDiskProfile() {
        DiskProfile d = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
        DiskProfile named = new DiskProfile("user-16tb", "16 TB members", "ST16000NM001G", true, d.randomReadIops(), d.randomWriteIops(),
                d.blockSizeBytes(), d.queueDepth(), d.sequentialMBps(), "user");
        ProfileMatcher m = new ProfileMatcher(BuiltInCatalog.profiles(), List.of(named));
        RaidLayout raid10 = RaidLayout.raid10(Raid10Layout.NEAR, 2, 4);
        CapacityChoice c = m.choose(load(raid10, "ST16000NM001G", 0.7, 4096, 16, 4.0));
        assertThat(c.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
        assertThat(c.disk()).isSameAs(named);
        double total = new RaidModel(raid10, named).randomIops(0.7, 4096, 16);
        assertThat(c.totalIops()).isCloseTo(total, within(1e-9));
        assertThat(c.readIops()).isCloseTo(0.7 * total, within(1e-9));
        assertThat(c.label()).startsWith("model: raid10 near-2 x4 over member disk user-16tb (");
    }

    @Test
    void singleDiskBenchmarksOfTheSameModelBecomeTheMemberDisk() {
        List<BenchmarkResult> single = publishedSingleDisk("ST16000NM001G");
        ProfileMatcher m = new ProfileMatcher(single, List.of());
        MemberDisk md = m.memberDisk(load(RaidLayout.of(RaidLevel.RAID5, 4), "ST16000NM001G", 0.5, 4096, 8, 2.0));
        assertThat(md.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
        assertThat(md.disk().randomReadIops()).isEqualTo(550);
        assertThat(md.disk().randomWriteIops()).isEqualTo(480);
        assertThat(md.disk().sequentialMBps()).isEqualTo(268);
        assertThat(md.disk().model()).isEqualTo("ST16000NM001G");
    }

    @Test
    void nothingKnownFallsBackToALabelledDiskClassDefault() {
        ProfileMatcher m = new ProfileMatcher(List.of(), List.of());
        CapacityChoice ssd = m.choose(new LiveLoad(RaidLayout.of(RaidLevel.RAID1, 2), "Samsung SSD 870", false, "sda",
                IoPattern.RANDOM, 1.0, 4096, 1, 0.5));
        assertThat(ssd.source()).isEqualTo(CapacitySource.DISK_CLASS_DEFAULT);
        assertThat(ssd.disk()).isSameAs(DiskClass.SATA_SSD.defaults());
        assertThat(ssd.label()).contains("disk-class default default-sata-ssd (no benchmark of these disks; default: Samsung 850 EVO");
        assertThat(ssd.readIops()).isCloseTo(DiskClass.SATA_SSD.defaults().randomReadIops(), within(1e-9));

        CapacityChoice seq = m.choose(new LiveLoad(RaidLayout.of(RaidLevel.RAID5, 4), null, null, "nvme0n1",
                IoPattern.SEQUENTIAL, 0.0, 1 << 20, 4, null));
        assertThat(seq.disk()).isSameAs(DiskClass.NVME_SSD.defaults());
        assertThat(seq.writeBytesPerSec()).isCloseTo(3 * 3300e6, within(1.0));
        assertThat(seq.totalIops()).isNull();
    }

    @Test
    void unknownQueueDepthRanksBehindANearOne() {
        BenchmarkResult base = BenchmarkResult.builder("near", Tool.FIO).pattern(IoPattern.RANDOM).level(RaidLevel.RAID5).disks(4)
                .readFraction(1.0).blockSizeBytes(4096L).queueDepth(8).jobs(1).readIops(900.0).writeIops(0.0).build();
        BenchmarkResult unknown = base.toBuilder().id("unknown").queueDepth(null).readIops(100.0).build();
        ProfileMatcher m = new ProfileMatcher(List.of(unknown, base), List.of());
        assertThat(m.matchingProfile(load(RaidLayout.of(RaidLevel.RAID5, 4), null, 1.0, 4096, 8, 2.0))).get()
                .extracting(BenchmarkResult::id).isEqualTo("near");
    }

    private static DiskProfile named16tb() {
        DiskProfile d = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
        return new DiskProfile("user-16tb", "16 TB members", "ST16000NM001G", true, d.randomReadIops(), d.randomWriteIops(),
                d.blockSizeBytes(), d.queueDepth(), d.sequentialMBps(), "user");
    }

    @Test
    void useFromTheModelIsThePredictedMemberBusyFractionSplitByDirection() {
        RaidLayout raid5 = RaidLayout.of(RaidLevel.RAID5, 4);
        ProfileMatcher m = new ProfileMatcher(List.of(), List.of(named16tb()));
        CapacityUse u = m.use(load(raid5, "ST16000NM001G", 400.0 / 600, 8192, 4, 2.0), 400, 200, 8192, 8192);
        RaidModel model = new RaidModel(raid5, named16tb());
        assertThat(u.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
        assertThat(u.sourceTag()).isEqualTo("model:user-16tb");
        assertThat(u.calibration()).isEqualTo(1.0);
        // 8 KiB read: 1/550 s positioning and transfer; a small raid5 write 2 reads + 2 writes
        double tr = 1 / 550.0 + 4096 / 268e6;
        double tw = 1 / 480.0 + 4096 / 268e6;
        assertThat(u.readUtil()).isCloseTo(400 * tr / 4, within(1e-12));
        assertThat(u.writeUtil()).isCloseTo(200 * (2 * tr + 2 * tw) / 4, within(1e-12));
        assertThat(u.util()).isCloseTo(model.projectedUtilisation(400, 200, 8192, 8192), within(1e-12)).isCloseTo(0.5766, within(1e-4));
        assertThat(u.readCapacity()).isCloseTo(4 / tr, within(1e-9));
        assertThat(u.headroom()).isCloseTo(1 - u.util(), within(1e-15));
    }

    @Test
    void useAgainstAMatchingBenchmarkIsTheShareOfTheMeasuredCapacity() throws Exception {
        BenchmarkResult f = fRandwrite();
        DiskProfile wd20 = new DiskProfile("wd20", "2 TB members", WD20, true, 120, 110, 4096, 1, 150, "user");
        ProfileMatcher m = new ProfileMatcher(List.of(f), List.of(wd20));
        CapacityUse u = m.use(load(RaidLayout.of(RaidLevel.RAID5, 8), WD20, 0.0, 4096, 3000, 400.0), 0, 400, 4096, 4096);
        assertThat(u.source()).isEqualTo(CapacitySource.MEASURED_PROFILE);
        assertThat(u.sourceTag()).isEqualTo("profile:" + f.id());
        // 4096 outstanding keep all 8 members busy: the benchmark is the write capacity itself
        assertThat(u.writeCapacity()).isCloseTo(478.206134, within(1e-3));
        assertThat(u.util()).isCloseTo(400 / 478.206134, within(1e-5));
        assertThat(u.calibration()).isCloseTo(478.206134 / new RaidModel(RaidLayout.of(RaidLevel.RAID5, 8), wd20).randomWriteIops(4096, 4096),
                within(1e-9));
        assertThat(u.memberDisk()).isSameAs(wd20);
    }

    @Test
    void useWithNothingKnownIsLabelledAsADiskClassDefault() {
        CapacityUse u = new ProfileMatcher(List.of(), List.of()).use(load(RaidLayout.of(RaidLevel.RAID1, 2), null, 1.0, 4096, 1, 1.0),
                40, 0, 4096, 4096);
        assertThat(u.source()).isEqualTo(CapacitySource.DISK_CLASS_DEFAULT);
        assertThat(u.sourceTag()).isEqualTo("default:hdd-7200");
        assertThat(u.writeUtil()).isZero();
        assertThat(u.readUtil()).isCloseTo(40 / (2 * DiskClass.HDD_7200.defaults().randomReadIops()), within(1e-9));
    }

    @Test
    void aMemberDiskMeasuredOnTheArrayTakesThePlaceOfTheDefaultButNotOfAProfileOfTheDiskModel() {
        DiskProfile measured = new DiskProfile("db1/ST16000NM001G", "measured", "ST16000NM001G", true, 300, 300, 8192, null, 160, "db1");
        RaidLayout raid5 = RaidLayout.of(RaidLevel.RAID5, 4);
        CapacityUse u = new ProfileMatcher(List.of(), List.of()).use(load(raid5, "ST16000NM001G", 400.0 / 600, 8192, 4, 2.0),
                400, 200, 8192, 8192, measured);
        assertThat(u.source()).isEqualTo(CapacitySource.MEASURED_MEMBERS);
        assertThat(u.sourceTag()).isEqualTo("measured:db1/ST16000NM001G");
        // 400 reads + 200 small writes of 2 reads and 2 writes: 1,200 member I/Os over 4 members at 300 each
        assertThat(u.util()).isCloseTo(1.0, within(1e-9));
        assertThat(u.label()).contains("measured on the array's own members");

        CapacityUse named = new ProfileMatcher(List.of(), List.of(named16tb())).use(load(raid5, "ST16000NM001G", 400.0 / 600, 8192, 4, 2.0),
                400, 200, 8192, 8192, measured);
        assertThat(named.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
    }

    @Test
    void aModelCutTo16CharactersBySysfsIsTheSameModel() {
        assertThat(ProfileMatcher.sameDiskModel("ST16000NM001G-2K", "ST16000NM001G-2KK103")).isTrue();
        assertThat(ProfileMatcher.sameDiskModel(" st16000nm001g-2kk103 ", "ST16000NM001G-2KK103")).isTrue();
        assertThat(ProfileMatcher.sameDiskModel("ST16000NM001G-2KK103", "ST16000NM001G-2K")).isTrue();
        // shorter names are padded, not cut: a prefix of another length is another model
        assertThat(ProfileMatcher.sameDiskModel("WDC WD40EFRX", "WDC WD40EFRX-68N32N0")).isFalse();
        assertThat(ProfileMatcher.sameDiskModel("ST16000NM001G-2J", "ST16000NM001G-2KK103")).isFalse();
        List<BenchmarkResult> single = publishedSingleDisk("ST16000NM001G-2KK103");
        MemberDisk md = new ProfileMatcher(single, List.of()).memberDisk(load(RaidLayout.of(RaidLevel.RAID5, 4), "ST16000NM001G-2K", 0.5, 4096, 8, 2.0));
        assertThat(md.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
    }

    /** A matcher keeps what it derived per disk model; the request size still picks the benchmark of the same block size. */
    @Test
    void aDerivedMemberDiskIsTheSameAsAFreshMatchersForEveryRequestSizeAndModel() {
        List<BenchmarkResult> single = new ArrayList<>(publishedSingleDisk("ST16000NM001G"));
        for (BenchmarkResult p : publishedSingleDisk("ST16000NM001G")) {
            if (p.id().endsWith("-randread") || p.id().endsWith("-randwrite")) {
                // slower at 64 KiB, so only a 64 KiB request picks it
                single.add(p.toBuilder().id(p.id() + "-64k").blockSizeBytes(65_536L)
                        .readIops(p.readIops() == null ? null : p.readIops() / 2).writeIops(p.writeIops() == null ? null : p.writeIops() / 2)
                        .build());
            }
        }
        ProfileMatcher kept = new ProfileMatcher(single, List.of());
        RaidLayout raid5 = RaidLayout.of(RaidLevel.RAID5, 4);
        List<DiskProfile> seen = new ArrayList<>();
        for (long bytes : new long[] {4096, 65_536, 12_345, 4096, 65_536, 1 << 20, 12_345}) {
            for (String model : new String[] {"ST16000NM001G", "st16000nm001g ", "WDC WD40EFRX-68N32N0"}) {
                LiveLoad load = load(raid5, model, 0.5, bytes, 8, 2.0);
                MemberDisk expected = new ProfileMatcher(single, List.of()).memberDisk(load);
                MemberDisk actual = kept.memberDisk(load);
                assertThat(actual).as("%s at %d bytes", model, bytes).isEqualTo(expected);
                seen.add(actual.disk());
            }
        }
        // the request size did choose: 4 KiB and 64 KiB requests were modelled on different benchmarks
        assertThat(seen.get(0).randomReadIops()).isEqualTo(2 * seen.get(3).randomReadIops());
    }

    @Test
    void aControllerIsTheSameWithOrWithoutItsVendorsNameAndRemarks() {
        assertThat(ProfileMatcher.sameController("PERC H700", "DELL PERC H700")).isTrue();
        assertThat(ProfileMatcher.sameController("dell  perc h700", "PERC H700")).isTrue();
        assertThat(ProfileMatcher.sameController("PERC 5/i", "Dell PERC 5/i (hardware RAID, 128 KiB stripe, 256 MB write-back cache)")).isTrue();
        assertThat(ProfileMatcher.sameController("PERC H700", "PERC H710")).isFalse();
        assertThat(ProfileMatcher.sameController("PERC H700", "PERC H700P")).isFalse();
        // one vendor word, not any words before it
        assertThat(ProfileMatcher.sameController("H700", "DELL PERC H700")).isFalse();
        assertThat(ProfileMatcher.sameController("(HBA)", "IBM M1015 (HBA)")).isFalse();
    }

    /**
     * A volume behind a PERC H700 is matched with benchmarks of that controller only: F's md RAID5 of the
     * same level, disks and workload is not its capacity, the same run imported as one on the PERC is; the
     * single-disk benchmarks of its disk model still give the member disk.
     */
    @Test
    void aVolumeIsMatchedWithBenchmarksOfItsOwnControllerAlone() throws Exception {
        BenchmarkResult md = fRandwrite();
        BenchmarkResult perc = md.toBuilder().id("fio-perc-h700-raid5").controller("PERC H700").build();
        LiveLoad live = load(RaidLayout.of(RaidLevel.RAID5, 8), WD20, 0.05, 4096, 3000, 400.0);
        assertThat(new ProfileMatcher(List.of(md), List.of()).forController("DELL PERC H700").matchingProfile(live)).isEmpty();
        assertThat(new ProfileMatcher(List.of(md, perc), List.of()).forController("DELL PERC H700").matchingProfile(live)).contains(perc);
        assertThat(new ProfileMatcher(List.of(perc), List.of()).forController("PERC H710").matchingProfile(live)).isEmpty();
        assertThat(new ProfileMatcher(List.of(perc), List.of()).forController(null).matchingProfile(live)).isEmpty();
        // what the model finds suspect of a controller's run is the controller's policy, which is what it measured; a cache it is not
        BenchmarkResult suspect = perc.toBuilder().verdict(Verdict.MODEL_SUSPECT).build();
        assertThat(new ProfileMatcher(List.of(suspect), List.of()).matchingProfile(live)).isEmpty();
        assertThat(new ProfileMatcher(List.of(suspect), List.of()).forController("PERC H700").matchingProfile(live))
                .hasValueSatisfying(p -> assertThat(p.id()).isEqualTo(perc.id()));
        BenchmarkResult cached = perc.toBuilder().verdict(Verdict.CACHE_SUSPECT).build();
        assertThat(new ProfileMatcher(List.of(cached), List.of()).forController("PERC H700").matchingProfile(live)).isEmpty();

        List<BenchmarkResult> single = publishedSingleDisk("ST16000NM001G");
        MemberDisk disk = new ProfileMatcher(single, List.of()).forController("PERC H700")
                .memberDisk(load(RaidLayout.of(RaidLevel.RAID5, 4), "ST16000NM001G", 0.5, 4096, 8, 2.0));
        assertThat(disk.source()).isEqualTo(CapacitySource.SINGLE_DISK_MODEL);
    }
}
