package io.raidpulse.lab;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Host commands the lab runs (apt-get, dpkg-deb, busybox): output captured, failures as one line. */
final class Commands {
    private Commands() {
    }

    record Result(int exitCode, String output) {
    }

    static Result run(List<String> command, Path cwd, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new UserException(String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UserException(command.get(0) + " cannot be run (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while running " + command.get(0), e);
        }
    }

    /** Runs {@code command} and returns its output, or fails with {@code what} and the command's last output line. */
    static String check(List<String> command, Path cwd, Duration timeout, String what) {
        Result r = run(command, cwd, timeout);
        if (r.exitCode() != 0) {
            throw new UserException(what + ": " + String.join(" ", command) + " exited with " + r.exitCode() + ": " + lastLine(r.output()));
        }
        return r.output();
    }

    static boolean onPath(String tool) {
        return run(List.of("sh", "-c", "command -v " + tool), null, Duration.ofSeconds(10)).exitCode() == 0;
    }

    static String lastLine(String output) {
        String t = output.strip();
        int nl = t.lastIndexOf('\n');
        return nl < 0 ? t : t.substring(nl + 1);
    }
}
