#!/usr/bin/env bash
# An original ambient loop: a soft A-minor pad with a slow tremolo and a few bell notes.
# All pitches are whole hertz and the tremolo period divides LOOP, so the loop is periodic;
# reverb is applied to two periods and the steady-state second period is kept (no seam).
source "$(dirname "$0")/lib.sh"

LOOP=16
R=44100
tone() { sox -n -r $R -c 2 "$SCRATCH/$1.wav" synth $((LOOP * 2)) sine "$2" vol "$3"; }
tone a2 110 0.30
tone e3 165 0.20
tone a3 220 0.16
tone c4 262 0.10
tone e4 330 0.08
sox -m "$SCRATCH"/a2.wav "$SCRATCH"/e3.wav "$SCRATCH"/a3.wav "$SCRATCH"/c4.wav "$SCRATCH"/e4.wav \
  "$SCRATCH/pad.wav" tremolo 0.25 35 lowpass 1800

# Bell notes: short decaying sines placed at fixed times in each period.
bell() { # name freq start
  sox -n -r $R -c 2 "$SCRATCH/$1-n.wav" synth 3 sine "$2" vol 0.12 fade l 0.01 3 2.9
  sox "$SCRATCH/$1-n.wav" "$SCRATCH/$1.wav" pad "$3" "$((LOOP * 2 - 3 - $3))"
}
bell b1 880 1 && bell b2 659 5 && bell b3 784 9 && bell b4 523 13
bell b5 880 17 && bell b6 659 21 && bell b7 784 25 && bell b8 523 29
sox -m "$SCRATCH"/b?.wav "$SCRATCH/bells.wav"

sox -m "$SCRATCH/pad.wav" "$SCRATCH/bells.wav" "$SCRATCH/mix.wav" reverb 60 50 90 gain -n -3
sox "$SCRATCH/mix.wav" "$SCRATCH/loop.wav" trim $LOOP $LOOP
ffmpeg -loglevel error -y -i "$SCRATCH/loop.wav" -c:a libmp3lame -b:a 96k -map_metadata -1 \
  "$MEDIA_DIR/music.mp3"
