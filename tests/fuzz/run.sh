#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/fuzz/run.sh [BUILDDIR]: builds the libFuzzer targets with clang
# (-fsanitize=fuzzer,address,undefined) straight from the library sources, replays the
# kept crashers in tests/fuzz/regress/TARGET/, then fuzzes each target for FUZZ_SECONDS
# (default 60; 0 = replay only) from a seed corpus made of tests/data, tests/golden and,
# when present, ../shared/corpus. Exit 0: no finding; 1: a crash, leak, timeout or OOM
# (the reproducer's path is printed); 77: clang or its fuzzer runtime is missing. Prints
# TAP (tests/lib.sh): one result per target's replay and per target's fuzzing.
# Environment: FUZZ_SECONDS, FUZZ_TARGETS (default: all nine), FUZZ_WORKDIR (kept),
# CLANG (default clang).
# To keep a finding: cp REPRODUCER tests/fuzz/regress/TARGET/NAME and fix the bug.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
builddir=${1:-}
CLANG=${CLANG:-clang}
secs=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"fuzz_folded fuzz_perf fuzz_filters fuzz_layout fuzz_svg fuzz_decompress fuzz_pprof fuzz_bpftrace fuzz_remote fuzz_perfdata"}
TAP_SKIP_STATUS=77      # quickstart's tier: 77 is a skip
. "$top/tests/lib.sh"

command -v "$CLANG" >/dev/null 2>&1 || skip_all "$CLANG not found (install clang)"

if [ -n "${FUZZ_WORKDIR:-}" ]; then
    work=$FUZZ_WORKDIR
elif [ -n "$builddir" ]; then
    work=$builddir/tests/fuzz-work
else
    work=$(mktemp -d) || exit 99
fi
mkdir -p "$work/obj" "$work/artifacts" || exit 99

# A fuzzer runtime check: a trivial target must link.
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
    > "$work/probe.c"
if ! "$CLANG" -fsanitize=fuzzer,address,undefined -o "$work/probe" "$work/probe.c" \
        > "$work/probe.log" 2>&1; then
    sed 's/^/# /' "$work/probe.log"
    skip_all "$CLANG cannot link -fsanitize=fuzzer,address,undefined" \
         "(install libclang-rt-dev / compiler-rt)"
fi

# config.h: the configured build's, or a minimal one.
if [ -n "$builddir" ] && [ -f "$builddir/config.h" ]; then
    cmp -s "$builddir/config.h" "$work/config.h" || cp "$builddir/config.h" "$work/config.h"
else
    version=$(sed -n 's/^AC_INIT(\[flametui\], *\[\([^]]*\)\].*/\1/p' "$top/configure.ac")
    printf '#define _GNU_SOURCE 1\n#define PACKAGE_VERSION "%s"\n' "${version:-0}" \
        > "$work/config.h.new"
    cmp -s "$work/config.h.new" "$work/config.h" || mv "$work/config.h.new" "$work/config.h"
fi

pcre_cflags=$(pkg-config --cflags libpcre2-8 2>/dev/null)
pcre_libs=$(pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# the pprof decoder protoc-c generates (src/input/profile.pb-c.[ch]): in the source tree
# (a tarball, an in-tree build), in the build directory, or made here
pb_cflags=$(pkg-config --cflags libprotobuf-c 2>/dev/null)
pb_libs=$(pkg-config --libs libprotobuf-c 2>/dev/null || echo -lprotobuf-c)
curl_cflags=$(pkg-config --cflags libcurl 2>/dev/null)
curl_libs=$(pkg-config --libs libcurl 2>/dev/null || echo -lcurl)
pbdir=
for dir in "$top/src/input" "${builddir:+$builddir/src/input}"; do
    if [ -n "$dir" ] && [ -f "$dir/profile.pb-c.c" ] && [ -f "$dir/remote.pb-c.c" ]; then
        pbdir=$dir; break
    fi
done
if [ -z "$pbdir" ]; then
    command -v protoc-c > /dev/null 2>&1 ||
        skip_all "protoc-c not found (install protobuf-c-compiler)"
    mkdir -p "$work/gen/input"
    protoc-c --proto_path="$top/src/input" --c_out="$work/gen/input" \
        "$top/src/input/profile.proto" "$top/src/input/remote.proto" ||
        { fail "protoc-c"; exit 1; }
    pbdir=$work/gen/input
fi
CFLAGS="-g -O1 -fno-omit-frame-pointer -fno-sanitize-recover=undefined -I$work -I$top/src \
-I$(dirname "$pbdir") $pcre_cflags $pb_cflags $curl_cflags"
SAN=address,undefined,float-cast-overflow

# The library: every .c under src/ but main.c and src/tui/, compiled once (2 jobs at most),
# again when a source, a header or config.h changed.
if [ -f "$work/obj/stamp" ] && [ -n "$(find "$top/src" "$work/config.h" -newer "$work/obj/stamp" \
        -name '*.[ch]' 2>/dev/null | head -1)" ]; then
    rm -f "$work"/obj/*.o
fi
objs=
libsrcs=$(ls "$top"/src/*/*.c | grep -v '/src/tui/')
[ "$pbdir" = "$top/src/input" ] || libsrcs="$libsrcs
$pbdir/profile.pb-c.c
$pbdir/remote.pb-c.c"
for src in $libsrcs; do
    objs="$objs $work/obj/$(basename "$src" .c).o"
