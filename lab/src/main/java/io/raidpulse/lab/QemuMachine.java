package io.raidpulse.lab;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.config.UserException;
import io.raidpulse.lab.disk.NbdDiskServer;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One QEMU guest: Debian's kernel and the lab's initramfs, the host's root read-only over 9p
 * ({@code hostroot}), a results directory read-write ({@code out}), no network, the serial console
 * in a file, QMP on a unix socket, and the scenario's disks as their profile says: a sparse file
 * behind the lab's NBD disk (rotating disks), or behind a throttle-group (parallel devices), or
 * null-co behind one (a parallel device that keeps no data). Disks are {@code -blockdev} nodes,
 * so that a device removed with {@code device_del} (a disk pulled) can be added back.
 */
public final class QemuMachine implements AutoCloseable {
    static final String QEMU = "qemu-system-x86_64";
    private final Process process;
    private final Path qmpSocket;
    private final ScenarioSpec spec;
    private final List<NbdDiskServer> disks;
    private Qmp qmp;

    private QemuMachine(Process process, Path qmpSocket, ScenarioSpec spec, List<NbdDiskServer> disks) {
        this.process = process;
        this.qmpSocket = qmpSocket;
        this.spec = spec;
        this.disks = disks;
    }

    private static void closeAll(List<NbdDiskServer> disks) {
        for (NbdDiskServer d : disks) {
            try {
                d.close();
            } catch (IOException e) {
                // a socket file left in the work directory, which is removed with it
            }
        }
    }

    /** What to boot. */
    public record Boot(KernelPackage kernel, Path initramfs, Acceleration.Choice accel, int cpus, Path work, Path out,
                       String guestScript, String hostName) {
    }

    public static List<String> commandLine(Boot boot, ScenarioSpec spec) {
        List<String> c = new ArrayList<>(List.of(QEMU, "-nodefaults", "-no-reboot", "-display", "none", "-nic", "none",
                "-machine", "pc", "-smp", Integer.toString(boot.cpus()), "-m", spec.memoryMiB() + "M"));
        c.addAll(boot.accel().qemuArgs());
        c.addAll(List.of("-serial", "file:" + boot.out().resolve("console.log"),
                "-qmp", "unix:" + boot.work().resolve("qmp.sock") + ",server=on,wait=off",
                "-kernel", boot.kernel().vmlinuz().toString(), "-initrd", boot.initramfs().toString(),
                "-append", "console=ttyS0 panic=-1 loglevel=4 labscript=" + boot.guestScript() + " labname=" + boot.hostName()
                        + " labmsize=" + boot.kernel().suite().msize(),
                "-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap",
                "-virtfs", "local,path=" + boot.out() + ",mount_tag=out,security_model=none"));
        for (int i = 0; i < spec.disks().size(); i++) {
            ScenarioSpec.Disk d = spec.disks().get(i);
            LabDisk p = d.profile();
            switch (p.backing()) {
                case SERIAL -> c.addAll(List.of("-blockdev", "driver=nbd,node-name=t" + i + ",server.type=unix,server.path="
                        + socket(boot.work(), i)));
                case THROTTLED_FILE -> c.addAll(List.of(
                        "-object", "throttle-group,id=tg" + i + "," + limits(p),
                        "-blockdev", "driver=file,node-name=f" + i + ",filename=" + image(boot.work(), i),
                        "-blockdev", "driver=raw,node-name=r" + i + ",file=f" + i,
                        "-blockdev", "driver=throttle,node-name=t" + i + ",throttle-group=tg" + i + ",file=r" + i));
                case THROTTLED_NULL -> c.addAll(List.of(
                        "-object", "throttle-group,id=tg" + i + ",x-iops-total=" + p.iops() + ",x-bps-total=" + p.bytesPerSec(),
                        "-blockdev", "driver=null-co,node-name=r" + i + ",size=" + d.bytes() + ",latency-ns=" + p.latencyNs()
                                + ",read-zeroes=on",
                        "-blockdev", "driver=throttle,node-name=t" + i + ",throttle-group=tg" + i + ",file=r" + i));
                default -> throw new IllegalStateException(p.backing().toString());
            }
            if (p.bus().scsi()) {
                c.addAll(List.of("-device", p.bus().controller() + ",id=" + controller(i)));
            }
            c.addAll(List.of("-device", device(spec, i)));
        }
        return c;
    }

