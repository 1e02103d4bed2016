package io.raidpulse.config;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.ResourceBundle;

/**
 * The defaults of declared {@link Key}s as a resource bundle, so that picocli help texts take them
 * from the declarations: a command names a subclass as its {@code resourceBundle} and writes
 * {@code Default: ${bundle:collector.interval}} in an option's description.
 */
public abstract class KeyDefaults extends ListResourceBundle {
    protected KeyDefaults() {
    }

    /**
     * With {@code wording}, the base name of a bundle of the command's wording of shared options
     * ({@code settings.config} of {@link ConfigFileOption}...), looked up after the defaults.
     */
    protected KeyDefaults(String wording) {
        setParent(ResourceBundle.getBundle(wording));
    }

    /** The classes whose {@code static final Key} constants the command's options set. */
    protected abstract List<Class<?>> declaringClasses();

    @Override
    protected Object[][] getContents() {
        List<Object[]> rows = new ArrayList<>();
        for (Class<?> type : declaringClasses()) {
            for (Key<?> key : Keys.declaredIn(type)) {
                if (key.defaultText() != null) {
                    rows.add(new Object[] {key.name(), key.defaultText()});
                }
            }
        }
        return rows.toArray(new Object[0][]);
    }
}
