// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every unit-test case, in running order: UNIT_CASE(name) for a function
 * "void unit_name(void)" defined in the file named by the comment. Named
 * so that a prefix selects a module's cases ("unit compat").
 */
/* stream.c: the policy stream reader (policy_unpack_test.c's cases) */
UNIT_CASE(stream)
/* dfa.c: matching on hand-built DFA blobs, and their verification */
UNIT_CASE(dfa_match)
UNIT_CASE(dfa_leftmatch_versions)
UNIT_CASE(dfa_verify)
/* dfa_walk.c: the walks against a reference, 32-bit tables */
UNIT_CASE(dfa_walk_random)
UNIT_CASE(dfa_walk_wide)
/* dfa_flat.c: DFAs with classes and diff encoding against a reference */
UNIT_CASE(dfa_flat_random)
/* compat.c: the old packed accept words */
UNIT_CASE(compat_file)
UNIT_CASE(compat_xindex)
UNIT_CASE(compat_policy)
UNIT_CASE(compat_xmatch)
/* mount.c: mount, umount, pivot_root, move_mount */
UNIT_CASE(mount_flags)
UNIT_CASE(mount_match)
UNIT_CASE(mount_kinds)
UNIT_CASE(mount_calls)
/* audit.c: record formatting */
UNIT_CASE(audit_fields)
UNIT_CASE(audit_escape)
UNIT_CASE(audit_mask)
UNIT_CASE(audit_truncate)
UNIT_CASE(audit_class_masks)
UNIT_CASE(audit_ns_uring)
/* unpack.c: a profile's optional elements, and malformed ones */
UNIT_CASE(unpack_optional)
UNIT_CASE(unpack_malformed)
/* kernels.c: where the 6.1 and 6.12 loaders part ways */
UNIT_CASE(kernels_abi9)
UNIT_CASE(kernels_policydb_file)
UNIT_CASE(kernels_policydb_nomarker)
UNIT_CASE(kernels_null_file)
/* versioned.c: the size rule of every versioned structure */
UNIT_CASE(versioned_requests)
UNIT_CASE(versioned_results)
/* resource.c: rlimit rules: setrlimit, prlimit, exec */
UNIT_CASE(resource_setrlimit)
UNIT_CASE(resource_prlimit)
UNIT_CASE(resource_args)
UNIT_CASE(resource_exec)
UNIT_CASE(resource_names)
/* label.c: label parsing, stacks and namespaces */
UNIT_CASE(labels)
/* change_profile.c: domain changes, onexec, no_new_privs, secure exec */
UNIT_CASE(change_profile_now)
UNIT_CASE(change_profile_nnp)
UNIT_CASE(change_profile_onexec)
UNIT_CASE(change_profile_secure)
UNIT_CASE(change_profile_ns)
UNIT_CASE(change_profile_bare_ns)
/* change_hat.c: the hat search, learning hats, the token, nnp */
UNIT_CASE(change_hat_search)
UNIT_CASE(change_hat_learn)
UNIT_CASE(change_hat_token)
/* xattr.c: attachment xattrs on a hand-built DFA */
UNIT_CASE(xattr_match)
/* load_ns.c: the namespaces of one load */
UNIT_CASE(load_ns)
/* file_ctx.c: open files used, received, inherited */
UNIT_CASE(file_ctx_mode)
UNIT_CASE(file_ctx_perm)
UNIT_CASE(file_ctx_edges)
UNIT_CASE(file_ctx_inherit)
/* engine.c: live replacement, single-threaded */
UNIT_CASE(engine)
/* names.c: the signal name table */
UNIT_CASE(names)
/* words.c: the batch word splitter of tools/common */
UNIT_CASE(words)
/* json_lines.c: the JSON line checker run.sh uses */
UNIT_CASE(json_checker)
