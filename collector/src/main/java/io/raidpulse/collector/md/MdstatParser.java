package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parser of /proc/mdstat. The text is, per array (drivers/md/md.c md_seq_show):
 * <pre>
 * md6 : active raid1 sdb2[2](F) sdc[1](S) sda2[0]
 *       195310144 blocks super 1.2 [2/1] [U_]
 *       [=&gt;....]  recovery =  8.5% (16775552/195310144) finish=17.0min speed=259783K/sec
 *       bitmap: 0/30 pages [0KB], 65536KB chunk
 * </pre>
 * The array line, then a status line (absent for an array with no members), then an optional
 * progress line (status_resync: a bar and "resync|recovery|reshape|check = P% (done/total)
 * finish=Nmin speed=NK/sec", or "resync=DELAYED" / "resync=PENDING"), then an optional bitmap
 * line. Pure: text in, records out; an array whose lines do not parse is reported as a
 * {@link ParseException} naming the array and the line, and the other arrays are still read.
 */
public final class MdstatParser {
    private static final Pattern ARRAY_LINE = Pattern.compile("^(md\\S*|\\S+)\\s+:\\s+(active|inactive)\\b(.*)$");
    private static final Pattern MEMBER = Pattern.compile("^([^\\s\\[]+)\\[(\\d{1,9})\\]((?:\\([A-Z]\\))*)$");
    private static final Pattern BLOCKS = Pattern.compile("^(\\d+) blocks\\b");
    private static final Pattern SUPER = Pattern.compile("\\bsuper (\\S+)");
    private static final Pattern RAID456 = Pattern.compile("\\blevel (\\d+), (\\d+)k chunk, algorithm (\\d+)");
    private static final Pattern CHUNKS = Pattern.compile("\\b(\\d+)[kK] (?:chunks|rounding)\\b");
    private static final Pattern COPIES = Pattern.compile("\\b(\\d+) (near|far|offset)-copies\\b");
    private static final Pattern DISKS = Pattern.compile("\\[(\\d+)/(\\d+)\\]\\s*\\[([U_]*)\\]");
    private static final Pattern PROGRESS = Pattern.compile(
            "\\b(resync|recovery|reshape|check|repair)\\s*=\\s*(\\d+(?:\\.\\d+)?)%"
            + "(?:\\s*\\((\\d+)/(\\d+)\\))?(?:\\s*finish=(\\d+(?:\\.\\d+)?)min)?(?:\\s*speed=(\\d+)K/sec)?");
    // "\tresync=DELAYED" in md.c status_resync; kernels that name the action print check=DELAYED etc.
    private static final Pattern WAITING = Pattern.compile("\\b(resync|recovery|reshape|check|repair)=(DELAYED|PENDING)\\b");

    private MdstatParser() {
    }

    public static Mdstat parse(String text, String file) {
        List<String> personalities = new ArrayList<>();
        List<MdstatArray> arrays = new ArrayList<>();
        List<ParseException> errors = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            if (line.startsWith("Personalities")) {
                int colon = line.indexOf(':');
                for (String p : line.substring(colon + 1).trim().split("\\s+")) {
                    if (p.length() > 2 && p.startsWith("[") && p.endsWith("]")) {
                        personalities.add(p.substring(1, p.length() - 1));
                    }
                }
                i++;
                continue;
            }
            if (line.isBlank() || Character.isWhitespace(line.charAt(0)) || line.startsWith("unused devices")
                    || line.startsWith("read_ahead")) {
                i++;
                continue;
            }
            Matcher m = ARRAY_LINE.matcher(line);
            if (!m.matches()) {
                errors.add(new ParseException(file, i + 1, "expected 'mdN : active|inactive ...', got '" + clip(line) + "'"));
                i++;
                continue;
            }
            int first = i;
            i++;
            List<String> body = new ArrayList<>();
            while (i < lines.length && !lines[i].isBlank() && Character.isWhitespace(lines[i].charAt(0))) {
                body.add(lines[i].trim());
                i++;
            }
            try {
                arrays.add(array(m, body, file, first + 1));
            } catch (ParseException e) {
                errors.add(e);
            }
        }
        return new Mdstat(List.copyOf(personalities), List.copyOf(arrays), List.copyOf(errors));
    }

    private static MdstatArray array(Matcher head, List<String> body, String file, int lineNo) throws ParseException {
        String name = head.group(1);
        boolean active = head.group(2).equals("active");
        String[] words = head.group(3).trim().isEmpty() ? new String[0] : head.group(3).trim().split("\\s+");
        String readOnly = null;
        String level = null;
        List<MdstatMember> members = new ArrayList<>();
        for (int k = 0; k < words.length; k++) {
            String w = words[k];
            if (w.equals("super") && k + 1 < words.length) {
                k++; // an array with no member devices prints its metadata version on this line
                continue;
            }
            if (w.equals("(read-only)") || w.equals("(auto-read-only)")) {
                readOnly = w.substring(1, w.length() - 1);
                continue;
            }
            Matcher mm = MEMBER.matcher(w);
            if (mm.matches()) {
                String flags = mm.group(3);
                members.add(new MdstatMember(mm.group(1), Integer.parseInt(mm.group(2)), flags.contains("(F)"),
                        flags.contains("(S)"), flags.contains("(W)"), flags.contains("(R)"), flags.contains("(J)")));
            } else if (level == null && members.isEmpty() && active && w.matches("[a-z][a-z0-9_-]*")) {
                level = w;
            } else {
                throw new ParseException(file, lineNo, "array " + name + ": unexpected '" + clip(w) + "' in the array line");
            }
        }
        if (active && level == null) {
            throw new ParseException(file, lineNo, "array " + name + ": active array without a level");
        }

        Long sizeKib = null;
        String superVersion = null;
        Long chunkKib = null;
        Integer algorithm = null;
        String raid10Layout = null;
        Integer raidDisks = null;
        Integer activeDisks = null;
        String memberMap = null;
        String bitmap = null;
        String syncAction = null;
        String syncState = null;
        Double syncPercent = null;
        Long syncDone = null;
        Long syncTotal = null;
        Double finish = null;
        Long speed = null;
        for (int k = 0; k < body.size(); k++) {
            String l = body.get(k);
            int at = lineNo + 1 + k;
            Matcher b = BLOCKS.matcher(l);
            if (b.find()) {
                sizeKib = number(b.group(1), file, at, name);
                Matcher s = SUPER.matcher(l);
                if (s.find()) {
                    superVersion = s.group(1);
                }
                Matcher r5 = RAID456.matcher(l);
                if (r5.find()) {
                    chunkKib = number(r5.group(2), file, at, name);
                    algorithm = (int) Math.min(Integer.MAX_VALUE, number(r5.group(3), file, at, name));
                } else {
                    Matcher c = CHUNKS.matcher(l);
                    if (c.find()) {
                        chunkKib = number(c.group(1), file, at, name);
                    }
                }
                Matcher cp = COPIES.matcher(l);
                StringBuilder layout = new StringBuilder();
                while (cp.find()) {
                    layout.append(layout.length() == 0 ? "" : ",").append(cp.group(2)).append('-').append(cp.group(1));
                }
                raid10Layout = layout.length() == 0 ? null : layout.toString();
                Matcher d = DISKS.matcher(l);
                if (d.find()) {
                    raidDisks = (int) Math.min(Integer.MAX_VALUE, number(d.group(1), file, at, name));
                    activeDisks = (int) Math.min(Integer.MAX_VALUE, number(d.group(2), file, at, name));
                    memberMap = d.group(3);
                } else if (l.contains("[")) {
                    throw new ParseException(file, at, "array " + name + ": malformed '[n/m] [U_]' in '" + clip(l) + "'");
                }
            } else if (l.startsWith("bitmap:")) {
                bitmap = l.substring("bitmap:".length()).trim();
            } else if (WAITING.matcher(l).find()) {
                Matcher w = WAITING.matcher(l);
                w.find();
                syncAction = w.group(1);
                syncState = w.group(2).toLowerCase(java.util.Locale.ROOT);
            } else if (l.startsWith("[") || PROGRESS.matcher(l).find()) {
                Matcher p = PROGRESS.matcher(l);
                if (!p.find()) {
                    throw new ParseException(file, at, "array " + name + ": unreadable progress line '" + clip(l) + "'");
                }
                syncAction = p.group(1);
                syncState = "running";
                syncPercent = Double.parseDouble(p.group(2));
                if (p.group(3) != null) {
                    syncDone = number(p.group(3), file, at, name);
                    syncTotal = number(p.group(4), file, at, name);
                }
                if (p.group(5) != null) {
                    finish = Double.parseDouble(p.group(5));
                }
                if (p.group(6) != null) {
                    speed = number(p.group(6), file, at, name);
                }
            } else {
                throw new ParseException(file, at, "array " + name + ": unexpected line '" + clip(l) + "'");
            }
        }
        return new MdstatArray(name, active, readOnly, level, List.copyOf(members), sizeKib, superVersion, chunkKib,
                algorithm, raid10Layout, raidDisks, activeDisks, memberMap, bitmap, syncAction, syncState, syncPercent,
                syncDone, syncTotal, finish, speed);
    }

    private static long number(String digits, String file, int line, String array) throws ParseException {
        if (digits.length() > 18) {
            throw new ParseException(file, line, "array " + array + ": number " + clip(digits) + " is out of range");
        }
        return Long.parseLong(digits);
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
