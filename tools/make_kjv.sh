#!/bin/sh
# Optional: reproduces examples/data/kjv.txt (the committed training text of the tinygpt
# example) from Debian's King James Bible packages. Nothing runs this at build or test time:
# the file is committed. Needs apt-get with package lists (`apt-get update` once), dpkg-deb,
# and libreadline8 (the `bible` program links it).
#
#   sh tools/make_kjv.sh [OUTPUT]        (default: examples/data/kjv.txt)
#
# It prints Genesis 1:1 to Exodus 40:38 with the packages' own `bible` program, one verse per
# line, then drops the verse references ("Ge1:1 "), any byte outside printable ASCII, runs of
# spaces and trailing spaces.
set -eu

out=${1:-examples/data/kjv.txt}
case $out in /*) ;; *) out="$PWD/$out" ;; esac
range=${KJV_RANGE:-Gen1:1-Exo40:38}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

apt-get download bible-kjv bible-kjv-text
for deb in bible-kjv_*.deb bible-kjv-text_*.deb; do
    echo "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)" >&2
    dpkg-deb -x "$deb" root
done

# -f turns pretty-printing off: one verse per line, each preceded by its reference.
# -p looks for bible.data (and bible.data.conc) in the extracted tree.
"$work/root/usr/bin/bible" -f -p "$work/root/usr/lib" "$range" </dev/null \
    | sed -E 's/^[^ ]+ //' \
    | tr '\t' ' ' \
    | LC_ALL=C tr -cd '\n -~' \
    | tr -s ' ' \
    | sed -E 's/^ +//; s/ +$//' \
    | grep -v '^$' >"$out"

echo "wrote $out: $(wc -c <"$out") bytes, $(wc -l <"$out") lines," \
    "$(LC_ALL=C fold -w1 "$out" | sort -u | wc -l) symbols besides the newline" >&2
