# Sourced by the PHP adapters' start.sh: fw_store_base prints the folder their store goes in.
#
# Every scenario and property case writes an application to the store and every request reads it
# back (and Laravel's compiled views and caches with it): on these machines' disk that was 0.4 ms
# of a Laravel POST /__fw/apps and 0.2 ms of each request's boot, in memory a fifth of that. So:
# $TMPDIR when it is set (the user's choice), else /dev/shm (a tmpfs, on Linux) when writable,
# else /tmp.
fw_store_base() {
    if [ -n "${TMPDIR:-}" ]; then
        printf '%s\n' "${TMPDIR%/}"
    elif [ -d /dev/shm ] && [ -w /dev/shm ]; then
        printf '%s\n' /dev/shm
    else
        printf '%s\n' /tmp
    fi
}
