# Sourced by the PHP adapters' start.sh: what both do before php -S starts.

# fw_store_base prints the folder the adapter's store goes in.
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

# fw_class_map ENTRY OUT [php options...] writes OUT, one autoloader instead of Debian's ~80
# (classmap.php beside this file), and prints OUT; it prints nothing when that fails, and the
# adapter then requires ENTRY itself (FW_AUTOLOAD empty).
fw_class_map() {
    local entry="$1" out="$2"
    shift 2
    if php "$@" "$(dirname -- "${BASH_SOURCE[0]}")/classmap.php" "$entry" "$out"; then
        printf '%s\n' "$out"
    fi
    return 0
}
