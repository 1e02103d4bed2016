package io.raidpulse.launcher.fleet;

import java.util.ListResourceBundle;
import java.util.ResourceBundle;

/**
 * fleet's wording of the settings options it shares with other commands: its own {@code --config}; the
 * collector's {@code --bootstrap-servers} (AgentHelp.properties), as its hosts publish as collectors would.
 */
public final class FleetHelp extends ListResourceBundle {
    public FleetHelp() {
        setParent(ResourceBundle.getBundle("io.raidpulse.collector.cli.AgentHelp"));
    }

    @Override
    protected Object[][] getContents() {
        return new Object[][] {{"settings.config", "Properties file with kafka.* settings (the collector's producer settings apply)."}};
    }
}
