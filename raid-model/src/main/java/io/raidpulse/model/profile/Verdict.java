package io.raidpulse.model.profile;

/** How far a profile can be trusted as a capacity source. */
public enum Verdict {
    TRUSTED,
    /** Measured memory or CPU rather than disks: file fits in RAM, bonnie++ "+++++", CPU-bound block I/O. */
    CACHE_SUSPECT,
    /** Measured/model below 0.5 or above 1.5: controller policy, background init, wrong target details. */
    MODEL_SUSPECT
}
