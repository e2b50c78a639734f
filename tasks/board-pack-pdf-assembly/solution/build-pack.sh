#!/bin/bash
# build-pack.sh FOLDER OUT.pdf: assemble the board pack of FOLDER/agenda.tsv into OUT.pdf.
# Papers are read in agenda order (decrypted with the agenda's password, repaired when damaged),
# sideways scans turned upright, every page fitted to A4 portrait; a missing paper becomes a
# "Paper to follow" page. Then: a contents page in front, "Page N of TOTAL" on every other page,
# one bookmark per item, and the document information.
set -euo pipefail
src=${1:?usage: build-pack.sh FOLDER OUT.pdf}
out=${2:?usage: build-pack.sh FOLDER OUT.pdf}
here=$(dirname "$(readlink -f "$0")")
pages_py="$here/pack_pages.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

meeting=$(sed -n 's/^# meeting \([0-9-]*\).*/\1/p' "$src/agenda.tsv" | head -n1)
[ -n "$meeting" ] || { echo "build-pack: no '# meeting YYYY-MM-DD' line in $src/agenda.tsv" >&2; exit 1; }
day=$(date -d "$meeting" '+%-d %B %Y')

n=0
: > "$work/items.tsv"
while IFS=$'\t' read -r item title file password || [ -n "$item" ]; do
    case $item in '' | '#'* | item) continue ;; esac
    n=$((n + 1))
    part="$work/part-$n.pdf"
    if [ -f "$src/$file" ]; then
        # qpdf exits 3 when it had to repair a damaged file: that is still a usable copy.
        rc=0
        qpdf --password="$password" --decrypt "$src/$file" "$work/raw-$n.pdf" 2> "$work/qpdf-$n.err" || rc=$?
        if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
            cat "$work/qpdf-$n.err" >&2
            echo "build-pack: cannot read $file" >&2
            exit 1
        fi
        [ $rc -eq 3 ] && echo "build-pack: $file was damaged, repaired copy used" >&2
        # Scans come in sideways (landscape, letterhead on the left): turn them 90 degrees clockwise.
        sideways=$(pdfinfo -f 1 -l 9999 "$work/raw-$n.pdf" 2> /dev/null | awk '
            /^Page +[0-9]+ size:/ { w[$2] = $4; h[$2] = $6 }
            /^Page +[0-9]+ rot:/  { r[$2] = $4 }
            END { for (p in w) { wide = (r[p] % 180 == 0) ? (w[p] > h[p]) : (h[p] > w[p]); if (wide) printf "%s%s", (s++ ? "," : ""), p } }')
        if [ -n "$sideways" ]; then
            # Flattened into the content: Ghostscript's fit-to-A4 turns a /Rotate 90 page upside down.
            qpdf "$work/raw-$n.pdf" --rotate=+90:"$sideways" --flatten-rotation "$work/rot-$n.pdf"
        else
            cp "$work/raw-$n.pdf" "$work/rot-$n.pdf"
        fi
        gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -sPAPERSIZE=a4 -dFIXEDMEDIA -dPDFFitPage \
            -dAutoRotatePages=/None -o "$part" "$work/rot-$n.pdf"
    else
        echo "build-pack: item $item: $file is missing, 'Paper to follow' page instead" >&2
        python3 "$pages_py" placeholder "$part" "$item. $title"
    fi
    printf '%s\t%s\t%s\n' "$item" "$title" "$(qpdf --show-npages "$part")" >> "$work/counts.tsv"
done < "$src/agenda.tsv"

# Start pages: the contents page is page 1.
awk -F'\t' -v OFS='\t' 'BEGIN { p = 2 } { print $1, $2, p; p += $3 }' "$work/counts.tsv" > "$work/items.tsv"
python3 "$pages_py" contents "$work/contents.pdf" "Board meeting, $day" "$work/items.tsv"
parts=("$work/contents.pdf")
for i in $(seq 1 "$n"); do parts+=("$work/part-$i.pdf"); done
qpdf --empty --pages "${parts[@]}" -- "$work/merged.pdf"

total=$(qpdf --show-npages "$work/merged.pdf")
python3 "$pages_py" numbers "$work/numbers.pdf" "$total"
qpdf "$work/merged.pdf" --overlay "$work/numbers.pdf" -- "$work/numbered.pdf"

python3 "$pages_py" pdfmarks "$work/marks.ps" "Board pack, $day" "$work/items.tsv"
mkdir -p "$(dirname "$out")"
gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -dAutoRotatePages=/None -o "$work/final.pdf" \
    "$work/numbered.pdf" "$work/marks.ps"
mv "$work/final.pdf" "$out"
echo "build-pack: $out, $total pages"
