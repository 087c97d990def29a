#!/usr/bin/env bash
# The hero's background: slow orange light drifting over the dark canvas, with faint ripples.
# Every term is periodic in LOOP seconds, so the last frame flows into the first (seamless loop).
source "$(dirname "$0")/lib.sh"

LOOP=8
FPS=24
# Encoded as drawn, small, and scaled up by the browser: the art is soft gradients, so a larger
# frame only adds bytes. 224x126 is also under the area of Home's headline on a phone (about
# 35,000 CSS px), and a picture or video shown larger than its own size counts for the largest
# contentful paint at its own size: the headline, not this decoration, is the hero's content.
SIZE=224x126

P="(2*PI*T/$LOOP)"
A="exp(-(pow(X-W*(0.62+0.26*sin($P)),2)+pow(Y-H*(0.45+0.2*sin(2*$P)),2))/(2*pow(W*0.17,2)))"
B="exp(-(pow(X-W*(0.3+0.2*cos($P)),2)+pow(Y-H*(0.62+0.18*sin($P+1)),2))/(2*pow(W*0.24,2)))"
# The ripples keep their spacing relative to the frame (every 2*PI*3.2 px at 480 px wide).
RIPPLE="(0.93+0.07*sin(hypot(X-W*0.7,Y-H*0.35)/(3.2*W/480)-2*$P))"

ffmpeg -loglevel error -y -f lavfi \
  -i "color=c=black:s=$SIZE:r=$FPS:d=$LOOP,format=gbrp,geq=r='clip((14+190*$A+70*$B)*$RIPPLE,0,255)':g='clip((14+92*$A+62*$B)*$RIPPLE,0,255)':b='clip((16+52*$A+58*$B)*$RIPPLE,0,255)'" \
  -vf "format=yuv420p" -c:v ffv1 "$SCRATCH/hero.mkv"

# The poster is the first picture of Home's first screen.
encode_loop hero "$LOOP" "$FPS" 42 2 30 55 -profile:v high
