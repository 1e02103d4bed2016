package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.HostIdentity}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class HostIdentity {
    private String hostname;
    private String kernel;
    private String os;
    private String collectorVersion;
    private String bootId;

    public String getHostname() {
        return hostname;
    }

    public void setHostname(String value) {
        this.hostname = value;
    }

    public String getKernel() {
        return kernel;
    }

    public void setKernel(String value) {
        this.kernel = value;
    }

    public String getOs() {
        return os;
    }

    public void setOs(String value) {
        this.os = value;
    }

    public String getCollectorVersion() {
        return collectorVersion;
    }

    public void setCollectorVersion(String value) {
        this.collectorVersion = value;
    }

    public String getBootId() {
        return bootId;
    }

    public void setBootId(String value) {
        this.bootId = value;
    }

    /** The Avro binary encoding of this HostIdentity, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.hostname);
        Nullable.writeString(out, this.kernel);
        Nullable.writeString(out, this.os);
        out.writeString(this.collectorVersion);
        Nullable.writeString(out, this.bootId);
    }
}
