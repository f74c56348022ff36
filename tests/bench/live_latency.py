#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""flametui - tests/bench/live_latency.py: key-to-screen latency while a pipe feeds data.

usage: live_latency.py FLAMETUI FILE [SECONDS]
Run 1: `cat FILE | FLAMETUI -` on a 200x60 pseudo-terminal: the ingest rate (FILE size /
time until EOF shows) and the time to the first drawn frame.
Run 2: the file fed again and again (`while cat FILE; do :; done | FLAMETUI -`), so data
never stops flowing, while `?` (help) is pressed every 0.25 s and the time until the help
text reaches the terminal is measured, then the help closed again; it goes on until 100
presses were measured (or SECONDS passed). A p99 is printed only behind at least 100
samples. A benchmark, not a test: numbers depend on the machine.
"""
import fcntl
import os
import re
import pty
import select
import struct
import sys
import termios
import time


MIN_PRESSES = 100


def run(ft, data, limit, loop):
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        feed = 'while cat "$1"; do :; done' if loop else 'cat "$1"'
        os.execvp("sh", ["sh", "-c", feed + ' | "$0" -', ft, data])
    out = b""
    first_frame = eof_at = None
    lat_live, lat_all = [], []
    pressed_at = None
    help_open = False
    next_press = start + 0.3
    while time.monotonic() - start < limit:
        now = time.monotonic()
        if pressed_at is None and now >= next_press:
            os.write(fd, b"?")
            pressed_at, mark = now, len(out)
        r, _, _ = select.select([fd], [], [], 0.005)
        if r:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            now = time.monotonic()
            if first_frame is None and re.search(rb"[1-9][0-9]* samples", out):
                first_frame = now - start
            if eof_at is None and b"EOF" in out[-4096:]:
                eof_at = now - start
            if pressed_at is not None:
                seen = (b"Zoom into" in out[mark:]) if not help_open else len(out) > mark
                if seen:
                    if not help_open:
                        lat_all.append((now - pressed_at) * 1e3)
                        if eof_at is None:
                            lat_live.append(lat_all[-1])
                    help_open = not help_open
                    pressed_at = None
                    next_press = now + (0.05 if help_open else 0.25)
            if len(out) > (1 << 22):
                # keep the last MiB; the mark moves with it, so out[mark:] never reaches
                # back before the key press (an old help screen would match "Zoom into")
                drop = len(out) - (1 << 20)
                out = out[drop:]
                mark = max(0, mark - drop)
        if not loop and eof_at is not None:
            break
        if loop and len(lat_live) >= MIN_PRESSES and pressed_at is None:
            break
    os.write(fd, b"Q")  # Q: q only closes the help screen
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return first_frame, eof_at, lat_live


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p / 100))] if v else float("nan")


def main():
    ft, data = sys.argv[1], sys.argv[2]
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    size = os.path.getsize(data)
    first_frame, eof_at, _ = run(ft, data, limit, False)
    _, _, lat_live = run(ft, data, limit, True)
    print("first frame with samples: %s" % ("%.0f ms" % (first_frame * 1e3) if first_frame else "not seen"))
    if eof_at:
        print("ingest: %.1f MB in %.2f s = %.0f MB/s (until EOF is on screen)"
              % (size / 1e6, eof_at, size / 1e6 / eof_at))
    else:
        print("ingest: no EOF within %.0f s" % limit)
    p99 = ("p99 %.1f ms" % pct(lat_live, 99)) if len(lat_live) >= MIN_PRESSES else \
        "p99 not reported (fewer than %d presses)" % MIN_PRESSES
    print("key latency while data flows: n=%d p50 %.1f ms %s max %.1f ms"
          % (len(lat_live), pct(lat_live, 50), p99, max(lat_live) if lat_live else float("nan")))


if __name__ == "__main__":
    main()
