/* SPDX-License-Identifier: MIT */
/* flametui - remote.c: see remote.h. The requests are packed with protoc-c's code for
 * remote.proto; the answers are unwrapped on http.c's thread (http_call.unwrap). */
#include "config.h"

#include "input/remote.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/remote.pb-c.h"

#define PYRO_SVC "/querier.v1.QuerierService/"
#define PARCA_SVC "/parca.query.v1alpha1.QueryService/"
#define DEFAULT_SINCE_MS (3600 * (int64_t)1000)

static const char *const connect_hdrs[] = {"Connect-Protocol-Version: 1",
                                           "Accept: application/proto", NULL};
static const char *const grpcweb_hdrs[] = {"X-Grpc-Web: 1", "Accept: application/grpc-web+proto",
                                           NULL};

/* --- times --------------------------------------------------------------------------- */

int remote_parse_duration(const char *s, int64_t *ms)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s))
        return -1;
    double v = strtod(s, &end);
    double unit = 1;
    if (*end) {
        switch (*end++) {
        case 's': unit = 1; break;
        case 'm': unit = 60; break;
        case 'h': unit = 3600; break;
        case 'd': unit = 86400; break;
        case 'w': unit = 7 * 86400; break;
        default: return -1;
        }
    }
    double r = v * unit * 1000;
    if (*end || !(r >= 1) || r > 1e14)
        return -1;
    *ms = (int64_t)r;
    return 0;
}

/* "2026-11-27T05:00:00[.123][Z|+01:00]" into milliseconds since the epoch. */
static int parse_rfc3339(const char *s, int64_t *ms)
{
    struct tm tm = {0};
    const char *p = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
    if (!p)
        return -1;
    int64_t frac = 0;
    if (*p == '.') {
        int d = 0;
        for (p++; isdigit((unsigned char)*p); p++, d++)
            if (d < 3)
                frac = frac * 10 + (*p - '0');
        for (; d < 3; d++)
            frac *= 10;
    }
    int64_t off = 0;
    if (*p == '+' || *p == '-') {
        int hh, mm;
        char sign = *p;
        if (sscanf(p + 1, "%2d:%2d", &hh, &mm) != 2 || strlen(p) != 6)
            return -1;
        off = (hh * 3600 + mm * 60) * (sign == '+' ? 1 : -1);
        p += 6;
    } else if (*p == 'Z' || *p == 'z') {
        p++;
    } else {
        return -1;
    }
    if (*p)
        return -1;
    *ms = ((int64_t)timegm(&tm) - off) * 1000 + frac;
    return 0;
}

int remote_parse_time(const char *s, int64_t now_ms, int64_t *ms)
{
    if (!strcmp(s, "now")) {
        *ms = now_ms;
        return 0;
    }
    if (!strncmp(s, "now-", 4)) {
        int64_t d;
        if (remote_parse_duration(s + 4, &d))
            return -1;
        *ms = now_ms - d;
        return 0;
    }
    return parse_rfc3339(s, ms);
}

static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int remote_range(const struct remote_opts *r, const char *until_arg, int64_t *start_ms,
                 int64_t *end_ms, struct ft_error *err)
{
    int64_t since = DEFAULT_SINCE_MS;
    const char *until = until_arg ? until_arg : r->until ? r->until : "now";
    if (r->since && remote_parse_duration(r->since, &since))
        return ft_error_set(err, 0, "invalid --since '%s' (a duration: 30m, 2h, 1d)", r->since);
    if (remote_parse_time(until, wall_ms(), end_ms))
        return ft_error_set(err, 0, "invalid time '%s' (now, now-15m or RFC 3339)", until);
    *start_ms = *end_ms - since;
    return 0;
}

int remote_check(const struct remote_opts *r, size_t nfiles, struct ft_error *err)
{
    int64_t a, b;
    const char *server = r->pyroscope ? "--pyroscope" : "--parca";
    if (r->pyroscope && r->parca)
        return ft_error_set(err, 0, "--pyroscope and --parca cannot be combined");
    bool remote = r->pyroscope || r->parca;
    if (!remote && (r->query || r->list || r->since || r->until))
        return ft_error_set(err, 0, "--%s needs --pyroscope=URL or --parca=URL",
                            r->query ? "query" : r->list ? "list" : r->since ? "since" : "until");
    if (remote && !http_is_url(r->pyroscope ? r->pyroscope : r->parca))
        return ft_error_set(err, 0, "%s needs an http:// or https:// URL", server);
    if (remote && !r->list && !r->query)
        return ft_error_set(err, 0, "%s needs --query (or --list)", server);
    if (remote && nfiles)
        return ft_error_set(err, 0, "%s reads no FILE", server);
    if (remote && remote_range(r, NULL, &a, &b, err))
        return -1;
    return 0;
}

