package io.raidpulse.lab;

import io.raidpulse.config.UserException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Debian suites whose stock kernel the guest can boot ({@code ./lab/run --kernel SUITE}): one
 * per kernel generation operators run. And how a suite's kernel is named in apt: the
 * {@code linux-image-amd64} metapackage depends on {@code linux-image-RELEASE-amd64}, which
 * carries the kernel up to Debian 13; Debian unstable splits it over {@code linux-binary-RELEASE}
 * (vmlinuz, in {@code lib/modules/RELEASE/}), {@code linux-modules-RELEASE} and
 * {@code linux-base-RELEASE} (modules.builtin, modules.order) and makes the image a small
 * metapackage of the three.
 */
public enum KernelSuite {
    BULLSEYE("bullseye", "Debian 11", "5.10"),
    BOOKWORM("bookworm", "Debian 12", "6.1"),
    TRIXIE("trixie", "Debian 13", "6.12"),
    SID("sid", "Debian unstable", "7.x");

    /** The suite the lab boots when none is named. */
    public static final KernelSuite DEFAULT = BOOKWORM;
    /** The metapackage that names a suite's current kernel. */
    static final String METAPACKAGE = "linux-image-amd64";
    private static final Pattern IMAGE = Pattern.compile("Depends:\\s*(linux-image-[0-9]\\S*-amd64)\\s*$", Pattern.MULTILINE);
    private static final Pattern PART = Pattern.compile("Depends:\\s*(linux-(binary|modules|base)-([0-9]\\S*-amd64))\\s*$",
            Pattern.MULTILINE);

    private final String suite;
    private final String debian;
    private final String generation;

    KernelSuite(String suite, String debian, String generation) {
        this.suite = suite;
        this.debian = debian;
        this.generation = generation;
    }

    /** The suite's name in apt: bullseye, bookworm, trixie, sid. */
    public String suite() {
        return suite;
    }

    /** The release it is: Debian 11, ..., Debian unstable. */
    public String debian() {
        return debian;
    }

    /** The kernel generation it ships: 5.10, 6.1, 6.12, 7.x. */
    public String generation() {
        return generation;
    }

    /** The suite named {@code name}, or a one-line error listing the suites. */
    public static KernelSuite of(String name) {
        return Stream.of(values()).filter(s -> s.suite.equals(name.trim().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> UserException.usage("--kernel: no suite '" + name + "'; the lab boots "
                        + String.join(", ", Stream.of(values()).map(s -> s.suite + " (" + s.generation + ")").toList())));
    }

    /** The kernel image package {@code apt-cache depends linux-image-amd64} names; null when it names none. */
    static String image(String metapackageDepends) {
        Matcher m = IMAGE.matcher(metapackageDepends);
        return m.find() ? m.group(1) : null;
    }

    /** The kernel release (uname -r) of an image package: linux-image-6.1.0-57-amd64 is 6.1.0-57-amd64. */
    static String release(String imagePackage) {
        return imagePackage.substring("linux-image-".length());
    }

    /**
     * The packages that hold the kernel of {@code image}, from {@code apt-cache depends IMAGE}: the
     * image itself, or, where it is a metapackage of linux-binary, linux-modules and linux-base of
     * its release (Debian unstable), those three.
     */
    static List<String> packages(String image, String imageDepends) {
        String release = release(image);
        List<String> parts = new ArrayList<>();
        boolean binary = false;
        boolean modules = false;
        Matcher m = PART.matcher(imageDepends);
        while (m.find()) {
            if (!m.group(3).equals(release) || parts.contains(m.group(1))) {
                continue;
            }
            parts.add(m.group(1));
            binary |= m.group(2).equals("binary");
            modules |= m.group(2).equals("modules");
        }
        return binary && modules ? List.copyOf(parts) : List.of(image);
    }
}
