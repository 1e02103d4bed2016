package io.raidpulse.stream.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.schema.AlertKind;
import org.junit.jupiter.api.Test;

/** The md health store keeps conditions as text: what it wrote reads back as the same condition. */
class ConditionKeyTest {

    @Test
    void readsBackWhatItWrites() {
        for (ConditionKey k : new ConditionKey[] {ConditionKey.SYNC, ConditionKey.MISMATCH, ConditionKey.ARRAY_INACTIVE,
                ConditionKey.ARRAY_DEGRADED, ConditionKey.NO_SPARE, ConditionKey.faulty("sdb"), ConditionKey.faulty("nvme0n1p2")}) {
            assertThat(ConditionKey.parse(k.toString())).isEqualTo(k);
        }
        assertThat(ConditionKey.faulty("sdb")).hasToString("MEMBER_FAULTY:sdb");
        assertThat(ConditionKey.parse("ARRAY_DEGRADED")).isEqualTo(ConditionKey.of(AlertKind.ARRAY_DEGRADED));
    }

    @Test
    void aFaultyMemberConditionNeedsItsMemberAndNoOtherHasOne() {
        assertThatThrownBy(() -> ConditionKey.parse("MEMBER_FAULTY")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ConditionKey.parse("SYNC:sdb")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ConditionKey.parse("RESHAPED")).isInstanceOf(IllegalArgumentException.class);
    }
}