/* --- requests ------------------------------------------------------------------------ */

bool remote_is_input(const char *path, const struct remote_opts *r)
{
    if (http_is_url(path))
        return true;
    return path[0] == '@' && r && (r->pyroscope || r->parca);
}

/* server (without a trailing '/') + suffix, into b. */
static const char *join(struct buf *b, const char *server, const char *suffix)
{
    size_t n = strlen(server);
    while (n && server[n - 1] == '/')
        n--;
    b->len = 0;
    buf_printf(b, "%.*s%s", (int)n, server, suffix);
    buf_putc(b, '\0');
    return b->p;
}

/* TYPE{labels} -> TYPE and {labels} (a query without labels selects all: "{}"). */
static void split_query(const char *q, char **type, const char **sel)
{
    const char *brace = strchr(q, '{');
    size_t n = brace ? (size_t)(brace - q) : strlen(q);
    *type = xmalloc(n + 1);
    memcpy(*type, q, n);
    (*type)[n] = '\0';
    *sel = brace ? brace : "{}";
}

static void pack_msg(const ProtobufCMessage *m, struct buf *out)
{
    size_t n = protobuf_c_message_get_packed_size(m);
    buf_reserve(out, n);
    protobuf_c_message_pack(m, (uint8_t *)out->p + out->len);
    out->len += n;
}

static int pyro_profile_unwrap(const unsigned char *body, size_t n, struct buf *out,
                               struct ft_error *err)
{
    (void)err;
    buf_append(out, body, n);   /* a google.v1.Profile: the pprof decoder's */
    return 0;
}

static struct http_fetch *open_pyroscope(const struct remote_opts *r, int64_t s, int64_t e,
                                         struct ft_error *err)
{
    char *type;
    const char *sel;
    split_query(r->query, &type, &sel);
    Flametui__Remote__PyroSelectMergeProfileRequest q;
    flametui__remote__pyro_select_merge_profile_request__init(&q);
    Flametui__Remote__PyroSelectMergeStacktracesRequest q2;
    flametui__remote__pyro_select_merge_stacktraces_request__init(&q2);
    q.profile_typeid = q2.profile_typeid = type;
    q.label_selector = q2.label_selector = (char *)(uintptr_t)sel;
    q.start = q2.start = s;
    q.end = q2.end = e;
    q.has_start = q.has_end = q2.has_start = q2.has_end = q2.has_format = true;
    q2.format = 1;   /* PROFILE_FORMAT_FLAMEGRAPH */
    struct buf b1 = {0}, b2 = {0}, u1 = {0}, u2 = {0};
    pack_msg(&q.base, &b1);
    pack_msg(&q2.base, &b2);
    struct http_call fb = {
        .url = join(&u2, r->pyroscope, PYRO_SVC "SelectMergeStacktraces"),
        .body = b2.p, .body_len = b2.len, .unwrap = remote_pyro_flamegraph,
    };
    struct http_call c = {
        .url = join(&u1, r->pyroscope, PYRO_SVC "SelectMergeProfile"),
        .body = b1.p, .body_len = b1.len, .content_type = "application/proto",
        .extra = connect_hdrs, .unwrap = pyro_profile_unwrap, .fallback = &fb,
    };
    struct http_fetch *h = http_start(&c, &r->http, err);
    buf_fini(&b1);
    buf_fini(&b2);
    buf_fini(&u1);
    buf_fini(&u2);
    free(type);
    return h;
}

static Flametui__Remote__ParcaTimestamp stamp(int64_t ms)
{
    Flametui__Remote__ParcaTimestamp t;
    flametui__remote__parca_timestamp__init(&t);
    t.seconds = ms / 1000;
    t.nanos = (int32_t)(ms % 1000) * 1000000;
    t.has_seconds = t.has_nanos = true;
    return t;
}

/* m packed into a gRPC-web frame. */
static void grpcweb_body(const ProtobufCMessage *m, struct buf *out)
{
    struct buf b = {0};
    pack_msg(m, &b);
    remote_grpcweb_frame(b.p ? b.p : "", b.len, out);
    buf_fini(&b);
}

