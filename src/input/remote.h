/* SPDX-License-Identifier: MIT */
/* flametui - remote.h: profiles from the network, for the loader (loader.h opens them as
 * live inputs on http.h's socket): an http(s) URL fetched as it is (a pprof endpoint, a
 * file on a web server), a Grafana Pyroscope query (Connect unary call
 * querier.v1.QuerierService/SelectMergeProfile, application/proto; a server without it:
 * SelectMergeStacktraces' flame graph, turned into folded stacks) and a Parca query
 * (gRPC-web unary call parca.query.v1alpha1.QueryService/Query, MODE_MERGE,
 * REPORT_TYPE_PPROF; the gzipped pprof of the answer). --list prints a server's profile
 * types and labels. The messages are remote.proto's (protoc-c).
 * Times: --since=DURATION (30s, 15m, 2h, 1d, 1w; default 1h) before --until=TIME (now,
 * now-15m, or RFC 3339 2026-11-27T05:00:00Z; default now).
 * Never prints; the caller prints what remote_list returns. */
#ifndef FLAMETUI_REMOTE_H
#define FLAMETUI_REMOTE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"
#include "input/http.h"

struct remote_opts {
    struct http_opts http;  /* --header (repeatable), --timeout, --insecure */
    const char *pyroscope;  /* --pyroscope=URL: the server */
    const char *parca;      /* --parca=URL: the server */
    const char *query;      /* --query: Pyroscope 'TYPE{labels}', Parca its query */
    const char *since;      /* --since=DURATION, NULL: 1h */
    const char *until;      /* --until=TIME, NULL: now */
    bool list;              /* --list */
    double refresh;         /* --refresh=S, 0: off */
};

/* "90s", "15m", "2h", "1d", "1w" (a bare number is seconds): milliseconds > 0 into *ms.
 * 0, or -1 when s is not a duration. */
int remote_parse_duration(const char *s, int64_t *ms);
/* "now", "now-15m" (any duration), or RFC 3339 ("2026-11-27T05:00:00Z", with an optional
 * fraction and a Z or +hh:mm offset) as milliseconds since the epoch; now_ms is "now".
 * 0, or -1. */
int remote_parse_time(const char *s, int64_t now_ms, int64_t *ms);
/* The query's time range: [until - since, until], in milliseconds since the epoch.
 * until_arg, when not NULL, replaces --until (a --base=@TIME). 0, or -1 with err. */
int remote_range(const struct remote_opts *r, const char *until_arg, int64_t *start_ms,
                 int64_t *end_ms, struct ft_error *err);
/* Checks the remote options together (the usage errors): --query needs a server and a
 * server a --query (unless --list), one server at most, times that parse. 0, or -1. */
int remote_check(const struct remote_opts *r, size_t nfiles, struct ft_error *err);
/* True when the loader should open path through remote_open: an http(s) URL, or with
 * --pyroscope/--parca the server's URL or a base "@TIME". */
bool remote_is_input(const char *path, const struct remote_opts *r);
/* Starts fetching path (see remote_is_input); the bytes arrive on http_fd(). NULL with
 * err when it cannot start. */
struct http_fetch *remote_open(const char *path, const struct remote_opts *r,
                               struct ft_error *err);
/* --list: the server's profile types and label names with their values, one per line,
 * appended to out. 0, or -1 with err. */
int remote_list(const struct remote_opts *r, struct buf *out, struct ft_error *err);

/* Framing, public for the tests and the fuzz target. */
/* gRPC-web: the 5-byte frame header (flag 0, big-endian length) and msg into out. */
void remote_grpcweb_frame(const void *msg, size_t n, struct buf *out);
/* The message of a unary gRPC-web answer body p[0..n): its one data frame into
 * *msg and *len (pointing into p), its trailer frame's grpc-status checked. 0, or -1 with
 * err ("gRPC status 5: not found", "truncated gRPC-web frame"). */
int remote_grpcweb_message(const unsigned char *p, size_t n, const unsigned char **msg,
                           size_t *len, struct ft_error *err);
/* Parca's Query answer (gRPC-web body) -> the pprof bytes. */
int remote_parca_unwrap(const unsigned char *body, size_t n, struct buf *out,
                        struct ft_error *err);
/* Pyroscope's SelectMergeStacktraces answer (a flame graph) -> folded stacks. */
int remote_pyro_flamegraph(const unsigned char *body, size_t n, struct buf *out,
                           struct ft_error *err);
#endif
