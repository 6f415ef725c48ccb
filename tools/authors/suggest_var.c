// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: generalisation of the rules' paths (to come).
 */
#include "suggest.h"

void sg_generalise(struct suggest *s)
{
	(void)s;
}
