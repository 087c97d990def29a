#!/usr/bin/env bash
# Shared settings of the media generators: where output goes, the palette, a scratch folder.
set -euo pipefail

MEDIA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/remote-shared/src/media"
mkdir -p "$MEDIA_DIR"

# The site's palette (remote-shared/src/tokens/tokens.css).
DARK='#0e0e10'
SURFACE='#18181c'
RAISED='#222228'
WARM='#f5f2eb'
MUTED='#b3afa7'
ACCENT='#ff7a45'
ACCENT_SOFT='#ff9466'

SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT

# Encodes a picture to WebP at a given quality, stripping metadata so builds are reproducible.
to_webp() {
  local src="$1" dest="$2" quality="${3:-72}"
  cwebp -quiet -q "$quality" -m 6 -metadata none "$src" -o "$dest"
}
