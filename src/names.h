/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Name tables the kernel's records print (net_names.h and
 * capability_names.h, generated at kernel build; sig_names.h, written by
 * hand).
 */
#ifndef AAMED_NAMES_H
#define AAMED_NAMES_H

#define AA_AF_MAX 46
#define AA_SOCK_MAX 11
#define AA_CAP_MAX 41
#define AA_MAXMAPPED_SIG 35
#define AA_SIGRT_BASE 128

extern const char *const aa_family_names[AA_AF_MAX];
extern const char *const aa_sock_type_names[AA_SOCK_MAX];
extern const char *const aa_cap_names[AA_CAP_MAX];
extern const char *const aa_sig_names[AA_MAXMAPPED_SIG + 1];

#define AA_MODE_MAX 5
#define AA_AUDIT_MODE_MAX 5
extern const char *const aa_profile_mode_names[AA_MODE_MAX];
extern const char *const aa_audit_mode_names[AA_AUDIT_MODE_MAX];

#endif
