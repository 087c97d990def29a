#!/usr/bin/env bash
# Regenerates every image, video and sound of the site into remote-shared/src/media.
# Needs ffmpeg (libx264, libvpx-vp9, libmp3lame), sox, ImageMagick and cwebp. `npm run media`.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/images.sh"
bash "$here/share-images.sh"
bash "$here/music.sh"
bash "$here/footer-video.sh"
bash "$here/hero-video.sh"
ls -l "$(cd "$here/../.." && pwd)/remote-shared/src/media"
