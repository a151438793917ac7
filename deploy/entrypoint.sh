#!/bin/sh
# Container entry point: before `rulesbot run` on a fresh volume, fill the
# database with `rulesbot sync`; then replace this shell with the command.
# A bot with RULESBOT_BACKGROUND_SYNC=false reads a database another process
# (the one sync writer) fills, so it never syncs itself.
set -eu

if [ "$#" -eq 0 ]; then
    set -- rulesbot run
fi

case "${RULESBOT_BACKGROUND_SYNC:-true}" in
    [Ff][Aa][Ll][Ss][Ee] | 0 | [Nn][Oo] | [Oo][Ff][Ff]) syncs_itself=false ;;
    *) syncs_itself=true ;;
esac

if [ "$1" = "rulesbot" ] && [ "${2:-}" = "run" ] && [ "$syncs_itself" = true ] \
    && [ -n "${RULESBOT_DB:-}" ] && [ ! -e "$RULESBOT_DB" ]; then
    echo "rulesbot-entrypoint: no database at $RULESBOT_DB, running rulesbot sync" >&2
    # A failed first sync is not fatal: the bot starts on the built-in seed
    # data and its periodic refresh retries the download.
    if ! rulesbot sync; then
        echo "rulesbot-entrypoint: rulesbot sync failed; starting on built-in data" >&2
    fi
fi

exec "$@"
