#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_perf_data_native.sh: the native perf.data reader without perf:
# the committed perf.data opens with perf off PATH (--collapse the same from the flat
# table and from the tree); hostile perf.data files (a truncated
# header, sections and records past the end, a record of size 0, attr counts that
# overflow, ids past the end, a call chain longer than its record, the other byte order,
# a DWARF sample's stack copy or registers past its record)
# give `cannot be read without perf script: WHY` and exit 1 with --no-perf-script, under
# a bounded `ulimit -v`, and go to perf script with a one-line notice otherwise (a fake
# perf here); perf's stderr is kept bounded (first and last 64 KiB), and a missing
# $TMPDIR is named.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="${top_srcdir:-.}/tests/data"
tiny="$d/perf-data-tiny.data"
mkdir "$tmp/bin"   # a PATH with a fake perf, or none
. "${top_srcdir:-.}/tests/cli/perf_hostile_lib.sh"
# ---- the committed perf.data, perf off PATH ----
RUN_PATH="$tmp/bin" run_t 30 --collapse "$tiny"
expect_rc "perf.data without perf installed" 0
[ -s "$tmp/out" ] && ok || fail "perf.data without perf installed: no stacks"
grep -q '^sh;' "$tmp/out" && ok || fail "perf.data without perf: $(head -2 "$tmp/out")"
# the flat table (--collapse's default) and the tree write the same bytes
cp "$tmp/out" "$tmp/flat"
export FLAMETUI_NO_FLAT=1
RUN_PATH="$tmp/bin" run_t 30 --collapse "$tiny"
unset FLAMETUI_NO_FLAT
cmp -s "$tmp/flat" "$tmp/out" && ok || fail "--collapse: the flat table and the tree differ"
# the options that need the tree take it (the same output with FLAMETUI_NO_FLAT)
for o in --reverse --exclude=strlen --include=unknown --collapse-recursion --hide=dash; do
    RUN_PATH="$tmp/bin" run_t 30 --collapse "$o" "$tiny"
    cp "$tmp/out" "$tmp/flat"
    export FLAMETUI_NO_FLAT=1
    RUN_PATH="$tmp/bin" run_t 30 --collapse "$o" "$tiny"
    unset FLAMETUI_NO_FLAT
    [ -s "$tmp/out" ] && cmp -s "$tmp/flat" "$tmp/out" && ok ||
        fail "--collapse $o: not the tree's output ($(head -c 200 "$tmp/flat"))"
