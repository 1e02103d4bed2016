package io.raidpulse.planner.profiles;

import io.raidpulse.config.UserException;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.planner.console.KafkaOptions;
import io.raidpulse.topics.profiles.ProfileTopic;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code raidpulse bench show ID}: everything about one profile. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows one profile: what was measured, on what, the results, provenance and the trust verdict with its reasons.")
public final class BenchShowCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ID", description = "Profile id, as 'raidpulse bench list' shows it.")
    String id;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--json", description = "The profile as published, as JSON.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        ProfileTopic topic = new ProfileTopic(kafka.settings(), kafka.timeout());
        ProfileTopic.Contents contents = BenchListCommand.read(topic, spec.commandLine().getErr());
        BenchmarkResult p = contents.profiles().get(id);
        if (p == null) {
            String why = contents.deleted().contains(id) ? "was deleted from " : contents.unreadable().containsKey(id)
                    ? "cannot be read (" + contents.unreadable().get(id) + ") on " : "is not on ";
            throw UserException.usage("profile '" + id + "' " + why + topic.name() + " at " + topic.bootstrap()
                    + " ('raidpulse bench list' shows the profiles there)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? ProfileText.json(p) + System.lineSeparator() : ProfileText.describe(p));
        if (!json) {
            ProfileContradictions.read(kafka.settings(), spec.commandLine().getErr()).ifPresent(c -> out.println("contradicted: "
                    + ProfileContradictions.text(c, id) + " of the last " + ProfileContradictions.LOOKBACK_DAYS
                    + " days (1-minute array windows that put the array over capacity while its members were below 90% util)"));
        }
        out.flush();
        return 0;
    }
}
