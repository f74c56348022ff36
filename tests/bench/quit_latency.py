#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""flametui - tests/bench/quit_latency.py: q-to-exit time while an endless stream flows.

usage: quit_latency.py [-v] [-n PRESSES] [-k KINDS] FLAMETUI [OTHER_FLAMETUI ...]
A generator process writes an endless folded stream into `FLAMETUI -` on a 200x60
pseudo-terminal: `stacks` (a fixed pool of names, every line a new stack: the trie
grows by a node or more a line) or `names` (every line a new name: the name table and the
trie grow). Once samples are on the screen, the viewer runs for a random 0.2-4 s (so
that q lands at every size and during every growth step of the tables), then `q` is
written and two times are taken: until the terminal is given back (the escape that
leaves the alternate screen reaches the pty) and until the process has exited (waitpid).
PRESSES runs (default 100) per binary and kind; the binaries take turns, run by run, so
they see the same load. Prints p50, p99 and max of both, the load average before and
after, and the worst runs (with how long they ran). A benchmark, not a test.
"""
import fcntl
import os
import pty
import random
import select
import struct
import subprocess
import sys
import termios
import time

LEAVE_ALT = b"\x1b[?1049l"
BLOCK = 4096
VERBOSE = False


def gen(kind, seed):
    """The endless stream on stdout (until the reader goes away)."""
    out = sys.stdout.buffer
    i = seed << 40
    pool = ["f%02x_%s" % (k, "x" * (k % 23)) for k in range(256)]
    try:
        while True:
            if kind == "stacks":
                lines = ["main;%s;%s;%s;%s 1\n" % (pool[(j >> 24) & 255], pool[(j >> 16) & 255],
                                                   pool[(j >> 8) & 255], pool[j & 255])
                         for j in range(i, i + BLOCK)]
            else:
                lines = ["main;run;fn_%x_%d 1\n" % (j, j & 7) for j in range(i, i + BLOCK)]
            out.write("".join(lines).encode())
            i += BLOCK
    except (BrokenPipeError, OSError):
        os._exit(0)


def one_run(ft, kind, dwell, seed):
    """Returns (ms to screen restored, ms to exit) or None (the reason on stderr with -v)."""
    g = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--gen", kind, str(seed)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    pid, fd = pty.fork()
    if pid == 0:
        os.dup2(g.stdout.fileno(), 0)
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.environ.pop("FLAMETUI_OPTS", None)
        os.execvp(ft, [ft, "-"])
    g.stdout.close()
    child = pid
    out = b""
    start = time.monotonic()
    shown = None
    q_at = screen = ended = None
    while True:
        now = time.monotonic()
        if q_at is None and shown is not None and now - shown >= dwell:
            os.write(fd, b"q")
            q_at, mark = time.monotonic(), len(out)
        if q_at is None and now - start > 30:
            break
        if q_at is not None and now - q_at > 30:
            break
        r, _, _ = select.select([fd], [], [], 0.001)
        if r:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                chunk = b""
            if chunk:
                out += chunk
                now = time.monotonic()
                if shown is None and b" samples" in out:
                    shown = now
                if q_at is not None and screen is None and LEAVE_ALT in out[max(0, mark - 8):]:
                    screen = now
                if len(out) > (1 << 22) and q_at is None:
                    out = out[-(1 << 16):]
        if q_at is not None:
            p, _ = os.waitpid(pid, os.WNOHANG)
            if p:
                ended = time.monotonic()
                pid = 0
                break
    if pid:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    g.kill()
    g.wait()
    os.close(fd)
    if ended is None:
        if VERBOSE:
            print("run pid %d: %s" % (child, "no samples on the screen within 30 s" if q_at is None
                                      else "no exit within 30 s of q"), file=sys.stderr)
        return None
    if VERBOSE:
        print("run pid %d q at %.6f: screen %.1f ms, exit %.1f ms" % (
            child, q_at, ((screen or ended) - q_at) * 1e3, (ended - q_at) * 1e3), file=sys.stderr)
    return ((screen or ended) - q_at) * 1e3, (ended - q_at) * 1e3


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p / 100))] if v else float("nan")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--gen":
        gen(sys.argv[2], int(sys.argv[3]))
    args = sys.argv[1:]
    presses, kinds = 100, ["stacks", "names"]
    while args and args[0].startswith("-"):
        if args[0] == "-n":
            presses = int(args[1])
        elif args[0] == "-k":
            kinds = args[1].split(",")
        elif args[0] == "-v":   # each run on stderr: pid, q's CLOCK_MONOTONIC time, times
            global VERBOSE
            VERBOSE = True
            args = args[1:]
            continue
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    rnd = random.Random(7)
    load0 = os.getloadavg()
    res = {(ft, k): [] for ft in args for k in kinds}
    failed = {(ft, k): 0 for ft in args for k in kinds}
    for r in range(presses):
        for k in kinds:
            dwell = rnd.uniform(0.2, 4.0)
            for ft in args:
                x = one_run(ft, k, dwell, r)
                if x is None:
                    failed[(ft, k)] += 1
                else:
                    res[(ft, k)].append(x + (dwell,))
    load1 = os.getloadavg()
    print("load average before %.2f %.2f %.2f, after %.2f %.2f %.2f; %d cores"
          % (load0 + load1 + (os.cpu_count(),)))
    print("%-28s %-7s %4s | %-26s | %-26s" % ("binary", "stream", "n", "q -> screen restored (ms)",
                                             "q -> exit (ms)"))
    print("%-28s %-7s %4s | %8s %8s %8s | %8s %8s %8s" % ("", "", "", "p50", "p99", "max",
                                                         "p50", "p99", "max"))
    for k in kinds:
        for ft in args:
            v = res[(ft, k)]
            sc, ex = [x[0] for x in v], [x[1] for x in v]
            print("%-28s %-7s %4d | %8.1f %8.1f %8.1f | %8.1f %8.1f %8.1f%s"
                  % (ft[-28:], k, len(v), pct(sc, 50), pct(sc, 99), max(sc, default=0),
                     pct(ex, 50), pct(ex, 99), max(ex, default=0),
                     "  (%d runs failed)" % failed[(ft, k)] if failed[(ft, k)] else ""))
            worst = sorted(v, key=lambda x: -x[1])[:3]
            print("    worst exits: " + ", ".join("%.0f ms after %.1f s" % (x[1], x[2])
                                                  for x in worst))


if __name__ == "__main__":
    main()
