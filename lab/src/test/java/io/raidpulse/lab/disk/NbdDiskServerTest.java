package io.raidpulse.lab.disk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's rotating disk through its NBD protocol, as QEMU's client speaks it: fixed newstyle,
 * NBD_OPT_GO after an unsupported option, then pipelined requests served one at a time.
 */
class NbdDiskServerTest {
    private static final SerialDisk HDD = SerialDisk.of(150, 160_000_000L, 4096);

    @TempDir
    Path dir;

    @Test
    void modelServesRandomRequestsAtTheProfileRateAndStreamsAtTheMediaRate() {
        long mib = 1 << 20;
        assertThat(1e9 / HDD.serviceNs(100 * mib, 4096, 0)).isCloseTo(150.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(HDD.serviceNs(mib, mib, mib)).as("a continuing request does not seek").isEqualTo(Math.round(mib * 1e9 / 160e6));
        assertThat(HDD.serviceNs(5 * mib, mib, mib)).as("far ahead: a seek").isEqualTo(HDD.positioningNs() + Math.round(mib * 1e9 / 160e6));
        assertThat(HDD.serviceNs(mib / 2 * 3, mib, mib)).as("half a MiB ahead: the bytes pass under the head")
                .isEqualTo(Math.round(mib / 2 * 1e9 / 160e6) + Math.round(mib * 1e9 / 160e6));
        assertThat(HDD.serviceNs(0, 4096, mib)).as("behind the head: a seek").isEqualTo(HDD.serviceNs(100 * mib, 4096, 0));
    }

    @Test
    void bytesThatPassedUnderTheHeadAreReadFromTheCacheUntilOverwritten() {
        long k512 = 512 << 10;
        DiskHead head = new DiskHead(HDD);
        assertThat(head.read(0, k512)).as("first read: a seek").isEqualTo(HDD.serviceNs(0, k512, -1));
        // a RAID5 member's next data chunk is past a parity chunk: the head waits while it passes
        assertThat(head.read(2 * k512, k512)).isEqualTo(2 * SerialDisk.transferNs(k512, HDD.bytesPerSec()));
        // the chunk that arrived late passed under the head: the drive's cache has it
        assertThat(head.read(k512, k512)).isEqualTo(HDD.cachedNs(k512));
        assertThat(head.at()).as("a cached read does not move the head").isEqualTo(3 * k512);
        head.write(k512, 4096);
        assertThat(head.readCostNs(k512, k512)).as("overwritten: from the media again").isGreaterThan(HDD.positioningNs());
        assertThat(head.readCostNs(0, 4096)).as("before the write: still cached").isEqualTo(HDD.cachedNs(4096));
    }

    @Test
    void negotiatesThenReadsBackWhatWasWrittenAtTheModelsPace() throws Exception {
        long size = 64L << 20;
        try (NbdDiskServer disk = NbdDiskServer.start(dir.resolve("d.img"), size, HDD, dir.resolve("d.nbd"));
             SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(disk.socket()));
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            DataOutputStream out = new DataOutputStream(Channels.newOutputStream(ch));
            assertThat(in.readLong()).isEqualTo(0x4e42444d41474943L);
            assertThat(in.readLong()).isEqualTo(0x49484156454F5054L);
            assertThat(in.readUnsignedShort() & 1).as("fixed newstyle").isEqualTo(1);
            out.writeInt(3); // fixed newstyle, no zeroes
            option(out, 8, new byte[0]); // NBD_OPT_STRUCTURED_REPLY: QEMU asks first
            assertThat(optionReply(in)).isEqualTo(0x80000001); // unsupported
            option(out, 7, new byte[] {0, 0, 0, 0, 0, 0}); // NBD_OPT_GO, empty name, no info requests
            assertThat(optionReply(in)).isEqualTo(3); // NBD_REP_INFO ...
            assertThat(optionReply(in)).isEqualTo(1); // ... NBD_REP_ACK: transmission
            byte[] block = new byte[4096];
            Arrays.fill(block, (byte) 0x5a);
            long start = System.nanoTime();
            int n = 15;
            for (int i = 0; i < n; i++) {
                request(out, 1, i, (long) (n - i) * 3 << 20, block.length); // writes 3 MiB apart, backwards: each seeks
                out.write(block);
            }
            out.flush();
            for (int i = 0; i < n; i++) {
                assertThat(reply(in)).as("write %d", i).isEqualTo(i);
            }
            double perRequestMs = (System.nanoTime() - start) / 1e6 / n;
            assertThat(perRequestMs).as("one random 4 KiB write at a time, 150 a second").isBetween(6.6, 9.0);
            request(out, 0, 99, 3L << 20, block.length);
            out.flush();
            assertThat(reply(in)).isEqualTo(99);
            byte[] back = new byte[block.length];
            in.readFully(back);
            assertThat(back).isEqualTo(block);
            request(out, 0, 100, size - 2048, 4096); // past the end
            out.flush();
            assertThat(replyError(in)).isEqualTo(22);
            request(out, 2, 0, 0, 0);
            out.flush();
        }
        assertThat(Files.exists(dir.resolve("d.nbd"))).as("socket removed on close").isFalse();
        assertThat(Files.size(dir.resolve("d.img"))).isEqualTo(size);
    }

    private static void option(DataOutputStream out, int option, byte[] data) throws Exception {
        out.writeLong(0x49484156454F5054L);
        out.writeInt(option);
        out.writeInt(data.length);
        out.write(data);
        out.flush();
    }

    private static int optionReply(DataInputStream in) throws Exception {
        assertThat(in.readLong()).isEqualTo(0x3e889045565a9L);
        in.readInt();
        int type = in.readInt();
        in.readFully(new byte[in.readInt()]);
        return type;
    }

    private static void request(DataOutputStream out, int type, long handle, long offset, int length) throws Exception {
        out.writeInt(0x25609513);
        out.writeShort(0);
        out.writeShort(type);
        out.writeLong(handle);
        out.writeLong(offset);
        out.writeInt(length);
    }

    private static long reply(DataInputStream in) throws Exception {
        assertThat(in.readInt()).isEqualTo(0x67446698);
        assertThat(in.readInt()).as("error").isZero();
        return in.readLong();
    }

    private static int replyError(DataInputStream in) throws Exception {
        assertThat(in.readInt()).isEqualTo(0x67446698);
        int error = in.readInt();
        in.readLong();
        return error;
    }
}
