package io.raidpulse.planner;

import io.raidpulse.config.KeyDefaults;
import io.raidpulse.influx.InfluxSettings;
import java.util.List;

/**
 * The defaults the help of {@code plan} shows ({@code ${bundle:influx.database}}), from the declarations;
 * its wording of the shared settings options in PlanHelp.properties.
 */
public final class PlanDefaults extends KeyDefaults {
    public PlanDefaults() {
        super("io.raidpulse.planner.PlanHelp");
    }

    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(InfluxSettings.class);
    }
}
