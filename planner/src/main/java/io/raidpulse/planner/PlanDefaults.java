package io.raidpulse.planner;

import io.raidpulse.config.KeyDefaults;
import io.raidpulse.influx.InfluxSettings;
import java.util.List;

/** The defaults the help of {@code plan} shows ({@code ${bundle:influx.database}}), from the declarations. */
public final class PlanDefaults extends KeyDefaults {
    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(InfluxSettings.class);
    }
}
