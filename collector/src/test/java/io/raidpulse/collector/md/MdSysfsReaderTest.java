package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdSysfsMember;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What MdSysfsReader opens of an array's directory, and what it takes without opening. */
class MdSysfsReaderTest {
    @TempDir
    Path sys;

    private Path array(String name) throws IOException {
        Path md = sys.resolve("block").resolve(name).resolve("md");
        Files.createDirectories(md);
        Files.writeString(md.getParent().resolve("size"), "2093056\n");
        Files.writeString(md.resolve("level"), "raid1\n");
        Files.writeString(md.resolve("raid_disks"), "2\n");
        Files.writeString(md.resolve("array_state"), "clean\n");
        Files.writeString(md.resolve("sync_action"), "recover\n");
        return md;
    }

    private static void member(Path md, String device, String state, String slot, String recoveryStart) throws IOException {
        Path d = Files.createDirectories(md.resolve("dev-" + device));
        Files.writeString(d.resolve("state"), state + "\n");
        Files.writeString(d.resolve("slot"), slot + "\n");
        Files.writeString(d.resolve("errors"), "0\n");
        Files.writeString(d.resolve("recovery_start"), recoveryStart + "\n");
        Files.createSymbolicLink(d.resolve("block"), Path.of("../../../../devices/virtual/block", device));
    }

    @Test
    void aRebuildingMembersCheckpointIsReadAnInSyncMembersIsNone() throws IOException {
        Path md = array("md0");
        member(md, "sda1", "in_sync,write_mostly", "0", "none");
        member(md, "sdb1", "spare", "1", "1048576");
        MdSysfsArray a = MdSysfsReader.read(sys, "md0");
        assertThat(a.members()).extracting(MdSysfsMember::device).containsExactly("sda1", "sdb1");
        assertThat(a.members().get(1).recoveryStart()).isEqualTo(1048576L);
        assertThat(a.members().get(0).recoveryStart()).isNull();
        assertThat(a.members().get(0).state()).containsExactly("in_sync", "write_mostly");
    }

    @Test
    void anInSyncMembersRecoveryStartIsNotOpened() throws IOException {
        Path md = array("md0");
        // md.c's recovery_start_show prints none for an In_sync member: a number here is not what a kernel shows, and not read
        member(md, "sda1", "in_sync", "0", "4096");
        assertThat(MdSysfsReader.read(sys, "md0").members().get(0).recoveryStart()).isNull();
    }

    @Test
    void filesTheArraysDirectoryLacksAreLeftOutAndTheOthersRead() throws IOException {
        Path md = array("md0");
        member(md, "sda1", "in_sync", "0", "none");
        MdSysfsArray a = MdSysfsReader.read(sys, "md0");
        assertThat(a.level()).isEqualTo("raid1");
        assertThat(a.raidDisks()).isEqualTo(2);
        assertThat(a.consistencyPolicy()).isNull();
        assertThat(a.bitmapLocation()).isNull();
        Files.createDirectories(md.resolve("bitmap"));
        Files.writeString(md.resolve("bitmap").resolve("location"), "+8\n");
        Files.writeString(md.resolve("consistency_policy"), "bitmap\n");
        MdSysfsArray later = MdSysfsReader.read(sys, "md0");
        assertThat(later.bitmapLocation()).isEqualTo("+8");
        assertThat(later.consistencyPolicy()).isEqualTo("bitmap");
    }

    @Test
    void aMemberWithoutABlockLinkIsItsDirectorysName() throws IOException {
        Path md = array("md1");
        Path d = Files.createDirectories(md.resolve("dev-sdc1"));
        Files.writeString(d.resolve("state"), "in_sync\n");
        assertThat(MdSysfsReader.read(sys, "md1").members()).extracting(MdSysfsMember::device).containsExactly("sdc1");
        assertThat(MdSysfsReader.arrays(sys)).containsExactly("md1");
    }
}
