#!/usr/bin/env bash
# The band video: warm contour lines flowing sideways, periodic in LOOP seconds (seamless loop).
source "$(dirname "$0")/lib.sh"

LOOP=6
FPS=24
P="(2*PI*T/$LOOP)"
# Contour lines of a slowly travelling wave field; brighter towards the middle of the frame.
L="pow(0.5+0.5*sin(Y/4+3*sin(X/40+$P)+2*cos(X/23-$P)),6)*exp(-pow(Y-H/2,2)/(2*pow(H*0.32,2)))"

ffmpeg -loglevel error -y -f lavfi \
  -i "color=c=black:s=320x180:r=$FPS:d=$LOOP,format=gbrp,geq=r='14+150*$L':g='14+70*$L':b='16+38*$L'" \
  -vf "scale=640x360:flags=bicubic,format=yuv420p" -c:v ffv1 "$SCRATCH/band.mkv"

encode_loop band "$LOOP" "$FPS" 44 3 31 50
