# frames of a flame graph SVG (flamegraph.pl's or flametui's): one line per frame,
# TITLE|X|Y|WIDTH|FILL|LABEL
/<title>.*<\/title><rect / {
    t = $0; sub(/.*<title>/, "", t); sub(/<\/title>.*/, "", t)
    r = $0; sub(/.*<rect /, "", r)
    x = r; sub(/.* x="/, " ", x); sub(/^ /, "", x); sub(/".*/, "", x)
    if (r ~ /^x="/) { x = r; sub(/^x="/, "", x); sub(/".*/, "", x) }
    y = r; sub(/.* y="/, "", y); sub(/".*/, "", y)
    w = r; sub(/.* width="/, "", w); sub(/".*/, "", w)
    f = r; sub(/.* fill="/, "", f); sub(/".*/, "", f)
    getline l; sub(/^<text[^>]*>/, "", l); sub(/<\/text>.*/, "", l)
    print t "|" x "|" y "|" w "|" f "|" l
}
