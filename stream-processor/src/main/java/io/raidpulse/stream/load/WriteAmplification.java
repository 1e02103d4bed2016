package io.raidpulse.stream.load;

/**
 * Measured RAID write amplification: what the member disks did beyond serving the
 * application's reads, per application write, as (member reads + member writes - md reads) /
 * md writes (docs/md.md#write-amplification: about 4 for small RAID5 writes, 2 for RAID10, n/(n-1) for full-stripe
 * writes). Kept as the raw counter sums so that windows can add them up.
 *
 * @param mdReads          reads the application asked of the array (md's diskstats)
 * @param mdWrites         writes the application asked
 * @param memberIos        reads plus writes completed by the leaf member disks
 * @param mdSectorsRead    512-byte sectors read from the array
 * @param mdSectorsWritten sectors written to the array
 * @param memberSectors    sectors read plus written by the leaf members
 */
public record WriteAmplification(long mdReads, long mdWrites, long memberIos,
                                 long mdSectorsRead, long mdSectorsWritten, long memberSectors) {

    public static final WriteAmplification NONE = new WriteAmplification(0, 0, 0, 0, 0, 0);

    /** On I/O counts; null without md writes. */
    public Double io() {
        return mdWrites == 0 ? null : (double) (memberIos - mdReads) / mdWrites;
    }

    /** On sectors, which merges do not distort; null without md writes. */
    public Double sectors() {
        return mdSectorsWritten == 0 ? null : (double) (memberSectors - mdSectorsRead) / mdSectorsWritten;
    }

    public WriteAmplification plus(WriteAmplification o) {
        return new WriteAmplification(mdReads + o.mdReads, mdWrites + o.mdWrites, memberIos + o.memberIos,
                mdSectorsRead + o.mdSectorsRead, mdSectorsWritten + o.mdSectorsWritten, memberSectors + o.memberSectors);
    }
}