done
echo "$libsrcs" |
    xargs -P 2 -I SRC sh -c '
        o="$1/obj/$(basename "$2" .c).o"
        if [ ! -f "$o" ] || [ "$2" -nt "$o" ] || [ "$1/config.h" -nt "$o" ]; then
            $3 $4 -fsanitize=fuzzer-no-link,$5 -c "$2" -o "$o" || exit 255
        fi' sh "$work" SRC "$CLANG" "$CFLAGS" "$SAN" || { fail "library build"; exit 1; }
touch "$work/obj/stamp"

for t in $targets; do
    # shellcheck disable=SC2086
    "$CLANG" $CFLAGS -fsanitize=fuzzer,$SAN -o "$work/$t" "$here/$t.c" $objs $pcre_libs \
        $pb_libs $curl_libs -lz -lzstd -llzma -lbz2 -ldw -lelf -liberty -lm -pthread ||
        { fail "cannot build $t"; exit 1; }
done

# Seed corpora: each input with the header bytes its target expects (see the targets).
seed() {    # seed DIR HEADER(printf format) FILE...
    d=$1; h=$2; shift 2
    for f in "$@"; do
        [ -f "$f" ] || continue
        # shellcheck disable=SC2059
        { printf "$h"; head -c 60000 "$f"; } > "$d/$(basename "$f")-$(echo "$f" | cksum | cut -d' ' -f1)"
    done
}
shared=$top/../shared/corpus
folded="$top/tests/data/*.folded $top/tests/golden/*.folded $top/tests/golden/*/*.folded"
perf="$top/tests/data/*.perf"
if [ -d "$shared" ]; then
    folded="$folded $shared/folded/*"
    perf="$perf $shared/perf/*"
fi
for t in $targets; do
    rm -rf "$work/seed-$t"
    mkdir -p "$work/seed-$t" "$work/corpus-$t"
