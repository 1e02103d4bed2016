package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.model.forecast.PeakHours;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class PlannerCommandsTest {
    @Test
    void theLauncherGetsTheBenchAndPlanCommands() {
        assertThat(PlannerCommands.commands()).extracting(c -> new CommandLine(c).getCommandName()).containsExactly("bench", "plan");
        assertThat(PlannerCommands.commands()).last().isInstanceOf(PlanCommand.class);
        CommandLine bench = new CommandLine(PlannerCommands.commands().get(0));
        assertThat(bench.getSubcommands()).containsOnlyKeys("import", "list", "show");
    }

    @Test
    void planHelpSaysItForecastsSaturationAndWhatItNeeds() {
        // one line per paragraph: the usage wraps at 80 columns
        String help = new CommandLine(new PlanCommand()).setUsageHelpWidth(1000).getUsageMessage();
        assertThat(help).contains("It forecasts when the array saturates", "the dates the line reaches --max-util and 100%",
                "at least " + PeakHours.MIN_DAYS + " days of history with " + PeakHours.MIN_HOURS_A_DAY + " hours or more each");
        assertThat(help).containsPattern("--max-util=PERCENT\\s+p99 member util");
        assertThat(help).contains("the peak hour's member load by consumer", "the p99 member util without it");
    }
}
