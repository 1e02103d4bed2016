package io.raidpulse.planner;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.LiveLoad;
import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.model.profile.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A hardware RAID volume's load on each layout, window by window. The controller hides the
 * members, so there is no measured member util to scale (as plan does for an md array): each
 * window's reads and writes go through the RAID model over the member disk (U = (R tr + W tw) / n,
 * docs/raid-model.md#capacity-under-a-mix), and where an imported benchmark matches the layout and
 * the window's load (ProfileMatcher: level, disks, disk model, pattern, read fraction, request
 * size, queue), the model's figure is scaled by the benchmark's measured / model, as the stream
 * processor's capacity comparison scales it. The layouts on the volume's controller match only
 * benchmarks of that controller (BenchmarkProfile.controller); md's only those of md (controller
 * md or not said).
 *
 * <p>A controller benchmark the model doubts (measured / model outside 0.5-1.5, MODEL_SUSPECT) is
 * used for that controller's layouts all the same: what the model cannot know of a controller (its
 * write-back cache above all) is what such a benchmark measured. One suspect of the page cache
 * (CACHE_SUSPECT) never is.
 */
final class VolumeFigures {
    /** The volume's member util on each layout per window, percent: benchmark-scaled where one matched. */
    final double[][] util;
    /** The model's alone over the member disk. */
    final double[][] model;
    /** Per layout, the benchmarks used and in how many windows, by profile id. */
    final List<Map<String, Integer>> benchmarks;
    /** Per layout, the windows with writes and those of them whose figure a benchmark gave. */
    final int[] writeWindows;
    final int[] benchmarkedWriteWindows;

    private VolumeFigures(int layouts, int windows) {
        util = new double[layouts][windows];
        model = new double[layouts][windows];
        benchmarks = new ArrayList<>();
        for (int l = 0; l < layouts; l++) {
            benchmarks.add(new LinkedHashMap<>());
        }
        writeWindows = new int[layouts];
        benchmarkedWriteWindows = new int[layouts];
    }

    static VolumeFigures of(ArrayHistory h, List<VolumeLayouts.Candidate> layouts, DiskProfile disk, List<BenchmarkResult> profiles) {
        String controller = h.volume().controller();
        // the live comparison's rule: only benchmarks of this controller, its model-suspect ones included
        ProfileMatcher onController = new ProfileMatcher(profiles, List.of()).forController(controller);
        ProfileMatcher md = new ProfileMatcher(profiles.stream().filter(p -> isMd(p.controller())).toList(), List.of());
        RaidLayout current = layouts.get(0).layout();
        List<ArrayHistory.Window> windows = h.windows();
        VolumeFigures out = new VolumeFigures(layouts.size(), windows.size());
        for (int w = 0; w < windows.size(); w++) {
            ArrayHistory.Window win = windows.get(w);
            double r = win.readsPerSec();
            double wr = win.writesPerSec();
            if (!(r + wr > 0)) {
                continue;
            }
            WindowRequests q = WindowRequests.of(r, wr, win.readKBs(), win.writeKBs());
            // the volume's queue spread over its disks: what the members would hold, for the benchmark's queue depth
            Double memberQueue = win.aquSz() / current.disks();
            for (int l = 0; l < layouts.size(); l++) {
                VolumeLayouts.Candidate c = layouts.get(l);
                double u = 100 * AlternativeLayouts.project(List.of(c.layout()), disk, q.pattern(), r, wr, q.readBytes(), q.writeBytes(), null)
                        .get(0).memberUtilisation();
                out.model[l][w] = u;
                // the volume's rotational flag is the controller's word, not the disks': the declared disk model tells them
                LiveLoad load = new LiveLoad(c.layout(), h.shape().diskModel(), null, null, q.pattern(), r / (r + wr), q.meanBytes(),
                        win.aquSz(), memberQueue);
                Optional<BenchmarkResult> p = (c.hardware() ? onController : md).matchingProfile(load);
                out.util[l][w] = p.isPresent() ? u / ProfileMatcher.measuredOverModel(p.get(), new RaidModel(c.layout(), disk)) : u;
                if (p.isPresent()) {
                    out.benchmarks.get(l).merge(p.get().id(), 1, Integer::sum);
                }
                if (wr > 0) {
                    out.writeWindows[l]++;
                    out.benchmarkedWriteWindows[l] += p.isPresent() ? 1 : 0;
                }
            }
        }
        return out;
    }

    /** A benchmark of md: imported with --controller md, or without a controller. */
    static boolean isMd(String controller) {
        return controller == null || controller.isBlank() || controller.trim().equalsIgnoreCase("md");
    }
}
