#!/bin/bash
# Helpdesk widget backend: "Did you mean one of these articles?" for the ticket form.
# Called by the ticket form as: suggest.sh WORDS...   Prints up to 3 suggestions as "title <TAB> /faq/<id>".
set -euo pipefail
python3 /app/bin/faq_search.py --top 3 "$@" | while IFS=$'\t' read -r score id title; do
    [ -n "$id" ] || continue
    printf '%s\t/faq/%s\n' "${title:-$id}" "$id"
done
