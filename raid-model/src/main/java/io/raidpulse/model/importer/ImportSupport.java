package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.OutputSignals;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.TrustVerdicts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/** What every importer does the same way: lines, numbers with their location, ids, the finishing step. */
final class ImportSupport {

    private ImportSupport() {
    }

    static List<String> lines(String text) {
        return List.of(text.split("\\R", -1));
    }


    /** A finite, non-negative number printed on {@code line}, or an exception naming it. */
    static double number(String format, int line, String what, String raw) throws ImportException {
        String t = raw == null ? "" : raw.trim();
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw ImportException.atLine(format, line, what + ": expected a number, found '" + t + "'");
        }
        if (!Double.isFinite(v) || v < 0) {
            throw ImportException.atLine(format, line, what + ": expected a finite number >= 0, found '" + t + "'");
        }
        return v;
    }

    /** A whole number >= 0 printed on {@code line}. */
    static long wholeNumber(String format, int line, String what, String raw) throws ImportException {
        String t = raw == null ? "" : raw.trim();
        try {
            long v = Long.parseLong(t);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw ImportException.atLine(format, line, what + ": expected a whole number >= 0, found '" + t + "'");
        }
    }

    /** A positive int for counts (jobs, clients, threads). */
    static int count(String format, int line, String what, String raw) throws ImportException {
        long v = wholeNumber(format, line, what, raw);
        if (v < 1 || v > Integer.MAX_VALUE) {
            throw ImportException.atLine(format, line, what + ": expected a count of at least 1, found '" + raw.trim() + "'");
        }
        return (int) v;
    }

    /** A size in binary units ("4k", "16KiB", "512M") printed on {@code line}. */
    static long binarySize(String format, int line, String what, String raw) throws ImportException {
        try {
            long v = ByteSizes.binary(raw);
            if (v <= 0) {
                throw new IllegalArgumentException("size must be positive");
            }
            return v;
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ImportException.atLine(format, line, what + ": expected a size like 4k or 16KiB, found '" + raw.trim() + "'");
        }
    }

    /**
     * Stable id: tool, a digest of the whole input, and the part of the input this profile
     * came from. Importing the same file again replaces the profile on the compacted topic.
     */
    static String id(Tool tool, String text, String part) {
        String digest;
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            digest = HexFormat.of().formatHex(d, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
        String slug = part == null ? "" : "-" + part.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("(^-+|-+$)", "");
        return tool.name().toLowerCase(Locale.ROOT) + "-" + digest + (slug.equals("-") ? "" : slug);
    }

    /**
     * Adds what the user knows and what to record, builds, and assesses trust. A value the
     * profile cannot hold (a negative rate from a corrupt file) fails with the location given.
     */
    static BenchmarkResult finish(String format, Integer line, BenchmarkResult.Builder b, ImportContext ctx, OutputSignals signals)
            throws ImportException {
        b.target(ctx.target());
        if (ctx.ramBytes() != null) {
            b.ramBytes(ctx.ramBytes());
        }
        b.source(ctx.source()).importedAtMs(ctx.importedAtMs());
        BenchmarkResult p;
        try {
            p = b.build();
            if (p.pattern() == null && ctx.pattern() != null) {
                p = p.toBuilder().pattern(ctx.pattern()).build();
            }
        } catch (IllegalArgumentException e) {
            throw new ImportException(format, line, null, "not a valid result: " + e.getMessage());
        }
        return TrustVerdicts.assess(p, signals, ctx.memberDisk());
    }
}
