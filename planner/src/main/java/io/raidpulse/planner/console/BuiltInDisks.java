package io.raidpulse.planner.console;

import io.raidpulse.config.UserException;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.catalog.DiskClass;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The member-disk profiles a {@code --disk-profile ID} option names (plan, bench import, capacity): the
 * catalog's and the disk-class defaults.
 */
public final class BuiltInDisks {
    /** The system property their ids are in, for help texts: {@code ${sys:raidpulse.diskProfiles}}. */
    public static final String IDS_PROPERTY = "raidpulse.diskProfiles";

    private BuiltInDisks() {
    }

    public static List<DiskProfile> all() {
        List<DiskProfile> out = new ArrayList<>(BuiltInCatalog.diskProfiles());
        Stream.of(DiskClass.values()).map(DiskClass::defaults).forEach(out::add);
        return out;
    }

    /** Their ids, comma-separated: what help and errors list. */
    public static String ids() {
        return String.join(", ", all().stream().map(DiskProfile::id).toList());
    }

    /** Sets {@link #IDS_PROPERTY}, before picocli reads a command's help texts (from its static initializer). */
    public static void forHelp() {
        System.setProperty(IDS_PROPERTY, ids());
    }

    /** The profile {@code id} names; an unknown one is a usage error listing the known ones. */
    public static DiskProfile byId(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst()
                .orElseThrow(() -> UserException.usage("no built-in disk profile '" + id + "'; known: " + ids()));
    }
}