done
# shellcheck disable=SC2086
{
    case " $targets " in *" fuzz_folded "*)
        seed "$work/seed-fuzz_folded" '\000\061\062' $folded
        seed "$work/seed-fuzz_folded" '\040\061\062' $folded
        seed "$work/seed-fuzz_folded" '\002\000\000' $perf
        for f in $(ls "$top"/tests/data/*.folded "$top"/tests/data/*.perf | sed -n '1p;$p'); do
            { printf '\002\000\000'; gzip -c "$f"; } > "$work/seed-fuzz_folded/gz-$(basename "$f")"
        done ;;
    esac
    case " $targets " in *" fuzz_perf "*)
        seed "$work/seed-fuzz_perf" '\000\004\061\062' $perf ;;
    esac
    case " $targets " in *" fuzz_pprof "*)
        for f in "$top"/tests/data/*.pb.gz; do
            [ -f "$f" ] || continue
            for h in '\000\001\000' '\003\007\001'; do
                # shellcheck disable=SC2059
                { printf "$h"; gzip -dc "$f"; } > "$work/seed-fuzz_pprof/$(basename "$f" .pb.gz)-$(printf "$h" | od -An -tx1 | tr -d ' \n')"
            done
        done ;;
    esac
    case " $targets " in *" fuzz_bpftrace "*)
        seed "$work/seed-fuzz_bpftrace" '\000\001\000' $top/tests/data/*.bt
        seed "$work/seed-fuzz_bpftrace" '\003\011\000' $top/tests/data/bpftrace-maps.bt ;;
    esac
    case " $targets " in *" fuzz_filters "*)
        seed "$work/seed-fuzz_filters" '\044a\nb\n[ac]\n' $folded ;;
    esac
    case " $targets " in *" fuzz_svg "*)
        seed "$work/seed-fuzz_svg" '\000\000\000\000' $folded
        seed "$work/seed-fuzz_svg" '\003\001\000\003' $folded ;;
    esac
    case " $targets " in *" fuzz_decompress "*)
        for f in $(ls "$top"/tests/data/*.folded "$top"/tests/data/*.perf | sed -n '1p;3p;$p'); do
            for c in gzip zstd xz bzip2; do
                command -v $c > /dev/null 2>&1 || continue
                { printf '\001\002'; head -c 20000 "$f" | $c -c; } \
                    > "$work/seed-fuzz_decompress/$c-$(basename "$f")"
                { printf '\003\004'; head -c 3000 "$f" | $c -c; head -c 3000 "$f" | $c -c;
                  printf 'trailing'; } > "$work/seed-fuzz_decompress/$c-two-$(basename "$f")"
            done
        done ;;
    esac
    case " $targets " in *" fuzz_remote "*)   # framed here (bit 0) and raw answers
        for f in "$top"/tests/data/*.pb.gz; do
            { printf '\001'; head -c 3000 "$f"; } > "$work/seed-fuzz_remote/framed-$(basename "$f")"
        done
        printf '\000\000\000\000\000\003abc\200\000\000\000\020grpc-status: 0\r\n' \
            > "$work/seed-fuzz_remote/trailer"
        printf '\000\012\036\012\005total\012\001a\022\006\012\004\000\012\000\000\022\006\012\004\000\012\012\001' \
            > "$work/seed-fuzz_remote/flamegraph" ;;
    esac
    case " $targets " in *" fuzz_perfdata "*)
        cp "$top"/tests/data/*.data "$work/seed-fuzz_perfdata/" 2> /dev/null ;;
    esac
    case " $targets " in *" fuzz_layout "*)
        seed "$work/seed-fuzz_layout" '\117\025\000\040\000\000\001\000\010\002\006\005\014ma\344\015' $folded ;;
    esac
}

ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:allocator_may_return_null=0:${ASAN_OPTIONS:-}"
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS UBSAN_OPTIONS
opts="-max_len=65536 -timeout=10 -rss_limit_mb=2048"

# 1. Regression inputs (every crasher ever found), even with FUZZ_SECONDS=0.
for t in $targets; do
    set -- "$here/regress/$t"/*
    [ -e "$1" ] || continue
    # shellcheck disable=SC2086
    if "$work/$t" $opts -runs=1 "$@" > "$work/$t-regress.log" 2>&1; then
        ok "$t: $# regression inputs"
    else
        fail "$t: a regression input fails (log: $work/$t-regress.log)"
        tail -40 "$work/$t-regress.log"
    fi
done

# 2. Fuzzing.
if [ "$secs" -gt 0 ]; then
    for t in $targets; do
        log=$work/$t.log
        # shellcheck disable=SC2086
        "$work/$t" $opts -max_total_time="$secs" -print_final_stats=1 \
            -artifact_prefix="$work/artifacts/$t-" "$work/corpus-$t" "$work/seed-$t" \
            > "$log" 2>&1
        rc=$?
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        cov=$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1 | sed 's/.*cov: *\([0-9]*\).*ft: *\([0-9]*\).*corp: *\([0-9/a-zA-Z]*\).*/cov \1 ft \2 corpus \3/')
        if [ $rc -eq 0 ]; then
            ok "$t: ${execs:-?} executions in ${secs}s ($cov)"
        else
            repro=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
            fail "$t: exit $rc after ${execs:-?} executions; reproducer: ${repro:-?}"
            diag "log: $log; keep it: cp ${repro:-REPRODUCER} $here/regress/$t/"
            grep -E -A25 '^==[0-9]+==ERROR|runtime error|fuzz: check failed|ERROR: libFuzzer' \
                "$log" | head -40
            fi
    done
fi
finish
