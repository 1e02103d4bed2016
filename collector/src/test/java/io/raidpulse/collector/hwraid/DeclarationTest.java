package io.raidpulse.collector.hwraid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** collector.hwraid.DEVICE.*: what is accepted, and the one line each bad key or value gets. */
class DeclarationTest {
    @Test
    void everyAttributeReadAndNormalised() {
        Map<String, Declaration> d = Declaration.from(Settings.of(Map.of(
                "collector.hwraid.sda.level", "RAID10", "collector.hwraid.sda.disks", "4", "collector.hwraid.sda.layout", "near-2",
                "collector.hwraid.sda.disk-model", " ST33000650NS ", "collector.hwraid.sda.controller", "PERC 5/i",
                "collector.hwraid.sda.cache", "write-through", "collector.hwraid.sdb.level", "5")));
        assertThat(d.get("sda")).isEqualTo(new Declaration("sda", "raid10", 4, "near-2", "ST33000650NS", "PERC 5/i", "write-through"));
        assertThat(d.get("sdb")).isEqualTo(new Declaration("sdb", "raid5", null, null, null, null, null));
        assertThat(d.get("sda").describe()).isEqualTo("raid10 near-2, 4 disks, disks ST33000650NS, controller PERC 5/i, cache write-through");
        assertThat(Declaration.from(Settings.of(Map.of("collector.interval", "5s")))).isEmpty();
    }

    @Test
    void eachBadKeyOrValueIsOneLineNamingIt() {
        refused(Map.of("collector.hwraid.sda.levle", "raid5"),
                "config collector.hwraid.sda.levle: unknown attribute 'levle' of a hardware RAID volume: expected one of level, disks, layout, disk-model, controller, cache");
        refused(Map.of("collector.hwraid.sda", "raid5"),
                "config collector.hwraid.sda: expected collector.hwraid.DEVICE.ATTRIBUTE with DEVICE a block device name (sda) and ATTRIBUTE one of level, disks, layout, disk-model, controller, cache");
        refused(Map.of("collector.hwraid.sda.level", "raid7"),
                "config collector.hwraid.sda.level: expected one of raid0, raid1, raid5, raid6, raid10, raid50, raid60, got 'raid7'");
        refused(Map.of("collector.hwraid.sda.disks", "four"), "config collector.hwraid.sda.disks: expected an integer from 1 to 1024, got 'four'");
        refused(Map.of("collector.hwraid.sda.level", "raid5", "collector.hwraid.sda.disks", "2"),
                "config collector.hwraid.sda.disks: a raid5 volume has at least 3 disks, got 2");
        refused(Map.of("collector.hwraid.sda.level", "raid10", "collector.hwraid.sda.disks", "6", "collector.hwraid.sda.layout", "far-3"),
                "config collector.hwraid.sda.layout: expected one of far-2, near-2, offset-2 for a raid10 volume, got 'far-3'");
        refused(Map.of("collector.hwraid.sda.level", "raid10", "collector.hwraid.sda.disks", "5"),
                "config collector.hwraid.sda.disks: a raid10 volume mirrors pairs of disks: expected an even number, got 5");
        refused(Map.of("collector.hwraid.sda.level", "raid0", "collector.hwraid.sda.layout", "near-2"),
                "config collector.hwraid.sda.layout: a raid0 volume has no layout");
        refused(Map.of("collector.hwraid.sda.layout", "near-2"),
                "config collector.hwraid.sda.layout: a layout needs the volume's level (collector.hwraid.sda.level)");
        refused(Map.of("collector.hwraid.sda.cache", "battery"),
                "config collector.hwraid.sda.cache: expected one of write-back, write-back-battery, write-through, got 'battery'");
    }

    private static void refused(Map<String, String> settings, String message) {
        assertThatThrownBy(() -> Declaration.from(Settings.of(settings))).isInstanceOf(ConfigException.class).hasMessage(message);
    }
}
