# What the checks reuse between runs on one machine, kept outside the
# checkout so that a fresh clone finds it too, and never committed: Python
# environments keyed by what is installed in them, the Apple platforms'
# rebuilt standard library interfaces keyed by the toolchain, and the fuzz
# targets' corpora. The folder is $MAPLANG_CACHE, or `maplang` in
# $XDG_CACHE_HOME (~/.cache by default); with neither a home nor
# XDG_CACHE_HOME, `.build/cache` in the checkout, reused by nothing.
# Deleting it costs only time.
#
# Sourced by the scripts that use it, from the checkout's root; runs in
# bash 3.2 (macOS) and later.

# Prints the cache folder, making it (readable by its owner alone) first.
maplang_cache() {
    local folder
    if [ -n "${MAPLANG_CACHE:-}" ]; then
        folder=$MAPLANG_CACHE
    elif [ -n "${XDG_CACHE_HOME:-}" ]; then
        folder=$XDG_CACHE_HOME/maplang
    elif [ -n "${HOME:-}" ]; then
        folder=$HOME/.cache/maplang
    else
        folder=$PWD/.build/cache
    fi
    mkdir -p "$folder" && chmod 700 "$folder" && echo "$folder"
}

# maplang_python_env NAME REQUIREMENT...: prints the folder of a Python
# virtual environment that holds exactly these requirements, made (or made
# again, when an earlier attempt did not finish) with `python3 -m venv` and
# pip from the Python package index. Its name is NAME and a digest of the
# Python version and the requirements, so another set is another folder.
# Only a run holding the environment's lock makes it; a complete one has a
# `.complete` file. Fails, saying why, when pip cannot install them.
maplang_python_env() {
    local name=$1 cache digest env status=0
    shift
    cache=$(maplang_cache) || return 1
    digest=$({ python3 --version 2>&1; printf '%s\n' "$@"; } | (sha256sum 2>/dev/null || shasum -a 256) | cut -c1-16)
    env=$cache/python/$name-$digest
    mkdir -p "$cache/python"
    (
        # One run at a time makes an environment; others wait for it (flock
        # is util-linux's: where it is missing, as on macOS, runs do not wait).
        if command -v flock >/dev/null; then
            exec 9>"$env.lock"
            flock 9
        fi
        if [ ! -f "$env/.complete" ]; then
            rm -rf "$env"
            echo "making the Python environment $env: $*" >&2
            python3 -m venv "$env" >&2 &&
                "$env/bin/python" -m pip install --quiet --disable-pip-version-check "$@" >&2 &&
                touch "$env/.complete"
        fi
    ) || status=$?
    if [ "$status" != 0 ] || [ ! -f "$env/.complete" ]; then
        echo "pip could not install $* into $env" >&2
        rm -rf "$env"
        return 1
    fi
    echo "$env"
}
