package io.raidpulse.collector.cli;

import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.config.KeyDefaults;
import java.util.List;

/**
 * The defaults {@code collect}'s help shows ({@code ${bundle:collector.interval}}), from {@link CollectorSettings}'s declarations;
 * its wording of the shared settings options in AgentHelp.properties.
 */
public final class CollectorDefaults extends KeyDefaults {
    public CollectorDefaults() {
        super("io.raidpulse.collector.cli.AgentHelp");
    }

    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(CollectorSettings.class);
    }
}
