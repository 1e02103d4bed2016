package io.raidpulse.lab.checks;

import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.lab.LabDisk;
import io.raidpulse.lab.disk.SerialDisk;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.topics.saturation.BusyTimeCounting;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.assertj.core.api.SoftAssertions;

/**
 * The live capacity figures of a recording's arrays, as the sink wrote them to InfluxDB, against
 * what the lab's disks are known to do (real md arrays on disks whose capacity is known are where the live
 * capacity figures can be checked):
 *
 * <ul>
 *   <li>every window without a benchmark (capacity_source measured: or default:; the lab imports
 *       none) has {@code capacity_util} within {@link #AGREEMENT_POINTS} of its busiest member's
 *       {@code util_mean}, except the windows whose members carry I/O md does not count (a sync
 *       running, a member missing), which the capacity of the application's load cannot show (as
 *       the launcher's CapacityAgreement holds the simulator's scenarios);</li>
 *   <li>where the scenario's arrays were busy on random I/O ({@link ScenarioExpectations#learnedCapacity}),
 *       the member capacity learned on them ({@code capacity_member_iops}, the measured source's
 *       figure, of the window with the most busy windows behind it) within {@link #LEARNED_WITHIN}
 *       of what the lab disk serves at that request size: its positioning time plus the transfer
 *       at its media rate ({@link SerialDisk}, the profile's own model; 150 I/Os a second at 4 KiB
 *       for hdd-7200).</li>
 * </ul>
 */
final class CapacityChecks {
    /** Points of 100 capacity_util may be from the busiest member's util without a benchmark (both measure the same members). */
    static final double AGREEMENT_POINTS = 10;
    /** How far the learned member capacity may be from the lab disk's known capacity: a tenth. */
    static final double LEARNED_WITHIN = 0.10;
    /**
     * How far above the lab disk's capacity a figure learned on a kernel that under-counts busy time may be
     * (BusyTimeCounting): 5.10 counted the lab's RAID5 members 72-78% busy over its busiest minutes where 6.1 counts
     * 92-99% at the same rates, so what they serve per counted busy second reads up to about a third high.
     */
    static final double UNDERCOUNTED_WITHIN = 0.30;

    private CapacityChecks() {
    }

    /** What a scenario's learned capacity is held to, and why. */
    record Learned(Kind kind, String why, List<String> singleDiskRuns) {
        enum Kind {
            /** its arrays were busy on random I/O with a queue: the learned figure within a tenth of the lab disk's */
            FIGURE,
            /**
             * its busy windows streamed in requests under 128 KiB (taken for random I/O: the aggregates carry no
             * offsets): the learned figure is held above what a disk positioning for every request can serve
             */
            STREAMING,
            /**
             * its busy windows kept one to a few requests in flight per disk, where the lab disk as the guest sees
             * it serves measurably less than at depth (each request's round trip through the emulated virtio and
             * the NBD server adds to the disk's service time until a queue hides it): the learned figure is held
             * between what the same recording's single-disk fio runs served per busy second at the shallowest
             * and the deepest of {@link #singleDiskRuns}
             */
            SHALLOW,
            /**
             * nothing learned: every window busy enough to learn member I/Os from had a sync running or a member
             * missing, or streamed (requests of 128 KiB and more)
             */
            NOTHING
        }

        static Learned figure(String why) {
            return new Learned(Kind.FIGURE, why, List.of());
        }

        static Learned streaming(String why) {
            return new Learned(Kind.STREAMING, why, List.of());
        }

        static Learned shallow(String why, String shallowestRun, String deepestRun) {
            return new Learned(Kind.SHALLOW, why, List.of(shallowestRun, deepestRun));
        }

        static Learned nothing(String why) {
            return new Learned(Kind.NOTHING, why, List.of());
        }
    }

    /** fio's IOPS of a single-disk run over its disk's mean busy share in the run: I/Os per busy second. */
    static double perBusySecond(Recording r, String bench) throws java.io.IOException {
        return ModelVsMeasured.iops(r, bench) / (BenchmarkWindow.of(r, bench).disks(r).busiestUtil() / 100);
    }

    /** Busiest member util (%) from which the capacity processor learns from a window (MemberCapacity.LEARN_FROM_UTIL). */
    static final double LEARN_FROM_UTIL = 50;

