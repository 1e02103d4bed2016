package io.raidpulse.collector.md;

import io.raidpulse.md.ParseException;
import java.util.List;

/**
 * A parsed /proc/mdstat: the arrays that parsed, the personalities line, an error per array (or
 * line) that did not parse and was left out, and a warning per oddity in an array that was kept
 * (a flag md.c does not print, a blank line inside an array), each naming the file and line.
 */
public record Mdstat(List<String> personalities, List<MdstatArray> arrays, List<ParseException> errors,
                     List<ParseException> warnings) {
}
