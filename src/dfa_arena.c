// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * DFA tables of one load, carved from a few large anonymous mappings.
 *
 * Why: loading a large corpus writes every page of its tables once, and
 * on a virtual machine each first touch of a 4 KiB page is a fault that
 * costs more than the bytes written (45,000 of them for the apparmor.d
 * corpus, about half the load's CPU time). Chunks of 8 MiB and more are
 * offered to transparent huge pages (MADV_HUGEPAGE), where one fault
 * maps 2 MiB. A load's chunks start at 256 KiB and double, so a small
 * load (one profile replaced) stays small and on 4 KiB pages.
 *
 * A chunk lives as long as a table in it does: every table holds a
 * reference (atomic: a policy may be freed by another thread than the
 * one that loaded it), and so does the arena while the load carves.
 * Under AddressSanitizer there are no chunks (tables come from malloc,
 * where ASan sees every overrun).
 */
#include <stdint.h>
#include <sys/mman.h>

#include "dfa_arena.h"

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_OFF 1
#endif
#endif

#define CHUNK_FIRST (256u * 1024)
#define CHUNK_MAX (64u * 1024 * 1024)
#define CHUNK_HUGE (8u * 1024 * 1024)
#define ALIGN 16u

struct aa_chunk {
	unsigned long refs;
	size_t size, used;	/* mapping size; bytes carved, header included */
};

#define HDR ((sizeof(struct aa_chunk) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

/* chunks mapped now, for the tests' leak checks */
static unsigned long live;

unsigned long aa_arena_live(void)
{
	return __atomic_load_n(&live, __ATOMIC_RELAXED);
}

static struct aa_chunk *chunk_new(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct aa_chunk *c;

	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* a hint: without transparent huge pages, 4 KiB pages as before */
	if (size >= CHUNK_HUGE)
		(void)madvise(p, size, MADV_HUGEPAGE);
#endif
	__atomic_add_fetch(&live, 1, __ATOMIC_RELAXED);
	c = p;
	c->refs = 1;		/* the arena's */
	c->size = size;
	c->used = HDR;
	return c;
}

void *aa_arena_alloc(struct aa_arena *a, size_t bytes, struct aa_chunk **chunk)
{
	struct aa_chunk *c = a->cur;
	void *p;

#ifdef ARENA_OFF
	(void)c;
	(void)bytes;
	*chunk = NULL;
	return NULL;
#endif
	bytes = (bytes + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (bytes > SIZE_MAX / 2)
		return NULL;
	if (!c || c->size - c->used < bytes) {
		size_t size = a->next ? a->next : CHUNK_FIRST;

		while (size < bytes + HDR)
			size *= 2;
		c = chunk_new(size);
		if (!c)
			return NULL;
		a->next = size < CHUNK_MAX ? size * 2 : size;
		if (a->cur)
			aa_chunk_put(a->cur);
		a->cur = c;
	}
	p = (uint8_t *)c + c->used;
	c->used += bytes;
	__atomic_add_fetch(&c->refs, 1, __ATOMIC_RELAXED);
	*chunk = c;
	return p;
}

void aa_chunk_put(struct aa_chunk *c)
{
	if (c && __atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
		__atomic_sub_fetch(&live, 1, __ATOMIC_RELAXED);
		munmap(c, c->size);
	}
}

void aa_arena_end(struct aa_arena *a)
{
	aa_chunk_put(a->cur);
	a->cur = NULL;
	a->next = 0;
}
