package io.raidpulse.planner;

import io.raidpulse.model.capacity.RaidLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a hardware RAID volume's plan says besides its figures: the controller and the disks as
 * declared, and what the controller's write cache means for the write figures of the layouts on
 * it. A write-back cache completes a write once it is in the controller's memory and writes it to
 * the disks later, gathered: the level's write penalty in the RAID model (a small RAID5 write: two
 * reads and two writes on the disks) is then more than the disks do, by an amount only a benchmark
 * of that controller can tell. Without one, the model's write figures of the hardware layouts are
 * an upper bound; with write-through they stand.
 */
final class VolumeNotes {
    static final String BENCHMARK = "benchmark";
    static final String MODEL = "model";
    static final String UPPER_BOUND = "upper_bound";
    static final String CACHE_UNKNOWN = "cache_unknown";
    static final String WRITE_THROUGH = "write-through";

    private VolumeNotes() {
    }

    /**
     * What a hardware layout's write figures are (PlanReport.LayoutPlan#writeFigures).
     *
     * @param cache        the declared cache policy; null when not declared
     * @param writeWindows windows with writes
     * @param benchmarked  those of them a benchmark of the controller gave
     */
    static String writeFigures(String cache, int writeWindows, int benchmarked) {
        if (writeWindows == 0) {
            return MODEL;
        }
        if (benchmarked == writeWindows) {
            return BENCHMARK;
        }
        if (cache == null) {
            return CACHE_UNKNOWN;
        }
        return WRITE_THROUGH.equals(cache) ? MODEL : UPPER_BOUND;
    }

    /** "PERC H700, cache write-back-battery": the header's words on the volume's controller. */
    static String controllerText(ArrayHistory h) {
        ArrayHistory.Volume v = h.volume();
        return (v.controller() == null ? "controller not known" : v.controller()) + ", "
                + (v.cache() == null ? "cache not declared" : "cache " + v.cache());
    }

    /** "4 x ST4000NM0033 (declared)", or what to declare when the model is not. */
    static String disksText(ArrayHistory h, RaidLayout current) {
        String model = h.shape().diskModel();
        return current.disks() + " x " + (model == null ? "disks of an undeclared model (collector.hwraid." + h.array() + ".disk-model)"
                : model + " (declared)");
    }

    static PlanReport.Volume volume(ArrayHistory h, List<PlanReport.LayoutPlan> plans) {
        return new PlanReport.Volume(h.volume().controller(), h.volume().cache(), writeCache(h, plans), sameDisks(h, plans));
    }

    /** The write cache's line: what the hardware layouts' write figures are, and what would tell. */
    static String writeCache(ArrayHistory h, List<PlanReport.LayoutPlan> plans) {
        ArrayHistory.Volume v = h.volume();
        String controller = v.controller() == null ? "the controller" : v.controller();
        List<String> measured = new ArrayList<>();
        List<String> bounded = new ArrayList<>();
        for (PlanReport.LayoutPlan p : plans) {
            if (BENCHMARK.equals(p.writeFigures())) {
                measured.add(p.description() + " (" + String.join(", ", p.benchmarks().keySet()) + ")");
            } else if (UPPER_BOUND.equals(p.writeFigures()) || CACHE_UNKNOWN.equals(p.writeFigures())) {
                bounded.add(p.description());
            }
        }
        StringBuilder b = new StringBuilder();
        String cache = v.cache();
        if (cache == null) {
            b.append("cache unknown (collector.hwraid.").append(h.array()).append(".cache is not declared): with a write-back cache the")
                    .append(" model's write cost of the hardware layouts overstates what the disks do, with write-through it stands");
        } else if (WRITE_THROUGH.equals(cache)) {
            b.append("write-through cache: a write completes once it is on the disks, so the model's write cost of the hardware layouts")
                    .append(" stands");
        } else {
            b.append("write-back cache").append(cache.contains("battery") ? " (battery-backed)" : "").append(": ").append(controller)
                    .append(" completes a write once it is in its memory and writes it to the disks later, so the model's write cost of")
                    .append(" the hardware layouts overstates it, by how much only a benchmark of ").append(controller).append(" says");
        }
        if (!measured.isEmpty()) {
            b.append("; a benchmark of ").append(controller).append(" gave the write figures of ").append(String.join(", ", measured));
        }
        if (!bounded.isEmpty()) {
            b.append(cache == null ? "; if it caches writes, the write figures of " : "; the write figures of ").append(String.join(", ", bounded))
                    .append(" are an upper bound (a benchmark of it would say by how much: raidpulse bench import FILE --controller '")
                    .append(v.controller() == null ? "NAME" : v.controller()).append("' --level ").append(h.shape().level())
                    .append(" --disks ").append(h.shape().disks()).append(")");
        }
        return b.toString();
    }

    /**
     * Hardware against md on the same disks: the model counts the same member I/Os for both, so only benchmarks, of the
     * controller and of md, set them apart.
     */
    static String sameDisks(ArrayHistory h, List<PlanReport.LayoutPlan> plans) {
        List<String> measured = new ArrayList<>();
        for (PlanReport.LayoutPlan p : plans) {
            if (p.benchmarks() != null && !p.benchmarks().isEmpty()) {
                measured.add(p.description() + " (" + String.join(", ", p.benchmarks().keySet()) + ")");
            }
        }
        String controller = h.volume().controller() == null ? "the controller" : h.volume().controller();
        return "the model counts the same member I/Os for a level on the controller and on md over the same disks, so it gives both"
                + " the same figures; only benchmarks tell them apart (raidpulse bench import --controller '" + controller + "' for the"
                + " hardware layouts, --controller md for md's)"
                + (measured.isEmpty() ? ": none matched here" : ": here they scaled " + String.join(", ", measured));
    }

    /** The recommendation with, for each layout on the controller, what its write figures rest on. */
    static PlanReport.Recommendation recommendation(PlanReport.Recommendation r, List<PlanReport.LayoutPlan> plans) {
        List<String> reasons = new ArrayList<>();
        String line = r.line();
        for (int i = 0; i < plans.size(); i++) {
            PlanReport.LayoutPlan p = plans.get(i);
            String note = note(p);
            reasons.add(r.reasons().get(i) + note);
            if (p.key().equals(r.choice())) {
                line += note;
            }
        }
        return new PlanReport.Recommendation(r.choice(), line, reasons);
    }

    /** "; from benchmark fio-...", "; its write figures are an upper bound (write-back cache)"; empty when nothing to say. */
    private static String note(PlanReport.LayoutPlan p) {
        String from = p.benchmarks() == null || p.benchmarks().isEmpty() ? ""
                : String.format(Locale.ROOT, "; scaled to benchmark %s", String.join(", ", p.benchmarks().keySet()));
        if (UPPER_BOUND.equals(p.writeFigures())) {
            return from + "; its write figures are an upper bound (write-back cache)";
        }
        if (CACHE_UNKNOWN.equals(p.writeFigures())) {
            return from + "; its write figures are an upper bound if the controller caches writes (cache unknown)";
        }
        return from;
    }
}
