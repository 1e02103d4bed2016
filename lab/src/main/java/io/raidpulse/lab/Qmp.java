package io.raidpulse.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * QEMU's machine protocol (docs/interop/qmp-spec.rst) over its unix socket: one JSON object per
 * line; after the greeting, {@code qmp_capabilities} enters command mode; each command gets one
 * {@code return} or {@code error}, with asynchronous {@code event}s in between (kept for
 * {@link #events()}).
 */
final class Qmp implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final SocketChannel channel;
    private final BufferedReader in;
    private final OutputStream out;
    private final List<JsonNode> events = new ArrayList<>();

    private Qmp(SocketChannel channel) {
        this.channel = channel;
        this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
        this.out = Channels.newOutputStream(channel);
    }

    static Qmp connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(socket));
        Qmp qmp = new Qmp(ch);
        JsonNode greeting = qmp.read();
        if (!greeting.has("QMP")) {
            throw new IOException("QEMU's monitor did not greet with QMP: " + greeting);
        }
        qmp.execute("qmp_capabilities", Map.of());
        return qmp;
    }

    /** Runs {@code command}; returns its {@code return} value or throws with QEMU's error description. */
    synchronized JsonNode execute(String command, Map<String, ?> arguments) throws IOException {
        ObjectNode req = JSON.createObjectNode().put("execute", command);
        if (!arguments.isEmpty()) {
            req.set("arguments", JSON.valueToTree(arguments));
        }
        out.write((JSON.writeValueAsString(req) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        while (true) {
            JsonNode reply = read();
            if (reply.has("event")) {
                events.add(reply);
            } else if (reply.has("error")) {
                throw new IOException(command + " failed: " + reply.path("error").path("desc").asText());
            } else if (reply.has("return")) {
                return reply.get("return");
            }
        }
    }

    synchronized List<JsonNode> events() {
        return List.copyOf(events);
    }

    private JsonNode read() throws IOException {
        String line = in.readLine();
        if (line == null) {
            throw new IOException("QEMU closed its monitor socket");
        }
        return JSON.readTree(line);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
