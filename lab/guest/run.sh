#!/bin/bash
# The lab guest's entry (the kernel's labscript=): runs inside the guest, chrooted into the
# host's root (read-only over 9p), with the results share at $LAB_OUT. Starts the collector,
# the recorder and iostat, runs the scenario script, stops them, and leaves scenario.rc.
set -u
source "$LAB_OUT/lab.env"
source "$LAB_REPO/lab/guest/lib.sh"
lab_prepare_disks
lab_start_recorders
lab_event scenario-start "name=$LAB_SCENARIO"
( set -euo pipefail; source "$LAB_SCRIPT" )
rc=$?
lab_event scenario-end "rc=$rc"
lab_stop_recorders
echo "$rc" > "$LAB_OUT/scenario.rc"
