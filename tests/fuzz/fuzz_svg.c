/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_svg.c: libFuzzer target for the SVG writer (render/svg.h).
 * Input: 4 header bytes, then folded text.
 *   byte 0: bit 0 icicle, bit 1 differential (a made-up self delta per node), bits 2-5
 *           palette (modulo PALETTE_COUNT)
 *   bytes 1-2: zoom node (modulo the trie size)
 *   byte 3: width: 0 the default 1200 px, else 20 + 4 * byte
 * Checks: no crash or leak; the document is UTF-8 with no control byte but '\n' (so any
 * frame name is valid XML), has one CDATA end and ends in "</svg>\n"; one <title> per
 * frame of svg_frames(), which are inside the image and not narrower than 0.1 px. */
#include "config.h"

#include "fuzz_common.h"
#include "render/svg.h"

static double delta(void *ctx, const struct trie *t, uint32_t node)
{
    (void)ctx;
    return (double)(node % 7) - 3 + trie_self_d(t, node) / 3;
}

static void check_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        FUZZ_CHECK(c >= 0x20 || c == '\n', "control byte 0x%02x at %zu", c, i);
        FUZZ_CHECK(c != 0x7f, "DEL at %zu", i);
        size_t len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        FUZZ_CHECK(c < 0x80 || (c >= 0xc2 && c <= 0xf4), "bad UTF-8 lead 0x%02x at %zu", c, i);
        FUZZ_CHECK(i + len <= n, "truncated UTF-8 at %zu", i);
        for (size_t k = 1; k < len; k++)
            FUZZ_CHECK(((unsigned char)s[i + k] & 0xc0) == 0x80, "bad UTF-8 at %zu", i);
        i += len;
    }
}

static size_t count(const char *s, const char *needle)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    struct trie *t = trie_new(NULL);
    fuzz_folded_into(t, (const char *)data + 4, size - 4);
    struct svg_opts o = {
        .icicle = data[0] & 1,
        .palette = (enum palette)((data[0] >> 2 & 15) % PALETTE_COUNT),
        .self_delta = (data[0] & 2) ? delta : NULL,
        .width = data[3] ? 20 + 4 * data[3] : 0,
        .subtitle = "fuzz",
    };
    uint32_t zoom = (uint32_t)((data[1] | data[2] << 8) % trie_size(t));
    char *mem = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&mem, &len);
    FUZZ_CHECK(out, "open_memstream");
    FUZZ_CHECK(svg_write(out, t, zoom, &o) == 0, "svg_write failed");
    fclose(out);
    check_text(mem, len);
    FUZZ_CHECK(len >= 7 && !memcmp(mem + len - 7, "</svg>\n", 7), "no </svg> at the end");
    size_t nf;
    struct svg_frame *f = svg_frames(t, zoom, o.width, &nf);
    FUZZ_CHECK(count(mem, "<title>") == nf, "%zu titles, %zu frames", count(mem, "<title>"), nf);
    FUZZ_CHECK(count(mem, "</title>") == nf, "unbalanced titles");
    if (nf) {
        FUZZ_CHECK(count(mem, "]]>") == 1, "%zu CDATA ends", count(mem, "]]>"));
        double total = trie_total_d(t, zoom);
        double min = 0.1 / ((double)((o.width ? o.width : 1200) - 20) / total);
        for (size_t i = 0; i < nf; i++) {
            FUZZ_CHECK(f[i].ancestor || f[i].samples >= min * (1 - 1e-9),
                       "frame %zu narrower than 0.1 px", i);
            FUZZ_CHECK(f[i].stime >= 0 && f[i].stime + f[i].samples <= total * (1 + 1e-9),
                       "frame %zu outside the image", i);
        }
    }
    free(f);
    free(mem);
    trie_free(t);
    return 0;
}
