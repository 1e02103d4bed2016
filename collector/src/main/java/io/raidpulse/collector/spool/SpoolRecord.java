package io.raidpulse.collector.spool;

/** One spooled Kafka record: key and value bytes, and where the spool's read position goes once it is sent. */
public record SpoolRecord(String key, byte[] value, Spool.Position next) {
}
