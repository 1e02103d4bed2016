package io.raidpulse.lab;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a lab run needs on the host, checked once: the repository (the guest sees it at the
 * same path over 9p), the cache, the guest kernel and initramfs, the accelerator, the jars the
 * guest runs, and the versions of the host tools the guest borrows.
 *
 * @param java          the JVM the guest runs (this one's: the host's root is the guest's)
 * @param collectorJar  raidpulse-collector.jar, the collector as deployed
 * @param labJar        the lab's own jar (GuestRecorder and the collector's classes)
 * @param tools         Debian package name to version of the tools the guest runs
 */
public record LabSetup(Path repo, Path cache, KernelPackage kernel, Path initramfs, Acceleration.Choice accel, int cpus,
                       Path java, Path collectorJar, Path labJar, String qemuVersion, Map<String, String> tools) {
    /** The Debian packages of the tools the guest borrows from the host (lab/install-packages installs them). */
    public static final List<String> PACKAGES = List.of("qemu-system-x86", "busybox-static", "mdadm", "fio", "sysstat",
            "bonnie++", "sysbench", "postgresql");
    /** Without these nothing boots or records; the other tools fail in the scenario that needs them. */
    private static final Map<String, String> REQUIRED = Map.of("qemu-system-x86_64", "qemu-system-x86",
            "busybox", "busybox-static", "dpkg-deb", "dpkg", "mdadm", "mdadm", "iostat", "sysstat", "fio", "fio");

    /** Where the guest's init mounts file systems of its own over the host's root (init.sh). */
    static final List<Path> GUEST_MOUNTS = List.of(Path.of("/tmp"), Path.of("/run"), Path.of("/var/tmp"), Path.of("/dev"),
            Path.of("/proc"), Path.of("/sys"));

    /** The guest mount that hides {@code dir} (an absolute, real path) from the guest, if any. */
    static Optional<Path> hiddenInGuestBy(Path dir) {
        return GUEST_MOUNTS.stream().filter(dir::startsWith).findFirst();
    }

    public static LabSetup prepare(Path repo, KernelSuite suite, String kernelPackage, String accelMode, int cpus) throws IOException {
        Path real = repo.toRealPath();
        Optional<Path> hidden = hiddenInGuestBy(real);
        if (hidden.isPresent()) {
            throw new UserException("the lab cannot run from " + real + ": the guest mounts its own " + hidden.get()
                    + " over the host's, so the checkout is not there in the guest; clone it elsewhere (under /work or a home directory)");
        }
        List<String> missing = new ArrayList<>();
        for (var tool : REQUIRED.entrySet()) {
            if (!Commands.onPath(tool.getKey()) && !Files.isExecutable(Path.of("/sbin", tool.getKey()))) {
                missing.add(tool.getValue());
            }
        }
        missing.sort(null);
        if (!missing.isEmpty()) {
            throw new UserException("the lab needs " + String.join(" ", missing) + ": apt-get install -y "
                    + String.join(" ", missing) + " (lab/install-packages does it as root)");
        }
        Path collectorJar = repo.resolve("collector/target/raidpulse-collector.jar");
        Path labJar = repo.resolve("lab/target/raidpulse-lab.jar");
        for (Path jar : List.of(collectorJar, labJar)) {
            if (!Files.isRegularFile(jar)) {
                throw new UserException(jar + " is missing: build it with ./mvnw -q -pl lab -am package -DskipTests (lab/run does)");
            }
        }
        Path cache = Files.createDirectories(repo.resolve("lab/.cache"));
        KernelPackage kernel = KernelPackage.obtain(cache, suite, kernelPackage);
        Path initramfs = Initramfs.obtain(kernel, cache);
        Acceleration.Choice accel = Acceleration.choose(accelMode, kernel, initramfs, cache);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new LabSetup(repo, cache, kernel, initramfs, accel, cpus, java, collectorJar, labJar,
                Acceleration.qemuVersion(), toolVersions());
    }

    private static Map<String, String> toolVersions() {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> cmd = new ArrayList<>(List.of("dpkg-query", "-W", "-f", "${Package}\\t${Version}\\n"));
        cmd.addAll(PACKAGES);
        cmd.add("openjdk-17-jre-headless");
        Commands.Result r = Commands.run(cmd, null, Duration.ofSeconds(30));
        for (String line : r.output().split("\n")) {
            String[] kv = line.split("\t");
            if (kv.length == 2 && !kv[1].isBlank()) {
                out.put(kv[0], kv[1]);
            }
        }
        out.put("java", System.getProperty("java.runtime.version"));
        return out;
    }
}
