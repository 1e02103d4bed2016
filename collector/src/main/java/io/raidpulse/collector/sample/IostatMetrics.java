package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.IostatMetrics}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class IostatMetrics {
    private double rS;
    private double wS;
    private double dS;
    private double fS;
    private double rkBS;
    private double wkBS;
    private double dkBS;
    private double rrqmS;
    private double wrqmS;
    private double drqmS;
    private double rrqm;
    private double wrqm;
    private double drqm;
    private double rAwait;
    private double wAwait;
    private double dAwait;
    private double fAwait;
    private double rareqSz;
    private double wareqSz;
    private double dareqSz;
    private double aquSz;
    private double util;

    public double getRS() {
        return rS;
    }

    public void setRS(double value) {
        this.rS = value;
    }

    public double getWS() {
        return wS;
    }

    public void setWS(double value) {
        this.wS = value;
    }

    public double getDS() {
        return dS;
    }

    public void setDS(double value) {
        this.dS = value;
    }

    public double getFS() {
        return fS;
    }

    public void setFS(double value) {
        this.fS = value;
    }

    public double getRkBS() {
        return rkBS;
    }

    public void setRkBS(double value) {
        this.rkBS = value;
    }

    public double getWkBS() {
        return wkBS;
    }

    public void setWkBS(double value) {
        this.wkBS = value;
    }

    public double getDkBS() {
        return dkBS;
    }

    public void setDkBS(double value) {
        this.dkBS = value;
    }

    public double getRrqmS() {
        return rrqmS;
    }

    public void setRrqmS(double value) {
        this.rrqmS = value;
    }

    public double getWrqmS() {
        return wrqmS;
    }

    public void setWrqmS(double value) {
        this.wrqmS = value;
    }

    public double getDrqmS() {
        return drqmS;
    }

    public void setDrqmS(double value) {
        this.drqmS = value;
    }

    public double getRrqm() {
        return rrqm;
    }

    public void setRrqm(double value) {
        this.rrqm = value;
    }

    public double getWrqm() {
        return wrqm;
    }

    public void setWrqm(double value) {
        this.wrqm = value;
    }

    public double getDrqm() {
        return drqm;
    }

    public void setDrqm(double value) {
        this.drqm = value;
    }

    public double getRAwait() {
        return rAwait;
    }

    public void setRAwait(double value) {
        this.rAwait = value;
    }

    public double getWAwait() {
        return wAwait;
    }

    public void setWAwait(double value) {
        this.wAwait = value;
    }

    public double getDAwait() {
        return dAwait;
    }

    public void setDAwait(double value) {
        this.dAwait = value;
    }

    public double getFAwait() {
        return fAwait;
    }

    public void setFAwait(double value) {
        this.fAwait = value;
    }

    public double getRareqSz() {
        return rareqSz;
    }

    public void setRareqSz(double value) {
        this.rareqSz = value;
    }

    public double getWareqSz() {
        return wareqSz;
    }

    public void setWareqSz(double value) {
        this.wareqSz = value;
    }

    public double getDareqSz() {
        return dareqSz;
    }

    public void setDareqSz(double value) {
        this.dareqSz = value;
    }

    public double getAquSz() {
        return aquSz;
    }

    public void setAquSz(double value) {
        this.aquSz = value;
    }

    public double getUtil() {
        return util;
    }

    public void setUtil(double value) {
        this.util = value;
    }

    /** The Avro binary encoding of this IostatMetrics, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeDouble(this.rS);
        out.writeDouble(this.wS);
        out.writeDouble(this.dS);
        out.writeDouble(this.fS);
        out.writeDouble(this.rkBS);
        out.writeDouble(this.wkBS);
        out.writeDouble(this.dkBS);
        out.writeDouble(this.rrqmS);
        out.writeDouble(this.wrqmS);
        out.writeDouble(this.drqmS);
        out.writeDouble(this.rrqm);
        out.writeDouble(this.wrqm);
        out.writeDouble(this.drqm);
        out.writeDouble(this.rAwait);
        out.writeDouble(this.wAwait);
        out.writeDouble(this.dAwait);
        out.writeDouble(this.fAwait);
        out.writeDouble(this.rareqSz);
        out.writeDouble(this.wareqSz);
        out.writeDouble(this.dareqSz);
        out.writeDouble(this.aquSz);
        out.writeDouble(this.util);
    }
}
