package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.HardwareVolume}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class HardwareVolume {
    private String device;
    private String driver;
    private String scsiAddress;
    private String vendor;
    private String model;
    private String recognisedBy;
    private boolean declared;
    private String contradiction;
    private String level;
    private Integer disks;
    private String layout;
    private String diskModel;
    private String controller;
    private String cache;
    private String state;
    private Long ioerrCnt;
    private Long iotmoCnt;

    public String getDevice() {
        return device;
    }

    public void setDevice(String value) {
        this.device = value;
    }

    public String getDriver() {
        return driver;
    }

    public void setDriver(String value) {
        this.driver = value;
    }

    public String getScsiAddress() {
        return scsiAddress;
    }

    public void setScsiAddress(String value) {
        this.scsiAddress = value;
    }

    public String getVendor() {
        return vendor;
    }

    public void setVendor(String value) {
        this.vendor = value;
    }

    public String getModel() {
        return model;
    }

    public void setModel(String value) {
        this.model = value;
    }

    public String getRecognisedBy() {
        return recognisedBy;
    }

    public void setRecognisedBy(String value) {
        this.recognisedBy = value;
    }

    public boolean getDeclared() {
        return declared;
    }

    public void setDeclared(boolean value) {
        this.declared = value;
    }

    public String getContradiction() {
        return contradiction;
    }

    public void setContradiction(String value) {
        this.contradiction = value;
    }

    public String getLevel() {
        return level;
    }

    public void setLevel(String value) {
        this.level = value;
    }

    public Integer getDisks() {
        return disks;
    }

    public void setDisks(Integer value) {
        this.disks = value;
    }

    public String getLayout() {
        return layout;
    }

    public void setLayout(String value) {
        this.layout = value;
    }

    public String getDiskModel() {
        return diskModel;
    }

    public void setDiskModel(String value) {
        this.diskModel = value;
    }

    public String getController() {
        return controller;
    }

    public void setController(String value) {
        this.controller = value;
    }

    public String getCache() {
        return cache;
    }

    public void setCache(String value) {
        this.cache = value;
    }

    public String getState() {
        return state;
    }

    public void setState(String value) {
        this.state = value;
    }

    public Long getIoerrCnt() {
        return ioerrCnt;
    }

    public void setIoerrCnt(Long value) {
        this.ioerrCnt = value;
    }

    public Long getIotmoCnt() {
        return iotmoCnt;
    }

    public void setIotmoCnt(Long value) {
        this.iotmoCnt = value;
    }

    /** The Avro binary encoding of this HardwareVolume, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.device);
        Nullable.writeString(out, this.driver);
        Nullable.writeString(out, this.scsiAddress);
        Nullable.writeString(out, this.vendor);
        Nullable.writeString(out, this.model);
        Nullable.writeString(out, this.recognisedBy);
        out.writeBoolean(this.declared);
        Nullable.writeString(out, this.contradiction);
        Nullable.writeString(out, this.level);
        Nullable.writeInt(out, this.disks);
        Nullable.writeString(out, this.layout);
        Nullable.writeString(out, this.diskModel);
        Nullable.writeString(out, this.controller);
        Nullable.writeString(out, this.cache);
        Nullable.writeString(out, this.state);
        Nullable.writeLong(out, this.ioerrCnt);
        Nullable.writeLong(out, this.iotmoCnt);
    }
}
