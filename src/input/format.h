/* SPDX-License-Identifier: MIT */
/* flametui - format.h: the input formats the loader reads (loader.h, sniff.h). */
#ifndef FLAMETUI_FORMAT_H
#define FLAMETUI_FORMAT_H

/* FORMAT_PERF_DATA: perf record's binary file, read through a perf script child
 * (perf_data.h); it is recognised by its magic bytes whatever the format says. */
enum input_format { FORMAT_AUTO, FORMAT_FOLDED, FORMAT_PERF, FORMAT_PERF_DATA, FORMAT_PPROF,
                    FORMAT_BPFTRACE };
#endif
