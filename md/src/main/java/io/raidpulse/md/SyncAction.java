package io.raidpulse.md;

/**
 * What md/sync_action says an array is doing (md.c action_show), with the word mdstat's progress
 * line prints for it (md.c status_resync). mdstat says "recovery" where sysfs says "recover", and
 * "resync" for a repair too (MD_RECOVERY_CHECK is not set for a repair).
 */
public enum SyncAction {
    IDLE("idle", null),
    /** Syncs are held off (echo frozen > sync_action, or mdadm while it changes the array). */
    FROZEN("frozen", null),
    RESYNC("resync", "resync"),
    RECOVER("recover", "recovery"),
    CHECK("check", "check"),
    REPAIR("repair", "resync"),
    RESHAPE("reshape", "reshape");

    private final String word;
    private final String mdstatWord;

    SyncAction(String word, String mdstatWord) {
        this.word = word;
        this.mdstatWord = mdstatWord;
    }

    /** As md/sync_action prints it: "recover". */
    public String word() {
        return word;
    }

    /** As mdstat's progress line prints it: "recovery"; null for idle and frozen, which print none. */
    public String mdstatWord() {
        return mdstatWord;
    }

    /** Whether a sync pass is running (anything but idle and frozen). */
    public boolean running() {
        return this != IDLE && this != FROZEN;
    }

    /** Check and repair: a pass a user (or a cron job) asked for, not one md started to restore redundancy. */
    public boolean scrub() {
        return this == CHECK || this == REPAIR;
    }

    /** The action as a noun, as mdstat prints it: "recovery" for recover, else the word. */
    public String noun() {
        return this == RECOVER ? "recovery" : word;
    }

    /** The action md/sync_action's {@code word} names (in any case); null for null or a word md does not print. */
    public static SyncAction of(String word) {
        if (word == null) {
            return null;
        }
        for (SyncAction a : values()) {
            if (a.word.equalsIgnoreCase(word)) {
                return a;
            }
        }
        return null;
    }

    /**
     * The action mdstat's {@code word} names, as sysfs would say it: "recovery" (and "recover", as
     * the "recover=REMOTE" line prints it) is RECOVER, "resync" is RESYNC (a repair looks the same
     * there); null for null or an unknown word.
     */
    public static SyncAction ofMdstat(String word) {
        if (word == null) {
            return null;
        }
        return word.equalsIgnoreCase("recovery") ? RECOVER : of(word);
    }
}
