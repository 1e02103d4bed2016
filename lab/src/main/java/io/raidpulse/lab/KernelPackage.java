package io.raidpulse.lab;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Debian's stock kernel of a suite for the guest ({@link KernelSuite}): its packages fetched with
 * {@code apt-get download} from this machine's own Debian archive (read from its apt sources,
 * {@link AptSources}) with the suite named in a private source list, private package lists and a
 * private cache under {@code lab/.cache/apt/SUITE}, so the host's apt state is untouched; unpacked
 * with {@code dpkg-deb -x} into the lab's cache, never installed. Modules compressed by the
 * package ({@code .ko.xz}, {@code .ko.zst}) are decompressed: busybox's depmod and insmod read
 * plain ones. The package carries no {@code modules.dep} (the postinst script makes it), so
 * busybox's depmod writes one.
 *
 * @param packageName    the kernel image package, e.g. linux-image-6.1.0-57-amd64
 * @param packageVersion its Debian version, e.g. 6.1.192-3
 * @param release        the kernel's release (uname -r), e.g. 6.1.0-57-amd64
 * @param root           where it is unpacked: lib/modules/RELEASE, and boot/vmlinuz-RELEASE or lib/modules/RELEASE/vmlinuz
 * @param suite          the Debian suite it comes from
 * @param packages       the packages unpacked (the image, or Debian unstable's binary, modules and base)
 */
public record KernelPackage(String packageName, String packageVersion, String release, Path root, KernelSuite suite,
                            List<String> packages) {
    private static final Duration APT = Duration.ofMinutes(10);
    /** Package lists older than this are fetched again before a kernel is chosen from them. */
    private static final Duration LISTS_FRESH = Duration.ofDays(1);

    public Path vmlinuz() {
        Path boot = root.resolve("boot/vmlinuz-" + release);
        return Files.isRegularFile(boot) ? boot : modules().resolve("vmlinuz");
    }

    public Path modules() {
        return root.resolve("lib/modules/" + release);
    }

    /**
     * The kernel of {@code suite}: the package {@code name}, or (null) the one its linux-image-amd64
     * depends on; fetched and unpacked under {@code cache} unless it already is.
     */
    public static KernelPackage obtain(Path cache, KernelSuite suite, String name) throws IOException {
        Path ready;
        String image = name;
        SuiteApt apt = null;
        if (image == null) {
            apt = SuiteApt.of(cache, suite);
            image = apt.currentImage();
        }
        Path dir = cache.resolve("kernel").resolve(image);
        ready = dir.resolve(".ready");
        if (!Files.isRegularFile(ready)) {
            if (apt == null) {
                apt = SuiteApt.of(cache, suite);
            }
            List<String> packages = KernelSuite.packages(image, apt.depends(image));
            unpack(apt, packages, dir);
            Files.writeString(ready, debVersion(dir) + "\n" + String.join(" ", packages) + "\n");
        }
        List<String> lines = Files.readAllLines(ready);
        List<String> packages = lines.size() > 1 ? List.of(lines.get(1).trim().split("\\s+")) : List.of(image);
        return new KernelPackage(image, lines.get(0).trim(), release(dir), dir, suite, packages);
    }

    /**
     * apt over a private state for one suite: its source list (the machine's Debian archive, that
     * suite, main), package lists and cache under {@code cache/apt/SUITE}; the host's preferences
     * and dpkg status are not read.
     */
    record SuiteApt(Path dir, KernelSuite suite, List<String> options) {
        static SuiteApt of(Path cache, KernelSuite suite) throws IOException {
            if (!Commands.onPath("apt-get")) {
                throw new UserException("the lab boots Debian's stock kernels and fetches them with apt: run it on Debian or Ubuntu");
            }
            Path dir = Files.createDirectories(cache.resolve("apt").resolve(suite.suite()));
            Path parts = Files.createDirectories(dir.resolve("sources.list.d"));
            Files.createDirectories(dir.resolve("lists/partial"));
            Files.createDirectories(dir.resolve("cache/archives/partial"));
            Files.createDirectories(dir.resolve("preferences.d"));
            Files.writeString(parts.resolve("lab.sources"), AptSources.privateList(hostArchive(), suite.suite()));
            List<String> options = new ArrayList<>();
            for (String o : List.of("Dir::Etc::SourceList=/dev/null", "Dir::Etc::SourceParts=" + parts,
                    "Dir::Etc::Preferences=/dev/null", "Dir::Etc::PreferencesParts=" + dir.resolve("preferences.d"),
                    "Dir::State::Lists=" + dir.resolve("lists"), "Dir::Cache=" + dir.resolve("cache"),
                    "Dir::State::status=/dev/null", "APT::Sandbox::User=root")) {
                options.add("-o");
                options.add(o);
            }
            SuiteApt apt = new SuiteApt(dir, suite, List.copyOf(options));
            if (apt.listsAge().compareTo(LISTS_FRESH) > 0) {
                apt.update();
            }
            return apt;
        }

        /** The machine's Debian archive, from /etc/apt/sources.list, sources.list.d/*.list and *.sources. */
        static AptSources.Source hostArchive() throws IOException {
            List<AptSources.Source> sources = new ArrayList<>();
            Path etc = Path.of("/etc/apt");
            if (Files.isRegularFile(etc.resolve("sources.list"))) {
                sources.addAll(AptSources.oneLine(Files.readString(etc.resolve("sources.list"))));
            }
            if (Files.isDirectory(etc.resolve("sources.list.d"))) {
                try (var d = Files.list(etc.resolve("sources.list.d"))) {
                    for (Path f : d.sorted().toList()) {
                        String n = f.getFileName().toString();
                        if (n.endsWith(".list")) {
                            sources.addAll(AptSources.oneLine(Files.readString(f)));
                        } else if (n.endsWith(".sources")) {
                            sources.addAll(AptSources.deb822(Files.readString(f)));
                        }
                    }
                }
            }
            return AptSources.debianArchive(sources).orElseThrow(() -> new UserException(
                    "no Debian archive in this machine's apt sources (/etc/apt/sources.list, /etc/apt/sources.list.d):"
                            + " the lab fetches the guest's kernel from it"));
        }

        private Duration listsAge() throws IOException {
            try (var d = Files.list(dir.resolve("lists"))) {
                return d.filter(p -> p.getFileName().toString().endsWith("_Packages")).findFirst().map(p -> {
                    try {
                        return Duration.between(Files.getLastModifiedTime(p).toInstant(), java.time.Instant.now());
                    } catch (IOException e) {
                        return Duration.ofDays(365);
                    }
                }).orElse(Duration.ofDays(365));
            }
        }

        void update() {
            Commands.check(command("apt-get", "update", "-qq"), null, APT, "cannot fetch the " + suite.suite() + " package lists");
        }

        String currentImage() {
            String out = Commands.check(command("apt-cache", "depends", KernelSuite.METAPACKAGE), null, APT,
                    "cannot ask apt for " + suite.suite() + "'s kernel");
            String image = KernelSuite.image(out);
            if (image == null) {
                throw new UserException(suite.suite() + "'s " + KernelSuite.METAPACKAGE + " names no kernel (apt-cache depends printed none)");
            }
            return image;
        }

        String depends(String pkg) {
            return Commands.check(command("apt-cache", "depends", pkg), null, APT, "apt knows no " + pkg + " in " + suite.suite());
        }

        void download(List<String> packages, Path into) {
            List<String> cmd = command("apt-get", "download");
            cmd.addAll(packages);
            Commands.Result r = Commands.run(cmd, into, APT);
            if (r.exitCode() != 0) {
                // lists a day old can name a version the mirror no longer has
                update();
                r = Commands.run(cmd, into, APT);
            }
            if (r.exitCode() != 0) {
                throw new UserException("cannot fetch " + String.join(" ", packages) + " from " + suite.suite() + " with apt-get download: "
                        + Commands.lastLine(r.output()));
            }
        }

        private List<String> command(String tool, String... args) {
            List<String> cmd = new ArrayList<>(List.of(tool));
            cmd.addAll(options);
            cmd.addAll(List.of(args));
            return cmd;
        }
    }

    private static void unpack(SuiteApt apt, List<String> packages, Path dir) throws IOException {
        Path debs = Files.createDirectories(apt.dir().resolve("debs"));
        List<String> missing = new ArrayList<>();
        for (String p : packages) {
            if (findDeb(debs, p) == null) {
                missing.add(p);
            }
        }
        if (!missing.isEmpty()) {
            apt.download(missing, debs);
        }
        Path tmp = dir.resolveSibling(dir.getFileName() + ".tmp");
        deleteTree(tmp);
        Files.createDirectories(tmp);
        String version = null;
        for (String p : packages) {
            Path deb = findDeb(debs, p);
            if (deb == null) {
                throw new UserException("apt-get download " + p + " left no .deb in " + debs);
            }
            Commands.check(List.of("dpkg-deb", "-x", deb.toString(), tmp.toString()), null, APT, "cannot unpack " + deb.getFileName());
            if (version == null) {
                version = Commands.check(List.of("dpkg-deb", "-f", deb.toString(), "Version"), null, APT,
                        "cannot read the version of " + deb.getFileName()).trim();
            }
        }
        Files.writeString(tmp.resolve(".version"), version + "\n");
        // merged /usr: Debian 13 and later ship the modules under usr/lib/modules
        if (!Files.isDirectory(tmp.resolve("lib/modules")) && Files.isDirectory(tmp.resolve("usr/lib/modules"))) {
            Files.createDirectories(tmp.resolve("lib"));
            Files.move(tmp.resolve("usr/lib/modules"), tmp.resolve("lib/modules"));
        }
        String release = release(tmp);
        decompressModules(tmp.resolve("lib/modules").resolve(release));
        Commands.check(List.of(busybox(), "depmod", "-b", tmp.toString(), release), null, APT, "cannot index the kernel's modules");
        deleteTree(dir);
        Files.move(tmp, dir);
    }

    /** .ko.xz (Debian 12's 6.1 from its point releases on, 13, unstable) and .ko.zst to .ko, in place. */
    private static void decompressModules(Path modules) {
        for (String[] tool : List.of(new String[] {"*.ko.xz", "xz", "xz-utils"}, new String[] {"*.ko.zst", "zstd", "zstd"})) {
            Commands.Result any = Commands.run(List.of("find", modules.toString(), "-name", tool[0], "-print", "-quit"), null, APT);
            if (any.output().isBlank()) {
                continue;
            }
            if (!Commands.onPath(tool[1])) {
                throw new UserException("the kernel's modules are compressed (" + tool[0] + "): install " + tool[2]
                        + " (lab/install-packages does it as root)");
            }
            List<String> cmd = new ArrayList<>(List.of("find", modules.toString(), "-name", tool[0], "-exec", tool[1], "-d", "-q"));
            if (tool[1].equals("zstd")) {
                cmd.add("--rm");
            }
            cmd.addAll(List.of("{}", "+"));
            Commands.check(cmd, null, APT, "cannot decompress the kernel's modules");
        }
    }

    private static String debVersion(Path dir) throws IOException {
        return Files.readString(dir.resolve(".version")).trim();
    }

    private static Path findDeb(Path debs, String pkg) throws IOException {
        try (DirectoryStream<Path> d = Files.newDirectoryStream(debs, pkg + "_*_amd64.deb")) {
            for (Path p : d) {
                return p;
            }
        }
        return null;
    }

    private static String release(Path dir) throws IOException {
        List<String> releases = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(dir.resolve("lib/modules"))) {
            d.forEach(p -> releases.add(p.getFileName().toString()));
        }
        if (releases.size() != 1 || !Files.isRegularFile(dir.resolve("boot/vmlinuz-" + releases.get(0)))
                && !Files.isRegularFile(dir.resolve("lib/modules").resolve(releases.get(0)).resolve("vmlinuz"))) {
            throw new UserException(dir + " is not an unpacked kernel (expected one lib/modules/RELEASE, and boot/vmlinuz-RELEASE"
                    + " or lib/modules/RELEASE/vmlinuz)");
        }
        return releases.get(0);
    }

    /** busybox-static's binary (its depmod and the guest's userland before the 9p root is mounted). */
    static String busybox() {
        for (String p : List.of("/bin/busybox", "/usr/bin/busybox")) {
            if (Files.isExecutable(Path.of(p))) {
                return p;
            }
        }
        throw new UserException("busybox not found: install busybox-static (apt-get install busybox-static)");
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
