#!/bin/bash
# offsite-prune.sh HOST: on the offsite host, make sure the staging folder exists and delete the
# files in it older than three days. The folder's path is set here, on this host
# (OFFSITE_STAGE in lib/config.sh), and sent to HOST in the remote command.
here=$(dirname "$0")
. "$here/../lib/common.sh"
. "$here/../lib/config.sh"

host=$1
ssh "$host" "mkdir -p $OFFSITE_STAGE && find $OFFSITE_STAGE -type f -mtime +3 -delete"
if [ $? -ne 0 ]; then
    die "prune on $host failed"
fi
log "pruned $OFFSITE_STAGE on $host"
