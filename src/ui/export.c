/* SPDX-License-Identifier: MIT */
/* flametui - export.c: the x key: the view as it is shown (the graph or callers/callees
 * screen's trie, zoom, orientation, palette and search) written as an SVG (render/svg.h)
 * to the file named in the prompt. Pure state otherwise, like app.c: no curses. */
#include "config.h"

#include "ui/export.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/trie.h"
#include "query/graph.h"
#include "query/regex.h"
#include "query/search.h"
#include "render/label.h"
#include "render/svg.h"
#include "ui/atomic_file.h"
#include "ui/state.h"

static const char export_svg_default[] = "flametui.svg";

/* "~/x" -> "$HOME/x" (the prompt is not a shell); the caller frees. */
static char *expand_home(const char *path)
{
    const char *home = getenv("HOME");
    if (path[0] == '~' && path[1] == '/' && home && *home) {
        struct buf b = {0};
        buf_printf(&b, "%s%s", home, path + 1);
        buf_putc(&b, '\0');
        return b.p;
    }
    return xstrdup(path);
}

struct svg_job {
    struct trie *t;
    uint32_t zoom;
    const struct svg_opts *o;
};

static int write_svg(FILE *f, void *ctx)
{
    const struct svg_job *j = ctx;
    return svg_write(f, j->t, j->zoom, j->o);
}

/* Subtitle: the input, then what the view is (filters, reverse). */
static void subtitle(const struct app *a, struct buf *out)
{
    buf_printf(out, "%s", a->input);
    size_t before = out->len;
    buf_printf(out, "  ");
    graph_describe(a->graph, out);
    if (out->len == before + 2)
        out->len = before;
    buf_putc(out, '\0');
}

static enum reaction export_svg(struct app *a, const char *text)
{
    char *path = expand_home(*text ? text : export_svg_default);
    struct buf sub = {0};
    struct unit u;
    subtitle(a, &sub);
    state_unit(a, &u);
    struct svg_opts o = {
        .palette = a->palette,
        .icicle = a->vp.orient == ORIENT_ICICLE,
        .subtitle = sub.p,
        .search = a->search ? search_pattern(a->search) : NULL,
        .search_icase = a->search && regex_smartcase_lower(search_pattern(a->search)),
        .unit = &u,
    };
    if (trie_has_base(a->t)) {   /* --base: flamegraph.pl's red/blue frames */
        o.self_delta = svg_own_base_delta;
        o.maxdelta = svg_own_base_maxdelta(a->t);
    }
    state_lazy_complete(a);   /* every frame, as the SVG has them all */
    struct svg_job job = {a->t, a->zoom, &o};
    struct ft_error err = {0, ""};
    int rc = atomic_file_write(path, 0666, write_svg, &job, &err);
    struct buf safe = {0};   /* the name as typed, made safe for the status line */
    label_escape(&safe, path, strlen(path), LABEL_AUTO);
    buf_putc(&safe, '\0');
    struct stat st;
    if (rc < 0) {   /* err names the path as typed: the status line makes it safe */
        app_message(a, "%s", err.msg);
        a->msg_error = true;
    } else if (stat(path, &st) == 0) {
        char *real = realpath(path, NULL);
        if (real) {
            safe.len = 0;
            label_escape(&safe, real, strlen(real), LABEL_AUTO);
            buf_putc(&safe, '\0');
            free(real);
        }
        app_message(a, "wrote %s (%lld bytes)", safe.p, (long long)st.st_size);
    }
    buf_fini(&safe);
    buf_fini(&sub);
    free(path);
    return RE_REDRAW;
}

/* x: the file name, then the SVG (no history for file names) */
const struct prompt_ops export_prompt = {"SVG file: ", export_svg_default, false, NULL,
                                         export_svg};
