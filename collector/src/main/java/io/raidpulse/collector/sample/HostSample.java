package io.raidpulse.collector.sample;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.HostSample}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class HostSample {
    private HostIdentity host;
    private long sequence;
    private Instant sampleTime;
    private double uptimeS;
    private Double intervalS;
    private Instant collectorStarted;
    private List<DeviceSample> devices;
    private List<MdArray> arrays;
    private Map<String, Long> readErrors;
    private long spoolDropped;
    private List<HardwareVolume> hardwareVolumes;
    private IoAttribution ioAttribution;

    public HostIdentity getHost() {
        return host;
    }

    public void setHost(HostIdentity value) {
        this.host = value;
    }

    public long getSequence() {
        return sequence;
    }

    public void setSequence(long value) {
        this.sequence = value;
    }

    public Instant getSampleTime() {
        return sampleTime;
    }

    public void setSampleTime(Instant value) {
        this.sampleTime = value;
    }

    public double getUptimeS() {
        return uptimeS;
    }

    public void setUptimeS(double value) {
        this.uptimeS = value;
    }

    public Double getIntervalS() {
        return intervalS;
    }

    public void setIntervalS(Double value) {
        this.intervalS = value;
    }

    public Instant getCollectorStarted() {
        return collectorStarted;
    }

    public void setCollectorStarted(Instant value) {
        this.collectorStarted = value;
    }

    public List<DeviceSample> getDevices() {
        return devices;
    }

    public void setDevices(List<DeviceSample> value) {
        this.devices = value;
    }

    public List<MdArray> getArrays() {
        return arrays;
    }

    public void setArrays(List<MdArray> value) {
        this.arrays = value;
    }

    public Map<String, Long> getReadErrors() {
        return readErrors;
    }

    public void setReadErrors(Map<String, Long> value) {
        this.readErrors = value;
    }

    public long getSpoolDropped() {
        return spoolDropped;
    }

    public void setSpoolDropped(long value) {
        this.spoolDropped = value;
    }

    public List<HardwareVolume> getHardwareVolumes() {
        return hardwareVolumes;
    }

    public void setHardwareVolumes(List<HardwareVolume> value) {
        this.hardwareVolumes = value;
    }

    public IoAttribution getIoAttribution() {
        return ioAttribution;
    }

    public void setIoAttribution(IoAttribution value) {
        this.ioAttribution = value;
    }

    /** The Avro binary encoding of this HostSample, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        this.host.write(out);
        out.writeLong(this.sequence);
        out.writeLong(this.sampleTime.toEpochMilli());
        out.writeDouble(this.uptimeS);
        Nullable.writeDouble(out, this.intervalS);
        out.writeLong(this.collectorStarted.toEpochMilli());
        out.writeArrayStart();
        out.setItemCount(this.devices.size());
        for (DeviceSample item : this.devices) {
            out.startItem();
            item.write(out);
        }
        out.writeArrayEnd();
        out.writeArrayStart();
        out.setItemCount(this.arrays.size());
        for (MdArray item : this.arrays) {
            out.startItem();
            item.write(out);
        }
        out.writeArrayEnd();
        out.writeMapStart();
        out.setItemCount(this.readErrors.size());
        for (Map.Entry<String, Long> entry : this.readErrors.entrySet()) {
            out.startItem();
            out.writeString(entry.getKey());
            out.writeLong(entry.getValue());
        }
        out.writeMapEnd();
        out.writeLong(this.spoolDropped);
        if (this.hardwareVolumes == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeArrayStart();
            out.setItemCount(this.hardwareVolumes.size());
            for (HardwareVolume item : this.hardwareVolumes) {
                out.startItem();
                item.write(out);
            }
            out.writeArrayEnd();
        }
        if (this.ioAttribution == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            this.ioAttribution.write(out);
        }
    }
}