    /**
     * The 1-minute array windows of {@code host}, once their count has stopped changing (at most 60 s; a
     * host without arrays has none to wait for).
     */
    static List<InfluxQlResult.Row> settledWindows(InfluxConnection influx, String host, boolean arrays) throws InterruptedException {
        String q = "SELECT * FROM \"agg_1m\".\"raidpulse_array\" WHERE host = '" + host + "' GROUP BY \"array\"";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int last = -1;
        int stable = 0;
        InfluxQlResult r = influx.query(q);
        while (System.nanoTime() < deadline && (r.size() == 0 && arrays || stable < 4)) {
            Thread.sleep(500);
            r = influx.query(q);
            stable = r.size() == last ? stable + 1 : 0;
            last = r.size();
        }
        List<InfluxQlResult.Row> rows = new ArrayList<>(r.rows());
        rows.sort(Comparator.comparing(InfluxQlResult.Row::time).thenComparing(w -> w.tags().get("array")));
        return rows;
    }

    /** One line per window, for the report and for a failure's message. */
    static String describe(InfluxQlResult.Row w) {
        return String.format(Locale.ROOT, "%s %s %s util_mean %.1f member_util_mean %s request %s kB r/s %s w/s %s capacity_util %s"
                        + " source %s contradicted %s confidence %s member_iops %s at %s kB from %s windows (±%s) sync %s degraded %s",
                w.time(), w.tags().get("array"), w.text("level"), w.number("util_mean"), round(w.number("member_util_mean")),
                round(w.number("mean_request_kB")), round(w.number("r_iops")), round(w.number("w_iops")), round(w.number("capacity_util")),
                w.text("capacity_source"), w.text("capacity_contradicted"), w.text("capacity_confidence"),
                round(w.number("capacity_member_iops")), round(w.number("capacity_member_request_kB")), w.text("capacity_learned_windows"),
                round(w.number("capacity_uncertainty")), w.text("sync_action"), w.text("degraded_max"));
    }

