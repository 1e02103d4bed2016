package io.raidpulse.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kernel's {@code modules.dep} (written by depmod): each line is {@code kernel/x/a.ko: deps...},
 * paths relative to {@code /lib/modules/VERSION}, the dependencies listed so that loading them
 * from last to first works (modprobe's own order).
 */
public final class ModuleDeps {
    private final Map<String, List<String>> depsOf;
    private final Map<String, String> pathOfName;

    private ModuleDeps(Map<String, List<String>> depsOf) {
        this.depsOf = depsOf;
        this.pathOfName = new LinkedHashMap<>();
        for (String path : depsOf.keySet()) {
            pathOfName.put(nameOf(path), path);
        }
    }

    public static ModuleDeps parse(String text, String source) {
        Map<String, List<String>> deps = new LinkedHashMap<>();
        int n = 0;
        for (String line : text.split("\n")) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(source + ":" + n + ": expected 'module.ko: deps', got '" + line + "'");
            }
            String rest = line.substring(colon + 1).trim();
            deps.put(line.substring(0, colon).trim(), rest.isEmpty() ? List.of() : List.of(rest.split("\\s+")));
        }
        return new ModuleDeps(deps);
    }

    public static ModuleDeps read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** The module name modprobe uses: the file name without {@code .ko[.xz|.zst|.gz]}, dashes as underscores. */
    static String nameOf(String path) {
        String file = path.substring(path.lastIndexOf('/') + 1);
        int ko = file.indexOf(".ko");
        return (ko < 0 ? file : file.substring(0, ko)).replace('-', '_');
    }

    /**
     * The files of {@code names} and everything they need, in an order that loads: each module after
     * all of its dependencies.
     */
    public List<String> closure(List<String> names) {
        return closure(names, Set.of(), Set.of());
    }

    /**
     * As {@link #closure(List)}, leaving out the modules built into the kernel ({@code builtin}:
     * names from modules.builtin) and the {@code optional} ones this kernel was built without.
     */
    public List<String> closure(List<String> names, Set<String> optional, Set<String> builtin) {
        Set<String> ordered = new LinkedHashSet<>();
        for (String name : names) {
            String n = name.replace('-', '_');
            String path = pathOfName.get(n);
            if (path == null && (builtin.contains(n) || optional.contains(name))) {
                continue;
            }
            if (path == null) {
                throw new IllegalArgumentException("the kernel has no module " + name + " (not in modules.dep nor modules.builtin)");
            }
            visit(path, ordered, new LinkedHashSet<>());
        }
        return new ArrayList<>(ordered);
    }

    /** The module names of a modules.builtin text (one path a line, kernel/drivers/virtio/virtio_pci.ko). */
    public static Set<String> builtin(String text) {
        Set<String> names = new LinkedHashSet<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                names.add(nameOf(line.trim()));
            }
        }
        return names;
    }

    private void visit(String path, Set<String> ordered, Set<String> onPath) {
        if (ordered.contains(path)) {
            return;
        }
        if (!onPath.add(path)) {
            throw new IllegalArgumentException("modules.dep has a dependency cycle through " + path);
        }
        for (String dep : depsOf.getOrDefault(path, List.of())) {
            visit(dep, ordered, onPath);
        }
        onPath.remove(path);
        ordered.add(path);
    }
}