static struct http_fetch *open_parca(const struct remote_opts *r, int64_t s, int64_t e,
                                     struct ft_error *err)
{
    Flametui__Remote__ParcaTimestamp ts = stamp(s), te = stamp(e);
    Flametui__Remote__ParcaMergeProfile mp;
    flametui__remote__parca_merge_profile__init(&mp);
    mp.query = (char *)(uintptr_t)r->query;
    mp.start = &ts;
    mp.end = &te;
    Flametui__Remote__ParcaQueryRequest q;
    flametui__remote__parca_query_request__init(&q);
    q.mode = 2;          /* MODE_MERGE */
    q.merge = &mp;
    q.report_type = 1;   /* REPORT_TYPE_PPROF */
    q.has_mode = q.has_report_type = true;
    struct buf body = {0}, url = {0};
    grpcweb_body(&q.base, &body);
    struct http_call c = {
        .url = join(&url, r->parca, PARCA_SVC "Query"), .body = body.p,
        .body_len = body.len, .content_type = "application/grpc-web+proto",
        .extra = grpcweb_hdrs, .unwrap = remote_parca_unwrap,
    };
    struct http_fetch *h = http_start(&c, &r->http, err);
    buf_fini(&body);
    buf_fini(&url);
    return h;
}

struct http_fetch *remote_open(const char *path, const struct remote_opts *r,
                               struct ft_error *err)
{
    static const struct remote_opts none;
    if (!r)
        r = &none;
    bool server = (r->pyroscope && !strcmp(path, r->pyroscope)) ||
                  (r->parca && !strcmp(path, r->parca)) || path[0] == '@';
    if (!server || !r->query) {
        struct http_call c = {.url = path, .wait = http_url_seconds(path)};
        return http_start(&c, &r->http, err);
    }
    int64_t s, e;
    if (remote_range(r, path[0] == '@' ? path + 1 : NULL, &s, &e, err))
        return NULL;
    return r->pyroscope ? open_pyroscope(r, s, e, err) : open_parca(r, s, e, err);
}

/* --- framing and answers ------------------------------------------------------------- */

void remote_grpcweb_frame(const void *msg, size_t n, struct buf *out)
{
    unsigned char h[5] = {0, (unsigned char)(n >> 24), (unsigned char)(n >> 16),
                          (unsigned char)(n >> 8), (unsigned char)n};
    buf_append(out, h, 5);
    buf_append(out, msg, n);
}

/* A trailer frame's text: "grpc-status: N\r\ngrpc-message: M\r\n". */
static int trailer(const unsigned char *p, size_t n, struct ft_error *err)
{
    int status = -1;
    char msg[100] = "";
    for (size_t i = 0; i < n;) {
        const unsigned char *nl = memchr(p + i, '\n', n - i);
        size_t len = nl ? (size_t)(nl - (p + i)) : n - i;
        const char *l = (const char *)p + i;
        if (len > 12 && !strncasecmp(l, "grpc-status:", 12)) {
            status = 0;
            for (size_t k = 12; k < len; k++)
                if (isdigit((unsigned char)l[k]) && status < 1000)
                    status = status * 10 + (l[k] - '0');
        } else if (len > 13 && !strncasecmp(l, "grpc-message:", 13)) {
            size_t j = 0;
            for (size_t k = 13 + (l[13] == ' '); k < len && j + 1 < sizeof msg; k++)
                if (l[k] >= ' ' && l[k] < 127)
                    msg[j++] = l[k];
            msg[j] = '\0';
        }
        i += len + 1;
    }
    if (status > 0)
        return ft_error_set(err, 0, "gRPC status %d%s%s", status, msg[0] ? ": " : "", msg);
    return status < 0 ? ft_error_set(err, 0, "gRPC-web trailer without grpc-status") : 0;
}

int remote_grpcweb_message(const unsigned char *p, size_t n, const unsigned char **msg,
                           size_t *len, struct ft_error *err)
{
    bool have = false, trailed = false;
    for (size_t i = 0; i < n;) {
        if (n - i < 5)
            return ft_error_set(err, 0, "truncated gRPC-web frame");
        uint32_t fl = (uint32_t)p[i + 1] << 24 | (uint32_t)p[i + 2] << 16 |
                      (uint32_t)p[i + 3] << 8 | p[i + 4];
        unsigned char flag = p[i];
        i += 5;
        if (fl > n - i)
            return ft_error_set(err, 0, "truncated gRPC-web frame");
        if (flag & 0x80) {
            if (trailer(p + i, fl, err) < 0)
                return -1;
            trailed = true;
        } else if (flag & 1) {
            return ft_error_set(err, 0, "compressed gRPC-web frames are not supported");
        } else if (!have) {
            *msg = p + i;
            *len = fl;
            have = true;
        } else {
            return ft_error_set(err, 0, "more than one message in a unary gRPC-web answer");
        }
        i += fl;
    }
    if (!have)
        return ft_error_set(err, 0, trailed ? "gRPC-web answer without a message"
                                            : "empty gRPC-web answer");
    return 0;
}

