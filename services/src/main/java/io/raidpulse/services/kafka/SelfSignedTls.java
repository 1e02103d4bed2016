package io.raidpulse.services.kafka;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away certificate for {@code localhost} made with the JDK's {@code keytool}: a PKCS12
 * key store for the broker and a trust store holding its certificate for clients. For tests
 * and local SASL_SSL set-ups only; passwords are random per instance.
 */
public record SelfSignedTls(Path keyStore, Path trustStore, String password) {

    /** Generates the stores in {@code dir} (created if needed). */
    public static SelfSignedTls generate(Path dir) {
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        Path keyStore = dir.resolve("broker.p12");
        Path trustStore = dir.resolve("truststore.p12");
        Path cert = dir.resolve("broker.crt");
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(keyStore);
            Files.deleteIfExists(trustStore);
            keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "7",
                    "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
                    "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", password, "-keypass", password);
            keytool("-exportcert", "-alias", "broker", "-rfc", "-file", cert.toString(),
                    "-keystore", keyStore.toString(), "-storepass", password);
            keytool("-importcert", "-noprompt", "-alias", "broker", "-file", cert.toString(),
                    "-storetype", "PKCS12", "-keystore", trustStore.toString(), "-storepass", password);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write TLS stores in " + dir + ": " + e.getMessage(), e);
        }
        return new SelfSignedTls(keyStore, trustStore, password);
    }

    private static void keytool(String... args) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new ArrayList<>();
        command.add(keytool.toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed: " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running keytool", e);
        }
    }
}