    private static String round(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** Whether md counted all the members' work in the window: no sync running, no member missing. */
    static boolean mdCountsAll(InfluxQlResult.Row w) {
        return w.text("sync_action") == null && (w.number("degraded_max") == null || w.number("degraded_max") == 0);
    }

    /** The capacity_util of every window without a benchmark within {@link #AGREEMENT_POINTS} of its busiest member's util. */
    static int agreement(SoftAssertions soft, String name, List<InfluxQlResult.Row> windows) {
        List<String> apart = new ArrayList<>();
        int compared = 0;
        for (InfluxQlResult.Row w : windows) {
            Double capacity = w.number("capacity_util");
            String source = w.text("capacity_source");
            if (capacity == null || source == null) {
                continue;
            }
            soft.assertThat(source).as("%s: the lab imports no benchmark: %s", name, describe(w)).matches("(measured|default):.+");
            if (!mdCountsAll(w)) {
                continue;
            }
            compared++;
            if (Math.abs(capacity * 100 - w.number("util_mean")) > AGREEMENT_POINTS) {
                apart.add(describe(w));
            }
        }
        soft.assertThat(apart).as("%s: windows whose capacity_util is more than %.0f points from the busiest member's util_mean", name,
                AGREEMENT_POINTS).isEmpty();
        return compared;
    }

    /** Points (of 100) a hardware RAID volume's capacity_util may lie from the share of the lab volume's own rates its load used. */
    static final double VOLUME_AGREEMENT = 0.2;

    /**
     * A hardware RAID volume's windows ({@code array_kind} hardware) against the lab volume they ran
     * on, whose rates are known (its throttle: {@code disk}'s reads and writes a second): the declared
     * shape on every window; the disk-class default until the volume was first saturated, the capacity
     * it showed there ({@code measured:}) from then on; on every window of random requests (under
     * 128 KiB) with a measured source and some load, capacity_util within {@link #VOLUME_AGREEMENT} of
     * r/s over the volume's read rate plus w/s over its write rate (what was learned against what the
     * controller really serves; before it, the default's queue-depth-1 figure is a guess, 1.7 times too
     * low on both lab volumes); at least one such window where the volume was ever saturated; over
     * capacity only with requests waiting (aqu-sz 1 or more: else the source is contradicted); and a
     * write-back cache without a benchmark of its controller keeps the confidence low.
     *
     * @return the windows compared
     */
    static int volumeAgreement(SoftAssertions soft, String name, List<InfluxQlResult.Row> windows, LabDisk disk) {
        List<String> apart = new ArrayList<>();
        int compared = 0;
        boolean saturated = false;
        for (InfluxQlResult.Row w : windows) {
            Double disks = w.number("raid_disks");
            saturated |= w.number("util_mean") >= 95 && disks != null && w.number("aqu_sz_mean") >= 2 * disks;
            soft.assertThat(w.text("level")).as("%s: declared level on %s", name, describe(w)).isNotNull();
            soft.assertThat(w.number("raid_disks")).as("%s: declared disks on %s", name, describe(w)).isNotNull();
            soft.assertThat(w.text("controller")).as("%s: controller on %s", name, describe(w)).isNotNull();
            Double capacity = w.number("capacity_util");
            if (capacity == null) {
                continue;
            }
            String source = w.text("capacity_source");
            soft.assertThat(source).as("%s: the lab imports no benchmark; measured once saturated: %s", name, describe(w))
                    .startsWith(saturated ? "measured:" : "default:");
            soft.assertThat(w.text("capacity_contradicted")).as("%s: nothing contradicted: %s", name, describe(w)).isNull();
            if (capacity > 1) {
                soft.assertThat(w.number("aqu_sz_mean")).as("%s: over capacity with requests waiting: %s", name, describe(w))
                        .isGreaterThanOrEqualTo(1.0);
            }
            String cache = w.text("controller_cache");
            if (cache != null && cache.startsWith("write-back")) {
                soft.assertThat(w.text("capacity_confidence")).as("%s: a write-back cache, no benchmark: %s", name, describe(w)).isEqualTo("low");
            }
            double reads = w.number("r_iops");
            double writes = w.number("w_iops");
            Double request = w.number("mean_request_kB");
            if (reads + writes < 10 || request == null || request >= 128 || source == null || !source.startsWith("measured:")) {
                continue;
            }
            compared++;
            double share = reads / disk.iops() + writes / (disk.writeIops() > 0 ? disk.writeIops() : disk.iops());
            if (Math.abs(capacity - share) > VOLUME_AGREEMENT) {
                apart.add(describe(w) + String.format(Locale.ROOT, " against the lab volume's %.2f", share));
            }
        }
        soft.assertThat(apart).as("%s: volume windows whose capacity_util is more than %.0f points from the share of the lab volume's "
                + "rates used", name, VOLUME_AGREEMENT * 100).isEmpty();
        if (saturated) {
            soft.assertThat(compared).as("%s: volume windows with the capacity it showed at saturation", name).isPositive();
        }
        return compared;
    }

    /** What one lab disk serves per busy second in random requests of {@code bytes}: its positioning plus the transfer. */
    static double expectedIops(LabDisk disk, double bytes) {
        SerialDisk serial = disk.serialModel();
        if (serial == null) {
            throw new IllegalArgumentException("the lab's " + disk.name() + " disks have no service-time model to hold a learned capacity to");
        }
        return 1e9 / serial.serviceNs(0, Math.round(bytes), -1);
    }

    /** The one disk profile of the recording's disks (all the lab's arrays are of one profile). */
    static LabDisk diskProfile(Recording r) {
        Set<String> names = new LinkedHashSet<>();
        r.manifest().path("disks").forEach(d -> names.add(d.path("profile").asText()));
        if (names.size() != 1) {
            throw new IllegalStateException(r.name() + ": disks of " + names.size() + " profiles " + names + ", expected one");
        }
        return LabDisk.named(names.iterator().next());
    }

    /**
     * The learned random member capacity: of the windows with a measured source and a random member
     * figure, the one with the most busy windows behind it (the latest among equals); empty when none.
     */
    static Optional<InfluxQlResult.Row> learned(List<InfluxQlResult.Row> windows) {
        InfluxQlResult.Row best = null;
        for (InfluxQlResult.Row w : windows) {
            String source = w.text("capacity_source");
            Double n = w.number("capacity_learned_windows");
            if (source == null || !source.startsWith("measured:") || w.number("capacity_member_iops") == null || n == null || n < 1) {
                continue;
            }
            if (best == null || n >= best.number("capacity_learned_windows")) {
                best = w;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The learned member capacity held to the scenario's expectation (within {@link #LEARNED_WITHIN} of the lab
     * disk's at the figure's request size; or the evidence for why not); its line for the report.
     */
    static String learnedCapacity(SoftAssertions soft, Recording r, List<InfluxQlResult.Row> windows, Learned expectation)
            throws java.io.IOException {
        Optional<InfluxQlResult.Row> learned = learned(windows);
        if (expectation.kind() == Learned.Kind.NOTHING) {
            soft.assertThat(learned).as("%s: nothing learned (%s)", r.name(), expectation.why()).isEmpty();
            // a window of requests of 128 KiB and more is taken for streams: it gives a sequential rate, never member I/Os
            List<String> couldLearn = windows.stream().filter(w -> w.number("util_mean") >= LEARN_FROM_UTIL && mdCountsAll(w)
                            && !(w.number("mean_request_kB") != null
                                && w.number("mean_request_kB") >= WindowRequests.SEQUENTIAL_REQUEST_BYTES / 1024.0))
                    .map(CapacityChecks::describe).toList();
            soft.assertThat(couldLearn).as("%s: windows busy enough to learn from with md counting all (%s)", r.name(),
                    expectation.why()).isEmpty();
            return r.name() + ": nothing learned (" + expectation.why() + ")";
        }
        // only here: a recording with nothing to learn may mix disk profiles (perc-h700-saturation: the volume and a virtio disk)
        LabDisk disk = diskProfile(r);
        soft.assertThat(learned).as("%s: a member capacity learned (%s)", r.name(), expectation.why()).isPresent();
        if (learned.isEmpty()) {
            return r.name() + ": nothing learned";
        }
        InfluxQlResult.Row w = learned.get();
        double bytes = w.number("capacity_member_request_kB") * 1024;
        double expected = expectedIops(disk, bytes);
        double got = w.number("capacity_member_iops");
        Double uncertainty = w.number("capacity_uncertainty");
        String line = String.format(Locale.ROOT, "%s: learned %.1f member I/Os per busy second at %.1f kB from %s busy windows (±%s, %s),"
                        + " the lab's %s disk serves %.1f random: %+.1f%%", r.name(), got, bytes / 1024, w.text("capacity_learned_windows"),
                uncertainty == null ? "-" : String.format(Locale.ROOT, "%.1f%%", uncertainty * 100), w.text("capacity_confidence"),
                disk.name(), expected, (got / expected - 1) * 100);
        if (expectation.kind() == Learned.Kind.STREAMING) {
            // positioning for every request, a disk serves at most 1 / positioning time per busy second at any size
            double mostRandom = 1e9 / disk.serialModel().positioningNs();
            soft.assertThat(got).as("%s: more than a disk positioning for every request serves (%.1f): its windows streamed (%s)", line,
                    mostRandom, expectation.why()).isGreaterThan(mostRandom);
            return line + "; streamed, not held to it (" + expectation.why() + ")";
        }
        if (expectation.kind() == Learned.Kind.SHALLOW) {
            double low = perBusySecond(r, expectation.singleDiskRuns().get(0));
            double high = perBusySecond(r, expectation.singleDiskRuns().get(1));
            String range = String.format(Locale.ROOT, "the recording's single disk served %.1f (%s) to %.1f (%s) per busy second", low,
                    expectation.singleDiskRuns().get(0), high, expectation.singleDiskRuns().get(1));
            soft.assertThat(low).as("%s: %s, less at depth 1 than at depth", r.name(), range).isLessThan(expected * (1 - LEARNED_WITHIN));
            soft.assertThat(got).as("%s: %s (%s)", line, range, expectation.why()).isBetween(low, high);
            return line + "; " + range + " (" + expectation.why() + ")";
        }
        String kernel = r.manifest().path("kernel").path("release").asText(null);
        if (BusyTimeCounting.undercounts(kernel)) {
            // busy time counted short: the members serve more per counted busy second than the disk can, never less
            soft.assertThat(got).as("%s, on %s, which under-counts busy time (%s)", line, kernel, describe(w))
                    .isBetween(expected * (1 - LEARNED_WITHIN), expected * (1 + UNDERCOUNTED_WITHIN));
            return line + "; " + kernel + " under-counts busy time, held within +" + Math.round(UNDERCOUNTED_WITHIN * 100) + "%";
        }
        soft.assertThat(got).as("%s (%s)", line, describe(w)).isBetween(expected * (1 - LEARNED_WITHIN), expected * (1 + LEARNED_WITHIN));
        return line;
    }
}
