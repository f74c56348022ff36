/* SPDX-License-Identifier: MIT */
/* flametui - http.h: HTTP(S) transfers through libcurl, on a thread of their own, whose
 * bytes arrive on a socket the loader reads like a pipe (loader.h: a live input). The
 * caller never blocks on the network: it polls http_fd(); cancelling (http_cancel, or
 * closing the reading end) stops the transfer at curl's next progress callback.
 * A GET streams the body as it comes; a call with an unwrap function (the Connect and
 * gRPC-web unary calls of remote.h) gets the whole body first (at most HTTP_MAX_BODY),
 * and what unwrap makes of it is what arrives on the socket.
 * Redirects are followed (at most 10). HTTP status >= 400 is an error ("HTTP 404 Not
 * Found: first line of the body"), and so is a gRPC status other than 0 in the headers
 * ("gRPC status 5: message"), and every curl error ("connection refused",
 * "timed out after 30 s"). The request's headers (--header) are sent as given and never
 * appear in a message. TLS certificates are checked unless insecure.
 * Does not do: cookies, authentication schemes other than a header, HTTP/2 settings. */
#ifndef FLAMETUI_HTTP_H
#define FLAMETUI_HTTP_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

#define HTTP_MAX_BODY ((size_t)1 << 30)   /* a unary call's response, before unwrapping */
#define HTTP_TIMEOUT_DEFAULT 30.0

struct http_fetch;

/* How to talk to the server (--header, --timeout, --insecure). headers are "Name: value"
 * strings, borrowed for the transfer's life. timeout: seconds for the connection, and for
 * the body once the server has answered (a CPU profile's recording time comes on top);
 * 0 = HTTP_TIMEOUT_DEFAULT. */
struct http_opts {
    const char *const *headers;
    size_t nheaders;
    double timeout;
    bool insecure;
};

/* Makes the bytes to deliver of a whole response body (a unary call): 0 with out filled
 * in, or -1 with err. */
typedef int (*http_unwrap_fn)(const unsigned char *body, size_t n, struct buf *out,
                              struct ft_error *err);

/* One request. body NULL: a GET; else a POST of body[0..body_len) (copied) with
 * content_type and the extra headers (NULL-terminated "Name: value" list, copied). */
struct http_call {
    const char *url;
    const void *body;
    size_t body_len;
    const char *content_type;
    const char *const *extra;
    http_unwrap_fn unwrap;
    double wait;    /* seconds the server takes before it answers (a CPU profile's
                     * ?seconds=N): added to the timeout, and shown as progress */
    /* asked instead when the server answers 404 or 501 (it does not have the method):
     * its url, body and unwrap; the headers are this call's */
    const struct http_call *fallback;
};

/* True when s starts with http:// or https:// (any case). */
bool http_is_url(const char *s);
/* The N of a pprof endpoint's "seconds=N" query parameter (the CPU profile's recording
 * time), 0 when there is none. */
double http_url_seconds(const char *url);
/* Starts the transfer. NULL with err filled in when it cannot start (no memory for a
 * socket, a thread). */
struct http_fetch *http_start(const struct http_call *c, const struct http_opts *o,
                              struct ft_error *err);
/* The socket to read the body from (non-blocking is the reader's choice); it ends (read
 * returns 0) when the transfer ended, well or not: http_finish says which. */
int http_fd(const struct http_fetch *h);
/* Waits for the transfer's thread to end (after EOF on http_fd it has). 0, or -1 with
 * err ("HTTP 500 Internal Server Error: ...", "connection refused"). */
int http_finish(struct http_fetch *h, struct ft_error *err);
/* Asks the transfer to stop (returns at once); http_finish then reports "cancelled". */
void http_cancel(struct http_fetch *h);
/* What the transfer is doing, for a status line: "recording 10 s ... 4 s left",
 * "connecting", "12.3 MB received". False once the transfer ended. */
bool http_progress(struct http_fetch *h, char *out, size_t n);
/* Cancels, waits for the thread and frees; closes http_fd. NULL is a no-op. */
void http_free(struct http_fetch *h);
/* The same request, synchronously: the body (unwrapped when c->unwrap) into out. For
 * --list. 0, or -1 with err. */
int http_get_all(const struct http_call *c, const struct http_opts *o, struct buf *out,
                 struct ft_error *err);
#endif
