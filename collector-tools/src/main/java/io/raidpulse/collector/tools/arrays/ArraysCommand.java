package io.raidpulse.collector.tools.arrays;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.hwraid.HardwareVolumes;
import io.raidpulse.collector.hwraid.ObservedVolume;
import io.raidpulse.collector.hwraid.ScsiDeviceHealth;
import io.raidpulse.collector.md.ArrayMember;
import io.raidpulse.collector.md.ArrayState;
import io.raidpulse.collector.md.MdArrays;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.RootOptions;
import io.raidpulse.collector.tools.arrays.ArraysJson;
import io.raidpulse.collector.tools.arrays.VolumesText;
import io.raidpulse.config.ConfigFileOption;
import io.raidpulse.config.HumanTime;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MemberState;
import io.raidpulse.md.ParseException;
import io.raidpulse.md.SyncAction;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arrays}: md arrays as the collector sees them (sysfs first, /proc/mdstat as fallback),
 * then hardware RAID volumes: what sysfs shows, what {@code --config} declares, their health.
 */
@Command(name = "arrays", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.collector.tools.arrays.ArraysHelp",
        description = {"md arrays: level, layout, health, sync progress, members and leaf disks;",
            "hardware RAID volumes: what sysfs shows of them, what the configuration declares (collector.hwraid.*), their health."})
public final class ArraysCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** State words a member's status already says; the others (write_mostly, replacement, blocked...) are printed after it. */
    private static final Set<String> IMPLIED = Set.of(MemberState.IN_SYNC.word(), MemberState.SPARE.word(), MemberState.FAULTY.word(), MemberState.JOURNAL.word());

    @Mixin
    RootOptions roots = new RootOptions();

    @Option(names = "--json", description = "One JSON object per array.")
    boolean json;

    @Mixin
    ConfigFileOption config = new ConfigFileOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws JsonProcessingException {
        Roots r = roots.roots();
        Map<String, Declaration> declared = Declaration.from(config.load());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Mdstat mdstat = null;
        if (Files.exists(r.mdstat())) {
            try {
                mdstat = Mdstat.parse(ProcFiles.read(r.mdstat()), r.mdstat().toString());
                mdstat.errors().forEach(e -> err.println("warning: " + e.getMessage()));
                mdstat.warnings().forEach(e -> err.println("warning: " + e.getMessage()));
            } catch (IOException e) {
                err.println("warning: " + r.mdstat() + ": cannot read (" + e + ")");
            }
        }
        MdArrays.Result result = MdArrays.merge(r.sys(), mdstat);
        for (ParseException e : result.sysfsProblems()) {
            err.println("warning: " + e.getMessage());
        }
        err.flush();
        for (ArrayState a : result.arrays()) {
            if (json) {
                out.println(JSON.writeValueAsString(ArraysJson.of(a)));
            } else {
                out.println(text(a));
            }
        }
        HardwareVolumes volumes = HardwareVolumes.scan(r.sys(), declared);
        volumes.warnings().forEach(w -> err.println("warning: " + w));
        err.flush();
        for (ObservedVolume v : volumes.volumes()) {
            ScsiDeviceHealth health = ScsiDeviceHealth.read(r.sys(), v.device());
            health.problems().forEach(p -> err.println("warning: " + p));
            out.println(json ? JSON.writeValueAsString(VolumesText.json(v, health)) : VolumesText.text(v, health));
        }
        err.flush();
        if (!json && result.arrays().isEmpty() && volumes.volumes().isEmpty()) {
            out.println("no md arrays");
        }
        out.flush();
        return 0;
    }

    private static String text(ArrayState a) {
        StringBuilder sb = new StringBuilder();
        sb.append(a.name()).append(": ").append(a.level() == null ? "-" : a.level());
        if (a.layout() != null) {
            sb.append(' ').append(a.layout());
        }
        if (a.chunkBytes() != null) {
            sb.append(", chunk ").append(a.chunkBytes() / 1024).append(" KiB");
        }
        sb.append(", state ").append(a.arrayState() == null ? "-" : a.arrayState());
        if (a.bitmap() != null && !a.bitmap().equals("none")) {
            sb.append(", ").append(a.bitmap()).append(" bitmap");
        }
        if (a.consistencyPolicy() != null && !a.consistencyPolicy().equals("none") && !a.consistencyPolicy().equals("bitmap")) {
            sb.append(", consistency ").append(a.consistencyPolicy());
        }
        if (a.raidDisks() != null) {
            sb.append(", ").append(a.raidDisks()).append(" disks");
        }
        if (a.degraded() != null) {
            sb.append(a.degraded() > 0 ? ", DEGRADED by " + a.degraded() : ", not degraded");
        }
        if (a.syncAction() != null && SyncAction.of(a.syncAction()) != SyncAction.IDLE) {
            sb.append(", ").append(a.syncAction());
            if (a.syncState() != null && !a.syncState().equals("running")) {
                sb.append(" (").append(a.syncState()).append(')');
            }
            if (a.syncCompletedPct() != null) {
                sb.append(String.format(" %.1f%%", a.syncCompletedPct()));
            }
            if (a.syncSpeedKibS() != null) {
                sb.append(" at ").append(a.syncSpeedKibS()).append(" KiB/s");
            }
            if (a.syncEtaS() != null) {
                sb.append(", about ").append(duration(a.syncEtaS())).append(" left");
            }
        }
        if (a.mismatchCnt() != null && a.mismatchCnt() > 0) {
            sb.append(", mismatch_cnt ").append(a.mismatchCnt());
            if (a.lastSyncAction() != null) {
                sb.append(" (last ").append(a.lastSyncAction()).append(')');
            }
        }
        sb.append("\n  members: ").append(a.members().stream().map(ArraysCommand::member).collect(Collectors.joining(" ")));
        if (a.members().stream().anyMatch(m -> m.status() == ArrayMember.Status.UNKNOWN)) {
            sb.append("\n  (unknown: /proc/mdstat alone does not tell a member being rebuilt from one in sync)");
        }
        sb.append("\n  leaf disks: ").append(String.join(" ", a.leafDisks()));
        return sb.toString();
    }

    private static String member(ArrayMember m) {
        String role = m.role() != null ? m.role().toString()
                : m.status() == ArrayMember.Status.SPARE || m.status() == ArrayMember.Status.FAULTY
                        || m.status() == ArrayMember.Status.JOURNAL ? "-" : "?";
        StringBuilder words = new StringBuilder(m.status().word());
        m.state().stream().filter(w -> !IMPLIED.contains(w)).forEach(w -> words.append(',').append(w));
        // the slot in brackets as sysfs gives it; mdadm's Number (mdstat's [n]) after #, as operators match it
        return m.device() + "[" + role + "]" + (m.number() == null ? "" : "#" + m.number()) + "(" + words + ")";
    }

    /** A time left as an operator reads it: 4 s, 95 s, 12 min, 3 h 20 min, 2 d 4 h. */
    static String duration(long seconds) {
        return HumanTime.seconds(seconds);
    }
}
