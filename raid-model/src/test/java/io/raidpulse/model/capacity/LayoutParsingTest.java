package io.raidpulse.model.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.md.Raid10Layout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LayoutParsingTest {

    @ParameterizedTest
    @CsvSource({
        "raid5, RAID5", "RAID10, RAID10", "10, RAID10", "raid-6, RAID6", "0, RAID0", "raid1, RAID1",
        "single, SINGLE", "raid1+0, RAID0_OVER_RAID1", "Raid0-over-raid1, RAID0_OVER_RAID1"})
    void levelsAsTheCollectorAndUsersWriteThem(String text, RaidLevel expected) {
        assertThat(RaidLevel.parse(text)).isEqualTo(expected);
    }

    @Test
    void levelsOutsideTheModelAreNamed() {
        assertThatThrownBy(() -> RaidLevel.parse("linear")).hasMessageContaining("'linear' is not covered");
        assertThatThrownBy(() -> RaidLevel.parse("raid4")).hasMessageContaining("'raid4' is not covered");
        assertThatThrownBy(() -> RaidLevel.parse("raid7")).hasMessageStartingWith("unknown RAID level 'raid7'");
    }

    @ParameterizedTest
    @CsvSource({
        "near-2, near-2", "far-2, far-2", "offset-2, offset-2", "n2, near-2", "f2, far-2", "o2, offset-2",
        "near=3, near-3", "2 near-copies, near-2", "2 far-copies, far-2", "2 offset-copies, offset-2",
        "258, near-2", "513, far-2", "66049, offset-2", "0x102, near-2", "layout : near=2, near-2"})
    void raid10Layouts(String text, String canonical) {
        assertThat(LayoutSpec.parse(RaidLevel.RAID10, text).canonical()).isEqualTo(canonical);
    }

    @ParameterizedTest
    @CsvSource({
        "left-symmetric, left-symmetric", "ls, left-symmetric", "la, left-asymmetric", "right-asymmetric, right-asymmetric",
        "algorithm 2, left-symmetric", "2, left-symmetric", "5, parity-last", "parity-first, parity-first",
        "ddf-N-restart, ddf-N-restart", "18, left-symmetric-6"})
    void parityAlgorithms(String text, String canonical) {
        assertThat(LayoutSpec.parse(RaidLevel.RAID5, text).canonical()).isEqualTo(canonical);
    }

    @Test
    void defaultsAndRejections() {
        assertThat(LayoutSpec.parse(RaidLevel.RAID10, null)).isEqualTo(LayoutSpec.RAID10_DEFAULT);
        assertThat(LayoutSpec.parse(RaidLevel.RAID5, " ").canonical()).isNull();
        assertThat(LayoutSpec.parse(RaidLevel.RAID0, "2")).isEqualTo(LayoutSpec.NONE);
        assertThatThrownBy(() -> LayoutSpec.parse(RaidLevel.RAID10, "sideways-2")).hasMessageStartingWith("unknown raid10 layout 'sideways-2'");
        assertThatThrownBy(() -> LayoutSpec.parse(RaidLevel.RAID10, "n1")).hasMessageContaining("has 1 copies");
        assertThatThrownBy(() -> LayoutSpec.parse(RaidLevel.RAID5, "near-2")).hasMessageStartingWith("unknown raid5 layout 'near-2'");
        assertThatThrownBy(() -> LayoutSpec.parse(RaidLevel.RAID1, "far-2")).hasMessage("raid1 has no layout, got 'far-2'");
        assertThatThrownBy(() -> LayoutSpec.parse(RaidLevel.RAID10, "99999999999999999999")).hasMessageContaining("out of range");
    }

    @Test
    void layoutFromStrings() {
        RaidLayout l = RaidLayout.parse("RAID10", "f3", 6);
        assertThat(l.layout()).isEqualTo(Raid10Layout.FAR);
        assertThat(l.copies()).isEqualTo(3);
        assertThat(l.describe()).isEqualTo("raid10 far-3 x6");
        assertThat(RaidLayout.parse("raid1", null, 3).copies()).isEqualTo(3);
    }
}
