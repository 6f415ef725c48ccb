// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Live policy replacement: an epoch scheme.
 *
 * Readers never lock and never write a shared cache line: each reader
 * thread owns a slot and publishes in it the epoch it entered; the
 * replacer swaps the policy pointer, advances the epoch, and frees the
 * old policy only once no slot still shows an epoch from before the swap
 * (at once if the readers leave within a short spin, else by a later
 * replacement). Every decision made inside one read section sees one
 * policy, old or new, never a mix.
 *
 * Why not liburcu: its fast flavours order memory with membarrier() and
 * inline barriers ThreadSanitizer cannot see; C11 atomics let the
 * concurrent tests run under TSan with no suppressions. The reader's cost
 * is the same order: one sequentially consistent store to its own slot.
 */
#include <errno.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "policy.h"
#include "versioned.h"

/*
 * The slot's epoch has a cache line to itself: the replacer walks the
 * list (next) and polls epoch while it waits, and a poll of a line the
 * reader writes takes that line from the reader's cache; with next on
 * it, even walking past a reader would.
 */
struct aamed_reader {
	_Alignas(64) _Atomic uint64_t epoch;	/* 0: outside a section */
	_Alignas(64) struct aamed_engine *engine;
	struct aamed_reader *next;		/* engine->readers, under lock */
};

/*
 * A replaced policy a reader may still be deciding against: owned by the
 * engine's retired list until no section begun before epoch is left.
 */
struct retired {
	aamed_policy *policy;
	uint64_t epoch;			/* the epoch its replacement began */
	struct retired *next;		/* older */
};

/*
 * At most this many replaced policies wait for a preempted reader; one
 * more replacement waits for the readers instead, bounding the memory.
 * Only policies that load faster than a scheduler's time slice can pile
 * up this way (a large one takes long enough to load that the preempted
 * reader runs meanwhile), so the bound costs little memory in practice.
 */
#define MAX_RETIRED 16

struct aamed_engine {
	_Alignas(64) _Atomic(aamed_policy *) cur;
	_Atomic uint64_t epoch;			/* starts at 1 */
	_Alignas(64) pthread_mutex_t lock;	/* the fields below, replacers */
	struct aamed_reader *readers;
	struct retired *retired;		/* newest first */
	unsigned nretired;
};

aamed_engine *aamed_engine_new(aamed_policy *policy)
{
	aamed_engine *e;

	if (!policy)
		return NULL;
	e = aligned_alloc(64, sizeof(*e));
	if (!e)
		return NULL;
	memset(e, 0, sizeof(*e));
	if (pthread_mutex_init(&e->lock, NULL)) {
		free(e);
		return NULL;
	}
	atomic_init(&e->cur, policy);
	atomic_init(&e->epoch, 1);
	return e;
}

/* The caller guarantees no reader is registered any more. */
void aamed_engine_free(aamed_engine *e)
{
	if (!e)
		return;
	aamed_policy_free(atomic_load(&e->cur));
	while (e->retired) {
		struct retired *d = e->retired;

		e->retired = d->next;
		aamed_policy_free(d->policy);
		free(d);
	}
	while (e->readers) {
		struct aamed_reader *r = e->readers;

		e->readers = r->next;
		free(r);
	}
	pthread_mutex_destroy(&e->lock);
	free(e);
}

aamed_reader *aamed_reader_new(aamed_engine *e)
{
	aamed_reader *r = aligned_alloc(64, sizeof(*r));

	if (!r)
		return NULL;
	memset(r, 0, sizeof(*r));
	atomic_init(&r->epoch, 0);
	r->engine = e;
	pthread_mutex_lock(&e->lock);
	r->next = e->readers;
	e->readers = r;
	pthread_mutex_unlock(&e->lock);
	return r;
}

void aamed_reader_free(aamed_reader *r)
{
	aamed_engine *e;
	aamed_reader **pp;

	if (!r)
		return;
	e = r->engine;
	pthread_mutex_lock(&e->lock);
	for (pp = &e->readers; *pp; pp = &(*pp)->next)
		if (*pp == r) {
			*pp = r->next;
			break;
		}
	pthread_mutex_unlock(&e->lock);
	free(r);
}

/*
 * Enter a read section: publish the epoch, then read the policy. The
 * store must be ordered before the load (a sequentially consistent pair),
 * or a replacer could miss this reader and free what it is about to use.
 */
aamed_policy *aamed_read_begin(aamed_reader *r)
{
	aamed_engine *e = r->engine;
	uint64_t ep = atomic_load_explicit(&e->epoch, memory_order_relaxed);

	atomic_store_explicit(&r->epoch, ep, memory_order_seq_cst);
	return atomic_load_explicit(&e->cur, memory_order_seq_cst);
}

void aamed_read_end(aamed_reader *r)
{
	atomic_store_explicit(&r->epoch, 0, memory_order_release);
}

