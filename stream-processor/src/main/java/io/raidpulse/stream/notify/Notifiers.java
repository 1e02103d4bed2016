package io.raidpulse.stream.notify;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The channels named by {@code notify.channels}, built from their settings. */
public final class Notifiers {
    /** A configured channel: its name, the class built from its settings ({@code notify.NAME.*}) and the episodes it takes. */
    public record Channel(String name, Notifier notifier, ChannelRoute route) {
    }

    private Notifiers() {
    }

    /** {@code notify.channels}: comma-separated {@code NAME} or {@code NAME:TYPE}; default {@code console}; empty for none. */
    public static List<Channel> from(Settings s) {
        String list = s.keys().contains("notify.channels") ? s.string("notify.channels", "") : "console";
        List<Channel> channels = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (String entry : list.split(",")) {
            entry = entry.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int colon = entry.indexOf(':');
            String name = colon < 0 ? entry : entry.substring(0, colon).trim();
            String type = colon < 0 ? name : entry.substring(colon + 1).trim();
            if (!name.matches("[A-Za-z0-9_-]+")) {
                throw new ConfigException("notify.channels", "channel names are letters, digits, '-' and '_', got '" + name + "'");
            }
            if (!names.add(name)) {
                throw new ConfigException("notify.channels", "channel " + name + " is listed twice");
            }
            Settings own = s.under("notify." + name + ".");
            ChannelRoute route;
            try {
                route = ChannelRoute.from(own);
            } catch (ConfigException e) {
                throw qualified(name, e);
            }
            channels.add(new Channel(name, create(name, type, own), route));
        }
        return channels;
    }

    static Notifier create(String name, String type, Settings settings) {
        String className = type.contains(".") ? type
                : Notifiers.class.getPackageName() + "." + Character.toUpperCase(type.charAt(0)) + type.substring(1).toLowerCase(Locale.ROOT)
                        + "Notifier";
        Class<?> cls;
        try {
            cls = Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new ConfigException("notify.channels", "unknown channel type '" + type + "' for " + name
                    + " (built in: console, webhook, slack, alertmanager; or a class implementing " + Notifier.class.getName() + ")");
        }
        if (!Notifier.class.isAssignableFrom(cls)) {
            throw new ConfigException("notify.channels", className + " does not implement " + Notifier.class.getName());
        }
        try {
            return (Notifier) cls.getConstructor(Settings.class).newInstance(settings);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof ConfigException c) {
                throw qualified(name, c);
            }
            if (e.getCause() instanceof UserException u) {
                throw u;
            }
            throw new IllegalStateException("cannot create notifier " + name + " (" + className + ")", e.getCause());
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new ConfigException("notify.channels", className + " needs a public constructor taking " + Settings.class.getName());
        }
    }

    /** A channel's setting error under its full key, {@code notify.NAME.key}. */
    private static ConfigException qualified(String channel, ConfigException c) {
        return new ConfigException("notify." + channel + "." + c.key(), c.getMessage().substring(c.getMessage().indexOf(": ") + 2));
    }
}
