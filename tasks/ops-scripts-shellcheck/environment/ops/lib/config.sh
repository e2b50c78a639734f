# shellcheck shell=bash
# Settings shared by the scripts in bin/ (sourced). The scripts read every one of them.

: "${BACKUP_ROOT:=/srv/backup}"
DUMP_DIR=$BACKUP_ROOT/dumps
RETENTION_KEEP=7
OFFSITE_STAGE=/var/tmp/offsite-stage
REPORT_TITLE="Backup host report"
