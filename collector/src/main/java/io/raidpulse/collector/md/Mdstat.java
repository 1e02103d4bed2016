package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ParseException;
import java.util.List;

/** A parsed /proc/mdstat: the arrays that parsed, the personalities line, and an error per array that did not. */
public record Mdstat(List<String> personalities, List<MdstatArray> arrays, List<ParseException> errors) {
}
