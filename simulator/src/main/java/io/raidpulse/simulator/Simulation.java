package io.raidpulse.simulator;

import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.tree.HostTree;
import io.raidpulse.simulator.tree.TreeOutput;
import io.raidpulse.simulator.tree.TreeRenderer;
import io.raidpulse.simulator.truth.GroundTruth;
import io.raidpulse.simulator.truth.StepTruth;
import io.raidpulse.simulator.truth.TruthRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * A scenario being simulated, one sample interval per {@link #step()}. On start the initial instant
 * is written (counters as if the load at the start had run since boot); each step integrates the
 * model over one interval, writes the new tree, and records the ground truth of the interval.
 *
 * <p>Driving a collector in lockstep: {@code start(scenario, new LiveTreeWriter(dir))}, let the
 * collector read {@code dir}, then {@code step()}, read again, and so on until {@link #finished()}.
 */
public final class Simulation {
    private final Scenario scenario;
    private final HostModel model;
    private final TreeOutput output;
    private final TruthRecorder truth;
    private long index;
    private HostTree tree;

    private Simulation(Scenario scenario, TreeOutput output) {
        this.scenario = scenario;
        this.model = new HostModel(scenario);
        this.output = output;
        this.truth = new TruthRecorder(model);
    }

    /** Builds the host of {@code scenario} and writes its initial instant to {@code output}. */
    public static Simulation start(Scenario scenario, TreeOutput output) throws IOException {
        Simulation s = new Simulation(scenario, output);
        s.write();
        return s;
    }

    private void write() throws IOException {
        tree = TreeRenderer.render(model, time());
        output.write(tree, index);
    }

    public Scenario scenario() {
        return scenario;
    }

    public HostModel model() {
        return model;
    }

    /** The simulated time of the last written instant. */
    public Instant time() {
        return scenario.start().plusSeconds(model.second());
    }

    /** Instants written after the initial one. */
    public long steps() {
        return index;
    }

    public boolean finished() {
        return index >= scenario.steps();
    }

    /**
     * Advances one sample interval, writes the new tree and records its truth.
     *
     * @return the simulated time of the new instant
     * @throws IllegalStateException when the scenario has ended
     */
    public Instant step() throws IOException {
        if (finished()) {
            throw new IllegalStateException("scenario " + scenario.name() + " has ended");
        }
        model.advanceTo(model.second() + scenario.intervalSeconds());
        index++;
        truth.record(index, time());
        write();
        return time();
    }

    /** Steps to the end. */
    public void run() {
        try {
            while (!finished()) {
                step();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The tree of the last written instant. */
    public HostTree tree() {
        return tree;
    }

    /** The truth of the last step; null before the first. */
    public StepTruth lastTruth() {
        var steps = truth.truth().steps();
        return steps.isEmpty() ? null : steps.get(steps.size() - 1);
    }

    public GroundTruth truth() {
        return truth.truth();
    }
}
