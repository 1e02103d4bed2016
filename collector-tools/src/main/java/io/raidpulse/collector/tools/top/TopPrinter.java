package io.raidpulse.collector.tools.top;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.raidpulse.schema.AttributionStatus;
import java.io.PrintWriter;
import java.util.Locale;

/** Writes a {@link TopReport} as a table for a person (iotop-like) or as one JSON object a line for scripts. */
final class TopPrinter {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TopPrinter() {
    }

    static void text(PrintWriter out, TopReport r) {
        out.printf(Locale.ROOT, "%s  %s  interval %.1f s  %s%n", r.host(), r.time(), r.intervalS(), attribution(r));
        if (r.targets().isEmpty()) {
            out.println("no md array or standalone device did anything in the interval");
        }
        for (TopReport.Target t : r.targets()) {
            out.println();
            out.printf(Locale.ROOT, "%s%s  util %s  r/s %.1f  w/s %.1f  %s %.1f/s%s%n", t.name(),
                    t.layout() == null ? "" : " (" + t.layout() + ")", t.util() == null ? "-" : String.format(Locale.ROOT, "%.1f%%", t.util()),
                    t.rS(), t.wS(), t.layout() == null ? "I/Os" : "member I/Os", t.memberIosS(), t.sync() == null ? "" : "  " + t.sync() + " running");
            if (t.consumers().isEmpty()) {
                continue;
            }
            out.printf(Locale.ROOT, "  %6s  %9s  %8s  %8s  %9s  %9s  %-12s %s%n", "load%", "member/s", "r/s", "w/s", "rkB/s", "wkB/s",
                    "kind", "consumer");
            for (TopReport.Share s : t.consumers()) {
                out.printf(Locale.ROOT, "  %6.1f  %9.1f  %8.1f  %8.1f  %9.1f  %9.1f  %-12s %s%s%n", s.memberLoadPct(), s.memberIopsS(),
                        s.rS(), s.wS(), s.rkBS(), s.wkBS(), s.kind(), s.name(), s.direction() == null ? "" : " (" + s.direction() + ")");
            }
        }
        out.flush();
    }

    private static String attribution(TopReport r) {
        if (r.attribution() == null) {
            return "consumers: not read";
        }
        AttributionStatus s = r.attribution().getStatus();
        return s == AttributionStatus.ATTRIBUTED
                ? "consumers from " + r.attribution().getCgroupsRead() + " cgroups"
                        + (r.attribution().getCgroupsVanished() > 0 ? " (" + r.attribution().getCgroupsVanished() + " vanished)" : "")
                : "consumers: none (" + s.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")";
    }

    static void json(PrintWriter out, TopReport r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("host", r.host());
        o.put("time", r.time());
        o.put("interval_s", r.intervalS());
        ObjectNode a = o.putObject("attribution");
        if (r.attribution() != null) {
            a.put("status", r.attribution().getStatus().name());
            a.put("cgroups_read", r.attribution().getCgroupsRead());
            a.put("cgroups_vanished", r.attribution().getCgroupsVanished());
        }
        ArrayNode targets = o.putArray("devices");
        for (TopReport.Target t : r.targets()) {
            ObjectNode n = targets.addObject();
            n.put("name", t.name());
            n.put("layout", t.layout());
            if (t.util() == null) {
                n.putNull("util");
            } else {
                n.put("util", t.util());
            }
            n.put("r/s", t.rS());
            n.put("w/s", t.wS());
            n.put("member_iops", t.memberIosS());
            n.put("sync", t.sync());
            ArrayNode cs = n.putArray("consumers");
            for (TopReport.Share s : t.consumers()) {
                ObjectNode c = cs.addObject();
                c.put("name", s.name());
                c.put("kind", s.kind());
                c.put("member_load_pct", s.memberLoadPct());
                c.put("member_iops", s.memberIopsS());
                c.put("r/s", s.rS());
                c.put("w/s", s.wS());
                c.put("rkB/s", s.rkBS());
                c.put("wkB/s", s.wkBS());
                c.put("direction", s.direction());
            }
        }
        out.println(o);
        out.flush();
    }
}
