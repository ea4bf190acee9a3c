#!/usr/bin/env bash
# Regenerates assets/fonts/board-glyphs.woff2: the few Chinese characters the suite must show on
# a computer with no CJK font (the dark-chess pieces, the logo, the 中文 button, the Chinese names
# in the English rules), cut from Noto Serif CJK TC Bold (SIL Open Font License 1.1, Debian's
# fonts-noto-cjk). The result is committed; the build never runs this. Needs apt and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
GLYPHS="帥將仕士相象俥車傌馬炮包兵卒棋中文連吃直衝盲方三四五斜虎棍"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb x)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q fonttools brotli
# Font number 3 of the collection is the Traditional Chinese (TC) face.
"$work/venv/bin/pyftsubset" "$work/x/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc" \
  --font-number=3 --text="$GLYPHS" --flavor=woff2 --layout-features='' --no-hinting \
  --name-IDs=0,1,2,3,4,5,6,13,14 --output-file=assets/fonts/board-glyphs.woff2
# The CSS's unicode-range must name the same characters.
python3 -c 'import sys; print("unicode-range: " + ", ".join("U+%X" % ord(c) for c in sorted(set(sys.argv[1]))) + ";")' "$GLYPHS"
ls -l assets/fonts/board-glyphs.woff2
