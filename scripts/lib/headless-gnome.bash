# Sourced by scripts/test-gnome-shell and scripts/test-gnome-wallpaper: runs their checks inside
# ../shared's headless-gnome-shell, and tells a shell that never came up from a check that hung.
#
#   in_headless_gnome NAME MARKER WORK -- TOOL [TOOL ARGS...]
#
# Exports CF_STARTED=WORK/started: the checks touch it first thing (the tool starts them once
# gnome-shell owns org.gnome.Shell). Each attempt may take CITEFEED_GNOME_PATIENCE seconds
# (150; a run takes 7–15 s alone and under 30 s beside a loaded machine). When an attempt times out before the checks started,
# GNOME Shell did not come up: its processes (those whose environment holds
# CITEFEED_GNOME_TEST=MARKER) are ended, that is said with the tool's log, and it is started once
# more. A timeout after the checks started is a failure of what they check, never retried.
# Returns the last attempt's status (124 or 137 when it timed out).

# Ends the processes of this run's sessions: those whose environment holds the marker.
end_marked_processes() {
    local marker=$1 pids=() p
    for p in /proc/[0-9]*; do
        [[ ${p#/proc/} == "$$" ]] && continue
        { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qx "CITEFEED_GNOME_TEST=$marker" &&
            pids+=("${p#/proc/}")
    done
    if ((${#pids[@]})); then
        kill "${pids[@]}" 2>/dev/null || true
        sleep 0.5
        kill -9 "${pids[@]}" 2>/dev/null || true
    fi
}

in_headless_gnome() {
    local name=$1 marker=$2 work=$3 attempt status patience=${CITEFEED_GNOME_PATIENCE:-150}
    shift 4
    export CF_STARTED="$work/started"
    for attempt in 1 2; do
        rm -f "$CF_STARTED"
        touch "$work/attempt"
        status=0
        CITEFEED_GNOME_TEST="$marker" timeout --kill-after=5 "$patience" "$@" || status=$?
        ((status == 124 || status == 137)) || return "$status"
        [[ ! -e $CF_STARTED && $attempt == 1 ]] || return "$status"
        end_marked_processes "$marker"
        echo "$name: GNOME Shell did not come up within $patience s (the checks never started); once more" >&2
        # The tool keeps a failed session's folder (made after this attempt began): its logs say why.
        local root
        root=$(find /tmp -maxdepth 1 -name 'gnome-shell-*' -newer "$work/attempt" 2>/dev/null | head -1)
        if [[ -n $root ]]; then
            echo "--- $root/shell.log:" >&2
            tail -15 "$root/shell.log" >&2 2>/dev/null || true
            echo "--- $root/bus.log:" >&2
            tail -15 "$root/bus.log" >&2 2>/dev/null || true
            rm -rf "$root"
        fi
    done
    return "$status"
}
