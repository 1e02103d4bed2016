package io.raidpulse.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * TCG or KVM. TCG (QEMU's own CPU emulation, one host thread per guest CPU) boots the stock
 * kernel anywhere. KVM is used only where a short probe shows that this host's /dev/kvm boots
 * the same kernel and initramfs: some hosts have a /dev/kvm that does not (a paravirtual KVM
 * refuses QEMU's MSR setup, or the guest hangs in early boot). The probe's verdict is kept in the
 * cache per QEMU version, guest kernel and host kernel.
 */
public final class Acceleration {
    private static final Duration PROBE = Duration.ofSeconds(40);

    private Acceleration() {
    }

    /** The accelerator chosen and why (printed, and written to the manifest). */
    public record Choice(String name, String reason) {
        List<String> qemuArgs() {
            return name.equals("kvm") ? List.of("-accel", "kvm", "-cpu", "host")
                    : List.of("-accel", "tcg,thread=multi", "-cpu", "max");
        }
    }

    public static Choice choose(String mode, KernelPackage kernel, Path initramfs, Path cache) throws IOException {
        switch (mode) {
            case "tcg":
                return new Choice("tcg", "asked for (--accel tcg)");
            case "kvm":
                return new Choice("kvm", "asked for (--accel kvm)");
            case "auto":
                break;
            default:
                throw new IllegalArgumentException("--accel expects auto, tcg or kvm, got '" + mode + "'");
        }
        Path kvm = Path.of("/dev/kvm");
        if (!Files.exists(kvm)) {
            return new Choice("tcg", "no /dev/kvm");
        }
        if (!Files.isReadable(kvm) || !Files.isWritable(kvm)) {
            return new Choice("tcg", "/dev/kvm is not readable and writable by this user");
        }
        String key = qemuVersion() + " / guest " + kernel.release() + " / host " + System.getProperty("os.version");
        Path verdict = cache.resolve("kvm-probe.txt");
        if (Files.isRegularFile(verdict)) {
            List<String> lines = Files.readAllLines(verdict);
            if (lines.size() == 2 && lines.get(0).equals(key)) {
                return parse(lines.get(1), true);
            }
        }
        String result = probe(kernel, initramfs, cache);
        Files.writeString(verdict, key + "\n" + result + "\n");
        return parse(result, false);
    }

    private static Choice parse(String result, boolean cached) {
        String suffix = cached ? " (probe cached in lab/.cache/kvm-probe.txt)" : "";
        return result.equals("ok") ? new Choice("kvm", "the KVM probe booted the guest kernel" + suffix)
                : new Choice("tcg", "/dev/kvm does not boot the guest kernel: " + result + suffix);
    }

    /** Boots the guest with KVM to its probe line ("raidpulse-lab: probe ok") and says "ok" or what happened. */
    private static String probe(KernelPackage kernel, Path initramfs, Path cache) throws IOException {
        Path console = Files.createTempFile(cache, "kvm-probe", ".log");
        try {
            List<String> cmd = new ArrayList<>(List.of(QemuMachine.QEMU, "-nodefaults", "-no-reboot", "-display", "none",
                    "-nic", "none", "-machine", "pc", "-smp", "1", "-m", "512M", "-accel", "kvm", "-cpu", "host",
                    "-serial", "file:" + console, "-kernel", kernel.vmlinuz().toString(), "-initrd", initramfs.toString(),
                    "-append", "console=ttyS0 panic=-1 labprobe=1"));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            boolean ended = p.waitFor(PROBE.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String out = new String(p.getInputStream().readAllBytes()).strip();
            String log = Files.readString(console);
            if (log.contains("raidpulse-lab: probe ok")) {
                return "ok";
            }
            if (!ended) {
                return "no probe line within " + PROBE.toSeconds() + " s";
            }
            return "QEMU exited with " + p.exitValue() + (out.isEmpty() ? "" : ": " + Commands.lastLine(out));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "probe interrupted";
        } finally {
            Files.deleteIfExists(console);
        }
    }

    static String qemuVersion() {
        String out = Commands.check(List.of(QemuMachine.QEMU, "--version"), null, Duration.ofSeconds(20), "cannot run QEMU");
        return out.lines().findFirst().orElse("").strip();
    }
}
