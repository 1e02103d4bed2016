package io.raidpulse.collector.sample;

import java.io.IOException;
import java.util.List;
import org.apache.avro.io.Encoder;

/**
 * The collector's own {@code io.raidpulse.schema.MdArray}: the same fields, getters and setters, written
 * as Avro writes it ({@link #write}) without Avro's {@code Schema}, whose parsing and Jackson held
 * about 8 MiB of the agent (see {@link SampleEncoding}).
 */
public final class MdArray {
    private String name;
    private MdSource source;
    private boolean active;
    private String level;
    private String layout;
    private Integer layoutCode;
    private Long chunkBytes;
    private Integer raidDisks;
    private Integer degraded;
    private String arrayState;
    private Long sizeKib;
    private String syncAction;
    private String syncState;
    private Long syncDoneSectors;
    private Long syncTotalSectors;
    private Double syncCompletedPct;
    private Long syncSpeedKibS;
    private Long syncEtaS;
    private Long mismatchCnt;
    private List<MdMember> members;
    private List<String> leafDisks;

    public String getName() {
        return name;
    }

    public void setName(String value) {
        this.name = value;
    }

    public MdSource getSource() {
        return source;
    }

    public void setSource(MdSource value) {
        this.source = value;
    }

    public boolean getActive() {
        return active;
    }

    public void setActive(boolean value) {
        this.active = value;
    }

    public String getLevel() {
        return level;
    }

    public void setLevel(String value) {
        this.level = value;
    }

    public String getLayout() {
        return layout;
    }

    public void setLayout(String value) {
        this.layout = value;
    }

    public Integer getLayoutCode() {
        return layoutCode;
    }

    public void setLayoutCode(Integer value) {
        this.layoutCode = value;
    }

    public Long getChunkBytes() {
        return chunkBytes;
    }

    public void setChunkBytes(Long value) {
        this.chunkBytes = value;
    }

    public Integer getRaidDisks() {
        return raidDisks;
    }

    public void setRaidDisks(Integer value) {
        this.raidDisks = value;
    }

    public Integer getDegraded() {
        return degraded;
    }

    public void setDegraded(Integer value) {
        this.degraded = value;
    }

    public String getArrayState() {
        return arrayState;
    }

    public void setArrayState(String value) {
        this.arrayState = value;
    }

    public Long getSizeKib() {
        return sizeKib;
    }

    public void setSizeKib(Long value) {
        this.sizeKib = value;
    }

    public String getSyncAction() {
        return syncAction;
    }

    public void setSyncAction(String value) {
        this.syncAction = value;
    }

    public String getSyncState() {
        return syncState;
    }

    public void setSyncState(String value) {
        this.syncState = value;
    }

    public Long getSyncDoneSectors() {
        return syncDoneSectors;
    }

    public void setSyncDoneSectors(Long value) {
        this.syncDoneSectors = value;
    }

    public Long getSyncTotalSectors() {
        return syncTotalSectors;
    }

    public void setSyncTotalSectors(Long value) {
        this.syncTotalSectors = value;
    }

    public Double getSyncCompletedPct() {
        return syncCompletedPct;
    }

    public void setSyncCompletedPct(Double value) {
        this.syncCompletedPct = value;
    }

    public Long getSyncSpeedKibS() {
        return syncSpeedKibS;
    }

    public void setSyncSpeedKibS(Long value) {
        this.syncSpeedKibS = value;
    }

    public Long getSyncEtaS() {
        return syncEtaS;
    }

    public void setSyncEtaS(Long value) {
        this.syncEtaS = value;
    }

    public Long getMismatchCnt() {
        return mismatchCnt;
    }

    public void setMismatchCnt(Long value) {
        this.mismatchCnt = value;
    }

    public List<MdMember> getMembers() {
        return members;
    }

    public void setMembers(List<MdMember> value) {
        this.members = value;
    }

    public List<String> getLeafDisks() {
        return leafDisks;
    }

    public void setLeafDisks(List<String> value) {
        this.leafDisks = value;
    }

    /** The Avro binary encoding of this MdArray, field by field in the schema's order. */
    public void write(Encoder out) throws IOException {
        out.writeString(this.name);
        out.writeEnum(this.source.ordinal());
        out.writeBoolean(this.active);
        Nullable.writeString(out, this.level);
        Nullable.writeString(out, this.layout);
        Nullable.writeInt(out, this.layoutCode);
        Nullable.writeLong(out, this.chunkBytes);
        Nullable.writeInt(out, this.raidDisks);
        Nullable.writeInt(out, this.degraded);
        Nullable.writeString(out, this.arrayState);
        Nullable.writeLong(out, this.sizeKib);
        Nullable.writeString(out, this.syncAction);
        Nullable.writeString(out, this.syncState);
        Nullable.writeLong(out, this.syncDoneSectors);
        Nullable.writeLong(out, this.syncTotalSectors);
        Nullable.writeDouble(out, this.syncCompletedPct);
        Nullable.writeLong(out, this.syncSpeedKibS);
        Nullable.writeLong(out, this.syncEtaS);
        Nullable.writeLong(out, this.mismatchCnt);
        out.writeArrayStart();
        out.setItemCount(this.members.size());
        for (MdMember item : this.members) {
            out.startItem();
            item.write(out);
        }
        out.writeArrayEnd();
        out.writeArrayStart();
        out.setItemCount(this.leafDisks.size());
        for (String item : this.leafDisks) {
            out.startItem();
            out.writeString(item);
        }
        out.writeArrayEnd();
    }
}
