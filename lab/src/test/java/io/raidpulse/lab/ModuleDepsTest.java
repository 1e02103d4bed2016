package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** modules.dep as depmod writes it (lines from Debian 6.1.0-57-amd64's), resolved to a load order. */
class ModuleDepsTest {
    private static final String DEP = """
            kernel/drivers/md/md-mod.ko:
            kernel/drivers/md/raid456.ko: kernel/drivers/md/md-mod.ko kernel/crypto/async_tx/async_raid6_recov.ko kernel/crypto/async_tx/async_pq.ko kernel/crypto/async_tx/async_xor.ko kernel/crypto/xor.ko kernel/crypto/async_tx/async_memcpy.ko kernel/crypto/async_tx/async_tx.ko kernel/lib/raid6/raid6_pq.ko kernel/lib/libcrc32c.ko
            kernel/crypto/async_tx/async_raid6_recov.ko: kernel/crypto/async_tx/async_pq.ko kernel/crypto/async_tx/async_memcpy.ko kernel/crypto/async_tx/async_xor.ko kernel/crypto/xor.ko kernel/crypto/async_tx/async_tx.ko kernel/lib/raid6/raid6_pq.ko
            kernel/crypto/async_tx/async_pq.ko: kernel/crypto/async_tx/async_xor.ko kernel/crypto/xor.ko kernel/crypto/async_tx/async_tx.ko kernel/lib/raid6/raid6_pq.ko
            kernel/crypto/async_tx/async_xor.ko: kernel/crypto/xor.ko kernel/crypto/async_tx/async_tx.ko
            kernel/crypto/async_tx/async_memcpy.ko: kernel/crypto/async_tx/async_tx.ko
            kernel/crypto/async_tx/async_tx.ko:
            kernel/crypto/xor.ko:
            kernel/lib/raid6/raid6_pq.ko:
            kernel/lib/libcrc32c.ko:
            kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko kernel/fs/fscache/fscache.ko kernel/fs/netfs/netfs.ko
            kernel/net/9p/9pnet.ko:
            kernel/fs/fscache/fscache.ko: kernel/fs/netfs/netfs.ko
            kernel/fs/netfs/netfs.ko:
            """;

    @Test
    void everyModuleComesAfterWhatItNeedsAndOnlyOnce() {
        ModuleDeps deps = ModuleDeps.parse(DEP, "modules.dep");
        List<String> order = deps.closure(List.of("md_mod", "raid456", "9p"));
        assertThat(order).doesNotHaveDuplicates().hasSize(14);
        assertThat(order.indexOf("kernel/crypto/async_tx/async_tx.ko")).isLessThan(order.indexOf("kernel/crypto/async_tx/async_xor.ko"));
        assertThat(order.indexOf("kernel/crypto/async_tx/async_pq.ko")).isLessThan(order.indexOf("kernel/crypto/async_tx/async_raid6_recov.ko"));
        assertThat(order.indexOf("kernel/drivers/md/md-mod.ko")).isLessThan(order.indexOf("kernel/drivers/md/raid456.ko"));
        assertThat(order.indexOf("kernel/fs/netfs/netfs.ko")).isLessThan(order.indexOf("kernel/fs/fscache/fscache.ko"));
        assertThat(order.get(order.size() - 1)).isEqualTo("kernel/fs/9p/9p.ko");
    }

    @Test
    void aModuleTheKernelLacksIsNamed() {
        ModuleDeps deps = ModuleDeps.parse(DEP, "modules.dep");
        assertThatThrownBy(() -> deps.closure(List.of("raid7"))).hasMessage("the kernel has no module raid7 (not in modules.dep nor modules.builtin)");
        assertThatThrownBy(() -> ModuleDeps.parse("no colon here\n", "modules.dep"))
                .hasMessageContaining("modules.dep:1: expected 'module.ko: deps'");
    }
}
