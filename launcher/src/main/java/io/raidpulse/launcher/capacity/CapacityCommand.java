package io.raidpulse.launcher.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.raidpulse.config.SizeConverter;
import io.raidpulse.config.UserException;
import io.raidpulse.model.capacity.ArrayCapacity;
import io.raidpulse.model.capacity.CapacityCalculator;
import io.raidpulse.model.capacity.CapacityQuery;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.planner.console.BuiltInDisks;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code raidpulse capacity}: the RAID capacity model as a calculator. */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What an md array of N member disks can do, from one disk's figures (docs/raid-model.md).",
            "Member figures come from --disk-read-iops/--disk-write-iops/--disk-seq-mbps or a built-in --disk-profile."},
        footer = {"", "Request and chunk sizes are binary (4k = 4096 bytes); disk sizes are decimal (16T = 16 x 10^12 bytes) unless written 16TiB."})
public final class CapacityCommand implements Callable<Integer> {

    @Option(names = "--level", required = true, description = "raid0, raid1, raid5, raid6, raid10 (or 0, 1, 5, 6, 10).")
    String level;

    @Option(names = "--disks", required = true, description = "Active member disks.")
    int disks;

    @Option(names = "--layout", description = "raid10: near-2 (default), far-2, offset-2 (or n2/f2/o2, more copies: near-3); raid5/6: left-symmetric (default), ...")
    String layout;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Member member;

    static final class Member {
        @ArgGroup(exclusive = false)
        Figures figures;

        @Option(names = "--disk-profile", paramLabel = "ID",
                description = "A built-in member-disk profile: ${sys:raidpulse.diskProfiles}.")
        String profileId;
    }

    static final class Figures {
        @Option(names = "--disk-read-iops", required = true, description = "One member's random-read IOPS at --block-size.")
        double readIops;

        @Option(names = "--disk-write-iops", required = true, description = "One member's random-write IOPS at --block-size.")
        double writeIops;

        @Option(names = "--disk-seq-mbps", required = true, description = "One member's sequential MB/s (10^6 bytes/s).")
        double seqMbps;
    }

    @Option(names = "--read-fraction", defaultValue = "0.7", description = "Share of reads in the mix, 0-1 (default ${DEFAULT-VALUE}).")
    double readFraction;

    @Option(names = "--block-size", defaultValue = "4k", converter = SizeConverter.Binary.class,
            description = "Request size, e.g. 4k, 16k, 1M (default ${DEFAULT-VALUE}).")
    long blockSize;

    @Option(names = "--queue-depth", defaultValue = "32", description = "Outstanding front-end requests (default ${DEFAULT-VALUE}).")
    int queueDepth;

    @Option(names = "--chunk", converter = SizeConverter.Binary.class, description = "Stripe chunk size, e.g. 512k (default: md's 512k).")
    Long chunk;

    @Option(names = "--member-size", converter = SizeConverter.Decimal.class,
            description = "Member disk size for the rebuild estimate, e.g. 16T (decimal) or 16TiB.")
    Long memberSize;

    @Option(names = "--json", description = "One JSON object with snake_case keys instead of text.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static {
        BuiltInDisks.forHelp();
    }

    @Override
    public Integer call() throws Exception {
        DiskProfile disk = member.profileId != null ? BuiltInDisks.byId(member.profileId) : null;
        CapacityQuery query = new CapacityQuery(level, disks, layout,
                disk != null ? disk.randomReadIops() : member.figures.readIops,
                disk != null ? disk.randomWriteIops() : member.figures.writeIops,
                disk != null ? disk.sequentialMBps() : member.figures.seqMbps,
                readFraction, blockSize, queueDepth, chunk, memberSize);
        ArrayCapacity result;
        try {
            result = CapacityCalculator.compute(query);
        } catch (IllegalArgumentException e) {
            throw UserException.usage(e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).writeValueAsString(result));
        } else {
            String what = level + " x" + disks + (layout == null ? "" : " " + layout)
                    + (disk != null ? ", members: " + disk.description() : "");
            out.println(what);
            out.printf(Locale.ROOT, "  random read         %10.0f IOPS  (%s, queue depth %d)%n", result.randomReadIops(), human(blockSize), queueDepth);
            out.printf(Locale.ROOT, "  random write        %10.0f IOPS%n", result.randomWriteIops());
            out.printf(Locale.ROOT, "  mixed (%3.0f%% reads) %10.0f IOPS%n", readFraction * 100, result.mixedIops());
            out.printf(Locale.ROOT, "  sequential read     %10.0f MB/s%n", result.seqReadMbps());
            out.printf(Locale.ROOT, "  sequential write    %10.0f MB/s%n", result.seqWriteMbps());
            out.printf(Locale.ROOT, "  usable capacity     %10.0f %% of raw%n", result.usableFraction() * 100);
            out.println(result.degradedRandomReadIops() == null
                    ? "  degraded            does not survive a member failure"
                    : String.format(Locale.ROOT, "  degraded rand. read %10.0f IOPS", result.degradedRandomReadIops()));
            if (result.rebuildHours() != null) {
                out.printf(Locale.ROOT, "  rebuild             %10.1f h at least (md speed_limit_max, idle array)%n", result.rebuildHours());
            }
        }
        out.flush();
        return 0;
    }

    private static String human(long bytes) {
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        return bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " B";
    }
}
