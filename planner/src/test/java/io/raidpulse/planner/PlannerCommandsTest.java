package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;

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
}
