/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf_sniff.c: the scans of the start of an input that need no parser
 * (parse_perf.h): whether it is perf script text, and its first event. Built on the line
 * matchers of perf_line.h. */
#include "config.h"

#include "input/parse_perf.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "input/perf_line.h"

bool perf_sniff(const char *buf, size_t len)
{
    size_t pos = 0;
    int state = 0; /* 0: looking for a header, 1: saw a header */
    while (pos < len) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        if (!nl)
            break; /* only complete lines */
        const char *s = buf + pos;
        size_t n = (size_t)(nl - s);
        pos += n + 1;
        if (n && s[n - 1] == '\r')
            n--;
        size_t i = 0;
        while (i < n && perf_is_space(s[i]))
            i++;
        if (i == n || s[0] == '#')
            continue;
        struct perf_header h;
        struct perf_frame f;
        const char *ev, *per;
        size_t evlen, perlen;
        struct perf_oneline one;
        if (state == 0 && perf_match_oneline(s, n, &one))
            return true;   /* perf record without -g */
        if (state == 0) {
            if (i > 0 || !perf_match_header(s, n, &h))
                return false;
            if (perf_match_event(s, n, &ev, &evlen, &per, &perlen))
                return true;
            state = 1;
        } else {
            return perf_match_frame(s, n, &f);
        }
    }
    return false;
}

bool perf_first_event(const char *buf, size_t len, const char **ev, size_t *evlen)
{
    /* parse_perf.c's reading of samples without a call chain, in short: a oneline
     * sample sets the filter when it is flushed (next: another one, a header, the end) */
    bool have_pname = false, pending = false;
    struct perf_oneline one;
    memset(&one, 0, sizeof one);
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - buf) : len;
        const char *s = buf + pos;
        size_t n = end - pos;
        pos = end + 1;
        struct perf_header h;
        struct perf_frame f;
        struct perf_oneline o;
        const char *per;
        size_t perlen;
        if (n == 0) {
            pending = have_pname = false;
            continue;
        }
        if (s[0] == '#')
            continue;
        bool header = perf_match_header(s, n, &h);
        bool isone = perf_match_oneline(s, n, &o);
        if (pending) {
            if (isone || header)
                goto flush;
            if (perf_match_frame(s, n, &f)) {
                pending = false;
                if (one.skip)
                    have_pname = false;
            }
        }
        if (header && perf_match_event(s, n, ev, evlen, &per, &perlen))
            return true;
        if (isone && (header || (!have_pname && perf_is_space(s[0])))) {
            pending = true;
            one = o;
            have_pname = true;
        } else if (header) {
            have_pname = true;
        }
    }
    if (!pending)
        return false;
flush:
    *ev = one.ev;
    *evlen = one.evlen;
    return true;
}
