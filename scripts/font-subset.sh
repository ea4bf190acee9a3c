#!/usr/bin/env bash
# Regenerates assets/fonts/board-*.woff2: the few Chinese characters the suite must show on a
# computer with no CJK font, cut from Noto Serif CJK TC Bold (SIL Open Font License 1.1,
# Debian's fonts-noto-cjk), in files of one family, so that a screen fetches only those it draws:
#   board-glyphs.woff2  the logo and the 中文 button, on every screen (preloaded by the page);
#   board-pieces.woff2  the dark-chess pieces and its house rules' names in the English rules;
#   board-tigers.woff2  the names in Five Tigers' English rules.
# The results are committed; the build never runs this. Needs apt and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
EVERYWHERE="棋中文"
PIECES="帥將仕士相象俥車傌馬炮包兵卒連吃直衝盲"
TIGERS="方三四五斜虎棍"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb x)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q fonttools brotli
for face in "glyphs:$EVERYWHERE" "pieces:$PIECES" "tigers:$TIGERS"; do
  name=${face%%:*} glyphs=${face#*:}
  # Font number 3 of the collection is the Traditional Chinese (TC) face.
  "$work/venv/bin/pyftsubset" "$work/x/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc" \
    --font-number=3 --text="$glyphs" --flavor=woff2 --layout-features='' --no-hinting \
    --name-IDs=0,1,2,3,4,5,6,13,14 --output-file="assets/fonts/board-$name.woff2"
  # The CSS's unicode-range for the file must name the same characters.
  python3 -c 'import sys; print(sys.argv[2] + ": unicode-range: " + ", ".join("U+%X" % ord(c) for c in sorted(set(sys.argv[1]))) + ";")' "$glyphs" "board-$name.woff2"
done
ls -l assets/fonts/board-*.woff2
