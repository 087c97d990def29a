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

# Encodes a rendered loop ($SCRATCH/NAME.mkv) for the web: VP9 WebM and H.264 MP4 without sound,
# one keyframe a loop (it restarts cleanly), and its first frame as NAME-poster.webp, the
# picture shown before (or instead of) the video.
# encode_loop NAME LOOP_SECONDS FPS VP9_CRF VP9_CPU_USED X264_CRF POSTER_QUALITY [X264 OPTION...]
encode_loop() {
  local name="$1" loop="$2" fps="$3" vp9_crf="$4" cpu_used="$5" x264_crf="$6" poster_quality="$7"
  shift 7
  local src="$SCRATCH/$name.mkv"
  ffmpeg -loglevel error -y -i "$src" -an -fflags +bitexact -c:v libvpx-vp9 -b:v 0 -crf "$vp9_crf" \
    -row-mt 1 -deadline good -cpu-used "$cpu_used" -g $((loop * fps)) "$MEDIA_DIR/$name.webm"
  ffmpeg -loglevel error -y -i "$src" -an -fflags +bitexact -c:v libx264 -preset slow \
    -crf "$x264_crf" "$@" -pix_fmt yuv420p -movflags +faststart "$MEDIA_DIR/$name.mp4"
  ffmpeg -loglevel error -y -i "$src" -frames:v 1 "$SCRATCH/$name-poster.png"
  to_webp "$SCRATCH/$name-poster.png" "$MEDIA_DIR/$name-poster.webp" "$poster_quality"
}
