# shellcheck shell=bash
# lfr-name.sh - lfr_name SRC: the record file the plugin writes for a unit
# (docs/RECORDS.md): "_" is written "_-", then "/" "__", so
# kernel/exit.c -> kernel__exit.c.lfr, fs/file_table.c -> fs__file_-table.c.lfr.
lfr_name() { local s=${1//_/_-}; echo "${s//\//__}.lfr"; }
