#!/usr/bin/env bash
# The hero's background: slow orange light drifting over the dark canvas, with faint ripples.
# Every term is periodic in LOOP seconds, so the last frame flows into the first (seamless loop).
source "$(dirname "$0")/lib.sh"

LOOP=8
FPS=24
# Rendered small (geq is per-pixel and slow) and scaled up: the art is soft gradients anyway.
GEN=480x270
OUT=960x540

P="(2*PI*T/$LOOP)"
A="exp(-(pow(X-W*(0.62+0.26*sin($P)),2)+pow(Y-H*(0.45+0.2*sin(2*$P)),2))/(2*pow(W*0.17,2)))"
B="exp(-(pow(X-W*(0.3+0.2*cos($P)),2)+pow(Y-H*(0.62+0.18*sin($P+1)),2))/(2*pow(W*0.24,2)))"
RIPPLE="(0.93+0.07*sin(hypot(X-W*0.7,Y-H*0.35)/3.2-2*$P))"

ffmpeg -loglevel error -y -f lavfi \
  -i "color=c=black:s=$GEN:r=$FPS:d=$LOOP,format=gbrp,geq=r='clip((14+190*$A+70*$B)*$RIPPLE,0,255)':g='clip((14+92*$A+62*$B)*$RIPPLE,0,255)':b='clip((16+52*$A+58*$B)*$RIPPLE,0,255)'" \
  -vf "scale=$OUT:flags=bicubic,format=yuv420p" -c:v ffv1 "$SCRATCH/hero.mkv"

# The poster is the LCP image on Home.
encode_loop hero "$LOOP" "$FPS" 42 2 30 55 -profile:v high
