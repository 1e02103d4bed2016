package io.raidpulse.md;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * /proc/mdstat, read and written: the arrays that parsed, the personalities line, an error per
 * array (or line) that did not parse and was left out, and a warning per oddity in an array that
 * was kept (a flag md.c does not print, a blank line inside an array), each naming the file and
 * line.
 *
 * <p>The text is, per array (drivers/md/md.c md_seq_show):
 * <pre>
 * md6 : active raid1 sdb2[2](F) sdc[1](S) sda2[0]
 *       195310144 blocks super 1.2 [2/1] [U_]
 *       [=&gt;....]  recovery =  8.5% (16775552/195310144) finish=17.0min speed=259783K/sec
 *       bitmap: 0/30 pages [0KB], 65536KB chunk
 * (a blank line)
 * </pre>
 * The array line ("active", "broken" or "inactive", then "(read-only)" or "(auto-read-only)",
 * the personality, the members); the status line ("N blocks", "super X.Y", the personality's
 * status); an optional progress line (status_resync: a bar and "resync|recovery|reshape|check =
 * P% (done/total) finish=Nmin speed=NK/sec", or "resync=DELAYED", "resync=PENDING",
 * "resync|recover|reshape=REMOTE"); an optional bitmap line; and a blank line that ends the
 * array. An array with no member devices has no "N blocks": its "super X.Y" and the
 * personality's status are on the array line itself.
 *
 * <p>Pure: text in, records out. An array whose lines do not parse is reported as a
 * {@link ParseException} naming the array and the line, and the other arrays are still read;
 * what the kernel cannot print but leaves the array readable (a blank line inside an array, a
 * member flag md.c does not print) is a warning naming the line, and the array is kept.
 */
