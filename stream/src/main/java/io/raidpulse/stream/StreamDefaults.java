package io.raidpulse.stream;

import io.raidpulse.config.KeyDefaults;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.notify.Notifiers;
import java.util.List;

/** The defaults the help of {@code stream} and {@code up} shows ({@code ${bundle:influx.database}}), from the declarations. */
public final class StreamDefaults extends KeyDefaults {
    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(InfluxSettings.class, StreamApp.class, Notifiers.class);
    }
}
