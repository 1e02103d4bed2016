package io.raidpulse.model.importer;

import io.raidpulse.model.profile.BenchmarkResult;
import java.util.List;

/** One benchmark output format: a pure function from the output's text to profiles. */
public interface BenchmarkImporter {

    BenchmarkFormat format();

    /**
     * Profiles in the text, each with its trust verdict. Fails with an {@link ImportException}
     * naming the line or field when the text is not this format or is cut short; never with
     * anything else.
     */
    List<BenchmarkResult> parse(String text, ImportContext context) throws ImportException;
}
