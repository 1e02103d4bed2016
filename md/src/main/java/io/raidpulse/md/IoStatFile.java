package io.raidpulse.md;

import java.util.List;

/** A parsed io.stat: the device lines that parsed and an error for each line that did not. */
public record IoStatFile(List<IoStatEntry> entries, List<ParseException> errors) {
    public static final IoStatFile EMPTY = new IoStatFile(List.of(), List.of());
}
