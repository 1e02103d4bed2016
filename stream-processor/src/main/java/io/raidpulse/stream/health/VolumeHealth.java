package io.raidpulse.stream.health;

import io.raidpulse.schema.VolumeHealthEntry;
import io.raidpulse.stream.detector.SubjectState;

/** What the volume health detector remembers about one hardware RAID volume: its last SCSI figures and open episodes. */
final class VolumeHealth extends SubjectState {
    /** how alerts name it, as of its last sample */
    String name;
    long lastTime;
    String state;
    long notRunningSince = -1;
    int notRunningSamples;
    Long ioerrCnt;
    Long iotmoCnt;
    long offlineStart = -1;
    String offlineState;
    long errorsStart = -1;
    long errorsLastRise;
    long errorsFailed;
    long errorsTimedOut;

    VolumeHealth(String device) {
        super(device);
        this.name = device;
    }

    VolumeHealthEntry toRecord() {
        return VolumeHealthEntry.newBuilder()
                .setDevice(subject()).setName(name).setLastTime(lastTime).setAbsent(absent()).setState(state)
                .setNotRunningSince(notRunningSince).setNotRunningSamples(notRunningSamples).setIoerrCnt(ioerrCnt).setIotmoCnt(iotmoCnt)
                .setOfflineStart(offlineStart).setOfflineState(offlineState).setErrorsStart(errorsStart)
                .setErrorsLastRise(errorsLastRise).setErrorsFailed(errorsFailed).setErrorsTimedOut(errorsTimedOut)
                .build();
    }

    static VolumeHealth fromRecord(VolumeHealthEntry r) {
        VolumeHealth h = new VolumeHealth(r.getDevice());
        h.name = r.getName();
        h.lastTime = r.getLastTime();
        h.restoreAbsent(r.getAbsent());
        h.state = r.getState();
        h.notRunningSince = r.getNotRunningSince();
        h.notRunningSamples = r.getNotRunningSamples();
        h.ioerrCnt = r.getIoerrCnt();
        h.iotmoCnt = r.getIotmoCnt();
        h.offlineStart = r.getOfflineStart();
        h.offlineState = r.getOfflineState();
        h.errorsStart = r.getErrorsStart();
        h.errorsLastRise = r.getErrorsLastRise();
        h.errorsFailed = r.getErrorsFailed();
        h.errorsTimedOut = r.getErrorsTimedOut();
        return h;
    }
}
