package io.raidpulse.lab.disk;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A lab disk that behaves like a rotating disk: an NBD server (doc/proto.md of the NBD project,
 * fixed newstyle negotiation, simple replies) on a unix socket, serving a sparse file through
 * {@link SerialDisk}'s service times. QEMU connects to it as a {@code driver=nbd} block node and
 * the guest sees a virtio disk.
 *
 * <p>Why not QEMU's block throttling, which the lab uses for parallel devices: a throttle is a
 * rate limit, not a service time. A request that finds tokens passes at once (and a bucket of a
 * tenth of a second's requests refills during any pause), so a throttled disk counts as busy only
 * while requests wait; on the lab's RAID5 under random writes every member served its 150 IOPS
 * while its %util wandered between 70% and 100%, where a real disk at its limit is 100% busy.
 *
 * <p>Requests are read as they come and served one at a time, the one nearest the head first
 * ({@link #next}): each completes at max(its arrival, the previous
 * completion) + its service time, then its reply is sent. So the disk's throughput and busy time
 * follow the model however late the server's own thread wakes.
 */
public final class NbdDiskServer implements AutoCloseable {
    private static final long NBDMAGIC = 0x4e42444d41474943L;
    private static final long IHAVEOPT = 0x49484156454F5054L;
    private static final long OPTION_REPLY_MAGIC = 0x3e889045565a9L;
    private static final int REQUEST_MAGIC = 0x25609513;
    private static final int SIMPLE_REPLY_MAGIC = 0x67446698;
    private static final int FLAG_FIXED_NEWSTYLE = 1;
    private static final int FLAG_NO_ZEROES = 2;
    private static final int OPT_EXPORT_NAME = 1;
    private static final int OPT_ABORT = 2;
    private static final int OPT_INFO = 6;
    private static final int OPT_GO = 7;
    private static final int REP_ACK = 1;
    private static final int REP_INFO = 3;
    private static final int REP_ERR_UNSUP = 0x80000001;
    private static final int INFO_EXPORT = 0;
    /** NBD_FLAG_HAS_FLAGS | NBD_FLAG_SEND_FLUSH: reads, writes, flushes; no trim, no zeroes. */
    private static final short TRANSMISSION_FLAGS = 1 | 4;
    private static final int CMD_READ = 0;
    private static final int CMD_WRITE = 1;
    private static final int CMD_DISC = 2;
    private static final int CMD_FLUSH = 3;
    private static final int EIO = 5;
    private static final int EINVAL = 22;
    /** Requests served ahead of the oldest before the oldest gets its turn. */
    private static final int MAX_STREAK = 16;
    /** Larger than any request QEMU sends (it splits at 32 MiB). */
    private static final int MAX_REQUEST = 64 << 20;

    private final Path socket;
    private final FileChannel file;
    private final long size;
    private final SerialDisk model;
    private final ServerSocketChannel server;
    private final Thread acceptor;
    private volatile boolean running = true;

    private NbdDiskServer(Path socket, FileChannel file, long size, SerialDisk model, ServerSocketChannel server) {
        this.socket = socket;
        this.file = file;
        this.size = size;
        this.model = model;
        this.server = server;
        this.acceptor = new Thread(this::accept, "nbd-" + socket.getFileName());
        this.acceptor.setDaemon(true);
    }

    /** Serves {@code image} (created sparse at {@code size} bytes when missing) on the unix socket {@code socket}. */
    public static NbdDiskServer start(Path image, long size, SerialDisk model, Path socket) throws IOException {
        FileChannel f = FileChannel.open(image, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        if (f.size() < size) {
            f.write(ByteBuffer.wrap(new byte[1]), size - 1); // sparse: only the last byte is allocated
        }
        Files.deleteIfExists(socket);
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(socket));
        NbdDiskServer server = new NbdDiskServer(socket, f, size, model, s);
        server.acceptor.start();
        return server;
    }

    public Path socket() {
        return socket;
    }

    private void accept() {
        while (running) {
            try {
                SocketChannel c = server.accept();
                Thread t = new Thread(() -> serve(c), "nbd-conn-" + socket.getFileName());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** One request read off the wire, with its arrival time. */
    record Request(int type, long handle, long offset, int length, byte[] data, long arrivedNs) {
    }

    private void serve(SocketChannel c) {
        try (c) {
            // not Channels.newInputStream/newOutputStream: their streams share the channel's blocking
            // lock, so a reply could not be written while the reader waits for the next request
            DataInputStream in = new DataInputStream(new BufferedInputStream(input(c), 1 << 16));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(output(c), 1 << 16));
            if (!negotiate(in, out)) {
                return;
            }
            BlockingQueue<Request> queue = new LinkedBlockingQueue<>();
            Thread worker = new Thread(() -> work(queue, out), "nbd-disk-" + socket.getFileName());
            worker.setDaemon(true);
            worker.start();
            try {
                while (running) {
                    if (in.readInt() != REQUEST_MAGIC) {
                        throw new IOException("bad request magic");
                    }
                    in.readShort(); // command flags (FUA): the model has no write cache to bypass
                    int type = in.readUnsignedShort();
                    long handle = in.readLong();
                    long offset = in.readLong();
                    int length = in.readInt();
                    byte[] data = null;
                    if (type == CMD_WRITE) {
                        if (length < 0 || length > MAX_REQUEST) {
                            throw new IOException("write of " + length + " bytes");
                        }
                        data = new byte[length];
                        in.readFully(data);
                    }
                    queue.put(new Request(type, handle, offset, length, data, System.nanoTime()));
                    if (type == CMD_DISC) {
                        break;
                    }
                }
            } finally {
                worker.join(10_000);
            }
        } catch (EOFException e) {
            // the client went away
        } catch (IOException | InterruptedException e) {
            if (running) {
                System.err.println("lab disk " + socket.getFileName() + ": " + e.getMessage());
            }
        }
    }

    private void work(BlockingQueue<Request> queue, DataOutputStream out) {
        long freeAt = System.nanoTime();
        DiskHead head = new DiskHead(model);
        List<Request> pending = new ArrayList<>();
        int streak = 0;
        try {
            while (true) {
                if (pending.isEmpty()) {
                    Request first = queue.poll(1, TimeUnit.SECONDS);
                    if (first == null) {
                        if (!running) {
                            return;
                        }
                        continue;
                    }
                    pending.add(first);
                }
                queue.drainTo(pending);
                Request r = next(pending, head, streak);
                streak = r != pending.get(0) ? streak + 1 : 0;
                pending.remove(r);
                if (r.type() == CMD_DISC) {
                    return;
                }
                boolean valid = r.offset() >= 0 && r.length() >= 0 && r.offset() + r.length() <= size && r.length() <= MAX_REQUEST;
                long service = !valid ? 0 : r.type() == CMD_READ ? head.read(r.offset(), r.length())
                        : r.type() == CMD_WRITE ? head.write(r.offset(), r.length()) : 0;
                long done = Math.max(freeAt, r.arrivedNs()) + service;
                int error = 0;
                byte[] reply = null;
                if (!valid) {
                    error = EINVAL;
                } else if (r.type() == CMD_READ || r.type() == CMD_WRITE) {
                    try {
                        reply = transfer(r);
                    } catch (IOException e) {
                        error = EIO;
                        System.err.println("lab disk " + socket.getFileName() + ": " + e.getMessage());
                    }
                } else if (r.type() != CMD_FLUSH) {
                    error = EINVAL;
                }
                for (long wait = done - System.nanoTime(); wait > 0; wait = done - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                freeAt = done;
                synchronized (out) {
                    out.writeInt(SIMPLE_REPLY_MAGIC);
                    out.writeInt(error);
                    out.writeLong(r.handle());
                    if (reply != null && error == 0) {
                        out.write(reply);
                    }
                    out.flush();
                }
            }
        } catch (IOException e) {
            if (running) {
                System.err.println("lab disk " + socket.getFileName() + ": " + e.getMessage());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The request to serve next, as a disk's command queue picks it: the one served soonest (in
     * the read cache, a stream's next request, or one a little further ahead), the oldest among
     * equals; after {@link #MAX_STREAK} picks ahead of the oldest in a
     * row the oldest goes first, so no request starves.
     */
    static Request next(List<Request> pending, DiskHead head, int streak) {
        Request oldest = pending.get(0);
        if (streak >= MAX_STREAK) {
            return oldest;
        }
        Request best = oldest;
        long bestNs = cost(oldest, head);
        for (Request r : pending) {
            long ns = cost(r, head);
            if (ns < bestNs) {
                best = r;
                bestNs = ns;
            }
        }
        return best;
    }

    private static long cost(Request r, DiskHead head) {
        return r.type() == CMD_READ ? head.readCostNs(r.offset(), r.length())
                : r.type() == CMD_WRITE ? head.writeCostNs(r.offset(), r.length()) : 0;
    }

    /** Reads into a new buffer (returned) or writes the request's data; a sparse file reads zeroes where nothing was written. */
    private byte[] transfer(Request r) throws IOException {
        if (r.type() == CMD_READ) {
            byte[] data = new byte[r.length()];
            ByteBuffer b = ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                if (file.read(b, r.offset() + b.position()) < 0) {
                    break; // past the end of a file shorter than the export: zeroes
                }
            }
            return data;
        }
        ByteBuffer b = ByteBuffer.wrap(r.data());
        while (b.hasRemaining()) {
            file.write(b, r.offset() + b.position());
        }
        return null;
    }

    /** Fixed newstyle option haggling up to transmission; false when the client aborted. */
    private boolean negotiate(DataInputStream in, DataOutputStream out) throws IOException {
        out.writeLong(NBDMAGIC);
        out.writeLong(IHAVEOPT);
        out.writeShort(FLAG_FIXED_NEWSTYLE | FLAG_NO_ZEROES);
        out.flush();
        int clientFlags = in.readInt();
        boolean noZeroes = (clientFlags & FLAG_NO_ZEROES) != 0;
        while (true) {
            if (in.readLong() != IHAVEOPT) {
                throw new IOException("bad option magic");
            }
            int option = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > 65536) {
                throw new IOException("option of " + length + " bytes");
            }
            byte[] data = new byte[length];
            in.readFully(data);
            switch (option) {
                case OPT_EXPORT_NAME -> {
                    out.writeLong(size);
                    out.writeShort(TRANSMISSION_FLAGS);
                    if (!noZeroes) {
                        out.write(new byte[124]);
                    }
                    out.flush();
                    return true;
                }
                case OPT_GO, OPT_INFO -> {
                    ByteBuffer info = ByteBuffer.allocate(12).putShort((short) INFO_EXPORT).putLong(size).putShort(TRANSMISSION_FLAGS);
                    optionReply(out, option, REP_INFO, info.array());
                    optionReply(out, option, REP_ACK, new byte[0]);
                    if (option == OPT_GO) {
                        return true;
                    }
                }
                case OPT_ABORT -> {
                    optionReply(out, option, REP_ACK, new byte[0]);
                    return false;
                }
                default -> optionReply(out, option, REP_ERR_UNSUP,
                        ("option " + option + " is not supported by the lab's disk").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static InputStream input(SocketChannel c) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return c.read(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    private static OutputStream output(SocketChannel c) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    c.write(buf);
                }
            }
        };
    }

    private static void optionReply(DataOutputStream out, int option, int type, byte[] data) throws IOException {
        out.writeLong(OPTION_REPLY_MAGIC);
        out.writeInt(option);
        out.writeInt(type);
        out.writeInt(data.length);
        out.write(data);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        running = false;
        server.close();
        file.close();
        Files.deleteIfExists(socket);
    }

}
