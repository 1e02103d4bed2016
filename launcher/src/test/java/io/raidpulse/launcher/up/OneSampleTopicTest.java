package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** up's collector sends where its stream processor reads, whichever of the two topic settings is given. */
class OneSampleTopicTest {
    @Test
    void eitherTopicSettingNamesBoth() {
        Settings stream = Pipeline.oneSampleTopic(Settings.of(Map.of("topics.host-samples", "ops.samples")));
        assertThat(stream.string("collector.topic", null)).isEqualTo("ops.samples");
        Settings collector = Pipeline.oneSampleTopic(Settings.of(Map.of("collector.topic", "ops.samples")));
        assertThat(collector.string("topics.host-samples", null)).isEqualTo("ops.samples");
        Settings both = Pipeline.oneSampleTopic(Settings.of(Map.of("collector.topic", "ops.samples", "topics.host-samples", "ops.samples")));
        assertThat(both.string("collector.topic", null)).isEqualTo("ops.samples");
        assertThat(Pipeline.oneSampleTopic(Settings.empty()).has("collector.topic")).isFalse();
    }

    @Test
    void twoDifferentTopicsAreAUsageError() {
        assertThatThrownBy(() -> Pipeline.oneSampleTopic(Settings.of(Map.of("collector.topic", "a", "topics.host-samples", "b"))))
                .isInstanceOf(UserException.class)
                .hasMessage("collector.topic (a) and topics.host-samples (b) differ: up's collector would send its samples where its "
                        + "stream processor does not read; give one of them");
    }
}
