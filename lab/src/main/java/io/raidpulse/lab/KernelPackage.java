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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's stock kernel for the guest: the {@code linux-image-*-amd64} package fetched with
 * {@code apt-get download} and unpacked with {@code dpkg-deb -x} into the lab's cache, never
 * installed on the host. The package carries no {@code modules.dep} (the postinst script
 * makes it), so busybox's depmod writes one.
 *
 * @param packageName  the Debian package, e.g. linux-image-6.1.0-57-amd64
 * @param packageVersion its Debian version, e.g. 6.1.192-3
 * @param release      the kernel's release (uname -r), e.g. 6.1.0-57-amd64
 * @param root         where it is unpacked: boot/vmlinuz-RELEASE, lib/modules/RELEASE
 */
public record KernelPackage(String packageName, String packageVersion, String release, Path root) {
    /** The metapackage that names the current kernel of the Debian release. */
    static final String METAPACKAGE = "linux-image-amd64";
    private static final Pattern DEPENDS = Pattern.compile("Depends:\\s*(linux-image-[0-9][^\\s]*-amd64)");
    private static final Duration APT = Duration.ofMinutes(10);

    public Path vmlinuz() {
        return root.resolve("boot/vmlinuz-" + release);
    }

    public Path modules() {
        return root.resolve("lib/modules/" + release);
    }

    /** The package {@link #METAPACKAGE} depends on, as apt sees it. */
    static String current() {
        if (!Commands.onPath("apt-cache")) {
            throw new UserException("the lab boots Debian's linux-image-*-amd64 and needs apt to fetch it: run it on Debian or Ubuntu, or pass --kernel-package");
        }
        String out = Commands.check(List.of("apt-cache", "depends", METAPACKAGE), null, APT, "cannot ask apt for the current kernel");
        Matcher m = DEPENDS.matcher(out);
        if (!m.find()) {
            throw new UserException("apt knows no " + METAPACKAGE + " (apt-cache depends printed no kernel): run apt-get update, or pass --kernel-package");
        }
        return m.group(1);
    }

    /** The kernel package {@code name} (null: the current one), fetched and unpacked under {@code cache} unless it already is. */
    public static KernelPackage obtain(Path cache, String name) throws IOException {
        String pkg = name != null ? name : current();
        Path dir = cache.resolve("kernel").resolve(pkg);
        Path ready = dir.resolve(".ready");
        if (!Files.isRegularFile(ready)) {
            unpack(cache, pkg, dir);
            Files.writeString(ready, debVersion(dir) + "\n");
        }
        String version = Files.readString(ready).trim();
        return new KernelPackage(pkg, version, release(dir), dir);
    }

    private static void unpack(Path cache, String pkg, Path dir) throws IOException {
        Path debs = Files.createDirectories(cache.resolve("debs"));
        Path deb = findDeb(debs, pkg);
        if (deb == null) {
            Commands.Result r = Commands.run(List.of("apt-get", "download", pkg), debs, APT);
            if (r.exitCode() != 0 && isRoot()) {
                // stale package lists on a fresh machine name a version the mirror no longer has
                Commands.check(List.of("apt-get", "update", "-qq"), null, APT, "cannot update apt's package lists");
                r = Commands.run(List.of("apt-get", "download", pkg), debs, APT);
            }
            if (r.exitCode() != 0) {
                throw new UserException("cannot fetch " + pkg + " with apt-get download: " + Commands.lastLine(r.output()));
            }
            deb = findDeb(debs, pkg);
            if (deb == null) {
                throw new UserException("apt-get download " + pkg + " left no .deb in " + debs);
            }
        }
        Path tmp = dir.resolveSibling(dir.getFileName() + ".tmp");
        deleteTree(tmp);
        Files.createDirectories(tmp);
        Commands.check(List.of("dpkg-deb", "-x", deb.toString(), tmp.toString()), null, APT, "cannot unpack " + deb.getFileName());
        String version = Commands.check(List.of("dpkg-deb", "-f", deb.toString(), "Version"), null, APT,
                "cannot read the version of " + deb.getFileName());
        Files.writeString(tmp.resolve(".version"), version.trim() + "\n");
        String release = release(tmp);
        Commands.check(List.of(busybox(), "depmod", "-b", tmp.toString(), release), null, APT, "cannot index the kernel's modules");
        deleteTree(dir);
        Files.move(tmp, dir);
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
        if (releases.size() != 1 || !Files.isRegularFile(dir.resolve("boot/vmlinuz-" + releases.get(0)))) {
            throw new UserException(dir + " is not an unpacked kernel package (expected one lib/modules/RELEASE and boot/vmlinuz-RELEASE)");
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
