package io.raidpulse.stream.capacity;

import io.raidpulse.schema.ArrayCapacityAlertState;
import io.raidpulse.schema.CapacityAlertState;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The capacity alert store's binary format 1, from before its Avro record, read from a changelog
 * an older build wrote into the record this build writes. The phase by position, as those builds
 * wrote it; nothing writes this format any more.
 */
final class CapacityAlertBinaryFormat {
    private CapacityAlertBinaryFormat() {
    }

    static CapacityAlertState format1(StateReader r) {
        long seen = r.readLong();
        List<ArrayCapacityAlertState> arrays = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            arrays.add(ArrayCapacityAlertState.newBuilder()
                    .setArray(r.readString())
                    .setPhase(r.readPhase())
                    .setRun(r.readInt())
                    .setRunStart(r.readLong())
                    .setLastWindowEnd(r.readLong())
                    .setAbsent(r.readInt())
                    .setEpisodeStart(r.readLong())
                    .setPeakCapacity(r.readDouble())
                    .setCapacitySum(r.readDouble())
                    .setPeakUtil(r.readDouble())
                    .setUtilSum(r.readDouble())
                    .setWindows(r.readInt())
                    .setCoolCapacitySum(r.readDouble())
                    .setCoolUtilSum(r.readDouble())
                    .setCoolWindows(r.readInt())
                    .setBusiestMember(r.readString())
                    .setSource(r.readString())
                    .setCause(r.readString())
                    .build());
        }
        return new CapacityAlertState(seen, arrays);
    }
}