    /** A throttle-group's rates: one bucket for reads and writes, or one each when the profile's writes have their own rate. */
    static String limits(LabDisk p) {
        return p.writeIops() > 0
                ? "x-iops-read=" + p.iops() + ",x-iops-write=" + p.writeIops() + ",x-bps-read=" + p.bytesPerSec()
                        + ",x-bps-write=" + p.bytesPerSec()
                : "x-iops-total=" + p.iops() + ",x-bps-total=" + p.bytesPerSec();
    }

    /** The id of the RAID controller disk {@code i} is a volume of (one controller per volume). */
    static String controller(int i) {
        return "hba" + i;
    }

    /**
     * The -device / device_add description of disk {@code i}: its id is dN and its serial lab-dN; a
     * controller volume is a scsi-hd on its controller's bus with the profile's INQUIRY vendor and product.
     */
    static String device(ScenarioSpec spec, int i) {
        LabDisk p = spec.disks().get(i).profile();
        String common = ",id=d" + i + ",drive=t" + i + ",serial=lab-d" + i;
        return switch (p.bus()) {
            case VIRTIO -> "virtio-blk-pci" + common;
            case NVME -> "nvme" + common;
            case MEGASAS_GEN2, MEGASAS -> "scsi-hd" + common + ",bus=" + controller(i) + ".0,scsi-id=0,lun=0,vendor=" + p.vendor()
                    + ",product=" + p.product();
        };
    }

    static Path image(Path work, int i) {
        return work.resolve("d" + i + ".img");
    }

    /** The unix socket of a serial disk's NBD server. */
    static Path socket(Path work, int i) {
        return work.resolve("d" + i + ".nbd");
    }

    public static QemuMachine start(Boot boot, ScenarioSpec spec) throws IOException {
        List<NbdDiskServer> disks = new ArrayList<>();
        try {
            for (int i = 0; i < spec.disks().size(); i++) {
                ScenarioSpec.Disk d = spec.disks().get(i);
                switch (d.profile().backing()) {
                    case SERIAL -> disks.add(NbdDiskServer.start(image(boot.work(), i), d.bytes(), d.profile().serialModel(),
                            socket(boot.work(), i)));
                    case THROTTLED_FILE -> {
                        try (RandomAccessFile f = new RandomAccessFile(image(boot.work(), i).toFile(), "rw")) {
                            f.setLength(d.bytes()); // sparse: blocks are allocated when the guest writes them
                        }
                    }
                    default -> { }
                }
            }
        } catch (IOException | RuntimeException e) {
            closeAll(disks);
            throw e;
        }
        List<String> cmd = commandLine(boot, spec);
        Files.writeString(boot.out().resolve("qemu.cmdline"), String.join(" ", cmd) + "\n");
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(boot.out().resolve("qemu.log").toFile()).start();
        } catch (IOException e) {
            closeAll(disks);
            throw e;
        }
        return new QemuMachine(p, boot.work().resolve("qmp.sock"), spec, disks);
    }

    private synchronized Qmp qmp() throws IOException {
        if (qmp == null) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (true) {
                try {
                    qmp = Qmp.connect(qmpSocket);
                    break;
                } catch (IOException e) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        throw new IOException("QEMU's monitor socket " + qmpSocket + " did not answer: " + e.getMessage(), e);
                    }
                    sleep(100);
                }
            }
        }
        return qmp;
    }

    /** Pulls disk {@code i} out of the running guest (ACPI hot-unplug) and waits until QEMU says it is gone. */
    public void pull(int i) throws IOException {
        qmp().execute("device_del", Map.of("id", "d" + i));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode e : qmp().events()) {
                if (e.path("event").asText().equals("DEVICE_DELETED") && e.path("data").path("device").asText().equals("d" + i)) {
                    return;
                }
            }
            qmp().execute("query-status", Map.of());
            sleep(200);
        }
        throw new IOException("the guest did not release disk d" + i + " within 60 s of device_del");
    }

    /** Plugs disk {@code i} back in (its data as it was when pulled). */
    public void plug(int i) throws IOException {
        Map<String, Object> args = new LinkedHashMap<>();
        String[] parts = device(spec, i).split(",");
        args.put("driver", parts[0]);
        for (int k = 1; k < parts.length; k++) {
            String[] kv = parts[k].split("=", 2);
            args.put(kv[0], kv[1]);
        }
        qmp().execute("device_add", args);
    }

    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean alive() {
        return process.isAlive();
    }

    public int exitCode() {
        return process.exitValue();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted", e);
        }
    }

    @Override
    public void close() throws IOException {
        if (qmp != null) {
            qmp.close();
        }
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        closeAll(disks);
    }
}
