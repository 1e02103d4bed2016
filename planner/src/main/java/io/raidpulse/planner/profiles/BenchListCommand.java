package io.raidpulse.planner.profiles;

import io.raidpulse.config.Settings;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.planner.console.KafkaOptions;
import io.raidpulse.planner.console.Progress;
import io.raidpulse.topics.profiles.ProfileTopic;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code raidpulse bench list}: every profile on the benchmarks topic, one line each. */
@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Lists the profiles on the benchmarks topic: id, tool, array, pattern, headline figures, trust verdict.",
                "With InfluxDB configured (influx.url in --config or --set), also how many 1-minute array windows of the last 30 days "
                        + "contradicted each profile (capacity_contradicted: it put an array over capacity while its members were below 90% util)."})
public final class BenchListCommand implements Callable<Integer> {
    @Mixin
    KafkaOptions kafka;

    @Option(names = "--json", description = "A JSON array of the profiles as published, instead of the table.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Settings settings = kafka.settings();
        ProfileTopic topic = new ProfileTopic(settings, kafka.timeout());
        ProfileTopic.Contents contents = read(topic, spec.commandLine().getErr());
        List<BenchmarkResult> profiles = new ArrayList<>(contents.profiles().values());
        profiles.sort(Comparator.comparing(BenchmarkResult::id));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(ProfileText.json(profiles));
        } else if (profiles.isEmpty()) {
            out.println("no profiles on " + topic.name() + " at " + topic.bootstrap()
                    + " (the stream processor publishes the built-in catalog at start; add yours with 'raidpulse bench import')");
        } else {
            java.util.Optional<java.util.Map<String, Long>> contradicted = ProfileContradictions.read(settings, spec.commandLine().getErr());
            List<List<String>> rows = new ArrayList<>();
            for (BenchmarkResult p : profiles) {
                List<String> row = new ArrayList<>(List.of(p.id(), p.tool().name().toLowerCase(java.util.Locale.ROOT), ProfileText.array(p),
                        ProfileText.pattern(p), ProfileText.result(p), p.verdict().name()));
                contradicted.ifPresent(c -> row.add(ProfileContradictions.text(c, p.id())));
                rows.add(row);
            }
            List<String> header = new ArrayList<>(List.of("ID", "TOOL", "ARRAY", "PATTERN", "RESULT", "VERDICT"));
            contradicted.ifPresent(c -> header.add("CONTRADICTED"));
            out.print(ProfileText.table(header, rows));
        }
        contents.unreadable().forEach((id, reason) -> spec.commandLine().getErr().println("profile " + id + " cannot be read: " + reason));
        out.flush();
        return 0;
    }

    /** Reads the topic, reporting progress on {@code err} when it takes more than a second. */
    static ProfileTopic.Contents read(ProfileTopic topic, PrintWriter err) {
        AtomicLong records = new AtomicLong();
        try (Progress progress = new Progress(err, "reading " + topic.name() + " from Kafka at " + topic.bootstrap(),
                () -> records.get() + " records")) {
            return topic.read(records);
        }
    }
}
