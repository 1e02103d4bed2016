package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LayoutTest {
    @Test
    void layoutNames() {
        assertThat(Layout.describe("raid10", 0x102)).isEqualTo("near-2");
        assertThat(Layout.describe("raid10", 0x201)).isEqualTo("far-2");
        assertThat(Layout.describe("raid10", 0x10301)).isEqualTo("offset-3");
        assertThat(Layout.describe("raid10", 0x103)).isEqualTo("near-3");
        assertThat(Layout.describe("raid10", 0x202)).isEqualTo("near-2,far-2");
        assertThat(Layout.describe("raid10", 1 << 19)).isNull();
        assertThat(Layout.describe("raid5", 0)).isEqualTo("left-asymmetric");
        assertThat(Layout.describe("raid5", 3)).isEqualTo("right-symmetric");
        assertThat(Layout.describe("raid6", 20)).isEqualTo("parity-first-6");
        assertThat(Layout.describe("raid5", 7)).isNull();
        assertThat(Layout.describe("raid1", 0)).isNull();
        assertThat(Layout.describe("raid0", 2)).isEqualTo("alternate");
    }
}
