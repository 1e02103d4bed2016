package io.raidpulse.collector.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.cgroup.ConsumerRules.Action;
import io.raidpulse.collector.cgroup.ConsumerRules.Decision;
import io.raidpulse.collector.sample.ConsumerKind;
import io.raidpulse.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The naming rules over cgroup paths as systemd, docker, podman, containerd, CRI-O and the kubelet make them. */
class ConsumerRulesTest {
    private static final String ID = "3f2a9c1b7e4d5a6b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d";
    private static final String POD_UID = "0f3c1a2b-4d5e-4f60-8a71-92b3c4d5e6f7";
    private static final ConsumerRules DEFAULTS = new ConsumerRules(AttributionSettings.DEFAULTS);

    /** The decision for the last segment of {@code path}, its ancestors decided first as the walk does. */
    private static Decision decide(ConsumerRules rules, String path) {
        String[] parts = path.substring(1).split("/");
        Decision parent = null;
        StringBuilder p = new StringBuilder();
        Decision d = null;
        for (int i = 0; i < parts.length; i++) {
            p.append('/').append(parts[i]);
            d = rules.decide(p.toString(), parts[i], i + 1, parent);
            if (i < parts.length - 1) {
                assertThat(d.action()).as("ancestor %s of %s is walked", p, path).isEqualTo(Action.WALK);
            }
            parent = d;
        }
        return d;
    }

    private static Decision decide(String path) {
        return decide(DEFAULTS, path);
    }

    private static ConsumerRules rules(Map<String, String> settings) {
        return new ConsumerRules(AttributionSettings.from(Settings.of(settings)));
    }

    @Test
    void systemdServicesByTheirUnitNames() {
        assertThat(decide("/system.slice/postgresql@15-main.service"))
                .isEqualTo(new Decision(Action.CONSUMER, "postgresql@15-main.service", ConsumerKind.SERVICE));
        assertThat(decide("/system.slice/system-postgresql.slice/postgresql@15-main.service").name())
                .isEqualTo("postgresql@15-main.service");
        assertThat(decide("/system.slice")).isEqualTo(new Decision(Action.WALK, "system.slice", ConsumerKind.SLICE));
        assertThat(decide("/system.slice/system-getty.slice/getty@tty1.service").kind()).isEqualTo(ConsumerKind.SERVICE);
        assertThat(decide("/init.scope")).isEqualTo(new Decision(Action.CONSUMER, "init.scope", ConsumerKind.CGROUP));
        // systemd escapes '-' in instance names as \x2d (systemd-escape)
        assertThat(decide("/system.slice/system-systemd\\x2dfsck.slice/systemd-fsck@dev-disk-by\\x2duuid-1a2b.service").name())
                .isEqualTo("systemd-fsck@dev-disk-by-uuid-1a2b.service");
    }

    @Test
    void containersByRuntimeAndShortId() {
        assertThat(decide("/system.slice/docker-" + ID + ".scope"))
                .isEqualTo(new Decision(Action.CONSUMER, "docker/3f2a9c1b7e4d", ConsumerKind.CONTAINER));
        assertThat(decide("/docker/" + ID).name()).isEqualTo("docker/3f2a9c1b7e4d"); // docker's cgroupfs driver
        assertThat(decide("/machine.slice/libpod-" + ID + ".scope").name()).isEqualTo("podman/3f2a9c1b7e4d");
        assertThat(decide("/machine.slice/libpod-conmon-" + ID + ".scope").name()).isEqualTo("podman/3f2a9c1b7e4d");
        assertThat(decide("/user.slice").name()).isEqualTo(ConsumerRules.USER_SESSIONS);
        assertThat(decide("/system.slice/cri-containerd-" + ID + ".scope").name()).isEqualTo("containerd/3f2a9c1b7e4d");
        assertThat(decide("/system.slice/crio-" + ID + ".scope").name()).isEqualTo("cri-o/3f2a9c1b7e4d");
    }

