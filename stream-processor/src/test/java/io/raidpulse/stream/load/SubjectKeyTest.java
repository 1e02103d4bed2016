package io.raidpulse.stream.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.SubjectKind;
import org.junit.jupiter.api.Test;

/** Keys made by {@link SubjectKey#of} are shared per kind and name, and equal to any key made of the same. */
class SubjectKeyTest {

    @Test
    void oneSharedKeyPerKindAndName() {
        SubjectKey sda = SubjectKey.of(SubjectKind.DEVICE, new String("sda"));
        assertThat(SubjectKey.of(SubjectKind.DEVICE, new String("sda"))).isSameAs(sda);
        assertThat(sda).isEqualTo(new SubjectKey(SubjectKind.DEVICE, "sda")).hasSameHashCodeAs(new SubjectKey(SubjectKind.DEVICE, "sda"));
        assertThat(SubjectKey.of(SubjectKind.HARDWARE, "sda")).isNotEqualTo(sda);
        assertThat(SubjectKey.of(SubjectKind.DEVICE, "sdb")).isNotEqualTo(sda);
    }
}