int remote_parca_unwrap(const unsigned char *body, size_t n, struct buf *out,
                        struct ft_error *err)
{
    const unsigned char *m;
    size_t len;
    if (remote_grpcweb_message(body, n, &m, &len, err) < 0)
        return -1;
    Flametui__Remote__ParcaQueryResponse *r =
        flametui__remote__parca_query_response__unpack(NULL, len, m);
    if (!r)
        return ft_error_set(err, 0, "not a Parca QueryResponse");
    int rc = 0;
    if (!r->has_pprof || !r->pprof.len)
        rc = ft_error_set(err, 0, "the Parca answer holds no pprof profile");
    else
        buf_append(out, r->pprof.data, r->pprof.len);
    flametui__remote__parca_query_response__free_unpacked(r, NULL);
    return rc;
}

/* One node of a Pyroscope flame graph level: [x, x+total), its parent's index in the
 * level above. */
struct fnode {
    int64_t x, end;
    int64_t self;
    size_t name, parent;
};

/* Writes the stack of node k of level lv: the names from level 1 down. */
static void put_stack(struct fnode *const *lvls, size_t lv, size_t k, char *const *names,
                      struct buf *out)
{
    if (lv > 1)
        put_stack(lvls, lv - 1, lvls[lv][k].parent, names, out);
    if (lv > 1)
        buf_putc(out, ';');
    const char *s = names[lvls[lv][k].name];
    for (; s && *s; s++)
        buf_putc(out, *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* The nodes of level lv from its values; false when they do not fit the level above. */
static bool level_nodes(const Flametui__Remote__PyroLevel *L, struct fnode *const *lvls,
                        const size_t *cnt, size_t lv, size_t nnames, struct fnode *out)
{
    int64_t x = 0;
    size_t par = 0;
    for (size_t j = 0; j < cnt[lv]; j++) {
        const int64_t *v = L->values + 4 * j;
        if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[2] > v[1] || v[3] < 0 ||
            (uint64_t)v[3] >= nnames || x > INT64_MAX / 4 - v[0] - v[1])
            return false;
        x += v[0];
        out[j] = (struct fnode){x, x + v[1], v[2], (size_t)v[3], 0};
        x += v[1];
        if (lv == 0)
            continue;
        while (par < cnt[lv - 1] && lvls[lv - 1][par].end <= out[j].x)
            par++;
        if (par == cnt[lv - 1] || lvls[lv - 1][par].x > out[j].x ||
            out[j].end > lvls[lv - 1][par].end)
            return false;
        out[j].parent = par;
    }
    return true;
}

int remote_pyro_flamegraph(const unsigned char *body, size_t n, struct buf *out,
                           struct ft_error *err)
{
    Flametui__Remote__PyroSelectMergeStacktracesResponse *r =
        flametui__remote__pyro_select_merge_stacktraces_response__unpack(NULL, n, body);
    if (!r)
        return ft_error_set(err, 0, "not a Pyroscope SelectMergeStacktracesResponse");
    const Flametui__Remote__PyroFlameGraph *fg = r->flamegraph;
    size_t nl = fg ? fg->n_levels : 0;
    struct fnode **lvls = xcalloc(nl ? nl : 1, sizeof *lvls);
    size_t *cnt = xcalloc(nl ? nl : 1, sizeof *cnt);
    int rc = 0;
    for (size_t lv = 0; lv < nl && rc == 0; lv++) {
        const Flametui__Remote__PyroLevel *L = fg->levels[lv];
        cnt[lv] = L->n_values / 4;
        lvls[lv] = xcalloc(cnt[lv] ? cnt[lv] : 1, sizeof **lvls);
        if (L->n_values % 4 || !level_nodes(L, lvls, cnt, lv, fg->n_names, lvls[lv]))
            rc = ft_error_set(err, 0, "malformed Pyroscope flame graph (level %zu)", lv);
        for (size_t k = 0; rc == 0 && lv > 0 && k < cnt[lv]; k++) {
            if (!lvls[lv][k].self)
                continue;
            put_stack(lvls, lv, k, fg->names, out);
            buf_printf(out, " %lld\n", (long long)lvls[lv][k].self);
            if (out->len > HTTP_MAX_BODY)
                rc = ft_error_set(err, 0, "the flame graph makes more than 1 GiB of stacks");
        }
    }
    for (size_t lv = 0; lv < nl; lv++)
        free(lvls[lv]);
    free(lvls);
    free(cnt);
    flametui__remote__pyro_select_merge_stacktraces_response__free_unpacked(r, NULL);
    return rc;
}

/* --- --list -------------------------------------------------------------------------- */

/* One unary call: request m to server + path, the answer's message into out. */
static int call(const struct remote_opts *r, const char *method, const ProtobufCMessage *m,
                struct buf *out, struct ft_error *err)
{
    struct buf body = {0}, url = {0}, raw = {0};
    const char *server = r->pyroscope ? r->pyroscope : r->parca;
    struct http_call c = {.extra = r->pyroscope ? connect_hdrs : grpcweb_hdrs};
    if (r->pyroscope) {
        pack_msg(m, &body);
        c.url = join(&url, server, method);
        c.content_type = "application/proto";
    } else {
        grpcweb_body(m, &body);
        c.url = join(&url, server, method);
        c.content_type = "application/grpc-web+proto";
    }
    c.body = body.p ? body.p : "";
    c.body_len = body.len;
    int rc = http_get_all(&c, &r->http, &raw, err);
    const unsigned char *msg = (const unsigned char *)(raw.p ? raw.p : "");
    size_t len = raw.len;
    if (rc == 0 && r->parca)
        rc = remote_grpcweb_message(msg, raw.len, &msg, &len, err);
    if (rc == 0)
        buf_append(out, msg, len);
    buf_fini(&body);
    buf_fini(&url);
    buf_fini(&raw);
    return rc;
}

static void put_name(struct buf *out, const char *s)
{
    for (; s && *s; s++)
        buf_putc(out, (unsigned char)*s >= ' ' && *s != 127 ? *s : '?');
}

static int list_pyroscope(const struct remote_opts *r, int64_t s, int64_t e, struct buf *out,
                          struct ft_error *err)
{
    struct buf a = {0};
    Flametui__Remote__PyroProfileTypesRequest tq;
    flametui__remote__pyro_profile_types_request__init(&tq);
    tq.start = s;
    tq.end = e;
    tq.has_start = tq.has_end = true;
    if (call(r, PYRO_SVC "ProfileTypes", &tq.base, &a, err) < 0)
        return buf_fini(&a), -1;
    Flametui__Remote__PyroProfileTypesResponse *tr =
        flametui__remote__pyro_profile_types_response__unpack(NULL, a.len, (uint8_t *)a.p);
    if (!tr)
        return buf_fini(&a), ft_error_set(err, 0, "not a ProfileTypesResponse");
    buf_printf(out, "profile types:\n");
    for (size_t i = 0; i < tr->n_profile_types; i++) {
        buf_printf(out, "  ");
        put_name(out, tr->profile_types[i]->id);
        buf_putc(out, '\n');
    }
    flametui__remote__pyro_profile_types_response__free_unpacked(tr, NULL);
    a.len = 0;
    Flametui__Remote__PyroLabelNamesRequest nq;
    flametui__remote__pyro_label_names_request__init(&nq);
    nq.start = s;
    nq.end = e;
    nq.has_start = nq.has_end = true;
    int rc = call(r, PYRO_SVC "LabelNames", &nq.base, &a, err);
    Flametui__Remote__PyroNamesResponse *names =
        rc ? NULL : flametui__remote__pyro_names_response__unpack(NULL, a.len, (uint8_t *)a.p);
    if (!rc && !names)
        rc = ft_error_set(err, 0, "not a LabelNamesResponse");
    if (names)
        buf_printf(out, "labels:\n");
    for (size_t i = 0; names && rc == 0 && i < names->n_names; i++) {
        Flametui__Remote__PyroLabelValuesRequest vq;
        flametui__remote__pyro_label_values_request__init(&vq);
        vq.name = names->names[i];
        vq.start = s;
        vq.end = e;
        vq.has_start = vq.has_end = true;
        a.len = 0;
        rc = call(r, PYRO_SVC "LabelValues", &vq.base, &a, err);
        Flametui__Remote__PyroNamesResponse *vals =
            rc ? NULL : flametui__remote__pyro_names_response__unpack(NULL, a.len, (uint8_t *)a.p);
        if (!rc && !vals)
            rc = ft_error_set(err, 0, "not a LabelValuesResponse");
        buf_printf(out, "  ");
        put_name(out, names->names[i]);
        buf_printf(out, ":");
        for (size_t k = 0; vals && k < vals->n_names; k++) {
            buf_printf(out, "%s", k ? ", " : " ");
            put_name(out, vals->names[k]);
        }
        buf_putc(out, '\n');
        if (vals)
            flametui__remote__pyro_names_response__free_unpacked(vals, NULL);
    }
    if (names)
        flametui__remote__pyro_names_response__free_unpacked(names, NULL);
    buf_fini(&a);
    return rc;
}

static int list_parca(const struct remote_opts *r, int64_t s, int64_t e, struct buf *out,
                      struct ft_error *err)
{
    struct buf a = {0};
    Flametui__Remote__ParcaTimestamp ts = stamp(s), te = stamp(e);
    Flametui__Remote__ParcaLabelsRequest empty;
    flametui__remote__parca_labels_request__init(&empty);
    if (call(r, PARCA_SVC "ProfileTypes", &empty.base, &a, err) < 0)   /* an empty message */
        return buf_fini(&a), -1;
    Flametui__Remote__ParcaProfileTypesResponse *tr =
        flametui__remote__parca_profile_types_response__unpack(NULL, a.len, (uint8_t *)a.p);
    if (!tr)
        return buf_fini(&a), ft_error_set(err, 0, "not a ProfileTypesResponse");
    buf_printf(out, "profile types:\n");
    for (size_t i = 0; i < tr->n_types; i++) {
        const Flametui__Remote__ParcaProfileType *t = tr->types[i];
        const char *const parts[] = {t->name, t->sample_type, t->sample_unit, t->period_type,
                                     t->period_unit};
        buf_printf(out, " ");
        for (size_t k = 0; k < 5; k++) {
            buf_putc(out, k ? ':' : ' ');
            put_name(out, parts[k]);
        }
        buf_printf(out, "%s\n", t->delta ? ":delta" : "");
    }
    flametui__remote__parca_profile_types_response__free_unpacked(tr, NULL);
    Flametui__Remote__ParcaLabelsRequest lq;
    flametui__remote__parca_labels_request__init(&lq);
    lq.start = &ts;
    lq.end = &te;
    a.len = 0;
    int rc = call(r, PARCA_SVC "Labels", &lq.base, &a, err);
    Flametui__Remote__ParcaLabelsResponse *names =
        rc ? NULL : flametui__remote__parca_labels_response__unpack(NULL, a.len, (uint8_t *)a.p);
    if (!rc && !names)
        rc = ft_error_set(err, 0, "not a LabelsResponse");
    if (names)
        buf_printf(out, "labels:\n");
    for (size_t i = 0; names && rc == 0 && i < names->n_label_names; i++) {
        Flametui__Remote__ParcaValuesRequest vq;
        flametui__remote__parca_values_request__init(&vq);
        vq.label_name = names->label_names[i];
        vq.start = &ts;
        vq.end = &te;
        a.len = 0;
        rc = call(r, PARCA_SVC "Values", &vq.base, &a, err);
        Flametui__Remote__ParcaValuesResponse *vals =
            rc ? NULL : flametui__remote__parca_values_response__unpack(NULL, a.len, (uint8_t *)a.p);
        if (!rc && !vals)
            rc = ft_error_set(err, 0, "not a ValuesResponse");
        buf_printf(out, "  ");
        put_name(out, names->label_names[i]);
        buf_printf(out, ":");
        for (size_t k = 0; vals && k < vals->n_label_values; k++) {
            buf_printf(out, "%s", k ? ", " : " ");
            put_name(out, vals->label_values[k]);
        }
        buf_putc(out, '\n');
        if (vals)
            flametui__remote__parca_values_response__free_unpacked(vals, NULL);
    }
    if (names)
        flametui__remote__parca_labels_response__free_unpacked(names, NULL);
    buf_fini(&a);
    return rc;
}

int remote_list(const struct remote_opts *r, struct buf *out, struct ft_error *err)
{
    int64_t s, e;
    if (remote_range(r, NULL, &s, &e, err))
        return -1;
    return r->pyroscope ? list_pyroscope(r, s, e, out, err) : list_parca(r, s, e, out, err);
}
