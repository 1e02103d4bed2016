package io.raidpulse.collector.sample;

import java.io.IOException;
import java.util.List;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.MdMember}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class MdMember {
    private String device;
    private Integer role;
    private List<String> state;
    private boolean inSync;
    private boolean faulty;
    private boolean spare;
    private boolean writeMostly;
    private boolean replacement;
    private Long errors;
    private boolean rebuilding;
    private Integer number;

    public String getDevice() {
        return device;
    }

    public void setDevice(String value) {
        this.device = value;
    }

    public Integer getRole() {
        return role;
    }

    public void setRole(Integer value) {
        this.role = value;
    }

    public List<String> getState() {
        return state;
    }

    public void setState(List<String> value) {
        this.state = value;
    }

    public boolean getInSync() {
        return inSync;
    }

    public void setInSync(boolean value) {
        this.inSync = value;
    }

    public boolean getFaulty() {
        return faulty;
    }

    public void setFaulty(boolean value) {
        this.faulty = value;
    }

    public boolean getSpare() {
        return spare;
    }

    public void setSpare(boolean value) {
        this.spare = value;
    }

    public boolean getWriteMostly() {
        return writeMostly;
    }

    public void setWriteMostly(boolean value) {
        this.writeMostly = value;
    }

    public boolean getReplacement() {
        return replacement;
    }

    public void setReplacement(boolean value) {
        this.replacement = value;
    }

    public Long getErrors() {
        return errors;
    }

    public void setErrors(Long value) {
        this.errors = value;
    }

    public boolean getRebuilding() {
        return rebuilding;
    }

    public void setRebuilding(boolean value) {
        this.rebuilding = value;
    }

    public Integer getNumber() {
        return number;
    }

    public void setNumber(Integer value) {
        this.number = value;
    }

    /** The Avro binary encoding of this MdMember, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.device);
        Nullable.writeInt(out, this.role);
        out.writeArrayStart();
        out.setItemCount(this.state.size());
        for (String item : this.state) {
            out.startItem();
            out.writeString(item);
        }
        out.writeArrayEnd();
        out.writeBoolean(this.inSync);
        out.writeBoolean(this.faulty);
        out.writeBoolean(this.spare);
        out.writeBoolean(this.writeMostly);
        out.writeBoolean(this.replacement);
        Nullable.writeLong(out, this.errors);
        out.writeBoolean(this.rebuilding);
        Nullable.writeInt(out, this.number);
    }
}
