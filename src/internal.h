/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every module header of the library, for code that looks inside it
 * (the unit, robustness and fuzz tests). Nothing is declared here: each
 * declaration lives in the header of the module that defines it, and
 * the library's own files include only the headers they use.
 */
#ifndef AAMED_INTERNAL_H
#define AAMED_INTERNAL_H

#include "aamed.h"
#include "af_unix.h"
#include "apparmor.h"
#include "audit.h"
#include "capability.h"
#include "compat.h"
#include "dfa.h"
#include "domain.h"
#include "file.h"
#include "ipc.h"
#include "label.h"
#include "names.h"
#include "net.h"
#include "perms.h"
#include "policy.h"
#include "stream.h"
#include "task.h"
#include "versioned.h"
#include "xattr.h"

#endif /* AAMED_INTERNAL_H */
