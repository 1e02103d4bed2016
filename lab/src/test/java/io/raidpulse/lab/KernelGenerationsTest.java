package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the lab finds each suite's kernel without the network: the machine's apt sources read for
 * its Debian archive, the private source list written for another suite, the packages chosen from
 * apt-cache's answers (as Debian 12's and Debian unstable's apt printed them), and the modules
 * the initramfs takes from a kernel that builds some in and some not at all.
 */
class KernelGenerationsTest {
    /** A deb822 file as Debian 12's installer writes it (the mirror's host replaced by example.org). */
    private static final String DEB822 = """
            Types: deb
            # a comment line, as the installer writes one
            URIs: http://example.org/debian
            Suites: bookworm bookworm-updates
            Components: main
            Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

            Types: deb
            URIs: http://example.org/debian-security
            Suites: bookworm-security
            Components: main
            Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
            """;

    @Test
    void theArchiveIsTheMainSuitesSourceNotSecurityOrUpdates() {
        List<AptSources.Source> sources = AptSources.deb822(DEB822);
        assertThat(sources).hasSize(2);
        AptSources.Source archive = AptSources.debianArchive(sources).orElseThrow();
        assertThat(archive.uri()).isEqualTo("http://example.org/debian");
        assertThat(AptSources.privateList(archive, "sid")).isEqualTo("""
                Types: deb
                URIs: http://example.org/debian
                Suites: sid
                Components: main
                Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
                """);
        List<AptSources.Source> securityOnly = AptSources.deb822(DEB822.substring(DEB822.indexOf("\n\n") + 2));
        assertThat(AptSources.debianArchive(securityOnly)).isEmpty();
    }

    @Test
    void oneLineSourcesWithOptionsAndCommentsAndDisabledStanzas() {
        List<AptSources.Source> sources = AptSources.oneLine("""
                # deb http://example.org/debian bullseye main
                deb-src http://example.org/debian bullseye main
                deb http://security.example.org/debian-security bullseye-security main contrib
                deb [arch=amd64 signed-by=/etc/apt/keyrings/debian.gpg] http://example.org/debian bullseye main contrib non-free
                """);
        assertThat(sources).extracting(AptSources.Source::type).containsExactly("deb-src", "deb", "deb");
        AptSources.Source archive = AptSources.debianArchive(sources).orElseThrow();
        assertThat(archive.suites()).containsExactly("bullseye");
        assertThat(archive.components()).containsExactly("main", "contrib", "non-free");
        assertThat(AptSources.privateList(archive, "trixie")).contains("Signed-By: /etc/apt/keyrings/debian.gpg\n")
                .contains("Suites: trixie\n");
        assertThat(AptSources.deb822("Types: deb\nURIs: http://example.org/debian\nSuites: sid\nComponents: main\nEnabled: no\n"))
                .isEmpty();
        assertThat(AptSources.privateList(AptSources.deb822(
                "Types: deb\nURIs: http://example.org/debian\nSuites: sid\nComponents: main\n").get(0), "sid"))
                .as("no Signed-By: Debian's own keyring").contains("Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg");
    }

    @Test
    void bookwormsKernelIsTheImagePackageItself() {
        String image = KernelSuite.image("""
                linux-image-amd64
                  Depends: linux-image-6.1.0-57-amd64
                """);
        assertThat(image).isEqualTo("linux-image-6.1.0-57-amd64");
        assertThat(KernelSuite.release(image)).isEqualTo("6.1.0-57-amd64");
        assertThat(KernelSuite.packages(image, """
                linux-image-6.1.0-57-amd64
                  PreDepends: linux-base
                  Depends: kmod
                  Depends: initramfs-tools
                  Recommends: firmware-linux-free
                """)).containsExactly("linux-image-6.1.0-57-amd64");
    }

