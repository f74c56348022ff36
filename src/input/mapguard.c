/* SPDX-License-Identifier: MIT */
/* flametui - mapguard.c: see mapguard.h. */
#include "config.h"

#include "input/mapguard.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

struct guard {
    sigjmp_buf jb;
    const char *lo, *hi;
    struct guard *outer;       /* the enclosing guard of this thread, or NULL */
};
static _Thread_local struct guard *volatile cur_guard;
static struct sigaction old_bus;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    const char *a = si->si_addr;
    for (struct guard *g = cur_guard; g; g = g->outer)
        if (a >= g->lo && a < g->hi)
            siglongjmp(g->jb, 1);
    /* not ours: the faulting access runs again under the previous disposition */
    sigaction(sig, &old_bus, NULL);
}

static void install_bus_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER; /* NODEFER: siglongjmp needs no mask restore */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &old_bus);
}

int map_guard(const void *lo, size_t len, void (*fn)(void *), void *arg)
{
    struct guard g;
    pthread_once(&bus_once, install_bus_handler);
    g.lo = lo;
    g.hi = (const char *)lo + len;
    g.outer = cur_guard;   /* guards nest: the loader -> perf_parse_buffer_mt */
    if (sigsetjmp(g.jb, 0)) {
        cur_guard = g.outer;
        /* SA_NODEFER leaves SIGBUS unblocked, but not every runtime honours it (TSan runs
         * handlers from its own): a SIGBUS left blocked would kill the next fault, here
         * or in a thread started from here */
        sigset_t bus;
        sigemptyset(&bus);
        sigaddset(&bus, SIGBUS);
        pthread_sigmask(SIG_UNBLOCK, &bus, NULL);
        return -1;
    }
    cur_guard = &g;
    fn(arg);
    cur_guard = g.outer;
    return 0;
}
