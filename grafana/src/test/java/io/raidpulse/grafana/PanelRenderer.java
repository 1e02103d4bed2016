package io.raidpulse.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Draws a dashboard from the answers its queries got, laid out by the panels' gridPos on a 1920 px
 * grid, so that a person can look at what the dashboards would show without a Grafana server. It
 * is not Grafana's rendering: it draws what the panel JSON asks for that matters to reading the
 * data (time series with their thresholds, units, min/max and right axes; state timelines with
 * value mappings; stat values with threshold colours and noValue; bar gauges; tables with their
 * hidden columns, renames, units and sort order) and leaves out the rest (tooltips, legends'
 * calculations, links, styling details).
 */
final class PanelRenderer {
    /** Pixels per grid column (24 columns, 1920 px) and per grid row (Grafana's 30 px rows). */
    private static final int COL = 80;
    private static final int ROW = 30;
    private static final int HEADER = 48;
    private static final Color BACKGROUND = new Color(0x111217);
    private static final Color PANEL = new Color(0x181B1F);
    private static final Color BORDER = new Color(0x2F3138);
    private static final Color TEXT = new Color(0xCCCCDC);
    private static final Color DIM = new Color(0x8E8E9E);
    private static final Color[] PALETTE = {
        new Color(0x7EB26D), new Color(0xEAB839), new Color(0x6ED0E0), new Color(0xEF843C), new Color(0xE24D42),
        new Color(0x1F78C1), new Color(0xBA43A9), new Color(0x705DA0), new Color(0x508642), new Color(0xCCA300),
    };
    private static final Map<String, Color> NAMED = Map.of("green", new Color(0x73BF69), "red", new Color(0xF2495C),
            "orange", new Color(0xFF9830), "blue", new Color(0x5794F2), "purple", new Color(0xB877D9),
            "yellow", new Color(0xFADE2A), "text", TEXT);
    private static final DateTimeFormatter HHMM = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    /** What was drawn: panels with data drawn as data, and those drawn as "No data". */
    record Outcome(Path file, List<String> drawnWithData, List<String> drawnEmpty) {
    }

    private final GrafanaTemplating.TimeRange range;
    /** Annotation events of the dashboard being drawn: epoch ms and colour, drawn on its time series. */
    private final List<Map.Entry<Long, Color>> events = new ArrayList<>();

    PanelRenderer(GrafanaTemplating.TimeRange range) {
        this.range = range;
    }

