package io.raidpulse.topics.testing;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** Starts a main class in a JVM of its own, with the test's class path. */
public final class ChildJvm {
    private ChildJvm() {
    }

    /**
     * The test JVM's class path as a list of entries. Surefire and Failsafe may run tests from a
     * manifest-only jar whose Class-Path names everything; that list is expanded.
     */
    public static String classpath() throws IOException {
        String cp = System.getProperty("java.class.path");
        String[] entries = cp.split(File.pathSeparator);
        if (entries.length == 1 && entries[0].endsWith(".jar")) {
            try (JarFile jar = new JarFile(entries[0])) {
                Manifest m = jar.getManifest();
                String classPath = m == null ? null : m.getMainAttributes().getValue("Class-Path");
                if (classPath != null) {
                    List<String> expanded = new ArrayList<>();
                    for (String url : classPath.trim().split("\\s+")) {
                        expanded.add(Path.of(URI.create(url)).toString());
                    }
                    return String.join(File.pathSeparator, expanded);
                }
            }
        }
        return cp;
    }

    public static Process start(Class<?> main, List<String> args, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx384m");
        cmd.add("-cp");
        cmd.add(classpath());
        cmd.add(main.getName());
        cmd.addAll(args);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }
}
