package io.raidpulse.launcher;

import picocli.CommandLine.IVersionProvider;

/** Version from the jar manifest (the Maven project version). */
final class Version implements IVersionProvider {
    static String current() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"raidpulse " + current()};
    }
}
