#!/usr/bin/env bash
# Regenerates every image, video, sound and font of the site into remote-shared/src/media.
# Needs ffmpeg (libx264, libvpx-vp9, libmp3lame), sox, ImageMagick, cwebp and the DejaVu Sans
# fonts. `npm run media`.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/images.sh"
bash "$here/share-images.sh"
bash "$here/music.sh"
bash "$here/footer-video.sh"
bash "$here/hero-video.sh"
node "$here/font.mjs"
ls -l "$(cd "$here/../.." && pwd)/remote-shared/src/media" "$(cd "$here/../.." && pwd)/remote-shared/src/media/fonts"
