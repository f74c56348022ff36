#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""flametui - tests/bench/live_latency.py: key-to-screen latency while a pipe feeds data.

usage: live_latency.py FLAMETUI FILE [SECONDS]
Runs `cat FILE | FLAMETUI -` on a 200x60 pseudo-terminal, presses `?` (help) every
0.25 s and measures the time until the help text reaches the terminal, then closes it
again. Prints the key latency (p50/p99/max over the presses made while data was still
flowing), the ingest rate (FILE size / time until EOF shows) and the time to the first
drawn frame. A benchmark, not a test: numbers depend on the machine.
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


def main():
    ft, data = sys.argv[1], sys.argv[2]
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    size = os.path.getsize(data)
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execvp("sh", ["sh", "-c", 'cat "$1" | "$0" -', ft, data])
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
        if eof_at is not None and len(lat_all) >= 5 and pressed_at is None:
            break
    os.write(fd, b"q")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass

    def pct(v, p):
        v = sorted(v)
        return v[min(len(v) - 1, int(len(v) * p / 100))] if v else float("nan")

    print("first frame with samples: %s" % ("%.0f ms" % (first_frame * 1e3) if first_frame else "not seen"))
    if eof_at:
        print("ingest: %.1f MB in %.2f s = %.0f MB/s (until EOF is on screen)"
              % (size / 1e6, eof_at, size / 1e6 / eof_at))
    else:
        print("ingest: no EOF within %.0f s" % limit)
    print("key latency while data flows: n=%d p50 %.1f ms p99 %.1f ms max %.1f ms"
          % (len(lat_live), pct(lat_live, 50), pct(lat_live, 99),
             max(lat_live) if lat_live else float("nan")))
    print("key latency, all presses:     n=%d p50 %.1f ms p99 %.1f ms"
          % (len(lat_all), pct(lat_all, 50), pct(lat_all, 99)))


if __name__ == "__main__":
    main()
