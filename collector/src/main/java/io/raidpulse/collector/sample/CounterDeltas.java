package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.CounterDeltas}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class CounterDeltas {
    private long reads;
    private long readsMerged;
    private long sectorsRead;
    private long readMs;
    private long writes;
    private long writesMerged;
    private long sectorsWritten;
    private long writeMs;
    private long ioTicksMs;
    private long weightedMs;
    private Long discards;
    private Long discardsMerged;
    private Long sectorsDiscarded;
    private Long discardMs;
    private Long flushes;
    private Long flushMs;

    public long getReads() {
        return reads;
    }

    public void setReads(long value) {
        this.reads = value;
    }

    public long getReadsMerged() {
        return readsMerged;
    }

    public void setReadsMerged(long value) {
        this.readsMerged = value;
    }

    public long getSectorsRead() {
        return sectorsRead;
    }

    public void setSectorsRead(long value) {
        this.sectorsRead = value;
    }

    public long getReadMs() {
        return readMs;
    }

    public void setReadMs(long value) {
        this.readMs = value;
    }

    public long getWrites() {
        return writes;
    }

    public void setWrites(long value) {
        this.writes = value;
    }

    public long getWritesMerged() {
        return writesMerged;
    }

    public void setWritesMerged(long value) {
        this.writesMerged = value;
    }

    public long getSectorsWritten() {
        return sectorsWritten;
    }

    public void setSectorsWritten(long value) {
        this.sectorsWritten = value;
    }

    public long getWriteMs() {
        return writeMs;
    }

    public void setWriteMs(long value) {
        this.writeMs = value;
    }

    public long getIoTicksMs() {
        return ioTicksMs;
    }

    public void setIoTicksMs(long value) {
        this.ioTicksMs = value;
    }

    public long getWeightedMs() {
        return weightedMs;
    }

    public void setWeightedMs(long value) {
        this.weightedMs = value;
    }

    public Long getDiscards() {
        return discards;
    }

    public void setDiscards(Long value) {
        this.discards = value;
    }

    public Long getDiscardsMerged() {
        return discardsMerged;
    }

    public void setDiscardsMerged(Long value) {
        this.discardsMerged = value;
    }

    public Long getSectorsDiscarded() {
        return sectorsDiscarded;
    }

    public void setSectorsDiscarded(Long value) {
        this.sectorsDiscarded = value;
    }

    public Long getDiscardMs() {
        return discardMs;
    }

    public void setDiscardMs(Long value) {
        this.discardMs = value;
    }

    public Long getFlushes() {
        return flushes;
    }

    public void setFlushes(Long value) {
        this.flushes = value;
    }

    public Long getFlushMs() {
        return flushMs;
    }

    public void setFlushMs(Long value) {
        this.flushMs = value;
    }

    /** The Avro binary encoding of this CounterDeltas, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeLong(this.reads);
        out.writeLong(this.readsMerged);
        out.writeLong(this.sectorsRead);
        out.writeLong(this.readMs);
        out.writeLong(this.writes);
        out.writeLong(this.writesMerged);
        out.writeLong(this.sectorsWritten);
        out.writeLong(this.writeMs);
        out.writeLong(this.ioTicksMs);
        out.writeLong(this.weightedMs);
        Nullable.writeLong(out, this.discards);
        Nullable.writeLong(out, this.discardsMerged);
        Nullable.writeLong(out, this.sectorsDiscarded);
        Nullable.writeLong(out, this.discardMs);
        Nullable.writeLong(out, this.flushes);
        Nullable.writeLong(out, this.flushMs);
    }
}
