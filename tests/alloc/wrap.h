// SPDX-License-Identifier: GPL-2.0-or-later
/* Allocation-failure injection (wrap.c). */
#ifndef ALLOC_WRAP_H
#define ALLOC_WRAP_H

#include <stdbool.h>

/* Count allocations from now on; make the k-th fail (k = 0: none). */
void inject_arm(long k);
/* Stop counting; returns how many allocations were made while armed. */
long inject_disarm(void);
/* Did the armed allocation actually fail? */
bool inject_hit(void);

#endif