/*
 * A pause between polls: each poll pulls the reader's slot line into
 * this CPU's cache, and the reader's next store to it must take it back,
 * so polling flat out slows the very section being waited for (and, on
 * an SMT sibling, takes the reader's issue slots).
 */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield" ::: "memory");
#endif
}

/* Whether r has left every section begun before epoch. */
static bool reader_past(struct aamed_reader *r, uint64_t epoch)
{
	uint64_t seen = atomic_load_explicit(&r->epoch, memory_order_seq_cst);

	return seen == 0 || seen >= epoch;
}

/*
 * Wait until every reader has left the sections begun before epoch. A
 * section is short, so spin first, then yield. A reader still inside
 * after that was preempted there, and while it waits for a CPU a yield
 * loop only burns the time it needs (sched_yield returns at once when
 * the preempted reader is queued on another CPU): sleep, backing off.
 */
static void wait_readers(aamed_engine *e, uint64_t epoch)
{
	struct aamed_reader *r;

	for (r = e->readers; r; r = r->next) {
		unsigned spins = 0;
		long nap = 10000;	/* ns */

		while (!reader_past(r, epoch)) {
			if (++spins <= 64) {
				cpu_relax();
			} else if (spins <= 80) {
				sched_yield();
			} else {
				struct timespec ts = { 0, nap };

				nanosleep(&ts, NULL);
				if (nap < 1000000)
					nap *= 2;
			}
		}
	}
}

/* A short wait, enough for sections that are running: true if all left. */
static bool spin_readers(aamed_engine *e, uint64_t epoch)
{
	struct aamed_reader *r;

	for (r = e->readers; r; r = r->next) {
		unsigned spins = 0;

		while (!reader_past(r, epoch)) {
			if (++spins > 64)
				return false;
			cpu_relax();
		}
	}
	return true;
}

/* Detach the retired policies no section can still see. */
static struct retired *take_reclaimable(aamed_engine *e)
{
	struct aamed_reader *r;
	struct retired **pp, *done;
	uint64_t oldest = UINT64_MAX;	/* epoch of the oldest open section */

	for (r = e->readers; r; r = r->next) {
		uint64_t seen = atomic_load_explicit(&r->epoch,
						     memory_order_seq_cst);

		if (seen && seen < oldest)
			oldest = seen;
	}
	for (pp = &e->retired; *pp && (*pp)->epoch > oldest; pp = &(*pp)->next)
		;
	done = *pp;
	*pp = NULL;
	return done;
}

static void free_retired(struct retired *d)
{
	while (d) {
		struct retired *next = d->next;

		aamed_policy_free(d->policy);
		free(d);
		d = next;
	}
}

/*
 * Swap, then free the old policy as soon as no reader can see it. Running
 * readers leave their sections within the spin; a reader preempted inside
 * one would hold every replacement up for a scheduler's time slice, so
 * its policy is retired instead and freed by a later replacement (or the
 * engine's free), up to MAX_RETIRED of them.
 */
int aamed_policy_replace(aamed_engine *e, aamed_policy *policy)
{
	aamed_policy *old;
	struct retired *node = NULL, *done;
	uint64_t epoch;

	if (!e || !policy)
		return -EINVAL;
	pthread_mutex_lock(&e->lock);
	/* installing the current policy again would free it under its readers */
	if (policy == atomic_load_explicit(&e->cur, memory_order_relaxed)) {
		pthread_mutex_unlock(&e->lock);
		return -EINVAL;
	}
	old = atomic_exchange_explicit(&e->cur, policy, memory_order_seq_cst);
	epoch = atomic_fetch_add_explicit(&e->epoch, 1, memory_order_seq_cst) + 1;
	if (!spin_readers(e, epoch)) {
		if (e->nretired < MAX_RETIRED)
			node = malloc(sizeof(*node));
		if (node) {
			*node = (struct retired){ old, epoch, e->retired };
			e->retired = node;
			old = NULL;
		} else {
			wait_readers(e, epoch);
		}
	}
	done = take_reclaimable(e);
	e->nretired = 0;
	for (node = e->retired; node; node = node->next)
		e->nretired++;
	pthread_mutex_unlock(&e->lock);
	aamed_policy_free(old);
	free_retired(done);
	return 0;
}

uint64_t aamed_policy_generation(const aamed_policy *policy)
{
	return policy->gen;
}

/*
 * A label by name that follows replacements: resolved again only when the
 * policy changed, so the allow path is a compare and a load.
 */
const aamed_label *aamed_label_ref_get(struct aamed_label_ref *ref,
				       aamed_policy *policy, int *error)
{
	long len;

	if (likely(ref->gen == policy->gen && ref->label))
		return ref->label;
	/* only a valid ref is ever filled: the hit above needs no check */
	len = aa_struct_len(ref, sizeof(*ref),
			    AA_V0_LABEL_REF);
	if (len < 0) {
		if (error)
			*error = (int)len;
		return NULL;
	}
	ref->label = aamed_label_get(policy, ref->text, error);
	ref->gen = ref->label ? policy->gen : 0;
	return ref->label;
}