done
# ---- hostile files ----
data_off=$(u64 "$tiny" 40)
attrs_off=$(u64 "$tiny" 24)
attr_size=$(u64 "$tiny" 16)
h="$tmp/hostile"; mkdir "$h"
head -c 100 "$tiny" > "$h/header"
cp "$tiny" "$h/data-past-end"; patch "$h/data-past-end" 48 8 $((1 << 40))
cp "$tiny" "$h/record-size-0"; patch "$h/record-size-0" $((data_off + 6)) 2 0
cp "$tiny" "$h/record-past-end"; patch "$h/record-past-end" $((data_off + 6)) 2 65535
cp "$tiny" "$h/attrs-huge"; patch "$h/attrs-huge" 32 8 $((1 << 62))
cp "$tiny" "$h/attr-size-0"; patch "$h/attr-size-0" 16 8 0
cp "$tiny" "$h/ids-past-end"; patch "$h/ids-past-end" $((attrs_off + attr_size - 16)) 8 $((1 << 50))
cp "$tiny" "$h/other-endian"; printf 2ELIFREP | dd of="$h/other-endian" conv=notrunc 2> /dev/null
printf '\0\0\0\0\0\0\0\150' | dd of="$h/other-endian" bs=1 seek=8 conv=notrunc 2> /dev/null
# the first sample's call chain: nr far past the record
callchain_pos "$(u64 "$tiny" $((attrs_off + 24)))"   # $pos
first_sample "$tiny" "$data_off"                      # $off
cp "$tiny" "$h/callchain-past-end"; patch "$h/callchain-past-end" $((off + pos)) 8 $((1 << 40))
for x in header:"truncated perf.data header" data-past-end:"data section lies past" \
    record-size-0:"a record of size 0" record-past-end:"a record of size 65535" \
    attrs-huge:"attrs section is malformed" attr-size-0:"attrs section is malformed" \
    ids-past-end:"ids lie past the end" other-endian:"other byte order" \
    callchain-past-end:"malformed sample at offset $off"; do
    name=${x%%:*}; why=${x#*:}
    hostile_file "$h/$name" "$why"
done
# DWARF call graphs' samples (user registers, a copy of the user stack): a copy past its
# record, a dyn_size past the copy, an unknown register ABI are malformed samples; a
# register mask with every bit set misplaces the rest (refused, or read: never a crash)
dw="$d/perf-data-dwarf.data"
dw_data=$(u64 "$dw" 40); dw_attrs=$(u64 "$dw" 24)
dst=$(u64 "$dw" $((dw_attrs + 24))); mask=$(u64 "$dw" $((dw_attrs + 80)))
[ $(((dst >> 12) & 3)) = 3 ] && [ $(((dst >> 4) & 1)) = 0 ] && [ $(((dst >> 10) & 3)) = 0 ] ||
    fail "perf-data-dwarf.data's sample_type $dst"
dwoff=$dw_data
while [ "$(u32 "$dw" "$dwoff")" != 9 ]; do dwoff=$((dwoff + $(u16 "$dw" $((dwoff + 6))))); done
pos=8
for bit in 16 0 1 2 3 6 9 7 8; do [ $(((dst >> bit) & 1)) = 1 ] && pos=$((pos + 8)); done
abi=$((dwoff + pos + 8 + 8 * $(u64 "$dw" $((dwoff + pos)))))   # after the call chain
nregs=0; b=0
while [ $b -lt 63 ]; do nregs=$((nregs + ((mask >> b) & 1))); b=$((b + 1)); done
stk=$((abi + 8 + 8 * nregs)); ssz=$(u64 "$dw" $stk)
cp "$dw" "$h/stack-past-record"; patch "$h/stack-past-record" $stk 8 $((1 << 40))
cp "$dw" "$h/dyn-size-past-copy"; patch "$h/dyn-size-past-copy" $((stk + 8 + ssz)) 8 $((ssz + 8))
cp "$dw" "$h/regs-abi-unknown"; patch "$h/regs-abi-unknown" $abi 8 7
for name in stack-past-record dyn-size-past-copy regs-abi-unknown; do
    (ulimit -v $vlimit; PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" --collapse --no-perf-script \
        "$h/$name") > "$tmp/out" 2> "$tmp/err"
    rc=$?; err=$(head -c 2000 "$tmp/err")
    expect_rc "$name: --no-perf-script" 1 "^flametui: .*$name: cannot be read without perf script( \\(--no-perf-script\\))?: .*malformed sample at offset $dwoff"
done
cp "$dw" "$h/regs-mask-absurd"; patch "$h/regs-mask-absurd" $((dw_attrs + 80)) 8 -1
(ulimit -v $vlimit; PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" --collapse --no-perf-script \
    "$h/regs-mask-absurd") > "$tmp/out" 2> "$tmp/err"
rc=$?; err=$(head -c 2000 "$tmp/err")
if [ $rc = 0 ] || { [ $rc = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
    grep -q "^flametui: .*regs-mask-absurd: cannot be read without perf script" "$tmp/err"; }
then ok "regs-mask-absurd: exit $rc"; else fail "regs-mask-absurd: exit $rc ($err)"; fi
RUN_PATH="$tmp/bin" run_t 30 --collapse --no-perf-script "$dw"
expect_rc "perf-data-dwarf.data natively" 0
grep -q '^sh;' "$tmp/out" && ok || fail "perf-data-dwarf.data: $(head -2 "$tmp/out")"
# without --no-perf-script they go to perf script (a fake one), saying why in one line
cat > "$tmp/bin/perf" <<EOF
#!/bin/sh
echo ran > "$tmp/perf.ran"
case "\${FAKEPERF:-ok}" in
ok) cat "$d/perf-data-tiny.perf" ;;
noisy) echo "first complaint" >&2; i=0
    while [ \$i -lt 60000 ]; do echo "warning: line \$i of perf's complaints" >&2; i=\$((i+1)); done
    echo "the last word" >&2; exit 3 ;;
hang) i=0; while [ \$i -lt 60000 ]; do echo "warning: line \$i of perf's complaints" >&2; i=\$((i+1)); done
    echo done > "$tmp/perf.done"; exec sleep 60 ;;
esac
EOF
chmod +x "$tmp/bin/perf"
RUN_PATH="$tmp/bin:$PATH" run_t 20 --collapse "$h/record-size-0"
expect_rc "record-size-0: through perf script" 0 \
    "^flametui: .*record-size-0: read through perf script: a record of size 0 at offset $data_off$"
[ -f "$tmp/perf.ran" ] && ok || fail "record-size-0: perf script was not run"
rm -f "$tmp/perf.ran"
RUN_PATH="$tmp/bin:$PATH" run_t 20 --collapse "$tiny"
expect_rc "tiny: native, no notice" 0
[ -s "$tmp/err" ] && fail "tiny: stderr [$err]" || ok
[ -f "$tmp/perf.ran" ] && fail "tiny: perf script was run" || ok
# --perf-args needs perf script; --srcline does not, on either format
RUN_PATH="$tmp/bin:$PATH" run_t 20 --collapse --perf-args=-v "$tiny"
expect_rc "--perf-args: through perf script" 0 "read through perf script: --perf-args given$"
RUN_PATH="$tmp/bin" run_t 20 --collapse --no-perf-script --srcline "$tiny"
expect_rc "--srcline natively" 0
RUN_PATH="$tmp/bin" run_t 20 --collapse --no-perf-script --srcline "$d/perf-pipe-tiny.data"
expect_rc "--srcline on perf's pipe format natively" 0
# ---- perf's stderr: its first and last lines kept, at most 2 x 64 KiB of it ----
# (--perf-args: perf script whatever the reader could do, here and in older flametuis)
FAKEPERF=noisy RUN_PATH="$tmp/bin:$PATH" run_t 60 --collapse --perf-args=-v "$tiny"
expect_rc "noisy perf: its first line" 1 "^flametui: .*: perf: first complaint$"
expect_rc "noisy perf: its last line" 1 "^flametui: .*: perf: the last word$"
rm -f "$tmp/perf.done"
FAKEPERF=hang PATH="$tmp/bin:$PATH" "$TIMEOUT" 60 "$F" --collapse --perf-args=-v "$tiny" \
    > /dev/null 2>&1 &
ft=$!
i=0
while [ ! -f "$tmp/perf.done" ] && [ $i -lt 500 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
size=""
for p in $(pgrep -P "$ft") "$ft"; do   # timeout's child: flametui
    for fd in /proc/"$p"/fd/*; do
        case $(readlink "$fd" 2> /dev/null) in
        *flametui-perf*) size=$(stat -L -c %s "$fd") ;;
        esac
    done
done
kill "$ft" 2> /dev/null; wait "$ft" 2> /dev/null
if [ -n "$size" ] && [ "$size" -le 131072 ] && [ "$size" -ge 65536 ]; then
    ok "perf's 2.4 MB of stderr kept as $size bytes"
else fail "perf's stderr kept: [$size] bytes (want 64 to 128 KiB)"; fi
# ---- a missing $TMPDIR is named ----
TMPDIR="$tmp/no/such/dir" RUN_PATH="$tmp/bin:$PATH" run_t 20 --collapse --perf-args=-v "$tiny"
expect_rc "missing TMPDIR" 1 "cannot create a temporary file in \\\$TMPDIR \\($tmp/no/such/dir\\): No such file or directory"
finish
