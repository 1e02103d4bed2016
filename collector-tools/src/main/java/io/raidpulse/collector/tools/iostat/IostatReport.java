package io.raidpulse.collector.tools.iostat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.raidpulse.collector.iostat.DeviceMetrics;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prints metrics as sysstat 12.6 {@code iostat -x} prints them: the plain report
 * (iostat.c write_plain_ext_stat: {@code %-13s} device, each value {@code " %*.2f"} with
 * iostat's widths) or, for {@code --json}, one object per device with exactly the disk keys of
 * {@code iostat -x -o JSON}. Values are rounded as glibc's printf rounds: the exact binary
 * value, ties to even.
 */
public final class IostatReport {
    public static final String HEADER = "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s"
            + "   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await"
            + "  aqu-sz  %util";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(SerializationFeature.INDENT_OUTPUT);

    private IostatReport() {
    }

    /** One line of the plain report, columns in iostat's order (read group, write, discard, flush, then aqu-sz, %util). */
    public static String plainLine(String device, DeviceMetrics m) {
        StringBuilder sb = new StringBuilder(String.format("%-13s", device));
        col(sb, 7, m.rS());
        col(sb, 9, m.rkBS());
        col(sb, 8, m.rrqmS());
        col(sb, 6, m.rrqm());
        col(sb, 7, m.rAwait());
        col(sb, 8, m.rareqSz());
        col(sb, 7, m.wS());
        col(sb, 9, m.wkBS());
        col(sb, 8, m.wrqmS());
        col(sb, 6, m.wrqm());
        col(sb, 7, m.wAwait());
        col(sb, 8, m.wareqSz());
        col(sb, 7, m.dS());
        col(sb, 9, m.dkBS());
        col(sb, 8, m.drqmS());
        col(sb, 6, m.drqm());
        col(sb, 7, m.dAwait());
        col(sb, 8, m.dareqSz());
        col(sb, 7, m.fS());
        col(sb, 7, m.fAwait());
        col(sb, 7, m.aquSz());
        col(sb, 6, m.util());
        return sb.toString();
    }

    /** The JSON object of one device: disk_device then the 22 metric keys of iostat -x -o JSON. */
    public static String json(String device, DeviceMetrics m) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("disk_device", device);
        double[] v = m.values();
        for (int i = 0; i < DeviceMetrics.KEYS.length; i++) {
            o.put(DeviceMetrics.KEYS[i], twoDecimals(v[i]));
        }
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** printf("%.2f") of glibc: the exact binary value rounded half to even. */
    public static BigDecimal twoDecimals(double v) {
        return new BigDecimal(v).setScale(2, RoundingMode.HALF_EVEN);
    }

    private static StringBuilder col(StringBuilder sb, int width, double v) {
        String s = twoDecimals(v).toPlainString();
        sb.append(' ');
        for (int i = s.length(); i < width; i++) {
            sb.append(' ');
        }
        return sb.append(s);
    }
}
