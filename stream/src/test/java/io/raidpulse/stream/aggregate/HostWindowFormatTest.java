package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.testing.StateFixtures;
import io.raidpulse.topics.load.MdState;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/** The open windows' state format: what a restart restores, and what an upgrade finds in the changelog. */
class HostWindowFormatTest {

    private static HostWindow window(SubjectWindow s) {
        LinkedHashMap<SubjectKey, SubjectWindow> subjects = new LinkedHashMap<>();
        subjects.put(new SubjectKey(s.kind, s.subject), s);
        return new HostWindow("db1", 60_000, 60_000, subjects);
    }

    @Test
    void mdFiguresSurviveTheStore() {
        SubjectWindow md0 = new SubjectWindow("md0", SubjectKind.ARRAY);
        md0.samples = 3;
        md0.seconds = 30;
        md0.degradedMax = 1;
        md0.faultyMax = 1;
        md0.mdState = new MdState(4, 1, 0, 1, 70.5, 55_000L, null, 8L);
        md0.mdStateMs = 90_000;
        HostWindow back = HostWindow.SERDE.decode(HostWindow.SERDE.encode(window(md0)));
        SubjectWindow read = back.subjects().get(new SubjectKey(SubjectKind.ARRAY, "md0"));
        assertThat(read.degradedMax).isEqualTo(1);
        assertThat(read.faultyMax).isEqualTo(1);
        assertThat(read.mdState).isEqualTo(md0.mdState);
        assertThat(read.mdStateMs).isEqualTo(90_000);
    }

    /** A window of sda (2 samples, 20 s, util sum 90) that a format-1 build left open: format 2 without the md section. */
    @Test
    void windowsAnOlderBuildLeftOpenAreReadWithoutMdFigures() {
        byte[] formatOne = StateFixtures.read("aggregate-window-format1");
        SubjectWindow read = HostWindow.SERDE.decode(formatOne).subjects().get(new SubjectKey(SubjectKind.DEVICE, "sda"));
        assertThat(read.samples).isEqualTo(2);
        assertThat(read.utilSum).isEqualTo(90.0);
        assertThat(read.mdState).isNull();
        assertThat(read.degradedMax).isEqualTo(-1);
    }
}
