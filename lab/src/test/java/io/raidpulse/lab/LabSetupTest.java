package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where a checkout can run the lab from: the guest mounts tmpfs and friends over the host's root. */
class LabSetupTest {
    @Test
    void aCheckoutUnderTmpIsHiddenFromTheGuest() {
        assertThat(LabSetup.hiddenInGuestBy(Path.of("/tmp/cc"))).contains(Path.of("/tmp"));
        assertThat(LabSetup.hiddenInGuestBy(Path.of("/var/tmp/raidpulse"))).contains(Path.of("/var/tmp"));
    }

    @Test
    void aCheckoutElsewhereIsSeen() {
        assertThat(LabSetup.hiddenInGuestBy(Path.of("/work/main"))).isEmpty();
        assertThat(LabSetup.hiddenInGuestBy(Path.of("/tmpfiles/raidpulse"))).as("a sibling named alike").isEmpty();
        assertThat(LabSetup.hiddenInGuestBy(Path.of("/check/work/main"))).isEmpty();
    }
}
