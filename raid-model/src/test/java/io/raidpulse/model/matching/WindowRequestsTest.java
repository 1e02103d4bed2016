package io.raidpulse.model.matching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.IoPattern;
import org.junit.jupiter.api.Test;

class WindowRequestsTest {
    @Test
    void meanSizesOfEachDirectionAndOfBoth() {
        // 300 r/s of 8 KiB, 100 w/s of 16 KiB: 10 KiB on average, random
        WindowRequests w = WindowRequests.of(300, 100, 2400, 1600);
        assertThat(w).isEqualTo(new WindowRequests(IoPattern.RANDOM, 8192, 16384, 10240));
        assertThat(w.sequential()).isFalse();
    }

    @Test
    void aMeanOf128KiBOrMoreIsSequentialAndJustUnderIsRandom() {
        assertThat(WindowRequests.of(10, 0, 1280, 0).pattern()).isEqualTo(IoPattern.SEQUENTIAL);
        assertThat(WindowRequests.of(10, 0, 1280, 0).meanBytes()).isEqualTo(WindowRequests.SEQUENTIAL_REQUEST_BYTES);
        assertThat(WindowRequests.of(10, 0, 1279.99, 0).pattern()).isEqualTo(IoPattern.RANDOM);
        // 100 reads of 4 KiB and 10 writes of 512 KiB: 50 KiB on average, random though the writes stream
        WindowRequests mixed = WindowRequests.of(100, 10, 400, 5120);
        assertThat(mixed.pattern()).isEqualTo(IoPattern.RANDOM);
        assertThat(mixed.writeBytes()).isEqualTo(512 * 1024);
    }

    @Test
    void aDirectionWithoutRequestsTakesTheOthersSize() {
        WindowRequests readsOnly = WindowRequests.of(200, 0, 800, 0);
        assertThat(readsOnly.readBytes()).isEqualTo(4096);
        assertThat(readsOnly.writeBytes()).isEqualTo(4096);
        WindowRequests writesOnly = WindowRequests.of(0, 50, 0, 3200);
        assertThat(writesOnly.readBytes()).isEqualTo(65536);
        assertThat(writesOnly.writeBytes()).isEqualTo(65536);
    }

    @Test
    void noSizeIsUnderOneSector() {
        // requests counted while the kB/s round to nothing: one sector, which LiveLoad accepts, not 0, which it refuses
        WindowRequests w = WindowRequests.of(3, 1, 0, 0.001);
        assertThat(w).isEqualTo(new WindowRequests(IoPattern.RANDOM, 512, 512, 512));
        new LiveLoad(RaidLayout.of(RaidLevel.RAID5, 4), null, true, "sda", w.pattern(), 0.75, w.meanBytes(), 1, null);
    }

    @Test
    void aWindowWithoutRequestsHasNoSizes() {
        assertThatThrownBy(() -> WindowRequests.of(0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WindowRequests.of(Double.NaN, 1, 0, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
