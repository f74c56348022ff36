/* SPDX-License-Identifier: MIT */
/* nd.c: built without -g (see sl.c). */
__attribute__((noinline)) unsigned long nd_spin(unsigned long n)
{
    unsigned long h = 0;
    for (unsigned long i = 0; i < n; i++)
        h = h * 33 + i;
    return h;
}