public record Mdstat(List<String> personalities, List<MdstatArray> arrays, List<ParseException> errors,
                     List<ParseException> warnings) {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern ARRAY_LINE = Pattern.compile("^(md\\S*|\\S+)\\s+:\\s+(active|broken|inactive)\\b(.*)$");
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
    // md.c status_resync: "\tresync=DELAYED", "\tresync=PENDING", "\trecover=REMOTE", "\treshape=REMOTE",
    // "\tresync=REMOTE"; check=DELAYED is accepted as some reports show it
    private static final Pattern WAITING = Pattern.compile(
            "\\b(resync|recovery|recover|reshape|check|repair)=(DELAYED|PENDING|REMOTE)\\b");
    /** The flags md_seq_show prints after a member: write-mostly, journal, faulty, spare, replacement. */
    private static final String KNOWN_FLAGS = "WJFSR";
    /** status_resync's bar: 20 characters, one per 5%. */
    private static final int PROGRESS_BAR = 20;

    public static Mdstat parse(String text, String file) {
        List<String> personalities = new ArrayList<>();
        List<MdstatArray> arrays = new ArrayList<>();
        List<ParseException> errors = new ArrayList<>();
        List<ParseException> warnings = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            if (line.startsWith("Personalities")) {
                int colon = line.indexOf(':');
                for (String p : WHITESPACE.split(line.substring(colon + 1).trim())) {
                    if (p.length() > 2 && p.startsWith("[") && p.endsWith("]")) {
                        personalities.add(p.substring(1, p.length() - 1));
                    }
                }
                i++;
                continue;
            }
            if (line.isBlank() || line.startsWith("unused devices") || line.startsWith("read_ahead")) {
                i++;
                continue;
            }
            if (Character.isWhitespace(line.charAt(0))) {
                errors.add(new ParseException(file, i + 1, "indented line outside any array, ignored: '" + clip(line.trim()) + "'"));
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
            List<Integer> bodyLines = new ArrayList<>();
            while (i < lines.length) {
                if (lines[i].isBlank()) {
                    // the kernel ends an array with a blank line; an indented line after it is not kernel output
                    if (i + 1 < lines.length && !lines[i + 1].isBlank() && Character.isWhitespace(lines[i + 1].charAt(0))) {
                        warnings.add(new ParseException(file, i + 1, "array " + m.group(1) + ": blank line inside the array"
                                + " (md.c prints one only at its end); the indented lines after it are read as "
                                + m.group(1) + "'s"));
                        i++;
                        continue;
                    }
                    break;
                }
                if (!Character.isWhitespace(lines[i].charAt(0))) {
                    break;
                }
                body.add(lines[i].trim());
                bodyLines.add(i + 1);
                i++;
            }
            try {
                arrays.add(array(m, body, bodyLines, file, first + 1, warnings));
            } catch (ParseException e) {
                errors.add(e);
            }
        }
        warnings.sort(Comparator.comparingInt(ParseException::line)); // an array's member flags come before its body
        return new Mdstat(List.copyOf(personalities), List.copyOf(arrays), List.copyOf(errors), List.copyOf(warnings));
    }

    private static MdstatArray array(Matcher head, List<String> body, List<Integer> bodyLines, String file, int lineNo,
                                     List<ParseException> warnings) throws ParseException {
        String name = head.group(1);
        boolean active = !head.group(2).equals("inactive");
        boolean broken = head.group(2).equals("broken");
        String[] words = head.group(3).trim().isEmpty() ? new String[0] : WHITESPACE.split(head.group(3).trim());
        String readOnly = null;
        String level = null;
        List<MdstatMember> members = new ArrayList<>();
        String headStatus = null;
        for (int k = 0; k < words.length; k++) {
            String w = words[k];
            if (level == null && members.isEmpty() && (w.equals("(read-only)") || w.equals("(auto-read-only)"))) {
                readOnly = w.substring(1, w.length() - 1);
                continue;
            }
            Matcher mm = MEMBER.matcher(w);
            if (mm.matches()) {
                members.add(member(mm, name, file, lineNo, warnings));
            } else if (level == null && members.isEmpty() && active && !w.equals("super") && w.matches("[a-z][a-z0-9_-]*")) {
                level = w;
            } else if (members.isEmpty() && (level != null || !active)) {
                // no member devices: md_seq_show prints "super X.Y" and the personality's status on this line
                headStatus = String.join(" ", Arrays.copyOfRange(words, k, words.length));
                break;
            } else {
                throw new ParseException(file, lineNo, "array " + name + ": unexpected '" + clip(w) + "' in the array line");
            }
        }
        if (active && level == null) {
            throw new ParseException(file, lineNo, "array " + name + ": active array without a level");
        }

        Status st = new Status();
        if (headStatus != null) {
            st.read(headStatus, file, lineNo, name);
        }
        String bitmap = null;
        String syncAction = null;
        String syncState = null;
        Double syncPercent = null;
        Long syncDone = null;
        Long syncTotal = null;
        Double finish = null;
        Long speed = null;
        boolean statusLine = false;
        for (int k = 0; k < body.size(); k++) {
            String l = body.get(k);
            int at = bodyLines.get(k);
            Matcher b = BLOCKS.matcher(l);
            if (b.find()) {
                if (statusLine || headStatus != null) {
                    throw new ParseException(file, at, "array " + name + ": a second status line '" + clip(l) + "'");
                }
                statusLine = true;
                st.sizeKib = number(b.group(1), file, at, name);
                st.read(l, file, at, name);
            } else if (l.startsWith("bitmap:")) {
                bitmap = l.substring("bitmap:".length()).trim();
            } else if (WAITING.matcher(l).find()) {
                Matcher w = WAITING.matcher(l);
                w.find();
                syncAction = w.group(1);
                syncState = w.group(2).toLowerCase(Locale.ROOT);
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
        if (!members.isEmpty() && !statusLine) {
            // md_seq_show prints "N blocks" right after the members of any array that has some
            throw new ParseException(file, lineNo, "array " + name + ": no status line ('N blocks ...') after the array line");
        }
        if (members.isEmpty() && active && headStatus == null && !statusLine) {
            throw new ParseException(file, lineNo, "array " + name + ": active array with neither members nor a status");
        }
        return new MdstatArray(name, active, broken, readOnly, level, List.copyOf(members), st.sizeKib, st.superVersion,
                st.chunkKib, st.algorithm, st.raid10Layout, st.raidDisks, st.activeDisks, st.memberMap, bitmap, syncAction,
                syncState, syncPercent, syncDone, syncTotal, finish, speed);
    }

    private static MdstatMember member(Matcher mm, String array, String file, int lineNo, List<ParseException> warnings) {
        String flags = mm.group(3);
        List<String> unknown = new ArrayList<>();
        for (int f = 1; f < flags.length(); f += 3) {
            if (KNOWN_FLAGS.indexOf(flags.charAt(f)) < 0) {
                unknown.add(String.valueOf(flags.charAt(f)));
            }
        }
        if (!unknown.isEmpty()) {
            warnings.add(new ParseException(file, lineNo, "array " + array + ": member " + mm.group(0) + " has "
                    + (unknown.size() == 1 ? "a flag" : "flags") + " md.c does not print (" + String.join(", ", unknown)
                    + "; it prints W, J, F, S, R): its state is reported unknown"));
        }
        return new MdstatMember(mm.group(1), Integer.parseInt(mm.group(2)), flags.contains("(F)"), flags.contains("(S)"),
                flags.contains("(W)"), flags.contains("(R)"), flags.contains("(J)"), List.copyOf(unknown));
    }

    /** What the status line (or, for an array without members, the array line) tells after "N blocks". */
    private static final class Status {
        Long sizeKib;
        String superVersion;
        Long chunkKib;
        Integer algorithm;
        String raid10Layout;
        Integer raidDisks;
        Integer activeDisks;
        String memberMap;

        void read(String l, String file, int at, String name) throws ParseException {
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
                throw new ParseException(file, at, "array " + name + ": malformed '[n/m] [U_]' in '" + clip(l.trim()) + "'");
            }
        }
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

    /**
     * The text md.c prints for {@code personalities} and {@code arrays} (status_personalities,
     * md_seq_show for each array in the order given, status_unused with no unused devices).
     */
    public static String text(List<String> personalities, List<MdstatArray> arrays) {
        StringBuilder b = new StringBuilder("Personalities : ");
        for (String p : personalities) {
            b.append('[').append(p).append("] ");
        }
        b.append('\n');
        for (MdstatArray a : arrays) {
            array(b, a);
        }
        return b.append("unused devices: <none>\n").toString();
    }

    /** This file's personalities and arrays as md.c prints them: what {@link #parse} reads back to the same records. */
    public String text() {
        return text(personalities, arrays);
    }

    /** md_seq_show: the array line, the status line, the progress line, the bitmap line and a blank line. */
    private static void array(StringBuilder b, MdstatArray a) {
        b.append(a.name()).append(" : ");
        if (a.active()) {
            b.append(a.broken() ? "broken" : "active");
            if (a.readOnly() != null) {
                b.append(" (").append(a.readOnly()).append(')');
            }
            b.append(' ').append(a.level());
        } else {
            b.append("inactive");
        }
        for (MdstatMember m : a.members()) {
            b.append(' ').append(m.device()).append('[').append(m.descriptor()).append(']');
            // md_seq_show's order (it prints nothing after (F): a faulty member is never also a spare there)
            if (m.writeMostly()) {
                b.append("(W)");
            }
            if (m.journal()) {
                b.append("(J)");
            }
            if (m.faulty()) {
                b.append("(F)");
            }
            if (m.spare()) {
                b.append("(S)");
            }
            if (m.replacement()) {
                b.append("(R)");
            }
            for (String f : m.unknownFlags()) {
                b.append('(').append(f).append(')');
            }
        }
        if (!a.members().isEmpty()) {
            b.append("\n      ").append(a.sizeKib()).append(" blocks");
        }
        if (a.superVersion() != null) {
            b.append(" super ").append(a.superVersion());
        }
        if (a.active()) {
            personalityStatus(b, a);
            b.append("\n      ");
            String progress = progress(a);
            if (progress != null) {
                b.append(progress).append("\n      ");
            }
        } else {
            b.append("\n       ");
        }
        if (a.bitmap() != null) {
            b.append("bitmap: ").append(a.bitmap()).append('\n');
        }
        b.append('\n');
    }

    /** The personalities' status printers: raid0_status, linear_status, raid1_status, raid10_status, raid5_status. */
    private static void personalityStatus(StringBuilder b, MdstatArray a) {
        if (a.algorithm() != null) {
            String number = a.level().startsWith("raid") ? a.level().substring("raid".length()) : a.level();
            b.append(" level ").append(number).append(", ").append(a.chunkKib()).append("k chunk, algorithm ").append(a.algorithm());
        } else if (a.chunkKib() != null) {
            b.append(' ').append(a.chunkKib()).append(switch (a.level()) {
                case "raid10" -> "K chunks";
                case "linear" -> "k rounding";
                default -> "k chunks";
            });
        }
        if (a.raid10Layout() != null) {
            for (String copies : a.raid10Layout().split(",")) {
                int dash = copies.indexOf('-');
                b.append(' ').append(copies.substring(dash + 1)).append(' ').append(copies, 0, dash).append("-copies");
            }
        }
        if (a.raidDisks() != null) {
            b.append(" [").append(a.raidDisks()).append('/').append(a.activeDisks()).append("] [").append(a.memberMap()).append(']');
        }
    }

    /** status_resync: the bar, the percentage (rounded down to a tenth), the position, the estimate and the speed; or the waiting word. */
    private static String progress(MdstatArray a) {
        if (a.syncState() == null) {
            return null;
        }
        if (!a.syncState().equals("running")) {
            return "\t" + a.syncAction() + "=" + a.syncState().toUpperCase(Locale.ROOT);
        }
        long perMilli = Math.round(a.syncPercent() * 10);
        int x = (int) Math.min(PROGRESS_BAR, perMilli / (1000 / PROGRESS_BAR));
        StringBuilder b = new StringBuilder("[");
        b.append("=".repeat(x)).append('>').append(".".repeat(PROGRESS_BAR - x)).append("] ");
        b.append(String.format(Locale.ROOT, " %s =%3d.%d%%", a.syncAction(), perMilli / 10, perMilli % 10));
        if (a.syncDoneKib() != null) {
            b.append(" (").append(a.syncDoneKib()).append('/').append(a.syncTotalKib()).append(')');
        }
        if (a.finishMin() != null) {
            long tenths = Math.round(a.finishMin() * 10);
            b.append(" finish=").append(tenths / 10).append('.').append(tenths % 10).append("min");
        }
        if (a.speedKibS() != null) {
            b.append(" speed=").append(a.speedKibS()).append("K/sec");
        }
        return b.toString();
    }
}

