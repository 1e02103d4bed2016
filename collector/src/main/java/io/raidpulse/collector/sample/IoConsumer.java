package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.IoConsumer}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class IoConsumer {
    private String name;
    private ConsumerKind kind;
    private String cgroup;
    private int cgroups;
    private long readIos;
    private long writeIos;
    private long readBytes;
    private long writeBytes;
    private Long discardIos;
    private Long discardBytes;

    public String getName() {
        return name;
    }

    public void setName(String value) {
        this.name = value;
    }

    public ConsumerKind getKind() {
        return kind;
    }

    public void setKind(ConsumerKind value) {
        this.kind = value;
    }

    public String getCgroup() {
        return cgroup;
    }

    public void setCgroup(String value) {
        this.cgroup = value;
    }

    public int getCgroups() {
        return cgroups;
    }

    public void setCgroups(int value) {
        this.cgroups = value;
    }

    public long getReadIos() {
        return readIos;
    }

    public void setReadIos(long value) {
        this.readIos = value;
    }

    public long getWriteIos() {
        return writeIos;
    }

    public void setWriteIos(long value) {
        this.writeIos = value;
    }

    public long getReadBytes() {
        return readBytes;
    }

    public void setReadBytes(long value) {
        this.readBytes = value;
    }

    public long getWriteBytes() {
        return writeBytes;
    }

    public void setWriteBytes(long value) {
        this.writeBytes = value;
    }

    public Long getDiscardIos() {
        return discardIos;
    }

    public void setDiscardIos(Long value) {
        this.discardIos = value;
    }

    public Long getDiscardBytes() {
        return discardBytes;
    }

    public void setDiscardBytes(Long value) {
        this.discardBytes = value;
    }

    /** The Avro binary encoding of this IoConsumer, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.name);
        out.writeEnum(this.kind.ordinal());
        Nullable.writeString(out, this.cgroup);
        out.writeInt(this.cgroups);
        out.writeLong(this.readIos);
        out.writeLong(this.writeIos);
        out.writeLong(this.readBytes);
        out.writeLong(this.writeBytes);
        Nullable.writeLong(out, this.discardIos);
        Nullable.writeLong(out, this.discardBytes);
    }
}