    /** Renders one dashboard with the answers of one selection of its variables to {@code file}. */
    Outcome render(Dashboard d, Map<Dashboard.Query, InfluxHttp.Result> answers, Map<String, List<String>> variables,
                   String selection, Path file) throws IOException {
        int bottom = 0;
        for (JsonNode p : d.panelsAndRows()) {
            JsonNode g = p.path("gridPos");
            bottom = Math.max(bottom, g.path("y").asInt() + g.path("h").asInt());
        }
        BufferedImage img = new BufferedImage(24 * COL, HEADER + bottom * ROW + 8, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(BACKGROUND);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(TEXT);
        g.setFont(font(Font.BOLD, 18));
        g.drawString(d.title(), 12, 24);
        g.setFont(font(Font.PLAIN, 12));
        g.setColor(DIM);
        g.drawString(selection + "   range " + ISO.format(range.from()) + " to " + ISO.format(range.to())
                + " UTC   drawn by DashboardQueriesIT from the answers InfluxDB gave the dashboard's queries (not a Grafana rendering)", 12, 42);
        List<String> withData = new ArrayList<>();
        List<String> empty = new ArrayList<>();
        events.clear();
        answers.forEach((q, r) -> {
            if (q.annotation() && q.panel().path("enable").asBoolean(false)) {
                Color c = color(q.panel().path("iconColor").asText());
                r.series().forEach(s -> s.values().forEach(row -> events.add(Map.entry(row.get(0).asLong(), c))));
            }
        });
        for (JsonNode p : d.json().path("panels")) {
            if ("row".equals(p.path("type").asText())) {
                JsonNode gp = p.path("gridPos");
                g.setColor(TEXT);
                g.setFont(font(Font.BOLD, 14));
                g.drawString(GrafanaTemplating.interpolate(p.path("title").asText(), variables, range), 8,
                        HEADER + gp.path("y").asInt() * ROW + 20);
                for (JsonNode inner : p.path("panels")) {
                    drawPanel(g, d, inner, answers, withData, empty);
                }
            } else {
                drawPanel(g, d, p, answers, withData, empty);
            }
        }
        g.dispose();
        Files.createDirectories(file.getParent());
        ImageIO.write(img, "png", file.toFile());
        return new Outcome(file, withData, empty);
    }

    private void drawPanel(Graphics2D g, Dashboard d, JsonNode p, Map<Dashboard.Query, InfluxHttp.Result> answers,
                           List<String> withData, List<String> empty) {
        JsonNode gp = p.path("gridPos");
        int x = gp.path("x").asInt() * COL + 4;
        int y = HEADER + gp.path("y").asInt() * ROW + 4;
        int w = gp.path("w").asInt() * COL - 8;
        int h = gp.path("h").asInt() * ROW - 8;
        g.setColor(PANEL);
        g.fillRect(x, y, w, h);
        g.setColor(BORDER);
        g.drawRect(x, y, w, h);
        g.setColor(TEXT);
        g.setFont(font(Font.BOLD, 13));
        g.drawString(fit(g, p.path("title").asText(), w - 16), x + 8, y + 18);
        List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> mine = new ArrayList<>();
        answers.forEach((q, r) -> {
            if (!q.annotation() && q.panel() == p) {
                mine.add(Map.entry(q, r));
            }
        });
        boolean data = mine.stream().anyMatch(e -> e.getValue().hasData());
        int cx = x + 8;
        int cy = y + 28;
        int cw = w - 16;
        int ch = h - 34;
        String label = d.uid() + " / " + p.path("id").asText() + " " + p.path("title").asText();
        String type = p.path("type").asText();
        if (!data && !(type.equals("stat") && p.path("fieldConfig").path("defaults").has("noValue"))) {
            g.setColor(DIM);
            g.setFont(font(Font.PLAIN, 14));
            g.drawString("No data", x + w / 2 - 25, y + h / 2);
            empty.add(label);
            return;
        }
        switch (type) {
            case "timeseries" -> timeSeries(g, p, mine, cx, cy, cw, ch);
            case "state-timeline" -> stateTimeline(g, p, mine, cx, cy, cw, ch);
            case "stat" -> stat(g, p, mine, cx, cy, cw, ch);
            case "bargauge" -> barGauge(g, p, mine, cx, cy, cw, ch);
            case "table" -> table(g, p, mine, cx, cy, cw, ch);
            default -> throw new IllegalArgumentException(label + ": panel type " + type + " is not drawn by this renderer");
        }
        (data ? withData : empty).add(label);
    }

    // --- time series ------------------------------------------------------------------------

    private record Line(String name, List<double[]> points, boolean right) {
    }

    private void timeSeries(Graphics2D g, JsonNode p, List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> answers,
                            int x, int y, int w, int h) {
        JsonNode defaults = p.path("fieldConfig").path("defaults");
        List<Line> lines = new ArrayList<>();
        String rightUnit = null;
        Double rightMax = null;
        for (var e : answers) {
            for (InfluxHttp.Series s : e.getValue().series()) {
                for (int c = 1; c < s.columns().size(); c++) {
                    String name = renamed(p, DisplayNames.name(e.getKey().alias(), s, s.columns().get(c)));
                    JsonNode right = override(p, name, "custom.axisPlacement");
                    boolean onRight = right != null && "right".equals(right.asText());
                    if (onRight) {
                        JsonNode u = override(p, name, "unit");
                        rightUnit = u == null ? defaults.path("unit").asText() : u.asText();
                        JsonNode m = override(p, name, "max");
                        rightMax = m == null ? null : m.asDouble();
                    }
                    List<double[]> pts = new ArrayList<>();
                    for (List<JsonNode> row : s.values()) {
                        JsonNode v = row.get(c);
                        pts.add(new double[] {row.get(0).asDouble(), v.isNumber() ? v.asDouble() : Double.NaN});
                    }
                    lines.add(new Line(name, pts, onRight));
                }
            }
        }
        int legendRows = Math.min(4, (lines.size() + 3) / 4);
        int plotX = x + 62;
        int plotW = w - 62 - (rightUnit != null ? 62 : 8);
        int plotY = y + 4;
        int plotH = h - 20 - legendRows * 15;
        String unit = defaults.path("unit").asText();
        double[] left = scale(lines, false, defaults.has("min") ? defaults.path("min").asDouble() : null,
                defaults.has("max") ? defaults.path("max").asDouble() : null, thresholdValues(defaults));
        double[] rightScale = rightUnit == null ? null : scale(lines, true, 0.0, rightMax, List.of());
        axes(g, plotX, plotY, plotW, plotH, left, unit, defaults, false);
        if (rightScale != null) {
            axes(g, plotX + plotW, plotY, plotW, plotH, rightScale, rightUnit, defaults, true);
        }
        String style = defaults.path("custom").path("thresholdsStyle").path("mode").asText("off");
        if (!style.equals("off")) {
            for (JsonNode step : defaults.path("thresholds").path("steps")) {
                if (step.path("value").isNumber()) {
                    double v = step.path("value").asDouble();
                    int yy = yOf(v, left, plotY, plotH);
                    if (yy >= plotY && yy <= plotY + plotH) {
                        g.setColor(color(step.path("color").asText()));
                        g.setStroke(new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0));
                        g.drawLine(plotX, yy, plotX + plotW, yy);
                    }
                }
            }
        }
        for (Map.Entry<Long, Color> event : events) {
            int ex = (int) xOf(event.getKey(), plotX, plotW);
            g.setColor(event.getValue());
            g.setStroke(new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {2, 3}, 0));
            g.drawLine(ex, plotY, ex, plotY + plotH);
            g.fillPolygon(new int[] {ex - 4, ex + 4, ex}, new int[] {plotY + plotH + 6, plotY + plotH + 6, plotY + plotH}, 3);
        }
        boolean step = "stepAfter".equals(defaults.path("custom").path("lineInterpolation").asText());
        Shape clip = g.getClip();
        g.clipRect(plotX, plotY - 1, plotW + 1, plotH + 2);
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            double[] sc = line.right() ? rightScale : left;
            g.setColor(PALETTE[i % PALETTE.length]);
            g.setStroke(line.right() ? new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1, new float[] {4, 3}, 0)
                    : new BasicStroke(1.5f));
            Path2D path = new Path2D.Double();
            boolean open = false;
            double lastY = 0;
            for (double[] pt : line.points()) {
                if (Double.isNaN(pt[1])) {
                    open = false;
                    continue;
                }
                double px = xOf(pt[0], plotX, plotW);
                double py = yOf(pt[1], sc, plotY, plotH);
                if (!open) {
                    path.moveTo(px, py);
                    open = true;
                } else {
                    if (step) {
                        path.lineTo(px, lastY);
                    }
                    path.lineTo(px, py);
                }
                lastY = py;
            }
            g.draw(path);
        }
        g.setClip(clip);
        g.setStroke(new BasicStroke(1));
        legend(g, lines.stream().map(Line::name).toList(), x + 8, plotY + plotH + 18, w - 16);
    }

    private double[] scale(List<Line> lines, boolean right, Double min, Double max, List<Double> thresholds) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Line l : lines) {
            if (l.right() != right) {
                continue;
            }
            for (double[] pt : l.points()) {
                if (!Double.isNaN(pt[1])) {
                    lo = Math.min(lo, pt[1]);
                    hi = Math.max(hi, pt[1]);
                }
            }
        }
        if (lo == Double.POSITIVE_INFINITY) {
            lo = 0;
            hi = 1;
        }
        if (min != null) {
            lo = min;
        }
        if (max != null) {
            hi = max;
        } else {
            // soft: show a threshold that lies a little above the data, as Grafana's axis does for its lines
            for (double t : thresholds) {
                if (t > hi && t < hi * 1.3) {
                    hi = t;
                }
            }
            hi = hi + (hi - lo) * 0.05;
        }
        if (hi <= lo) {
            hi = lo + 1;
        }
        return new double[] {lo, hi};
    }

    private void axes(Graphics2D g, int x, int y, int w, int h, double[] sc, String unit, JsonNode defaults, boolean right) {
        g.setFont(font(Font.PLAIN, 11));
        String previous = null;
        for (int i = 0; i <= 4; i++) {
            double v = sc[0] + (sc[1] - sc[0]) * i / 4;
            int yy = yOf(v, sc, y, h);
            String text = format(v, unit, defaults.has("decimals") ? defaults.path("decimals").asInt() : -1);
            if (text.equals(previous)) {
                continue;
            }
            previous = text;
            if (!right) {
                g.setColor(BORDER);
                g.drawLine(x, yy, x + w, yy);
            }
            g.setColor(DIM);
            g.drawString(text, right ? x + 4 : x - 4 - g.getFontMetrics().stringWidth(text), yy + 4);
        }
        if (!right) {
            for (int i = 0; i <= 4; i++) {
                long t = range.from().toEpochMilli() + range.millis() * i / 4;
                int xx = (int) xOf(t, x, w);
                g.setColor(DIM);
                String text = HHMM.format(Instant.ofEpochMilli(t));
                g.drawString(text, xx - g.getFontMetrics().stringWidth(text) / 2, y + h + 14);
            }
        }
    }

    private double xOf(double t, int x, int w) {
        return x + (t - range.from().toEpochMilli()) / range.millis() * w;
    }

    private static int yOf(double v, double[] sc, int y, int h) {
        return (int) Math.round(y + h - (v - sc[0]) / (sc[1] - sc[0]) * h);
    }

    private void legend(Graphics2D g, List<String> names, int x, int y, int w) {
        g.setFont(font(Font.PLAIN, 11));
        int col = Math.max(1, w / 4);
        for (int i = 0; i < names.size() && i < 16; i++) {
            int lx = x + (i % 4) * col;
            int ly = y + (i / 4) * 15 + 12;
            g.setColor(PALETTE[i % PALETTE.length]);
            g.fillRect(lx, ly - 8, 10, 4);
            g.setColor(TEXT);
            g.drawString(fit(g, names.get(i), col - 18), lx + 14, ly - 3);
        }
    }

    // --- state timeline -----------------------------------------------------------------------

    private void stateTimeline(Graphics2D g, JsonNode p, List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> answers,
                               int x, int y, int w, int h) {
        JsonNode defaults = p.path("fieldConfig").path("defaults");
        List<Map.Entry<String, List<List<JsonNode>>>> rows = new ArrayList<>();
        for (var e : answers) {
            for (InfluxHttp.Series s : e.getValue().series()) {
                rows.add(Map.entry(DisplayNames.name(e.getKey().alias(), s, s.columns().get(1)), s.values()));
            }
        }
        int labelW = 110;
        int plotW = w - labelW;
        int rowH = Math.max(12, Math.min(40, (h - 20) / Math.max(1, rows.size())));
        g.setFont(font(Font.PLAIN, 11));
        for (int i = 0; i < rows.size(); i++) {
            int ry = y + i * rowH;
            g.setColor(TEXT);
            g.drawString(fit(g, rows.get(i).getKey(), labelW - 6), x, ry + rowH / 2 + 4);
            List<List<JsonNode>> values = rows.get(i).getValue();
            List<Map.Entry<Integer, String>> labels = new ArrayList<>();
            for (int k = 0; k < values.size(); k++) {
                JsonNode v = values.get(k).get(1);
                if (v.isNull()) {
                    continue;
                }
                double t0 = values.get(k).get(0).asDouble();
                double t1 = k + 1 < values.size() ? values.get(k + 1).get(0).asDouble() : range.to().toEpochMilli();
                int x0 = (int) xOf(t0, x + labelW, plotW);
                int x1 = (int) Math.ceil(xOf(t1, x + labelW, plotW));
                Map.Entry<String, Color> shown = mapped(defaults, v);
                g.setColor(shown.getValue());
                g.fillRect(x0, ry + 2, Math.max(1, x1 - x0), rowH - 4);
                if (k == 0 || !values.get(k - 1).get(1).equals(v)) {
                    labels.add(Map.entry(x0, shown.getKey()));
                }
            }
            g.setColor(Color.BLACK);
            for (int k = 0; k < labels.size(); k++) {
                int room = (k + 1 < labels.size() ? labels.get(k + 1).getKey() : x + w) - labels.get(k).getKey() - 6;
                if (room > 12) {
                    g.drawString(fit(g, labels.get(k).getValue(), room), labels.get(k).getKey() + 3, ry + rowH / 2 + 4);
                }
            }
        }
        for (int i = 0; i <= 4; i++) {
            long t = range.from().toEpochMilli() + range.millis() * i / 4;
            g.setColor(DIM);
            g.drawString(HHMM.format(Instant.ofEpochMilli(t)), (int) xOf(t, x + labelW, plotW) - 14, y + h - 2);
        }
    }

    /** Text and colour of a value: value mappings first, then thresholds (numbers). */
    private static Map.Entry<String, Color> mapped(JsonNode defaults, JsonNode v) {
        for (JsonNode m : defaults.path("mappings")) {
            if ("value".equals(m.path("type").asText()) && m.path("options").has(v.asText())) {
                JsonNode r = m.path("options").path(v.asText());
                return Map.entry(r.path("text").asText(v.asText()), color(r.path("color").asText()));
            }
            if ("range".equals(m.path("type").asText()) && v.isNumber()) {
                JsonNode o = m.path("options");
                if (v.asDouble() >= o.path("from").asDouble() && v.asDouble() <= o.path("to").asDouble()) {
                    return Map.entry(o.path("result").path("text").asText(v.asText()), color(o.path("result").path("color").asText()));
                }
            }
        }
        return Map.entry(v.asText(), v.isNumber() ? thresholdColor(defaults, v.asDouble()) : PALETTE[Math.abs(v.asText().hashCode()) % PALETTE.length]);
    }

    // --- stat, bar gauge -----------------------------------------------------------------------

    private void stat(Graphics2D g, JsonNode p, List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> answers,
                      int x, int y, int w, int h) {
        JsonNode defaults = p.path("fieldConfig").path("defaults");
        Double value = null;
        for (var e : answers) {
            for (InfluxHttp.Series s : e.getValue().series()) {
                for (List<JsonNode> row : s.values()) {
                    if (row.get(1).isNumber()) {
                        value = row.get(1).asDouble();
                    }
                }
            }
        }
        String text = value == null ? defaults.path("noValue").asText("No data")
                : format(value, defaults.path("unit").asText(), defaults.has("decimals") ? defaults.path("decimals").asInt() : -1);
        double shownValue = value == null ? parseOr(defaults.path("noValue").asText(), Double.NaN) : value;
        String mode = p.path("options").path("colorMode").asText("value");
        Color c = Double.isNaN(shownValue) ? DIM : thresholdColor(defaults, shownValue);
        if (mode.equals("background")) {
            g.setColor(c);
            g.fillRect(x - 4, y - 4, w + 8, h + 8);
            g.setColor(Color.WHITE);
        } else {
            g.setColor(mode.equals("none") ? TEXT : c);
        }
        g.setFont(font(Font.BOLD, Math.min(40, h - 10)));
        FontMetrics fm = g.getFontMetrics();
        g.drawString(text, x + (w - fm.stringWidth(text)) / 2, y + h / 2 + fm.getAscent() / 3);
    }

    private void barGauge(Graphics2D g, JsonNode p, List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> answers,
                          int x, int y, int w, int h) {
        JsonNode defaults = p.path("fieldConfig").path("defaults");
        Map<String, Double> bars = new LinkedHashMap<>();
        for (var e : answers) {
            for (InfluxHttp.Series s : e.getValue().series()) {
                for (int c = 1; c < s.columns().size(); c++) {
                    String name = renamed(p, DisplayNames.name(e.getKey().alias(), s, s.columns().get(c)));
                    for (List<JsonNode> row : s.values()) {
                        if (row.get(c).isNumber()) {
                            bars.put(name, row.get(c).asDouble());
                        }
                    }
                }
            }
        }
        double max = defaults.has("max") ? defaults.path("max").asDouble()
                : Math.max(bars.values().stream().mapToDouble(Double::doubleValue).max().orElse(1), maxThreshold(defaults));
        int barH = Math.max(10, Math.min(26, (h - 4) / Math.max(1, bars.size()) - 4));
        int labelW = 170;
        int valueW = 90;
        int i = 0;
        g.setFont(font(Font.PLAIN, 12));
        for (var b : bars.entrySet()) {
            int by = y + i * (barH + 4);
            g.setColor(TEXT);
            g.drawString(fit(g, b.getKey(), labelW - 6), x, by + barH / 2 + 4);
            int full = w - labelW - valueW;
            g.setColor(new Color(0x22252B));
            g.fillRect(x + labelW, by, full, barH);
            g.setColor(thresholdColor(defaults, b.getValue()));
            g.fillRect(x + labelW, by, (int) Math.max(1, Math.min(full, full * b.getValue() / max)), barH);
            g.drawString(format(b.getValue(), defaults.path("unit").asText(), defaults.has("decimals") ? defaults.path("decimals").asInt() : -1),
                    x + w - valueW + 6, by + barH / 2 + 4);
            i++;
        }
    }

    // --- table ----------------------------------------------------------------------------------

    private void table(Graphics2D g, JsonNode p, List<Map.Entry<Dashboard.Query, InfluxHttp.Result>> answers,
                       int x, int y, int w, int h) {
        List<String> columns = new ArrayList<>();
        List<Map<String, JsonNode>> rows = new ArrayList<>();
        for (var e : answers) {
            for (InfluxHttp.Series s : e.getValue().series()) {
                for (List<JsonNode> values : s.values()) {
                    Map<String, JsonNode> row = new LinkedHashMap<>();
                    for (int c = 0; c < s.columns().size(); c++) {
                        String name = c == 0 ? "Time" : s.columns().get(c);
                        row.put(name, values.get(c));
                        if (c == 0 && !s.tags().isEmpty()) {
                            s.tags().forEach((k, v) -> row.put(k, com.fasterxml.jackson.databind.node.TextNode.valueOf(v)));
                        }
                    }
                    row.keySet().forEach(k -> {
                        if (!columns.contains(k)) {
                            columns.add(k);
                        }
                    });
                    rows.add(row);
                }
            }
        }
        JsonNode organize = null;
        for (JsonNode t : p.path("transformations")) {
            if (t.path("id").asText().equals("organize")) {
                organize = t.path("options");
            }
        }
        if (organize != null) {
            JsonNode excluded = organize.path("excludeByName");
            columns.removeIf(c -> excluded.path(c).asBoolean(false));
        }
        JsonNode sortBy = p.path("options").path("sortBy");
        if (sortBy.size() > 0) {
            String key = sortBy.get(0).path("displayName").asText();
            Comparator<Map<String, JsonNode>> cmp = Comparator.comparingDouble(r -> r.getOrDefault(key, com.fasterxml.jackson.databind.node.NullNode.instance).asDouble(Double.NEGATIVE_INFINITY));
            rows.sort(sortBy.get(0).path("desc").asBoolean() ? cmp.reversed() : cmp);
        }
        if (p.path("targets").toString().contains("ORDER BY time DESC")) {
            rows.sort(Comparator.comparingDouble((Map<String, JsonNode> r) -> r.get("Time").asDouble()).reversed());
        }
        g.setFont(font(Font.PLAIN, 11));
        FontMetrics fm = g.getFontMetrics();
        int[] widths = new int[columns.size()];
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, JsonNode> r : rows) {
            List<String> line = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                String text = cell(p, columns.get(c), r.get(columns.get(c)));
                line.add(text);
                widths[c] = Math.max(widths[c], fm.stringWidth(text));
            }
            cells.add(line);
        }
        for (int c = 0; c < columns.size(); c++) {
            widths[c] = Math.min(520, Math.max(widths[c], fm.stringWidth(columns.get(c))) + 12);
        }
        int total = java.util.Arrays.stream(widths).sum();
        double shrink = total > w ? (double) w / total : 1;
        int cx = x;
        g.setColor(TEXT);
        g.setFont(font(Font.BOLD, 11));
        for (int c = 0; c < columns.size(); c++) {
            int cw = (int) (widths[c] * shrink);
            g.drawString(fit(g, columns.get(c), cw - 4), cx, y + 10);
            cx += cw;
        }
        g.setFont(font(Font.PLAIN, 11));
        int rowH = 16;
        for (int r = 0; r < cells.size() && 16 + (r + 1) * rowH < h; r++) {
            cx = x;
            int ry = y + 14 + r * rowH;
            for (int c = 0; c < columns.size(); c++) {
                int cw = (int) (widths[c] * shrink);
                JsonNode v = rows.get(r).get(columns.get(c));
                JsonNode steps = override(p, columns.get(c), "thresholds");
                if (steps != null && v != null && v.isNumber()) {
                    g.setColor(thresholdColor(steps, v.asDouble()));
                    g.fillRect(cx - 2, ry + 2, cw - 2, rowH - 2);
                    g.setColor(Color.BLACK);
                } else {
                    g.setColor(TEXT);
                }
                g.drawString(fit(g, cells.get(r).get(c), cw - 4), cx, ry + 13);
                cx += cw;
            }
        }
    }

    private String cell(JsonNode p, String column, JsonNode v) {
        if (v == null || v.isNull()) {
            return "";
        }
        if (!v.isNumber()) {
            return v.asText();
        }
        JsonNode unit = override(p, column, "unit");
        String u = unit != null ? unit.asText() : column.equals("Time") ? "dateTimeAsIso" : p.path("fieldConfig").path("defaults").path("unit").asText();
        JsonNode dec = override(p, column, "decimals");
        return format(v.asDouble(), u, dec == null ? -1 : dec.asInt());
    }

    // --- field config -----------------------------------------------------------------------------

    /** The value of an override property for a field name, or null. */
    private static JsonNode override(JsonNode panel, String name, String property) {
        JsonNode found = null;
        for (JsonNode o : panel.path("fieldConfig").path("overrides")) {
            String id = o.path("matcher").path("id").asText();
            String opt = o.path("matcher").path("options").asText();
            boolean matches = id.equals("byName") ? opt.equals(name) : id.equals("byRegexp") && Pattern.compile(opt).matcher(name).find();
            if (matches) {
                for (JsonNode prop : o.path("properties")) {
                    if (prop.path("id").asText().equals(property)) {
                        found = prop.path("value");
                    }
                }
            }
        }
        return found;
    }

    private static String renamed(JsonNode panel, String name) {
        for (JsonNode t : panel.path("transformations")) {
            if (t.path("id").asText().equals("renameByRegex")) {
                name = name.replaceAll(t.path("options").path("regex").asText(),
                        t.path("options").path("renamePattern").asText());
            }
        }
        return name;
    }

    private static List<Double> thresholdValues(JsonNode defaults) {
        List<Double> out = new ArrayList<>();
        defaults.path("thresholds").path("steps").forEach(s -> {
            if (s.path("value").isNumber()) {
                out.add(s.path("value").asDouble());
            }
        });
        return out;
    }

    private static double maxThreshold(JsonNode defaults) {
        return thresholdValues(defaults).stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** Colour of the highest threshold step at or below v; {@code config} holds "thresholds" or is the thresholds. */
    private static Color thresholdColor(JsonNode config, double v) {
        JsonNode steps = config.has("steps") ? config.path("steps") : config.path("thresholds").path("steps");
        Color c = NAMED.get("green");
        for (JsonNode s : steps) {
            if (s.path("value").isNull() || s.path("value").isMissingNode() || v >= s.path("value").asDouble()) {
                c = color(s.path("color").asText());
            }
        }
        return c;
    }

    private static Color color(String name) {
        if (name.startsWith("#") && name.length() == 7) {
            return new Color(Integer.parseInt(name.substring(1), 16));
        }
        return NAMED.getOrDefault(name, PALETTE[0]);
    }

    /** Grafana-like value formatting for the units the dashboards use. */
    static String format(double v, String unit, int decimals) {
        switch (unit) {
            case "percent":
                return fmt(v, decimals < 0 ? 1 : decimals) + "%";
            case "percentunit":
                return fmt(v * 100, decimals < 0 ? 1 : Math.max(0, decimals - 2)) + "%";
            case "ms":
                return v >= 1000 ? fmt(v / 1000, 2) + " s" : fmt(v, decimals < 0 ? 1 : decimals) + " ms";
            case "s":
                return v >= 3600 ? fmt(v / 3600, 1) + " h" : v >= 60 ? fmt(v / 60, 1) + " min" : fmt(v, 0) + " s";
            case "iops":
                return scaled(v, decimals) + " io/s";
            case "reqps":
                return scaled(v, decimals) + " req/s";
            case "KiBs":
                return v >= 1024 * 1024 ? fmt(v / 1024 / 1024, 1) + " GiB/s" : v >= 1024 ? fmt(v / 1024, 1) + " MiB/s" : fmt(v, 0) + " KiB/s";
            case "kbytes":
                return v >= 1024 ? fmt(v / 1024, 1) + " MiB" : fmt(v, decimals < 0 ? 1 : decimals) + " KiB";
            case "dateTimeAsIso":
                return ISO.format(Instant.ofEpochMilli((long) v));
            default:
                return decimals >= 0 ? fmt(v, decimals) : scaled(v, -1);
        }
    }

    private static String scaled(double v, int decimals) {
        if (Math.abs(v) >= 1e6) {
            return fmt(v / 1e6, 2) + " M";
        }
        if (Math.abs(v) >= 1e4) {
            return fmt(v / 1e3, 1) + " K";
        }
        return fmt(v, decimals >= 0 ? decimals : Math.abs(v) >= 100 || v == Math.rint(v) ? 0 : 2);
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static double parseOr(String text, double otherwise) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static String fit(Graphics2D g, String text, int width) {
        FontMetrics fm = g.getFontMetrics();
        if (fm.stringWidth(text) <= width) {
            return text;
        }
        String t = text;
        while (t.length() > 1 && fm.stringWidth(t + "…") > width) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "…";
    }

    private static Font font(int style, int size) {
        return new Font(Font.SANS_SERIF, style, size);
    }
}
