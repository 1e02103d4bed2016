package io.raidpulse.collector.sample;

import java.io.IOException;
import java.util.List;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.DeviceSample}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class DeviceSample {
    private String name;
    private int major;
    private int minor;
    private DeviceKind kind;
    private Boolean rotational;
    private Long sizeBytes;
    private String model;
    private String serial;
    private String parent;
    private List<String> holders;
    private Long inFlight;
    private boolean countersReset;
    private IostatMetrics metrics;
    private CounterDeltas deltas;
    private List<IoConsumer> consumers;

    public String getName() {
        return name;
    }

    public void setName(String value) {
        this.name = value;
    }

    public int getMajor() {
        return major;
    }

    public void setMajor(int value) {
        this.major = value;
    }

    public int getMinor() {
        return minor;
    }

    public void setMinor(int value) {
        this.minor = value;
    }

    public DeviceKind getKind() {
        return kind;
    }

    public void setKind(DeviceKind value) {
        this.kind = value;
    }

    public Boolean getRotational() {
        return rotational;
    }

    public void setRotational(Boolean value) {
        this.rotational = value;
    }

    public Long getSizeBytes() {
        return sizeBytes;
    }

    public void setSizeBytes(Long value) {
        this.sizeBytes = value;
    }

    public String getModel() {
        return model;
    }

    public void setModel(String value) {
        this.model = value;
    }

    public String getSerial() {
        return serial;
    }

    public void setSerial(String value) {
        this.serial = value;
    }

    public String getParent() {
        return parent;
    }

    public void setParent(String value) {
        this.parent = value;
    }

    public List<String> getHolders() {
        return holders;
    }

    public void setHolders(List<String> value) {
        this.holders = value;
    }

    public Long getInFlight() {
        return inFlight;
    }

    public void setInFlight(Long value) {
        this.inFlight = value;
    }

    public boolean getCountersReset() {
        return countersReset;
    }

    public void setCountersReset(boolean value) {
        this.countersReset = value;
    }

    public IostatMetrics getMetrics() {
        return metrics;
    }

    public void setMetrics(IostatMetrics value) {
        this.metrics = value;
    }

    public CounterDeltas getDeltas() {
        return deltas;
    }

    public void setDeltas(CounterDeltas value) {
        this.deltas = value;
    }

    public List<IoConsumer> getConsumers() {
        return consumers;
    }

    public void setConsumers(List<IoConsumer> value) {
        this.consumers = value;
    }

    /** The Avro binary encoding of this DeviceSample, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.name);
        out.writeInt(this.major);
        out.writeInt(this.minor);
        out.writeEnum(this.kind.ordinal());
        Nullable.writeBoolean(out, this.rotational);
        Nullable.writeLong(out, this.sizeBytes);
        Nullable.writeString(out, this.model);
        Nullable.writeString(out, this.serial);
        Nullable.writeString(out, this.parent);
        out.writeArrayStart();
        out.setItemCount(this.holders.size());
        for (String item : this.holders) {
            out.startItem();
            out.writeString(item);
        }
        out.writeArrayEnd();
        Nullable.writeLong(out, this.inFlight);
        out.writeBoolean(this.countersReset);
        if (this.metrics == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            this.metrics.write(out);
        }
        if (this.deltas == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            this.deltas.write(out);
        }
        if (this.consumers == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeArrayStart();
            out.setItemCount(this.consumers.size());
            for (IoConsumer item : this.consumers) {
                out.startItem();
                item.write(out);
            }
            out.writeArrayEnd();
        }
    }
}
