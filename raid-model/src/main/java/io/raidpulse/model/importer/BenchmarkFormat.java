package io.raidpulse.model.importer;

/** The benchmark outputs raidpulse imports, each with its importer. */
public enum BenchmarkFormat {
    FIO_JSON("fio JSON"),
    FIO_TERSE("fio terse"),
    FIO_NORMAL("fio normal"),
    BONNIE_CSV("bonnie++ CSV"),
    SYSBENCH_FILEIO("sysbench fileio"),
    PGBENCH("pgbench"),
    DD("dd");

    private final String displayName;

    BenchmarkFormat(String displayName) {
        this.displayName = displayName;
    }

    /** How messages name the format: "fio JSON", "bonnie++ CSV". */
    public String displayName() {
        return displayName;
    }

    public BenchmarkImporter importer() {
        return switch (this) {
            case FIO_JSON -> new FioJsonImporter();
            case FIO_TERSE -> new FioTerseImporter();
            case FIO_NORMAL -> new FioNormalImporter();
            case BONNIE_CSV -> new BonnieCsvImporter();
            case SYSBENCH_FILEIO -> new SysbenchFileioImporter();
            case PGBENCH -> new PgbenchImporter();
            case DD -> new DdImporter();
        };
    }
}
