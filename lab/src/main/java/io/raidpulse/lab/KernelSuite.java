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
    // The 9p msize is per suite because 5.10's 9p client gives every request, a walk or a getattr
    // as much as a read, a message buffer of the full msize each way, and Debian's kernels zero
    // every allocation (CONFIG_INIT_ON_ALLOC_DEFAULT_ON): 1 MB cleared per request at 512000, 2-4 ms
    // of guest CPU under TCG (a stat of a missing file 2.2 ms where 6.1 takes 0.2, a getxattr 4.6
    // against 0.3; 100 execs of /bin/true 8.6 s against 4.3). On one 5.10 boot, 8 KiB against
    // 512000: the stat 0.3 ms, the getxattr 0.4 (and so at 512000 with init_on_alloc=0). 6.1 sizes
    // a small message's buffer to it (a walk or a getxattr costs it the same at 8 KiB and 512000);
    // it and the later kernels keep 512000 for large reads. 5.10 reads the page cache one 4 KiB page
    // a request whatever the msize (20 MB/s cold either way), so 16 KiB costs it nothing (QEMU warns
    // of degraded performance at 8 KiB or less).
    BULLSEYE("bullseye", "Debian 11", "5.10", 16384),
    BOOKWORM("bookworm", "Debian 12", "6.1", KernelSuite.MSIZE),
    TRIXIE("trixie", "Debian 13", "6.12", KernelSuite.MSIZE),
    SID("sid", "Debian unstable", "7.x", KernelSuite.MSIZE);

    /** The 9p msize of the guest's mounts (init.sh's default): large reads in one request. */
    static final int MSIZE = 512000;

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
    private final int msize;

    KernelSuite(String suite, String debian, String generation, int msize) {
        this.suite = suite;
        this.debian = debian;
        this.generation = generation;
        this.msize = msize;
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

    /** The 9p msize the guest mounts the host's root and the results share with (init.sh's labmsize=). */
    public int msize() {
        return msize;
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
