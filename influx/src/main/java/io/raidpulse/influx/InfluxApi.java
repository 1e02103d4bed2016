package io.raidpulse.influx;

/**
 * How raidpulse talks to an InfluxDB server ({@code influx.api}).
 *
 * <ul>
 *   <li>{@code V2}: the client's own v2 calls ({@code /api/v2/write}); InfluxDB 1.8+ (token
 *       {@code user:password}), 2.x and 3.x (token and org).</li>
 *   <li>{@code V1}: servers older than 1.8 have no {@code /api/v2/write}; the client's write call is
 *       rewritten to {@code /write} by {@link V1WriteRewrite}.</li>
 *   <li>{@code AUTO}: {@code V1} when {@code /ping} reports a version below 1.8, else {@code V2}.</li>
 * </ul>
 */
public enum InfluxApi {
    AUTO, V1, V2
}
