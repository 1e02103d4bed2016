package io.raidpulse.model.importer;

/**
 * Input that is not what it claims to be: names the format and the line or JSON field where
 * it stops making sense. The one exception every importer throws.
 */
public final class ImportException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String format;
    private final Integer line;
    private final String field;

    public ImportException(String format, Integer line, String field, String problem) {
        super(format + location(line, field) + ": " + problem);
        this.format = format;
        this.line = line;
        this.field = field;
    }

    public static ImportException atLine(String format, int line, String problem) {
        return new ImportException(format, line, null, problem);
    }

    public static ImportException atField(String format, String field, String problem) {
        return new ImportException(format, null, field, problem);
    }

    public static ImportException whole(String format, String problem) {
        return new ImportException(format, null, null, problem);
    }

    private static String location(Integer line, String field) {
        StringBuilder b = new StringBuilder();
        if (line != null) {
            b.append(" line ").append(line);
        }
        if (field != null) {
            b.append(" field ").append(field);
        }
        return b.toString();
    }

    /** "fio JSON", "bonnie++ CSV", ... */
    public String format() {
        return format;
    }

    /** 1-based line number, or null when the problem is not on one line. */
    public Integer line() {
        return line;
    }

    /** JSON path ("jobs[0].read.iops") or column name, or null. */
    public String field() {
        return field;
    }
}
