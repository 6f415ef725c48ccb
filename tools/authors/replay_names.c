// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: the numbers of the words records carry (operations,
 * address families, socket types, protocols), for the direct path.
 * The query language finds them by scanning the library's names with
 * strcmp; a record costs a few of those scans, so the same names are
 * put once in a hash table. Where a name appears twice the first wins,
 * as in those scans. Built once before any worker starts, then only
 * read.
 */
#include <pthread.h>
#include <string.h>

#include "replay.h"

#define NAME_SLOTS 1024		/* a power of two, well above the names */
#define NAME_SCAN 256		/* no family or socket type number is higher */

struct name_slot {
	const char *name;	/* NULL: free; static strings */
	int kind;
	int value;
};

static struct name_slot names[NAME_SLOTS];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

/* libapparmor prints the protocol by name (getprotobynumber) */
static const struct {
	const char *n;
	int v;
} protocols[] = {
	{ "ip", 0 }, { "icmp", 1 }, { "igmp", 2 }, { "tcp", 6 }, { "udp", 17 },
	{ "ipv6", 41 }, { "gre", 47 }, { "esp", 50 }, { "ah", 51 },
	{ "icmpv6", 58 }, { "ipv6-icmp", 58 }, { "sctp", 132 },
	{ "udplite", 136 }, { "raw", 255 },
};

static size_t slot_hash(int kind, const char *s)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)kind;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)(h ^ h >> 29) & (NAME_SLOTS - 1);
}

static struct name_slot *find(int kind, const char *name)
{
	size_t i = slot_hash(kind, name);

	while (names[i].name &&
	       (names[i].kind != kind || strcmp(names[i].name, name)))
		i = (i + 1) & (NAME_SLOTS - 1);
	return &names[i];
}

/* The first of a name stays (the scans stop at the first match). */
static void add(int kind, const char *name, int value)
{
	struct name_slot *s;

	if (!name)
		return;
	s = find(kind, name);
	if (s->name)
		return;
	s->name = name;
	s->kind = kind;
	s->value = value;
}

static void build(void)
{
	const char *w;
	size_t i;
	int v;

	for (v = 0; v < AAMED_OP__COUNT; v++)
		add(RN_FILE_OP, aamed_file_op_name((enum aamed_file_op)v), v);
	for (v = 0; v < NAME_SCAN; v++) {
		add(RN_FAMILY, aamed_family_name(v), v);
		add(RN_SOCK_TYPE, aamed_sock_type_name(v), v);
	}
	for (i = 0; (w = net_op_word(i, &v)); i++)
		add(RN_NET_OP, w, v);
	for (i = 0; i < sizeof(protocols) / sizeof(protocols[0]); i++)
		add(RN_PROTOCOL, protocols[i].n, protocols[i].v);
}

void replay_names_init(void)
{
	pthread_once(&names_once, build);
}

int replay_name(enum replay_name_kind kind, const char *word)
{
	const struct name_slot *s = find((int)kind, word);

	return s->name ? s->value : -1;
}
