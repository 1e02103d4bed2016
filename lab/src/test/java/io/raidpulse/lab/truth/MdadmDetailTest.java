package io.raidpulse.lab.truth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** mdadm 4.2's --detail of real arrays (src/test/resources/mdadm, from the lab's kernel 6.1). */
class MdadmDetailTest {
    private static MdadmDetail read(String name) throws IOException {
        try (var in = MdadmDetailTest.class.getResourceAsStream("/mdadm/" + name)) {
            List<MdadmDetail> all = MdadmDetail.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    @Test
    void aDegradedRaid5WithAFaultyMemberAndARemovedSlot() throws IOException {
        MdadmDetail d = read("raid5-degraded-faulty.detail");
        assertThat(d.array()).isEqualTo("md4");
        assertThat(d.level()).isEqualTo("raid5");
        assertThat(d.states()).containsExactly("clean", "degraded");
        assertThat(d.number("Raid Devices")).isEqualTo(4);
        assertThat(d.number("Active Devices")).isEqualTo(3);
        assertThat(d.chunkBytes()).isEqualTo(512 * 1024);
        assertThat(d.field("Layout")).isEqualTo("left-symmetric");
        assertThat(d.removed()).containsExactly(1);
        assertThat(d.devices()).extracting(MdadmDetail.Device::name).containsExactly("vdg", "vdi", "vdj", "vdh");
        MdadmDetail.Device faulty = d.devices().get(3);
        assertThat(faulty.slot()).isNull();
        assertThat(faulty.has("faulty")).isTrue();
        assertThat(d.sync()).isNull();
    }

    @Test
    void aMemberPulledOutOfTheMachineIsFaultyAndMissing() throws IOException {
        // the Hungarian scenario: vdb's PCI device unplugged under bonnie++, md still holds it
        MdadmDetail d = read("raid10-pulled-member.detail");
        assertThat(d.devices()).extracting(MdadmDetail.Device::name).containsExactly("vda", "vdc", "vdd");
        assertThat(d.removed()).containsExactly(1);
        assertThat(d.missing()).containsExactly("254:16");
    }

    @Test
    void aRebuildAndACheckInProgress() throws IOException {
        MdadmDetail rebuild = read("raid5-spare-rebuilding.detail");
        assertThat(rebuild.sync().kind()).isEqualTo("Rebuild");
        assertThat(rebuild.devices()).filteredOn(dev -> dev.has("rebuilding")).singleElement()
                .satisfies(dev -> assertThat(dev.slot()).isNotNull());
        MdadmDetail check = read("raid10-far2-check.detail");
        assertThat(check.field("Layout")).isEqualTo("far=2");
        assertThat(check.sync()).isEqualTo(new MdadmDetail.Sync("Check", 17));
    }

    @Test
    void raid0OverRaid1PairsHasAnUnknownLayoutAndArraysAsMembers() throws IOException {
        MdadmDetail d = read("raid0-over-raid1.detail");
        assertThat(d.level()).isEqualTo("raid0");
        assertThat(d.field("Layout")).isEqualTo("-unknown-");
        assertThat(d.devices()).extracting(MdadmDetail.Device::path).containsExactly("/dev/md1", "/dev/md2");
        assertThat(d.devices()).allMatch(dev -> dev.has("active") && dev.has("sync"));
    }
}
