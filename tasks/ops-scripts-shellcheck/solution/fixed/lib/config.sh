# shellcheck shell=bash
# Settings shared by the scripts in bin/ (sourced). The scripts read every one of them.

: "${BACKUP_ROOT:=/srv/backup}"
# shellcheck disable=SC2034 # read by the scripts that source this file
DUMP_DIR=$BACKUP_ROOT/dumps
# shellcheck disable=SC2034 # read by the scripts that source this file
RETENTION_KEEP=7
# shellcheck disable=SC2034 # read by the scripts that source this file
OFFSITE_STAGE=/var/tmp/offsite-stage
# shellcheck disable=SC2034 # read by the scripts that source this file
REPORT_TITLE="Backup host report"
