package io.raidpulse.md;

/**
 * Input from procfs or sysfs that does not have the shape the kernel prints. The message names
 * the file and, where there is one, the 1-based line, like {@code /proc/diskstats:7: ...}.
 * The only exception a reader of a kernel format throws on bad input.
 */
public final class ParseException extends Exception {
    private final String file;
    private final int line;

    public ParseException(String file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    /** The file the input came from, as given to the parser. */
    public String file() {
        return file;
    }

    /** 1-based line number, or 0 when the problem is not about one line. */
    public int line() {
        return line;
    }
}
