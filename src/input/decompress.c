/* SPDX-License-Identifier: MIT */
/* flametui - decompress.c: see decompress.h. One small adapter per library; the member
 * bookkeeping (what follows the end of a member) is shared. */
#include "config.h"

#include "input/decompress.h"

#include <bzlib.h>
#include <limits.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#define IN_CHUNK (4u << 20)   /* the compressed-input buffer (grows only for a push) */
#define IN_MIN_ROOM 4096u

struct decomp {
    enum decomp_kind kind;
    union {
        z_stream z;
        lzma_stream x;
        bz_stream b;
    } u;
    ZSTD_DStream *zs;
    bool inited;            /* u holds a live stream (z, x, b) */
    unsigned char *in;      /* [pos, len) compressed bytes not decoded yet */
    size_t pos, len, cap;
    bool end;               /* a member ended; what follows is not judged yet */
    bool zeros;             /* zeros followed the last member */
    bool wait;              /* the pending bytes cannot be judged: more input first */
    bool more;              /* the last step filled its output: more may be held */
    bool fresh;             /* a zstd frame starts: its first call gets one byte */
};

static const unsigned char GZ_MAGIC[] = {0x1f, 0x8b};
static const unsigned char ZSTD_MAGIC[] = {0x28, 0xb5, 0x2f, 0xfd};
static const unsigned char XZ_MAGIC[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
static const unsigned char BZ_MAGIC[] = {'B', 'Z', 'h'};

/* How many of p[0..n) agree with the start of kind's magic; *full: the whole magic. */
static size_t magic_match(enum decomp_kind kind, const unsigned char *p, size_t n, bool *full)
{
    const unsigned char *m = NULL;
    size_t ml = 0;
    switch (kind) {
    case DECOMP_GZIP: m = GZ_MAGIC, ml = sizeof GZ_MAGIC; break;
    case DECOMP_XZ: m = XZ_MAGIC, ml = sizeof XZ_MAGIC; break;
    case DECOMP_BZIP2: m = BZ_MAGIC, ml = 4; break;   /* "BZh" + a block size 1-9 */
    case DECOMP_ZSTD: ml = 4; break;                  /* a frame or a skippable frame */
    case DECOMP_NONE: break;
    }
    size_t k = 0;
    for (; k < ml && k < n; k++) {
        bool ok;
        if (kind == DECOMP_ZSTD)
            ok = p[k] == ZSTD_MAGIC[k] || (k == 0 ? (p[0] & 0xf0) == 0x50 :
                                           k == 1 ? p[1] == 0x2a : k == 2 ? p[2] == 0x4d :
                                           p[3] == 0x18);
        else if (kind == DECOMP_BZIP2 && k == 3)
            ok = p[3] >= '1' && p[3] <= '9';
        else
            ok = p[k] == m[k];
        if (!ok)
            break;
    }
    if (kind == DECOMP_ZSTD && k == 4) {   /* not a mix of the two magics */
        bool frame = !memcmp(p, ZSTD_MAGIC, 4);
        bool skip = (p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d && p[3] == 0x18;
        if (!frame && !skip)
            k = 0;
    }
    *full = ml && k == ml;
    return k;
}

bool decomp_sniff(const void *p, size_t n, bool eof, enum decomp_kind *kind)
{
    static const enum decomp_kind kinds[] = {DECOMP_GZIP, DECOMP_ZSTD, DECOMP_XZ, DECOMP_BZIP2};
    bool partial = false;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        bool full;
        size_t k = magic_match(kinds[i], p, n, &full);
        if (full) {
            *kind = kinds[i];
            return true;
        }
        if (k == n)
            partial = true;   /* all we have agrees: wait for more */
    }
    if (partial && !eof && n < DECOMP_MAGIC_MAX)
        return false;
    *kind = DECOMP_NONE;
    return true;
}

const char *decomp_name(enum decomp_kind kind)
{
    switch (kind) {
    case DECOMP_GZIP: return "gzip";
    case DECOMP_ZSTD: return "zstd";
    case DECOMP_XZ: return "xz";
    case DECOMP_BZIP2: return "bzip2";
    case DECOMP_NONE: break;
    }
    return "";
}

enum decomp_kind decomp_kind(const struct decomp *d)
{
    return d->kind;
}

static void lib_end(struct decomp *d)
{
    if (!d->inited)
        return;
    switch (d->kind) {
    case DECOMP_GZIP: inflateEnd(&d->u.z); break;
    case DECOMP_XZ: lzma_end(&d->u.x); break;
    case DECOMP_BZIP2: BZ2_bzDecompressEnd(&d->u.b); break;
    case DECOMP_ZSTD:
    case DECOMP_NONE: break;
    }
    d->inited = false;
}

/* (Re)starts the library's stream for a new member. 0 or -1 with err. */
static int lib_start(struct decomp *d, struct ft_error *err)
{
    lib_end(d);
    memset(&d->u, 0, sizeof d->u);
    int ok;
    switch (d->kind) {
    case DECOMP_GZIP:
        ok = inflateInit2(&d->u.z, 16 + MAX_WBITS) == Z_OK;
        break;
    case DECOMP_XZ: {
        lzma_stream init = LZMA_STREAM_INIT;
        d->u.x = init;
        ok = lzma_stream_decoder(&d->u.x, DECOMP_XZ_MEMLIMIT, 0) == LZMA_OK;
        break;
    }
    case DECOMP_BZIP2:
        ok = BZ2_bzDecompressInit(&d->u.b, 0, 0) == BZ_OK;
        break;
    case DECOMP_ZSTD:
        if (!d->zs)
            d->zs = ZSTD_createDStream();
        ok = d->zs && !ZSTD_isError(ZSTD_DCtx_reset(d->zs, ZSTD_reset_session_only));
        d->fresh = true;
        break;
    default:
        ok = 0;
    }
    if (!ok)
        return ft_error_set(err, 0, "cannot initialise the %s decoder", decomp_name(d->kind));
    d->inited = d->kind != DECOMP_ZSTD;
    return 0;
}

struct decomp *decomp_new(enum decomp_kind kind, struct ft_error *err)
{
    struct decomp *d = xcalloc(1, sizeof *d);
    d->kind = kind;
    if (lib_start(d, err) < 0) {
        decomp_free(d);
        return NULL;
    }
    return d;
}

void decomp_free(struct decomp *d)
{
    if (!d)
        return;
    lib_end(d);
    if (d->zs)
        ZSTD_freeDStream(d->zs);
    free(d->in);
    free(d);
}

static void make_room(struct decomp *d, size_t need)
{
    if (d->pos) {
        memmove(d->in, d->in + d->pos, d->len - d->pos);
        d->len -= d->pos;
        d->pos = 0;
    }
    if (d->cap - d->len < need) {
        size_t cap = d->cap ? d->cap : IN_CHUNK;
        while (cap - d->len < need)
            cap *= 2;
        d->in = xrealloc(d->in, cap);
        d->cap = cap;
    }
}

unsigned char *decomp_room(struct decomp *d, size_t *room)
{
    make_room(d, IN_MIN_ROOM);
    *room = d->cap - d->len;
    return d->in + d->len;
}

void decomp_added(struct decomp *d, size_t n)
{
    d->len += n;
    if (n)
        d->wait = false;
}

void decomp_push(struct decomp *d, const void *p, size_t n)
{
    make_room(d, n);
    if (n)
        memcpy(d->in + d->len, p, n);
    decomp_added(d, n);
}

bool decomp_ready(const struct decomp *d)
{
    return (d->len > d->pos || d->more) && !d->wait;
}

/* What follows a member that ended: zeros are padding, the magic starts the next member,
 * anything else is garbage. Returns 1 when the input ends here (garbage), else 0. */
static int after_member(struct decomp *d, bool eof, struct ft_error *err)
{
    while (d->pos < d->len && d->in[d->pos] == 0) {
        d->pos++;
        d->zeros = true;
    }
    size_t n = d->len - d->pos;
    if (!n)
        return 0;
    if (!d->zeros || d->kind == DECOMP_XZ) {   /* xz allows padding between streams */
        bool full;
        size_t k = magic_match(d->kind, d->in + d->pos, n, &full);
        if (full) {
            if (lib_start(d, err) < 0)
                return -1;
            d->end = d->zeros = false;
            return 0;
        }
        if (k == n && !eof) {
            d->wait = true;   /* part of what may be a magic: read more */
            return 0;
        }
    }
    d->pos = d->len;
    return 1;
}

int decomp_step(struct decomp *d, void *out, size_t cap, bool eof, size_t *got,
                struct ft_error *err)
{
    *got = 0;
    if (d->end)
        return after_member(d, eof, err);
    size_t avail = d->len - d->pos;
    if (avail > UINT_MAX)
        avail = UINT_MAX;
    if (cap > UINT_MAX)
        cap = UINT_MAX;
    const unsigned char *src = d->in ? d->in + d->pos : NULL;
    size_t used = 0, made = 0;
    bool ended = false;
    const char *why = NULL;
    switch (d->kind) {
    case DECOMP_GZIP: {
        z_stream *z = &d->u.z;
        z->next_in = (unsigned char *)(uintptr_t)src;
        z->avail_in = (uInt)avail;
        z->next_out = out;
        z->avail_out = (uInt)cap;
        int rc = inflate(z, Z_NO_FLUSH);
        used = avail - z->avail_in;
        made = cap - z->avail_out;
        if (rc == Z_STREAM_END)
            ended = true;
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            why = z->msg ? z->msg : "inflate failed";
        break;
    }
    case DECOMP_ZSTD: {
        /* libzstd decodes a frame that is whole in one call's input in a single pass, which
         * skips the window-size limit and other checks of streaming decoding: a first
         * call of one byte keeps every frame streamed, whatever the reads' sizes */
        ZSTD_inBuffer ib = {src, d->fresh && avail > 1 ? 1 : avail, 0};
        ZSTD_outBuffer ob = {out, cap, 0};
        size_t rc = ZSTD_decompressStream(d->zs, &ob, &ib);
        used = ib.pos;
        made = ob.pos;
        if (used)
            d->fresh = false;
        if (ZSTD_isError(rc))
            why = ZSTD_getErrorName(rc);
        else if (rc == 0)
            ended = true;
        break;
    }
    case DECOMP_XZ: {
        lzma_stream *x = &d->u.x;
        x->next_in = src;
        x->avail_in = avail;
        x->next_out = out;
        x->avail_out = cap;
        lzma_ret rc = lzma_code(x, LZMA_RUN);
        used = avail - x->avail_in;
        made = cap - x->avail_out;
        if (rc == LZMA_STREAM_END)
            ended = true;
        else if (rc == LZMA_MEMLIMIT_ERROR)
            return ft_error_set(err, 0, "xz data needs more than %zu MiB to decode",
                                DECOMP_XZ_MEMLIMIT >> 20);
        else if (rc == LZMA_FORMAT_ERROR)
            why = "not in the xz format";
        else if (rc == LZMA_OPTIONS_ERROR)
            why = "unsupported options";
        else if (rc == LZMA_DATA_ERROR)
            why = "data is corrupt";
        else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR)
            why = "lzma_code failed";
        break;
    }
    case DECOMP_BZIP2: {
        bz_stream *b = &d->u.b;
        b->next_in = (char *)(uintptr_t)src;
        b->avail_in = (unsigned)avail;
        b->next_out = out;
        b->avail_out = (unsigned)cap;
        int rc = BZ2_bzDecompress(b);
        used = avail - b->avail_in;
        made = cap - b->avail_out;
        if (rc == BZ_STREAM_END)
            ended = true;
        else if (rc == BZ_DATA_ERROR || rc == BZ_DATA_ERROR_MAGIC)
            why = "data is corrupt";
        else if (rc != BZ_OK)
            why = "BZ2_bzDecompress failed";
        break;
    }
    case DECOMP_NONE:
        break;
    }
    if (why)
        return ft_error_set(err, 0, "corrupt %s data (%s)", decomp_name(d->kind), why);
    d->pos += used;
    *got = made;
    d->more = !ended && made == cap;
    if (ended)
        d->end = true;
    else if (!used && !made)
        d->wait = true;   /* no progress possible: it needs more input */
    return 0;
}

int decomp_finish(struct decomp *d, struct ft_error *err)
{
    int rc = 0;
    if (d->end && d->len > d->pos)
        rc = after_member(d, true, err);
    if (rc < 0)
        return -1;
    if (!d->end)
        return ft_error_set(err, 0, "truncated %s data", decomp_name(d->kind));
    return rc;
}
