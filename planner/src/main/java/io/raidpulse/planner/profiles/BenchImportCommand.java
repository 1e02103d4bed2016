package io.raidpulse.planner.profiles;

import io.raidpulse.config.Settings;
import io.raidpulse.config.SizeConverter;
import io.raidpulse.config.UserException;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.importer.BenchmarkFormat;
import io.raidpulse.model.importer.CopyDirection;
import io.raidpulse.model.importer.FormatSniffer;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.importer.ImportException;
import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.SingleDiskProfiles;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.TrustVerdicts;
import io.raidpulse.planner.console.BuiltInDisks;
import io.raidpulse.planner.console.KafkaOptions;
import io.raidpulse.planner.console.Progress;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.profiles.ProfileTopic;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code raidpulse bench import FILE}: reads a benchmark's output, says what it understood and
 * how far to trust it, and publishes the profiles to the benchmarks topic.
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Imports a benchmark output (fio JSON, json+, terse or normal report; bonnie++ CSV; sysbench fileio; pgbench; dd),"
                + " shows what it understood and the trust verdict, and publishes the profiles to the benchmarks topic.",
            "Outputs rarely say what they ran on: give the array with --level, --disks, --layout and the disks with --disk-model,"
                + " --rotational; --ram lets cache-resident results be recognised."},
        footer = {"", "Sizes: --ram is binary (64G = 64 GiB), --disk-size decimal (16T = 16 x 10^12 bytes) unless written 16TiB.",
            "A profile is matched to a live array by level, layout, disk count, disk model, pattern, read fraction, request size"
                + " and queue depth; a --level single profile with --disk-model becomes the member disk of arrays of that model."})
