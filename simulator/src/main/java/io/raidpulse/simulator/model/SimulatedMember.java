package io.raidpulse.simulator.model;

import io.raidpulse.md.MemberState;

/**
 * One rdev of an array (drivers/md/md.h struct md_rdev): the device, its desc_nr (the number mdstat
 * prints in brackets), its raid_disk slot (-1 for a spare or a faulty device already taken out of
 * the personality), and its flags.
 */
public final class SimulatedMember {
    private final SimulatedDevice device;
    private final int descNr;
    private int slot;
    private boolean faulty;
    private boolean inSync;

    SimulatedMember(SimulatedDevice device, int descNr, int slot, boolean inSync) {
        this.device = device;
        this.descNr = descNr;
        this.slot = slot;
        this.inSync = inSync;
    }

    public SimulatedDevice device() {
        return device;
    }

    public int descNr() {
        return descNr;
    }

    /** raid_disk: the role in the array, -1 when none. */
    public int slot() {
        return slot;
    }

    public boolean faulty() {
        return faulty;
    }

    public boolean inSync() {
        return inSync;
    }

    /** In a slot but not yet in sync: the target of a running or pending recovery. */
    public boolean recovering() {
        return slot >= 0 && !inSync && !faulty;
    }

    /** A spare waiting for a slot. */
    public boolean spare() {
        return slot < 0 && !faulty;
    }

    void fail() {
        faulty = true;
        inSync = false;
        // md_check_recovery -> remove_and_add_spares takes a faulty rdev out of its slot
        slot = -1;
    }

    void assign(int newSlot) {
        slot = newSlot;
    }

    void markInSync() {
        inSync = true;
    }

    /**
     * md/dev-NAME/state as state_show prints it (md.c): comma-separated flags; "spare" for a device
     * that is neither faulty nor in sync, which includes one being recovered.
     */
    public String sysfsState() {
        return (faulty ? MemberState.FAULTY : inSync ? MemberState.IN_SYNC : MemberState.SPARE).word();
    }
}
