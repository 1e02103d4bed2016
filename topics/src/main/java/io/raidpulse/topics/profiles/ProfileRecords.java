package io.raidpulse.topics.profiles;

import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.model.profile.Verdict;
import io.raidpulse.schema.AccessPattern;
import io.raidpulse.schema.BenchmarkProfile;
import io.raidpulse.schema.BenchmarkTool;
import io.raidpulse.schema.TrustVerdict;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * raid-model's {@link BenchmarkResult} and the Avro {@link BenchmarkProfile}
 * of {@code raidpulse.benchmarks}, field for field: a profile mapped to Avro and back equals
 * itself. Levels travel as their canonical names ("raid5", "raid0-over-raid1", "single").
 */
public final class ProfileRecords {
    private ProfileRecords() {
    }

    public static BenchmarkProfile toAvro(BenchmarkResult p) {
        return BenchmarkProfile.newBuilder()
                .setId(p.id())
                .setTool(BenchmarkTool.valueOf(p.tool().name()))
                .setToolVersion(p.toolVersion())
                .setParameters(new LinkedHashMap<>(p.parameters()))
                .setPattern(p.pattern() == null ? null : AccessPattern.valueOf(p.pattern().name()))
                .setBlockSizeBytes(p.blockSizeBytes())
                .setQueueDepth(p.queueDepth())
                .setJobs(p.jobs())
                .setReadFraction(p.readFraction())
                .setFileSizeBytes(p.fileSizeBytes())
                .setRamBytes(p.ramBytes())
                .setDirect(p.direct())
                .setLevel(p.level() == null ? null : p.level().canonical())
                .setLayout(p.layout())
                .setDisks(p.disks())
                .setDiskModel(p.diskModel())
                .setRotational(p.rotational())
                .setController(p.controller())
                .setFilesystem(p.filesystem())
                .setDiskSizeBytes(p.diskSizeBytes())
                .setReadIops(p.readIops())
                .setWriteIops(p.writeIops())
                .setReadBytesPerSec(p.readBytesPerSec())
                .setWriteBytesPerSec(p.writeBytesPerSec())
                .setTps(p.tps())
                .setReadLatencyUs(p.readLatencyUs() == null ? Map.of() : new LinkedHashMap<>(p.readLatencyUs()))
                .setWriteLatencyUs(p.writeLatencyUs() == null ? Map.of() : new LinkedHashMap<>(p.writeLatencyUs()))
                .setMeanLatencyUs(p.meanLatencyUs())
                .setMemberReadsPerMdWrite(p.memberReadsPerMdWrite())
                .setMemberWritesPerMdWrite(p.memberWritesPerMdWrite())
                .setSource(p.source())
                .setImportedAt(p.importedAtMs() == null ? null : Instant.ofEpochMilli(p.importedAtMs()))
                .setNotes(p.notes())
                .setVerdict(TrustVerdict.valueOf(p.verdict().name()))
                .setVerdictReasons(List.copyOf(p.verdictReasons()))
                .setModelRatio(p.modelRatio())
                .build();
    }

    /**
     * The model profile of a record from the topic.
     *
     * @throws IllegalArgumentException when the record holds what this build cannot represent (a
     *                                  tool it does not know, an unknown level, an impossible value)
     */
    public static BenchmarkResult fromAvro(BenchmarkProfile a) {
        if (a.getTool() == BenchmarkTool.OTHER) {
            throw new IllegalArgumentException("profile " + a.getId() + " was written by a tool this build does not know");
        }
        return BenchmarkResult.builder(a.getId(), Tool.valueOf(a.getTool().name()))
                .toolVersion(a.getToolVersion())
                .parameters(a.getParameters())
                .pattern(a.getPattern() == null ? null : IoPattern.valueOf(a.getPattern().name()))
                .blockSizeBytes(a.getBlockSizeBytes())
                .queueDepth(a.getQueueDepth())
                .jobs(a.getJobs())
                .readFraction(a.getReadFraction())
                .fileSizeBytes(a.getFileSizeBytes())
                .ramBytes(a.getRamBytes())
                .direct(a.getDirect())
                .level(a.getLevel() == null ? null : RaidLevel.parse(a.getLevel()))
                .layout(a.getLayout())
                .disks(a.getDisks())
                .diskModel(a.getDiskModel())
                .rotational(a.getRotational())
                .controller(a.getController())
                .filesystem(a.getFilesystem())
                .diskSizeBytes(a.getDiskSizeBytes())
                .readIops(a.getReadIops())
                .writeIops(a.getWriteIops())
                .readBytesPerSec(a.getReadBytesPerSec())
                .writeBytesPerSec(a.getWriteBytesPerSec())
                .tps(a.getTps())
                .readLatencyUs(a.getReadLatencyUs())
                .writeLatencyUs(a.getWriteLatencyUs())
                .meanLatencyUs(a.getMeanLatencyUs())
                .memberReadsPerMdWrite(a.getMemberReadsPerMdWrite())
                .memberWritesPerMdWrite(a.getMemberWritesPerMdWrite())
                .source(a.getSource())
                .importedAtMs(a.getImportedAt() == null ? null : a.getImportedAt().toEpochMilli())
                .notes(a.getNotes())
                .verdict(Verdict.valueOf(a.getVerdict().name()))
                .verdictReasons(a.getVerdictReasons())
                .modelRatio(a.getModelRatio())
                .build();
    }
}
