package io.raidpulse.notify;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
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

    /** Set but empty, it names no channel (any other empty value reads as unset). */
    public static final Key<String> CHANNELS = Keys.of("notify.channels", "console", "console", "NAME[:TYPE],...; empty for none",
            (s, name, d) -> s.keys().contains(name) ? s.string(name, "") : d);
    /** Read by the service, which runs each channel with its own consumer group and retries. */
    public static final Key<Duration> RETRY_MAX_BACKOFF = Keys.duration("notify.retry-max-backoff", Duration.ofSeconds(60),
            Duration.ofMillis(10), Duration.ofHours(1), "longest wait between delivery retries");
    public static final Key<String> GROUP_PREFIX = Keys.string("notify.group-prefix", "raidpulse-notify-",
            "consumer group prefix of the channels");

    /** The prefix of a channel's own keys, declared with it as {@code notify.NAME.timeout}; {@code NAME} is the channel's name. */
    public static final String CHANNEL_KEYS = "notify.NAME.";

    private Notifiers() {
    }

    /** A channel's key as read from its own settings, the {@code notify.NAME.} prefix removed. */
    public static <T> Key<T> own(Key<T> key) {
        return key.relativeTo(CHANNEL_KEYS);
    }

    /** {@code notify.channels}: comma-separated {@code NAME} or {@code NAME:TYPE}; default {@code console}; empty for none. */
    public static List<Channel> from(Settings s) {
        String list = s.get(CHANNELS);
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
                throw new ConfigException(CHANNELS.name(), "channel names are letters, digits, '-' and '_', got '" + name + "'");
            }
            if (!names.add(name)) {
                throw new ConfigException(CHANNELS.name(), "channel " + name + " is listed twice");
            }
            Settings own = s.under(CHANNEL_KEYS.replace("NAME", name));
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
            throw new ConfigException(CHANNELS.name(), "unknown channel type '" + type + "' for " + name
                    + " (built in: console, webhook, slack, alertmanager; or a class implementing " + Notifier.class.getName() + ")");
        }
        if (!Notifier.class.isAssignableFrom(cls)) {
            throw new ConfigException(CHANNELS.name(), className + " does not implement " + Notifier.class.getName());
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
            throw new ConfigException(CHANNELS.name(), className + " needs a public constructor taking " + Settings.class.getName());
        }
    }

    /** A channel's setting error under its full key, {@code notify.NAME.key}. */
    private static ConfigException qualified(String channel, ConfigException c) {
        return new ConfigException("notify." + channel + "." + c.key(), c.getMessage().substring(c.getMessage().indexOf(": ") + 2));
    }
}
