#!/usr/bin/env bash
# Link-preview ("Open Graph") images, one per route, and the square logo for JSON-LD.
# Dark palette, the logo's sunrise mark and DejaVu Sans; every text stays in the central square,
# since some previews crop the 1200x630 picture to a square.
source "$(dirname "$0")/lib.sh"

W=1200
H=630
BOLD='DejaVu-Sans-Bold'
BOOK='DejaVu-Sans'
LINE='#34343c'

# mark S X Y — draw arguments for the logo mark (remote-shared/src/ui/logo/logo.tsx, a 40x40 box)
# scaled S times with its box's top left corner at X,Y: a half sun on a horizon of two bars.
mark() {
  awk -v s="$1" -v x="$2" -v y="$3" -v accent="$ACCENT" -v warm="$WARM" 'BEGIN {
    p = "%.2f,%.2f"
    printf "fill %s path '\''M " p " A %.2f,%.2f 0 0,1 " p " Z'\'' ", accent,
      x + 9 * s, y + 24 * s, 11 * s, 11 * s, x + 31 * s, y + 24 * s
    printf "fill %s roundrectangle " p " " p " " p " ", warm,
      x + 4 * s, y + 25.5 * s, x + 36 * s, y + 28.5 * s, 1.5 * s, 1.5 * s
    # The lower bar is WARM at 55% opacity, as in the SVG.
    printf "fill rgba(245,242,235,0.55) roundrectangle " p " " p " " p, x + 9 * s, y + 31 * s,
      x + 31 * s, y + 34 * s, 1.5 * s, 1.5 * s
  }'
}

# The header of every card: the mark and the studio's name, side by side.
convert -size 100x100 xc:none -draw "$(mark 2.5 0 0)" -trim +repage "$SCRATCH/mark.png"
convert -background none "$SCRATCH/mark.png" -size 18x1 xc:none +size \
  \( -font "$BOLD" -pointsize 30 -kerning -0.5 -fill "$WARM" label:'First Day Studio' \) \
  -gravity center +append "$SCRATCH/header.png"

# horizon WIDTH COLOUR FILE — a 4px line WIDTH long in COLOUR, fading out towards both ends.
horizon() {
  convert -size "4x$(($1 / 2))" "gradient:$2-none" -rotate 90 \( +clone -flop \) +append "$3"
}
horizon 1080 "$MUTED" "$SCRATCH/horizon-1.png"
horizon 760 '#5a5853' "$SCRATCH/horizon-2.png"

# The backdrop echoes the mark: a low sun glowing over a horizon of two bars at y=490.
convert -size "${W}x$H" "gradient:$SURFACE-$DARK" \
  \( -size "${W}x$H" xc:none -fill "$ACCENT" -draw "path 'M 280,490 A 320,320 0 0,1 920,490 Z'" \
  -blur 0x70 -channel A -evaluate multiply 0.2 +channel \) -composite \
  -fill 'rgba(255,122,69,0.1)' -draw "path 'M 380,490 A 220,220 0 0,1 820,490 Z'" \
  -fill "$DARK" -draw "rectangle 0,491 $W,$H" \
  "$SCRATCH/horizon-1.png" -gravity north -geometry +0+489 -composite \
  "$SCRATCH/horizon-2.png" -gravity north -geometry +0+513 -composite \
  "$SCRATCH/backdrop.png"

# share NAME HEADLINE_POINTS HEADLINE LINE — a 1200x630 card; \n in HEADLINE breaks the line.
# The words, trimmed to their ink so the gaps are even, are centred on y=302, halfway between the
# header (which ends at y=105) and the horizon.
share() {
  local name="$1" size="$2" headline="$3" line="$4" top
  convert -background none -gravity center \
    \( -font "$BOLD" -pointsize "$size" -kerning -1 -interline-spacing -6 -fill "$WARM" \
    label:"$headline" -trim +repage \) \
    -size 1x36 xc:none -size 56x5 "xc:$ACCENT" -size 1x32 xc:none +size \
    \( -font "$BOOK" -pointsize 30 -fill "$MUTED" label:"$line" -trim +repage \) \
    -append "$SCRATCH/$name-text.png"
  top=$((302 - $(identify -format '%h' "$SCRATCH/$name-text.png") / 2))
  convert "$SCRATCH/backdrop.png" \
    "$SCRATCH/header.png" -gravity north -geometry +0+52 -composite \
    "$SCRATCH/$name-text.png" -gravity north -geometry "+0+$top" -composite \
    \( -font "$BOOK" -pointsize 22 -fill "$ACCENT_SOFT" -background none label:'firstday.studio' \) \
    -gravity south -geometry +0+40 -composite \
    -strip -sampling-factor 4:2:0 -interlace Plane -quality 82 "$MEDIA_DIR/share-$name.jpg"
}
share home 58 'We are a full\nservice Digital\nAgency.' 'Immersive websites and brands.'
share about 88 'About Us' 'Every day is a new beginning.'
share contact 88 'Contact Us' 'Tell us about your project.'
share menu 58 'Our work,\nour story,\nhow to reach us.' 'Find your way around the studio.'

# The square logo (Organization.logo in the JSON-LD): the mark alone, centred on the dark ground.
convert -size 512x512 "xc:$DARK" -draw "$(mark 10 56 21)" \
  -strip -depth 8 -define png:exclude-chunks=date,time "$MEDIA_DIR/logo.png"
