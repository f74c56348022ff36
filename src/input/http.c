/* SPDX-License-Identifier: MIT */
/* flametui - http.c: see http.h. One thread per transfer runs curl_easy_perform; its
 * write callback sends the body into one end of a socket pair (blocking: the reader's
 * pace is the transfer's pace, so memory stays bounded), the loader reads the other end.
 * Shutting the reader's end down makes the blocked send fail, which aborts the transfer;
 * the progress callback checks the cancel flag and the idle timeout. */
#include "config.h"

#include "input/http.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

bool http_is_url(const char *s)
{
    return !strncasecmp(s, "http://", 7) || !strncasecmp(s, "https://", 8);
}

double http_url_seconds(const char *url)
{
    const char *q = strchr(url, '?');
    while (q) {
        q++;
        if (!strncmp(q, "seconds=", 8)) {
            char *end;
            double v = strtod(q + 8, &end);
            return (end != q + 8 && v > 0 && v < 1e6) ? v : 0;
        }
        q = strchr(q, '&');
    }
    return 0;
}

#ifdef HAVE_CURL
#include <curl/curl.h>

struct http_fetch {
    CURL *curl;
    struct curl_slist *hdrs;
    pthread_t thr;
    bool started;
    int fds[2];                 /* [0] the reader's (http_fd), [1] the thread's */
    atomic_int cancel;
    atomic_int ended;
    atomic_llong received;      /* body bytes so far */
    atomic_llong last_ms;       /* the last sign of life (start, a byte) */
    long long start_ms;
    double wait, timeout;
    bool timed_out, too_big, html, send_failed;
    http_unwrap_fn unwrap;
    struct buf body;            /* a unary call's whole body */
    struct buf errbody;         /* the start of an error status's body */
    char reason[64];            /* the last status line's reason phrase */
    int grpc_status;            /* a grpc-status header's, -1 none */
    char grpc_msg[100];         /* a grpc-message header's */
    char *fb_url, *fb_post;     /* the fallback call (http_call.fallback) */
    size_t fb_len;
    http_unwrap_fn fb_unwrap;
    char curlerr[CURL_ERROR_SIZE];
    char *post;
    size_t post_len;
    struct ft_error err;        /* the outcome (line 0, msg "" when fine) */
    int rc;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void global_init(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

/* Sends p[0..n) whole into the socket; false when the reader is gone. */
static bool send_all(struct http_fetch *h, const char *p, size_t n)
{
    while (n) {
        ssize_t w = send(h->fds[1], p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            h->send_failed = true;
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* The status and headers are known: is this body one to read? */
static bool judge_first(struct http_fetch *h, long *status)
{
    curl_easy_getinfo(h->curl, CURLINFO_RESPONSE_CODE, status);
    if (*status >= 400)
        return true;
    curl_off_t len = -1;
    curl_easy_getinfo(h->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &len);
    if (len > (curl_off_t)HTTP_MAX_BODY) {
        h->too_big = true;
        return false;
    }
    const char *ct = NULL;
    curl_easy_getinfo(h->curl, CURLINFO_CONTENT_TYPE, &ct);
    if (ct && !strncasecmp(ct, "text/html", 9)) {
        h->html = true;
        return false;
    }
    return true;
}

static size_t on_write(char *p, size_t size, size_t nmemb, void *arg)
{
    struct http_fetch *h = arg;
    size_t n = size * nmemb;
    long status = 0;
    if (!judge_first(h, &status))
        return 0;
    atomic_store(&h->last_ms, now_ms());
    long long got = atomic_fetch_add(&h->received, (long long)n) + (long long)n;
    if (status >= 400) {   /* the first bytes say why */
        size_t room = h->errbody.len < 200 ? 200 - h->errbody.len : 0;
        buf_append(&h->errbody, p, n < room ? n : room);
        return h->errbody.len < 200 ? n : 0;
    }
    if ((unsigned long long)got > HTTP_MAX_BODY) {
        h->too_big = true;
        return 0;
    }
    if (h->unwrap) {
        buf_append(&h->body, p, n);
        return n;
    }
    return send_all(h, p, n) ? n : 0;
}

/* Copies the value of header line p[0..n) after its k-byte name, printable only. */
static void header_value(const char *p, size_t n, size_t k, char *out, size_t cap)
{
    size_t j = 0;
    for (k += k < n && p[k] == ' '; k < n && j + 1 < cap; k++)
        if (p[k] >= ' ' && p[k] < 127)
            out[j++] = p[k];
    out[j] = '\0';
}

/* Keeps the reason phrase of the last status line ("HTTP/1.1 404 Not Found") and a
 * gRPC status. */
static size_t on_header(char *p, size_t size, size_t nmemb, void *arg)
{
    struct http_fetch *h = arg;
    size_t n = size * nmemb;
    char v[100];
    if (n > 12 && !strncasecmp(p, "grpc-status:", 12)) {
        header_value(p, n, 12, v, sizeof v);
        h->grpc_status = atoi(v);
    } else if (n > 13 && !strncasecmp(p, "grpc-message:", 13)) {
        header_value(p, n, 13, h->grpc_msg, sizeof h->grpc_msg);
    }
    if (n > 9 && !strncmp(p, "HTTP/", 5)) {
        const char *sp = memchr(p, ' ', n);
        const char *r = sp ? memchr(sp + 1, ' ', n - (size_t)(sp + 1 - p)) : NULL;
        size_t k = 0;
        if (r)
            for (r++; r + k < p + n && r[k] >= ' ' && r[k] < 127 && k + 1 < sizeof h->reason;)
                k++;
        if (r)
            memcpy(h->reason, r, k);
        h->reason[k] = '\0';
    }
    return n;
}

static int on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                       curl_off_t ulnow)
{
    (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
    struct http_fetch *h = arg;
    if (atomic_load(&h->cancel))
        return 1;
    double limit = h->timeout + (atomic_load(&h->received) ? 0 : h->wait);
    if ((double)(now_ms() - atomic_load(&h->last_ms)) > limit * 1000) {
        h->timed_out = true;
        return 1;
    }
    return 0;
}

/* The first line of an error body, printable ASCII only. */
static void body_line(const struct buf *b, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < b->len && k + 1 < n; i++) {
        unsigned char c = (unsigned char)b->p[i];
        if (c == '\n' || c == '\r')
            break;
        out[k++] = c >= ' ' && c < 127 ? (char)c : '?';
    }
    out[k] = '\0';
}

/* The outcome of curl_easy_perform (rc) as h->err. */
static void judge(struct http_fetch *h, CURLcode rc)
{
    long status = 0;
    curl_easy_getinfo(h->curl, CURLINFO_RESPONSE_CODE, &status);
    char line[128];
    if (atomic_load(&h->cancel)) {
        ft_error_set(&h->err, 0, "cancelled");
    } else if (h->timed_out) {
        ft_error_set(&h->err, 0, "timed out after %g s without an answer",
                     h->timeout + (atomic_load(&h->received) ? 0 : h->wait));
    } else if (status >= 400) {
        body_line(&h->errbody, line, sizeof line);
        ft_error_set(&h->err, 0, "HTTP %ld%s%s%s%s", status, h->reason[0] ? " " : "",
                     h->reason, line[0] ? ": " : "", line);
    } else if (h->grpc_status > 0) {
        ft_error_set(&h->err, 0, "gRPC status %d%s%s", h->grpc_status,
                     h->grpc_msg[0] ? ": " : "", h->grpc_msg);
    } else if (h->too_big) {
        ft_error_set(&h->err, 0, "the answer is larger than %zu MiB", HTTP_MAX_BODY >> 20);
    } else if (h->html) {
        ft_error_set(&h->err, 0, "the server answered with an HTML page, not a profile");
    } else if (h->send_failed) {
        ft_error_set(&h->err, 0, "cancelled");
    } else if (rc == CURLE_COULDNT_CONNECT) {
        long os = 0;
        curl_easy_getinfo(h->curl, CURLINFO_OS_ERRNO, &os);
        if (os == ECONNREFUSED)
            ft_error_set(&h->err, 0, "connection refused");
        else
            ft_error_set(&h->err, 0, "cannot connect: %s", os ? strerror((int)os) : h->curlerr);
    } else if (rc != CURLE_OK) {
        ft_error_set(&h->err, 0, "%s", h->curlerr[0] ? h->curlerr : curl_easy_strerror(rc));
    } else {
        return;
    }
    h->rc = -1;
}

static void unwrap_body(struct http_fetch *h)
{
    struct buf out = {0};
    if (h->unwrap(h->body.p ? (const unsigned char *)h->body.p : (const unsigned char *)"",
                  h->body.len, &out, &h->err) < 0)
        h->rc = -1;
    else
        send_all(h, out.p ? out.p : "", out.len);
    buf_fini(&out);
    buf_fini(&h->body);
}

/* The server does not have the method: the fallback call, on the same handle. */
static bool take_fallback(struct http_fetch *h)
{
    long status = 0;
    curl_easy_getinfo(h->curl, CURLINFO_RESPONSE_CODE, &status);
    if (!h->fb_url || (status != 404 && status != 501) || atomic_load(&h->cancel))
        return false;
    h->errbody.len = h->body.len = 0;
    h->reason[0] = h->grpc_msg[0] = '\0';
    h->grpc_status = -1;
    atomic_store(&h->received, 0);
    atomic_store(&h->last_ms, now_ms());
    h->unwrap = h->fb_unwrap;
    curl_easy_setopt(h->curl, CURLOPT_URL, h->fb_url);
    curl_easy_setopt(h->curl, CURLOPT_POSTFIELDS, h->fb_post);
    curl_easy_setopt(h->curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)h->fb_len);
    free(h->fb_url);
    h->fb_url = NULL;
    return true;
}

static void *run(void *arg)
{
    struct http_fetch *h = arg;
    CURLcode rc = curl_easy_perform(h->curl);
    if (take_fallback(h))
        rc = curl_easy_perform(h->curl);
    judge(h, rc);
    if (h->rc == 0 && h->unwrap)
        unwrap_body(h);
    shutdown(h->fds[1], SHUT_WR);   /* EOF for the reader */
    atomic_store(&h->ended, 1);
    return NULL;
}

static struct curl_slist *add_header(struct curl_slist *l, const char *s)
{
    struct curl_slist *n = curl_slist_append(l, s);
    if (!n)
        die("out of memory");
    return n;
}

static void setup(struct http_fetch *h, const struct http_call *c, const struct http_opts *o)
{
    CURL *cu = h->curl;
    curl_easy_setopt(cu, CURLOPT_URL, c->url);
    curl_easy_setopt(cu, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(cu, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(cu, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(cu, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(cu, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(cu, CURLOPT_ERRORBUFFER, h->curlerr);
    curl_easy_setopt(cu, CURLOPT_CONNECTTIMEOUT_MS, (long)(h->timeout * 1000));
    curl_easy_setopt(cu, CURLOPT_ACCEPT_ENCODING, "");   /* gzip on the wire if offered */
    curl_easy_setopt(cu, CURLOPT_USERAGENT, "flametui/" PACKAGE_VERSION);
    curl_easy_setopt(cu, CURLOPT_WRITEFUNCTION, on_write);
    curl_easy_setopt(cu, CURLOPT_WRITEDATA, h);
    curl_easy_setopt(cu, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(cu, CURLOPT_HEADERDATA, h);
    curl_easy_setopt(cu, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(cu, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(cu, CURLOPT_XFERINFODATA, h);
    if (o->insecure) {
        curl_easy_setopt(cu, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(cu, CURLOPT_SSL_VERIFYHOST, 0L);
    }
    for (size_t i = 0; i < o->nheaders; i++)
        h->hdrs = add_header(h->hdrs, o->headers[i]);
    if (c->body) {
        char ct[200];
        snprintf(ct, sizeof ct, "Content-Type: %s", c->content_type);
        h->hdrs = add_header(h->hdrs, ct);
        for (const char *const *e = c->extra; e && *e; e++)
            h->hdrs = add_header(h->hdrs, *e);
        h->post = xmalloc(c->body_len ? c->body_len : 1);
        memcpy(h->post, c->body, c->body_len);
        h->post_len = c->body_len;
        curl_easy_setopt(cu, CURLOPT_POSTFIELDS, h->post);
        curl_easy_setopt(cu, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)h->post_len);
    }
    if (h->hdrs)
        curl_easy_setopt(cu, CURLOPT_HTTPHEADER, h->hdrs);
    const struct http_call *fb = c->fallback;
    if (fb && c->body && fb->body) {
        h->fb_url = xstrdup(fb->url);
        h->fb_post = xmalloc(fb->body_len ? fb->body_len : 1);
        memcpy(h->fb_post, fb->body, fb->body_len);
        h->fb_len = fb->body_len;
        h->fb_unwrap = fb->unwrap;
    }
}

struct http_fetch *http_start(const struct http_call *c, const struct http_opts *o,
                              struct ft_error *err)
{
    pthread_once(&init_once, global_init);
    struct http_fetch *h = xcalloc(1, sizeof *h);
    h->fds[0] = h->fds[1] = -1;
    h->timeout = o->timeout > 0 ? o->timeout : HTTP_TIMEOUT_DEFAULT;
    h->wait = c->wait;
    h->unwrap = c->unwrap;
    h->grpc_status = -1;
    h->start_ms = now_ms();
    atomic_store(&h->last_ms, h->start_ms);
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, h->fds) < 0) {
        ft_error_set(err, 0, "cannot make a socket: %s", strerror(errno));
        http_free(h);
        return NULL;
    }
    h->curl = curl_easy_init();
    if (!h->curl) {
        ft_error_set(err, 0, "cannot start libcurl");
        http_free(h);
        return NULL;
    }
    setup(h, c, o);
    if (pthread_create(&h->thr, NULL, run, h) != 0) {
        ft_error_set(err, 0, "cannot start a thread");
        http_free(h);
        return NULL;
    }
    h->started = true;
    return h;
}

int http_fd(const struct http_fetch *h)
{
    return h->fds[0];
}

static void join(struct http_fetch *h)
{
    if (h->started) {
        pthread_join(h->thr, NULL);
        h->started = false;
    }
}

int http_finish(struct http_fetch *h, struct ft_error *err)
{
    join(h);
    if (h->rc < 0 && err)
        *err = h->err;
    return h->rc;
}

void http_cancel(struct http_fetch *h)
{
    atomic_store(&h->cancel, 1);
    if (h->fds[0] >= 0)
        shutdown(h->fds[0], SHUT_RDWR);   /* a blocked send fails now */
}

bool http_progress(struct http_fetch *h, char *out, size_t n)
{
    if (atomic_load(&h->ended))
        return false;
    double el = (double)(now_ms() - h->start_ms) / 1000;
    long long got = atomic_load(&h->received);
    if (got > 0)
        snprintf(out, n, "%.1f MB received", (double)got / 1e6);
    else if (h->wait > 0 && el < h->wait)
        snprintf(out, n, "recording %g s ... %.0f s left", h->wait, ceil(h->wait - el));
    else
        snprintf(out, n, "waiting for the server (%.0f s)", el);
    return true;
}

void http_free(struct http_fetch *h)
{
    if (!h)
        return;
    if (h->started)
        http_cancel(h);
    join(h);
    if (h->curl)
        curl_easy_cleanup(h->curl);
    curl_slist_free_all(h->hdrs);
    for (int i = 0; i < 2; i++)
        if (h->fds[i] >= 0)
            close(h->fds[i]);
    buf_fini(&h->body);
    buf_fini(&h->errbody);
    free(h->post);
    free(h->fb_url);
    free(h->fb_post);
    free(h);
}

int http_get_all(const struct http_call *c, const struct http_opts *o, struct buf *out,
                 struct ft_error *err)
{
    struct http_fetch *h = http_start(c, o, err);
    if (!h)
        return -1;
    char tmp[65536];
    for (;;) {
        ssize_t r = read(h->fds[0], tmp, sizeof tmp);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        buf_append(out, tmp, (size_t)r);
    }
    int rc = http_finish(h, err);
    http_free(h);
    return rc;
}
#else /* !HAVE_CURL: built without libcurl (--without-libcurl, make static) */

#define NO_CURL "this flametui was built without libcurl: no http(s), Pyroscope or Parca inputs"

struct http_fetch {
    int fd;
};

struct http_fetch *http_start(const struct http_call *c, const struct http_opts *o,
                              struct ft_error *err)
{
    (void)c, (void)o;
    ft_error_set(err, 0, NO_CURL);
    return NULL;
}

int http_fd(const struct http_fetch *h)
{
    return h->fd;
}

int http_finish(struct http_fetch *h, struct ft_error *err)
{
    (void)h;
    return ft_error_set(err, 0, NO_CURL);
}

void http_cancel(struct http_fetch *h)
{
    (void)h;
}

bool http_progress(struct http_fetch *h, char *out, size_t n)
{
    (void)h, (void)out, (void)n;
    return false;
}

void http_free(struct http_fetch *h)
{
    free(h);
}

int http_get_all(const struct http_call *c, const struct http_opts *o, struct buf *out,
                 struct ft_error *err)
{
    (void)c, (void)o, (void)out;
    return ft_error_set(err, 0, NO_CURL);
}
#endif