public final class BenchImportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "The benchmark's output; - for standard input.")
    String file;

    @Option(names = "--level", description = "Array level the benchmark ran on: raid0, raid1, raid5, raid6, raid10, raid0-over-raid1, single.")
    String level;

    @Option(names = "--disks", description = "Active member disks.")
    Integer disks;

    @Option(names = "--layout", description = "raid10: near-2 (n2), far-2 (f2), offset-2 (o2); raid5/6: left-symmetric, ...")
    String layout;

    @Option(names = "--disk-model", paramLabel = "MODEL", description = "Member disk model, as sysfs shows it (matched with live arrays' members).")
    String diskModel;

    @Option(names = "--rotational", arity = "1", paramLabel = "true|false", description = "Whether the members spin.")
    Boolean rotational;

    @Option(names = "--controller", description = "md, or the hardware RAID controller.")
    String controller;

    @Option(names = "--filesystem", description = "Filesystem and mount options it ran on.")
    String filesystem;

    @Option(names = "--disk-size", paramLabel = "SIZE", converter = SizeConverter.Decimal.class, description = "Size of one member, e.g. 16T.")
    Long diskSize;

    @Option(names = "--ram", paramLabel = "SIZE", converter = SizeConverter.Binary.class,
            description = "RAM of the machine that ran it, e.g. 64G: a data set that fits is cache-suspect.")
    Long ram;

    @Option(names = "--source", paramLabel = "TEXT", description = "Provenance to record (default: the file name).")
    String source;

    @Option(names = "--pattern", paramLabel = "random|sequential|mixed",
            description = "The access pattern, for outputs that do not carry it (fio terse; a fio normal report without its job lines).")
    String pattern;

    @Option(names = "--jobs", paramLabel = "N",
            description = "How many fio jobs ran, for a fio normal report without its job lines (with --pattern).")
    Integer jobs;

    @Option(names = "--direction", paramLabel = "read|write", description = "Whether a dd copy read or wrote the storage, when its command line is not in the file.")
    String direction;

    @Option(names = "--disk-profile", paramLabel = "ID",
            description = "Member-disk profile to hold the results against the model: ${sys:raidpulse.diskProfiles}."
                    + " Default: one derived from single-disk profiles of --disk-model on the topic.")
    String diskProfile;

    @Option(names = "--dry-run", description = "Print the parsed profiles as a JSON array on stdout (the rest on stderr); publish nothing.")
    boolean dryRun;

    @Mixin
    KafkaOptions kafka;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static {
        BuiltInDisks.forHelp();
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter report = dryRun ? err : out;
        Settings settings = dryRun ? null : kafka.settings();
        String text = read();
        String name = file.equals("-") ? "standard input" : Path.of(file).getFileName().toString();
        ImportContext ctx = context(name);
        BenchmarkFormat format = FormatSniffer.detect(text).orElseThrow(() -> UserException.usage(name
                + ": not a recognised benchmark output (expected " + FormatSniffer.EXPECTED + ")"));
        List<BenchmarkResult> profiles;
        try {
            profiles = FormatSniffer.importAny(text, ctx);
        } catch (ImportException e) {
            throw UserException.usage(name + ": " + e.getMessage(), e);
        }
        if (profiles.isEmpty()) {
            throw UserException.usage(name + ": this " + format.displayName() + " output holds no throughput or IOPS result to import"
                    + " (bonnie++ -s 0 runs file-creation tests only)");
        }
        ProfileTopic topic = settings == null ? null : new ProfileTopic(settings, kafka.timeout());
        if (topic != null && ctx.memberDisk() == null) {
            profiles = recheckAgainstTopic(profiles, topic, err);
        }
        report.println(name + ": " + format.displayName() + ", " + profiles.size() + (profiles.size() == 1 ? " profile" : " profiles"));
        for (BenchmarkResult p : profiles) {
            report.print(ProfileText.describe(p));
            report.println(ProfileText.labelled("use", ProfileText.use(p)));
        }
        report.flush();
        if (dryRun) {
            out.println(ProfileText.json(profiles));
            out.flush();
            return 0;
        }
        try (Progress progress = Progress.of(err, "publishing to " + topic.name() + " on Kafka at " + topic.bootstrap())) {
            topic.ensure(settings.get(StreamTopics.CREATE)).ifPresent(err::println);
            topic.publish(profiles);
        }
        out.println("published " + profiles.size() + (profiles.size() == 1 ? " profile" : " profiles") + " to " + topic.name()
                + " at " + topic.bootstrap());
        out.flush();
        return 0;
    }

    private String read() {
        try {
            byte[] bytes = file.equals("-") ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
            try {
                return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException notUtf8) {
                // old tools print Latin-1 (bonnie++ host names, dd's locale)
                return new String(bytes, StandardCharsets.ISO_8859_1);
            }
        } catch (NoSuchFileException e) {
            throw UserException.usage(file + " does not exist");
        } catch (IOException e) {
            throw UserException.usage(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    private ImportContext context(String name) {
        Target target;
        try {
            RaidLevel l = level == null ? null : RaidLevel.parse(level);
            target = new Target(l, layout, disks, diskModel, rotational, controller, filesystem, diskSize);
        } catch (IllegalArgumentException e) {
            throw UserException.usage(e.getMessage(), e);
        }
        ImportContext ctx = ImportContext.of(target).withRam(ram)
                .withSource(source != null ? source : name, System.currentTimeMillis());
        if (pattern != null) {
            ctx = ctx.withPattern(choice("--pattern", pattern, IoPattern.RANDOM, IoPattern.SEQUENTIAL, IoPattern.MIXED));
        }
        if (jobs != null) {
            if (jobs <= 0) {
                throw UserException.usage("--jobs must be a positive number of jobs, got " + jobs);
            }
            ctx = ctx.withJobs(jobs);
        }
        if (direction != null) {
            ctx = ctx.withCopyDirection(choice("--direction", direction, CopyDirection.READ, CopyDirection.WRITE));
        }
        if (diskProfile != null) {
            ctx = ctx.withMemberDisk(BuiltInDisks.byId(diskProfile));
        }
        return ctx;
    }

    @SafeVarargs
    private static <E extends Enum<E>> E choice(String option, String value, E... allowed) {
        for (E e : allowed) {
            if (e.name().equalsIgnoreCase(value.trim())) {
                return e;
            }
        }
        throw UserException.usage(option + " must be one of " + String.join(", ", Stream.of(allowed)
                .map(e -> e.name().toLowerCase(Locale.ROOT)).toList()) + ", got '" + value + "'");
    }

    /**
     * Holds array results of a known disk model against a member disk derived from the trusted
     * single-disk profiles of that model already on the topic, when there are such.
     */
    private static List<BenchmarkResult> recheckAgainstTopic(List<BenchmarkResult> profiles, ProfileTopic topic, PrintWriter err) {
        if (profiles.stream().noneMatch(p -> p.diskModel() != null && p.level() != null && p.level() != RaidLevel.SINGLE)) {
            return profiles;
        }
        ProfileTopic.Contents on = BenchListCommand.read(topic, err);
        List<BenchmarkResult> out = new ArrayList<>();
        for (BenchmarkResult p : profiles) {
            Optional<DiskProfile> disk = p.diskModel() == null || p.level() == null || p.level() == RaidLevel.SINGLE ? Optional.empty()
                    : SingleDiskProfiles.derive("derived-" + p.diskModel().trim().replaceAll("\\s+", "-"),
                            p.diskModel().trim() + " from single-disk benchmarks",
                            on.profiles().values().stream().filter(s -> s.diskModel() != null && ProfileMatcher.sameDiskModel(p.diskModel(), s.diskModel())).toList(),
                            p.blockSizeBytes() == null ? 4096 : p.blockSizeBytes());
            out.add(disk.map(d -> TrustVerdicts.recheck(p, d)).orElse(p));
        }
        return out;
    }
}
