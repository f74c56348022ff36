#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""flametui - tests/bench/key_latency.py: key-to-screen time of full-repaint keys.

usage: key_latency.py FLAMETUI FILE [PRESSES]
Opens FILE (a finished profile, not a pipe) in a 200x60 pseudo-terminal, waits until it is
loaded and the output is quiet, then presses `i` (flame / icicle) and `o` (name / weight
order) in turn, PRESSES times (default 200, at least 100 so that a p99 means something).
For each press: the time from writing the key until the last byte of the redraw arrived
(the output is considered finished after 40 ms of silence, which is not counted). Then,
where strace is installed, a second short run under strace counts the write() calls that
reach the terminal per key (over SSH every write is a packet; writes into flametui's
frame memfd, which tui_refresh sends with one write, are not counted).
A benchmark, not a test: numbers depend on the machine.
"""
import fcntl
import os
import pty
import re
import shutil
import select
import struct
import sys
import termios
import time

QUIET = 0.040


def drain(fd, quiet):
    """Reads until quiet seconds pass without output; returns (bytes, time of last byte)."""
    got, last = 0, None
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return got, last
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            return got, last
        if not chunk:
            return got, last
        got += len(chunk)
        last = time.monotonic()


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p / 100))] if v else float("nan")


def session(argv, presses):
    """Runs argv on a 200x60 pty, presses i and o in turn; returns (latencies, bytes)."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    # loaded: the output has been quiet for a second (LOADING redraws stop at the end)
    drain(fd, 1.0)
    lat, sizes = [], []
    for i in range(presses):
        t0 = time.monotonic()
        os.write(fd, b"i" if i % 2 == 0 else b"o")
        n, last = drain(fd, QUIET)
        if last is None:
            continue
        lat.append((last - t0) * 1e3)
        sizes.append(n)
    os.write(fd, b"Q")
    drain(fd, 0.2)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return lat, sizes


def tty_writes(log):
    """Counts, per key read from the terminal, the write()s that went to the terminal."""
    memfd, on_mem, per_key, cur, keys = set(), set(), [], 0, 0
    for line in open(log, errors="replace"):
        m = re.search(r'memfd_create\("flametui-frame".*= (\d+)', line)
        if m:
            memfd.add(int(m.group(1)))
            continue
        m = re.search(r'dup[23]\((\d+), (\d+)', line)
        if m:
            (on_mem.add if int(m.group(1)) in memfd else on_mem.discard)(int(m.group(2)))
            continue
        m = re.search(r'read\(\d+, "[io]", 1\)', line)
        if m:
            if keys:
                per_key.append(cur)
            keys, cur = keys + 1, 0
            continue
        m = re.search(r'^\d+\s+write\((\d+),', line)
        if m and keys and int(m.group(1)) not in on_mem and int(m.group(1)) not in memfd \
                and int(m.group(1)) != 2:
            cur += 1
    return per_key


def main():
    ft, data = sys.argv[1], sys.argv[2]
    presses = max(100, int(sys.argv[3]) if len(sys.argv) > 3 else 200)
    lat, sizes = session([ft, data], presses)
    print("full-repaint keys (i, o) on %s, 200x60: n=%d p50 %.2f ms p99 %.2f ms max %.2f ms; "
          "%.0f bytes per frame"
          % (os.path.basename(data), len(lat), pct(lat, 50), pct(lat, 99),
             max(lat) if lat else float("nan"), sum(sizes) / len(sizes) if sizes else 0))
    if shutil.which("strace"):
        log = "/tmp/flametui-key-latency.%d.strace" % os.getpid()
        session(["strace", "-f", "-o", log, "-e", "trace=write,dup2,dup3,read,memfd_create",
                 ft, data], 20)
        w = tty_writes(log)
        os.unlink(log)
        print("write() calls to the terminal per key: p50 %d max %d (%d keys, under strace)"
              % (pct(w, 50), max(w) if w else -1, len(w)))


if __name__ == "__main__":
    main()