    @Test
    void sidsKernelIsItsBinaryModulesAndBasePackages() {
        String image = KernelSuite.image("""
                linux-image-amd64
                  Depends: linux-base-amd64
                  Depends: linux-image-7.2.13+deb14-amd64
                """);
        assertThat(image).isEqualTo("linux-image-7.2.13+deb14-amd64");
        assertThat(KernelSuite.packages(image, """
                linux-image-7.2.13+deb14-amd64
                  PreDepends: linux-base
                 |Depends: dracut
                 |Depends: initramfs-tools
                  Depends: <linux-initramfs-tool>
                    dracut
                  Depends: linux-base-7.2.13+deb14-amd64
                  Depends: linux-binary-7.2.13+deb14-amd64
                  Depends: linux-modules-7.2.13+deb14-amd64
                  Breaks: initramfs-tools
                """)).containsExactly("linux-base-7.2.13+deb14-amd64", "linux-binary-7.2.13+deb14-amd64",
                "linux-modules-7.2.13+deb14-amd64");
        assertThat(KernelSuite.image("linux-image-amd64\n  Depends: linux-base-amd64\n")).as("no kernel named").isNull();
    }

    @Test
    void suitesByNameAndAnUnknownOneListsThem() {
        assertThat(KernelSuite.of("sid").generation()).isEqualTo("7.x");
        assertThat(KernelSuite.of("Bullseye")).isEqualTo(KernelSuite.BULLSEYE);
        assertThat(KernelSuite.DEFAULT.suite()).isEqualTo("bookworm");
        assertThatThrownBy(() -> KernelSuite.of("buster")).hasMessage(
                "--kernel: no suite 'buster'; the lab boots bullseye (5.10), bookworm (6.1), trixie (6.12), sid (7.x)");
    }

    /** 5.10's 9p client clears a full msize buffer each way for every request: its guest mounts with 16 KiB. */
    @Test
    void theGuestMountsThe9pSharesWithItsSuitesMsize(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("one.sh");
        Files.writeString(s, "# summary: one disk\n# disks: 1 x 1GiB hdd-7200\n");
        ScenarioSpec spec = ScenarioSpec.parse(s);
        for (KernelSuite suite : KernelSuite.values()) {
            List<String> cmd = QemuMachine.commandLine(new QemuMachine.Boot(
                    new KernelPackage("linux-image-x-amd64", "1", "x-amd64", dir, suite, List.of("linux-image-x-amd64")), dir,
                    new Acceleration.Choice("tcg", "test"), 2, dir, dir, "run.sh", "lab-one"), spec);
            String append = cmd.get(cmd.indexOf("-append") + 1);
            assertThat(append).as(suite.suite()).endsWith(" labmsize=" + (suite == KernelSuite.BULLSEYE ? 16384 : 512000));
        }
        String init = new String(QemuMachine.class.getResourceAsStream("init.sh").readAllBytes());
        assertThat(init).contains("labmsize=*) msize=").contains("cache=loose,msize=$msize hostroot")
                .contains("msize=$msize out");
    }

    /** modules.dep and modules.builtin lines of Debian unstable's 7.2 (its linux-base package has modules.builtin). */
    @Test
    void builtInModulesAreNotLoadedAndLinearMayBeMissing() {
        ModuleDeps deps = ModuleDeps.parse("""
                kernel/drivers/md/md-mod.ko:
                kernel/drivers/md/raid1.ko: kernel/drivers/md/md-mod.ko
                kernel/drivers/block/virtio_blk.ko:
                kernel/crypto/crc32c-cryptoapi.ko:
                """, "modules.dep");
        Set<String> builtin = ModuleDeps.builtin("kernel/drivers/virtio/virtio.ko\nkernel/drivers/virtio/virtio_pci.ko\n");
        assertThat(builtin).contains("virtio_pci");
        assertThat(deps.closure(List.of("virtio_pci", "virtio_blk", "crc32c_generic", "crc32c_cryptoapi", "md_mod", "linear",
                "raid1"), Initramfs.OPTIONAL, builtin)).containsExactly("kernel/drivers/block/virtio_blk.ko",
                "kernel/crypto/crc32c-cryptoapi.ko", "kernel/drivers/md/md-mod.ko", "kernel/drivers/md/raid1.ko");
        assertThatThrownBy(() -> deps.closure(List.of("virtio_pci", "raid0"), Initramfs.OPTIONAL, builtin))
                .hasMessage("the kernel has no module raid0 (not in modules.dep nor modules.builtin)");
    }
}
