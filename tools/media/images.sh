#!/usr/bin/env bash
# Still images: stylised team portraits, portfolio art, service icons and a decorative image.
# Flat geometric shapes in the site's palette, drawn with ImageMagick and encoded to WebP.
source "$(dirname "$0")/lib.sh"

# portrait NAME SHIRT SKIN HAIR HAIR_STYLE — a bust on a dark backdrop with an accent halo.
portrait() {
  local name="$1" shirt="$2" skin="$3" hair="$4" style="$5" hairdraw
  case "$style" in
    bun) hairdraw="circle 240,150 240,100 ellipse 240,235 112,70 180,360" ;;
    short) hairdraw="ellipse 240,225 118,78 180,360 rectangle 124,220 140,290 rectangle 340,220 356,290" ;;
    long) hairdraw="ellipse 240,235 122,86 180,360 rectangle 118,235 162,420 rectangle 318,235 362,420" ;;
    curly) hairdraw="circle 180,210 180,160 circle 240,180 240,125 circle 300,210 300,160 circle 150,260 150,225 circle 330,260 330,225" ;;
  esac
  convert -size 480x600 "gradient:$RAISED-$DARK" \
    -fill "$ACCENT" -draw "circle 240,300 240,90" \
    -fill "$DARK" -draw "circle 240,300 240,104" \
    -fill "$shirt" -draw "ellipse 240,620 190,170 180,360" \
    -fill "$skin" -draw "roundrectangle 205,360 275,470 30,30" \
    -fill "$skin" -draw "ellipse 240,290 100,122 0,360" \
    -fill "$hair" -draw "$hairdraw" \
    -fill "$DARK" -draw "circle 205,300 205,309 circle 275,300 275,309" \
    -stroke "$DARK" -strokewidth 6 -fill none -draw "arc 212,325 268,365 20,160" \
    "$SCRATCH/$name.png"
  to_webp "$SCRATCH/$name.png" "$MEDIA_DIR/team-$name.webp" 70
}
portrait creative "$ACCENT" '#e9c9a8' "$DARK" bun
portrait developer "$MUTED" '#c99a76' '#2b2b33' short
portrait artist '#ff9466' '#f1d4b8' "$ACCENT" long
portrait seo "$WARM" '#a87556' '#1a1a1f' curly

# work NAME DRAW — an 800x600 piece of project art over a dark gradient.
work() {
  convert -size 800x600 "gradient:$SURFACE-$DARK" "${@:2}" "$SCRATCH/$1.png"
  to_webp "$SCRATCH/$1.png" "$MEDIA_DIR/work-$1.webp" 70
}
# Chingari ("spark"): a burst of rays around a glowing core.
rays=()
for i in $(seq 0 15); do
  a=$(awk -v i="$i" 'BEGIN { printf "%.3f", i * 3.14159 / 8 }')
  x1=$(awk -v a="$a" 'BEGIN { printf "%d", 400 + 90 * cos(a) }')
  y1=$(awk -v a="$a" 'BEGIN { printf "%d", 300 + 90 * sin(a) }')
  r=$((i % 2 == 0 ? 250 : 170))
  x2=$(awk -v a="$a" -v r="$r" 'BEGIN { printf "%d", 400 + r * cos(a) }')
  y2=$(awk -v a="$a" -v r="$r" 'BEGIN { printf "%d", 300 + r * sin(a) }')
  rays+=(-draw "line $x1,$y1 $x2,$y2")
done
work chingari -stroke "$ACCENT" -strokewidth 10 "${rays[@]}" -stroke none \
  -fill "$ACCENT_SOFT" -draw "circle 400,300 400,240" -fill "$WARM" -draw "circle 400,300 400,270"
# Camplain: a tent under a moon, between two ridges.
work camplain -fill "$WARM" -draw "circle 600,150 600,100" -fill "$SURFACE" -draw "circle 625,135 625,95" \
  -fill "$RAISED" -draw "polygon 0,600 0,380 220,230 430,420 600,300 800,420 800,600" \
  -fill "$ACCENT" -draw "polygon 270,520 400,330 530,520" -fill "$DARK" -draw "polygon 370,520 400,420 430,520" \
  -fill "$MUTED" -draw "rectangle 0,520 800,530"
# Panda Awakening: a geometric panda face opening its eyes at sunrise.
work panda -fill "$ACCENT" -draw "circle 400,640 400,330" \
  -fill "$DARK" -draw "circle 275,170 275,115 circle 525,170 525,115" \
  -fill "$WARM" -draw "ellipse 400,320 185,165 0,360" \
  -fill "$DARK" -draw "ellipse 325,310 45,58 0,360 ellipse 475,310 45,58 0,360 ellipse 400,385 28,18 0,360" \
  -fill "$WARM" -draw "circle 335,300 335,286 circle 465,300 465,286"

# service NAME DRAW — a 320x320 icon-like illustration.
service() {
  convert -size 320x320 "xc:$SURFACE" -fill none -stroke "$ACCENT" -strokewidth 14 "${@:2}" \
    "$SCRATCH/$1.png"
  to_webp "$SCRATCH/$1.png" "$MEDIA_DIR/service-$1.webp" 72
}
service development -draw "polyline 120,100 60,160 120,220" -draw "polyline 200,100 260,160 200,220" \
  -stroke "$WARM" -draw "line 180,80 140,240"
service design -stroke "$WARM" -draw "rectangle 60,60 260,260" -stroke "$ACCENT" -draw "circle 160,160 160,95" \
  -draw "line 60,260 260,60"
service seo -draw "circle 140,140 140,70" -stroke "$WARM" -strokewidth 22 -draw "line 195,195 265,265"
service growth -stroke "$WARM" -draw "polyline 50,250 120,180 170,210 270,90" -stroke "$ACCENT" \
  -draw "polyline 220,90 270,90 270,140"

# The decorative image beside the About Us block: stacked arcs, like a sunrise on a first day.
convert -size 720x720 "xc:$DARK" -fill none \
  -stroke "$RAISED" -strokewidth 28 -draw "arc 60,60 660,660 180,360" \
  -stroke "$MUTED" -strokewidth 28 -draw "arc 140,140 580,580 180,360" \
  -stroke "$ACCENT_SOFT" -strokewidth 28 -draw "arc 220,220 500,500 180,360" \
  -stroke none -fill "$ACCENT" -draw "circle 360,360 360,290" \
  -fill "$DARK" -draw "rectangle 0,361 720,720" \
  -fill "$WARM" -draw "rectangle 60,420 660,432 rectangle 140,480 580,492 rectangle 220,540 500,552" \
  "$SCRATCH/decor.png"
to_webp "$SCRATCH/decor.png" "$MEDIA_DIR/decor.webp" 72
