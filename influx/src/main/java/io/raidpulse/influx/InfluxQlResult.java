package io.raidpulse.influx;

import com.influxdb.query.InfluxQLQueryResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of an InfluxQL answer, flattened over statements and series: each row is its series'
 * measurement and tags plus one value per column. Empty CSV cells (nulls) are absent from
 * {@link Row#columns()}.
 */
public record InfluxQlResult(List<Row> rows) {

    /** One row; {@code time} is epoch milliseconds (queries are sent with {@code epoch=ms}). */
    public record Row(int statement, String measurement, Map<String, String> tags, Map<String, String> columns) {

        public String text(String column) {
            return columns.get(column);
        }

        /** The column as a number, or null when the cell is empty. */
        public Double number(String column) {
            String v = columns.get(column);
            if (v == null) {
                return null;
            }
            try {
                return Double.valueOf(v);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("column " + column + " of " + measurement + " is not a number: '" + v + "'", e);
            }
        }

        public Instant time() {
            String v = columns.get("time");
            return v == null ? null : Instant.ofEpochMilli(Long.parseLong(v));
        }
    }

    static InfluxQlResult of(InfluxQLQueryResult result) {
        List<Row> rows = new ArrayList<>();
        if (result == null) {
            return new InfluxQlResult(List.of());
        }
        for (InfluxQLQueryResult.Result statement : result.getResults()) {
            for (InfluxQLQueryResult.Series series : statement.getSeries()) {
                Map<String, Integer> columns = series.getColumns();
                for (InfluxQLQueryResult.Series.Record record : series.getValues()) {
                    Object[] values = record.getValues();
                    Map<String, String> row = new LinkedHashMap<>();
                    columns.forEach((name, index) -> {
                        Object v = index < values.length ? values[index] : null;
                        if (v != null && !v.toString().isEmpty()) {
                            row.put(name, v.toString());
                        }
                    });
                    rows.add(new Row(statement.getIndex(), series.getName(),
                            Collections.unmodifiableMap(new LinkedHashMap<>(series.getTags())), Collections.unmodifiableMap(row)));
                }
            }
        }
        return new InfluxQlResult(Collections.unmodifiableList(rows));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public int size() {
        return rows.size();
    }
}
