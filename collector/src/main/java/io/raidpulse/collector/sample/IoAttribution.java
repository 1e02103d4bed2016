package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.IoAttribution}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class IoAttribution {
    private AttributionStatus status;
    private int cgroupsRead;
    private int cgroupsVanished;
    private Double spanS;

    public AttributionStatus getStatus() {
        return status;
    }

    public void setStatus(AttributionStatus value) {
        this.status = value;
    }

    public int getCgroupsRead() {
        return cgroupsRead;
    }

    public void setCgroupsRead(int value) {
        this.cgroupsRead = value;
    }

    public int getCgroupsVanished() {
        return cgroupsVanished;
    }

    public void setCgroupsVanished(int value) {
        this.cgroupsVanished = value;
    }

    public Double getSpanS() {
        return spanS;
    }

    public void setSpanS(Double value) {
        this.spanS = value;
    }

    /** The Avro binary encoding of this IoAttribution, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeEnum(this.status.ordinal());
        out.writeInt(this.cgroupsRead);
        out.writeInt(this.cgroupsVanished);
        Nullable.writeDouble(out, this.spanS);
    }
}
