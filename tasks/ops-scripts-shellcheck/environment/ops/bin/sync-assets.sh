#!/bin/bash
# sync-assets.sh SRC DEST: mirror the web assets in SRC to DEST (the CDN origin) with rsync.
# RSYNC_OPTS holds the rsync options, several words in one variable: it comes from
# /etc/default/sync-assets on the hosts, e.g. RSYNC_OPTS="--archive --delete --exclude=*.tmp".
here=$(dirname "$0")
. "$here/../lib/common.sh"

RSYNC_OPTS=${RSYNC_OPTS:-"--archive --delete"}
src=$1
dest=$2

cd $src
log "syncing $(pwd) to $dest"
rsync $RSYNC_OPTS ./ "$dest/"