    @Test
    void kubernetesPodsAndTheirContainers() {
        String systemdPod = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + POD_UID.replace('-', '_') + ".slice";
        assertThat(decide(systemdPod)).isEqualTo(new Decision(Action.WALK, "kubepods/pod" + POD_UID, ConsumerKind.POD));
        assertThat(decide(systemdPod + "/cri-containerd-" + ID + ".scope"))
                .isEqualTo(new Decision(Action.CONSUMER, "kubepods/pod" + POD_UID + "/3f2a9c1b7e4d", ConsumerKind.POD));
        assertThat(decide("/kubepods.slice/kubepods-pod" + POD_UID.replace('-', '_') + ".slice/crio-" + ID + ".scope").name())
                .isEqualTo("kubepods/pod" + POD_UID + "/3f2a9c1b7e4d");
        // the cgroupfs driver
        assertThat(decide("/kubepods/besteffort/pod" + POD_UID + "/" + ID).name()).isEqualTo("kubepods/pod" + POD_UID + "/3f2a9c1b7e4d");
        ConsumerRules pods = rules(Map.of("collector.attribution.pods", "pod"));
        assertThat(decide(pods, systemdPod)).isEqualTo(new Decision(Action.CONSUMER, "kubepods/pod" + POD_UID, ConsumerKind.POD));
    }

    @Test
    void machinesByName() {
        assertThat(decide("/machine.slice/machine-qemu\\x2d1\\x2dvm.scope"))
                .isEqualTo(new Decision(Action.CONSUMER, "machine/qemu-1-vm", ConsumerKind.MACHINE));
        assertThat(decide("/machine.slice/systemd-nspawn@web.service").name()).isEqualTo("machine/systemd-nspawn@web");
    }

    @Test
    void userSessionsFoldedUnlessSeparate() {
        assertThat(decide("/user.slice")).isEqualTo(new Decision(Action.CONSUMER, "user sessions", ConsumerKind.SESSIONS));
        ConsumerRules separate = rules(Map.of("collector.attribution.sessions", "separate"));
        assertThat(decide(separate, "/user.slice")).isEqualTo(new Decision(Action.WALK, "user.slice", ConsumerKind.SLICE));
        assertThat(decide(separate, "/user.slice/user-1000.slice"))
                .isEqualTo(new Decision(Action.CONSUMER, "user-1000.slice", ConsumerKind.SESSIONS));
    }

    @Test
    void excludedCgroupsAreNotReadAndIncludeKeepsOnlyItsConsumers() {
        ConsumerRules rules = rules(Map.of("collector.attribution.exclude", "docker-*.scope, /system.slice/cron.service",
                "collector.attribution.include", "/system.slice/**, user sessions"));
        assertThat(decide(rules, "/system.slice/docker-" + ID + ".scope").action()).isEqualTo(Action.SKIP);
        assertThat(decide(rules, "/system.slice/cron.service").action()).isEqualTo(Action.SKIP);
        assertThat(decide(rules, "/system.slice/nginx.service").action()).isEqualTo(Action.CONSUMER);
        assertThat(decide(rules, "/user.slice").action()).isEqualTo(Action.CONSUMER);
        assertThat(decide(rules, "/init.scope").action()).isEqualTo(Action.SKIP);
        assertThat(decide(rules, "/machine.slice").action()).isEqualTo(Action.WALK);
    }

    @Test
    void theDepthFoldsWhatLiesBelowIntoTheCgroupAtIt() {
        ConsumerRules shallow = rules(Map.of("collector.attribution.depth", "1"));
        assertThat(shallow.decide("/system.slice", "system.slice", 1, null))
                .isEqualTo(new Decision(Action.CONSUMER, "system.slice", ConsumerKind.SLICE));
        // an unknown manager's tree: walked, its remainder named by path; at the depth, read whole
        assertThat(decide("/mytool")).isEqualTo(new Decision(Action.WALK, "/mytool", ConsumerKind.CGROUP));
        assertThat(decide("/mytool/a/b/c")).isEqualTo(new Decision(Action.CONSUMER, "/mytool/a/b/c", ConsumerKind.CGROUP));
    }
}
