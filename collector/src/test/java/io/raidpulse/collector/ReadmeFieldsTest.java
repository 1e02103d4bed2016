package io.raidpulse.collector;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostIdentity;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoAttribution;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** collector/README.md lists every field the collector writes, so the table cannot drift from the schemas. */
class ReadmeFieldsTest {
    @Test
    void everySchemaFieldIsInTheReadmeTable() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (Schema s : List.of(HostSample.getClassSchema(), HostIdentity.getClassSchema(), DeviceSample.getClassSchema(),
                IostatMetrics.getClassSchema(), CounterDeltas.getClassSchema(), MdArray.getClassSchema(), MdMember.getClassSchema(),
                HardwareVolume.getClassSchema(), IoConsumer.getClassSchema(), IoAttribution.getClassSchema())) {
            String row = readme.lines().filter(l -> l.startsWith("| " + s.getName() + " |")).findFirst().orElse("");
            assertThat(row).as("README row for %s", s.getName()).isNotEmpty();
            for (Schema.Field f : s.getFields()) {
                assertThat(row).as("%s.%s in README", s.getName(), f.name()).contains("`" + f.name() + "`");
            }
        }
    }
}
