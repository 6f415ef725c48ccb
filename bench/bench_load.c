// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench load: what a large compiled corpus costs to load and to
 * keep, through the public API only.
 *
 * Every point runs in a child process of its own, so that its peak RSS
 * (getrusage's ru_maxrss) is that of one load and nothing else: the
 * child loads the first K blobs of the corpus (in name order), then
 * times one exec attachment and the replacement of one profile (the
 * corpus's first blob, loaded again) in the loaded policy. The last
 * point loads the whole directory with aamed_policy_load_path, as
 * `aamed query --policy DIR` does. Replacement time against corpus size
 * shows whether a replacement costs the profile or the corpus.
 *
 * Beside the loads, in the same run (each round one child of each
 * kind, interleaved): cat(1) of every file of the corpus to /dev/null,
 * the yardstick of issue 20 ("loading near the cost of reading"), and a
 * child that reads every file into one 128 KiB buffer (open, read until
 * EOF, close; no buffer of its own per file, as cat has): the least any
 * load must do.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "aamed.h"
#include "bench_int.h"

#define MAX_CORPORA 4
#define MAX_POINTS 16
/* run_point()'s k for the read of every file, and for cat of them */
#define READ_POINT ((size_t)-1)
#define CAT_POINT ((size_t)-2)

struct corpus {
	const char *dir;
	char **files;		/* full paths, sorted */
	size_t n;
	uint64_t *bytes;	/* cumulative: bytes[i] = size of files[0..i] */
};

/* One point's results, written by the child through a pipe. */
struct point {
	int ok;
	size_t files, profiles;
	uint64_t bytes;
	double load_ms, cpu_ms, rss_mb, base_mb, attach_us, replace_us;
	char attached[128];
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double tv_ms(const struct timeval *tv)
{
	return (double)tv->tv_sec * 1e3 + (double)tv->tv_usec / 1e3;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void corpus_free(struct corpus *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->files[i]);
	free(c->files);
	free(c->bytes);
}

/* The regular files of dir, sorted, with their sizes. */
static int corpus_scan(struct corpus *c, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0, i;

	memset(c, 0, sizeof(*c));
	c->dir = dir;
	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		char path[4096];
		struct stat sb;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (stat(path, &sb) || !S_ISREG(sb.st_mode))
			continue;
		if (c->n == cap) {
			char **t;

			cap = cap ? cap * 2 : 256;
			t = realloc(c->files, cap * sizeof(*t));
			if (!t)
				break;
			c->files = t;
		}
		c->files[c->n] = strdup(path);
		if (c->files[c->n])
			c->n++;
	}
	closedir(d);
	if (!c->n)
		return -1;
	qsort(c->files, c->n, sizeof(char *), cmp_str);
	c->bytes = calloc(c->n, sizeof(uint64_t));
	if (!c->bytes)
		return -1;
	for (i = 0; i < c->n; i++) {
		struct stat sb;

		c->bytes[i] = (i ? c->bytes[i - 1] : 0) +
			      (stat(c->files[i], &sb) ? 0 : (uint64_t)sb.st_size);
	}
	return 0;
}

static void *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct stat sb;
	void *buf;

	if (!f)
		return NULL;
	if (fstat(fileno(f), &sb) || sb.st_size <= 0 ||
	    !(buf = malloc((size_t)sb.st_size))) {
		fclose(f);
		return NULL;
	}
	*len = fread(buf, 1, (size_t)sb.st_size, f);
	fclose(f);
	return buf;
}

static double rss_now_mb(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long pages = 0, rss = 0;

	if (f) {
		if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
			rss = 0;
		fclose(f);
	}
	return (double)rss * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
}

static int load_first(aamed_policy *p, const struct corpus *c, size_t k)
{
	struct aamed_error err;
	char msg[1024];
	size_t i;

	for (i = 0; i < k; i++) {
		size_t len = 0;
		void *b = read_all(c->files[i], &len);
		int rc = b ? aamed_policy_load_blob(p, b, len, c->files[i], &err) : -1;

		free(b);
		if (rc) {
			fprintf(stderr, "aamed-bench load: %s: %s\n", c->files[i],
				b ? aamed_error_str(&err, msg, sizeof(msg)) : "unreadable");
			return -1;
		}
	}
	return 0;
}

/* Best of n attachments of path, in microseconds. */
static double time_attach(aamed_policy *p, const char *path, int n,
			  char *name, size_t len)
{
	double best = 1e30;
	const aamed_label *l = NULL;
	const char *info;
	int i;

	for (i = 0; i < n; i++) {
		double t0 = now_ns(), t;

		l = aamed_attach(p, NULL, path, &info);
		t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	snprintf(name, len, "%s", l ? aamed_label_name(l) : "?");
	return best / 1e3;
}

/* Best of n replacements of the profiles of blob, in microseconds. */
static double time_replace(aamed_policy *p, const char *blob, int n)
{
	struct aamed_error err;
	double best = 1e30;
	size_t len = 0;
	void *b = read_all(blob, &len);
	int i;

	if (!b)
		return -1;
	for (i = 0; i < n; i++) {
		double t0 = now_ns(), t;

		if (aamed_policy_load_blob(p, b, len, blob, &err)) {
			free(b);
			return -1;
		}
		t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	free(b);
	return best / 1e3;
}

/* Every byte of the corpus through one 128 KiB buffer, as cat does. */
static int read_corpus(const struct corpus *c)
{
	static char buf[128 * 1024];
	size_t i;

	for (i = 0; i < c->n; i++) {
		int fd = open(c->files[i], O_RDONLY | O_CLOEXEC);
		ssize_t r;

		if (fd < 0)
			return -1;
		while ((r = read(fd, buf, sizeof(buf))) > 0)
			;
		close(fd);
		if (r < 0)
			return -1;
	}
	return 0;
}

/* cat FILES >/dev/null in a child of this child. */
static int cat_corpus(const struct corpus *c)
{
	char **argv = calloc(c->n + 2, sizeof(char *));
	pid_t pid;
	int st = 1;

	if (!argv)
		return -1;
	argv[0] = "cat";
	memcpy(argv + 1, c->files, c->n * sizeof(char *));
	pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(127);
		execvp("cat", argv);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	free(argv);
	return pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The child's work: k files one by one, or (k == 0) the whole dir. */
static void run_point(const struct corpus *c, size_t k, const char *exec,
		      struct point *pt)
{
	bool rd = k == READ_POINT || k == CAT_POINT;
	aamed_policy *p = rd ? NULL : aamed_policy_new();
	struct aamed_error err;
	struct rusage ru0, ru;
	double t0;
	int rc;

	memset(pt, 0, sizeof(*pt));
	pt->base_mb = rss_now_mb();
	getrusage(RUSAGE_SELF, &ru0);
	t0 = now_ns();
	if (k == READ_POINT)
		rc = read_corpus(c);
	else if (k == CAT_POINT)
		rc = cat_corpus(c);
	else
		rc = !p ? -1 : k ? load_first(p, c, k) :
			aamed_policy_load_path(p, c->dir, &err);
	pt->load_ms = (now_ns() - t0) / 1e6;
	if (rc)
		return;
	if (rd) {
		getrusage(k == CAT_POINT ? RUSAGE_CHILDREN : RUSAGE_SELF, &ru);
		if (k == CAT_POINT)
			memset(&ru0, 0, sizeof(ru0));
		pt->cpu_ms = (tv_ms(&ru.ru_utime) - tv_ms(&ru0.ru_utime)) +
			     (tv_ms(&ru.ru_stime) - tv_ms(&ru0.ru_stime));
		pt->rss_mb = (double)ru.ru_maxrss / 1024.0;
		pt->files = c->n;
		pt->bytes = c->bytes[c->n - 1];
		snprintf(pt->attached, sizeof(pt->attached), "-");
		pt->ok = 1;
		return;
	}
	getrusage(RUSAGE_SELF, &ru);
	pt->cpu_ms = (tv_ms(&ru.ru_utime) - tv_ms(&ru0.ru_utime)) +
		     (tv_ms(&ru.ru_stime) - tv_ms(&ru0.ru_stime));
	pt->rss_mb = (double)ru.ru_maxrss / 1024.0;
	pt->files = k ? k : c->n;
	pt->bytes = c->bytes[pt->files - 1];
	pt->profiles = aamed_policy_profile_count(p);
	pt->attach_us = time_attach(p, exec, 20, pt->attached,
				    sizeof(pt->attached));
	pt->replace_us = time_replace(p, c->files[0], 5);
	pt->ok = pt->replace_us >= 0;
	/* the policy dies with the child: freeing it is not measured */
}

static int fork_once(const struct corpus *c, size_t k, const char *exec,
		     struct point *pt)
{
	int fd[2], st;
	pid_t pid;
	ssize_t r;

	memset(pt, 0, sizeof(*pt));
	if (pipe(fd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(fd[0]);
		run_point(c, k, exec, pt);
		r = write(fd[1], pt, sizeof(*pt));
		_exit(r == (ssize_t)sizeof(*pt) ? 0 : 1);
	}
	close(fd[1]);
	r = read(fd[0], pt, sizeof(*pt));
	close(fd[0]);
	waitpid(pid, &st, 0);
	return r == (ssize_t)sizeof(*pt) && pt->ok ? 0 : -1;
}

/* The best (fastest load) of rounds children; times are noisy, bytes not. */
static int fork_point(const struct corpus *c, size_t k, const char *exec,
		      int rounds, struct point *pt)
{
	struct point p;
	int i;

	if (fork_once(c, k, exec, pt))
		return -1;
	for (i = 1; i < rounds; i++) {
		if (fork_once(c, k, exec, &p))
			return -1;
		if (p.load_ms < pt->load_ms)
			*pt = p;
	}
	return 0;
}

static void print_row(FILE *f, int ci, const char *kind, const struct point *pt)
{
	fprintf(f, "%d\t%s\t%zu\t%zu\t%.3f\t%.2f\t%.2f\t%.1f\t%.3f\t%.1f\t%.1f\t%s\n",
		ci, kind, pt->files, pt->profiles, (double)pt->bytes / 1048576.0,
		pt->load_ms, pt->cpu_ms, pt->rss_mb, pt->rss_mb * 1048576.0 / (double)pt->bytes,
		pt->attach_us, pt->replace_us, pt->attached);
}

static void usage(FILE *f)
{
	fputs("usage: aamed-bench load --corpus DIR [--corpus DIR2 ...]\n"
	      "         [--points N] [--rounds N] [--exec PATH] [--plot FILE]\n"
	      "Loads compiled policy corpora (a directory of apparmor_parser\n"
	      "blobs each) and prints, per corpus size: load time, peak RSS and\n"
	      "its ratio to the blobs' bytes, one exec attachment, and the\n"
	      "replacement of one profile in the loaded corpus; each point the\n"
	      "best of --rounds child processes (3). An absent corpus is\n"
	      "skipped with a message.\n",
	      f);
}

static int write_plot(const char *file, int ncorp)
{
	static const struct bench_subplot sp[] = {
		{ "load time and peak RSS against corpus size",
		  "blob bytes (MiB)", "load (ms)", "peak RSS / blob bytes",
		  "FILE.dat using 5:(strcol(2) eq 'blobs' ? $6 : 1/0) "
		  "with linespoints title 'load ms', "
		  "'' using 5:(strcol(2) eq 'blobs' ? $9 : 1/0) axes x1y2 "
		  "with linespoints title 'RSS/blob bytes'" },
		{ "one attachment and one replacement against corpus size",
		  "blob bytes (MiB)", "microseconds", NULL,
		  "FILE.dat using 5:(strcol(2) eq 'blobs' ? $10 : 1/0) "
		  "with linespoints title 'attach us', "
		  "'' using 5:(strcol(2) eq 'blobs' ? $11 : 1/0) "
		  "with linespoints title 'replace one profile us'" },
	};
	struct bench_subplot p[2];
	char cmds[2][1200];
	struct bench_chart ch = { p, 2 };
	int i;

	(void)ncorp;
	for (i = 0; i < 2; i++) {
		const char *at = strstr(sp[i].plot, "FILE.dat");

		p[i] = sp[i];
		snprintf(cmds[i], sizeof(cmds[i]), "'%s.dat'%s", file,
			 at + strlen("FILE.dat"));
		p[i].plot = cmds[i];
	}
	return bench_plot_draw(file, &ch);
}

/*
 * The whole directory's load and the read of its bytes, one child of
 * each per round, interleaved so that both see the same machine; the
 * best (fastest) of each.
 */
static int fork_pair(const struct corpus *c, const char *exec, int rounds,
		     struct point *dir, struct point *rd, struct point *cat)
{
	struct point p;
	int i;

	for (i = 0; i < rounds; i++) {
		if (fork_once(c, CAT_POINT, exec, &p))
			return -1;
		if (!i || p.load_ms < cat->load_ms)
			*cat = p;
		if (fork_once(c, READ_POINT, exec, &p))
			return -1;
		if (!i || p.load_ms < rd->load_ms)
			*rd = p;
		if (fork_once(c, 0, exec, &p))
			return -1;
		if (!i || p.load_ms < dir->load_ms)
			*dir = p;
	}
	return 0;
}

static int bench_one(int ci, const struct corpus *c, int points, int rounds,
		     const char *exec, FILE *dat)
{
	struct point pt, rd, cat;
	int i;

	for (i = 1; i <= points; i++) {
		size_t k = (c->n * (size_t)i + (size_t)points - 1) / (size_t)points;

		if (k < 1)
			k = 1;
		if (fork_point(c, k, exec, rounds, &pt)) {
			fprintf(stderr, "aamed-bench load: %s: the point of %zu files failed\n",
				c->dir, k);
			return -1;
		}
		print_row(stdout, ci, "blobs", &pt);
		if (dat)
			print_row(dat, ci, "blobs", &pt);
	}
	if (fork_pair(c, exec, rounds, &pt, &rd, &cat))
		return -1;
	print_row(stdout, ci, "cat", &cat);
	print_row(stdout, ci, "read", &rd);
	print_row(stdout, ci, "dir", &pt);
	if (dat)
		print_row(dat, ci, "dir", &pt);
	printf("summary\t%s\t%zu blobs\t%.1f MiB\t%zu profiles\t"
	       "load %.1f ms (%.1f ms CPU, best of %d)\t"
	       "peak RSS %.1f MiB (%.2fx the blobs, %.1f MiB before loading)\t"
	       "attach %.1f us (%s)\treplace one %.1f us\n",
	       c->dir, pt.files, (double)pt.bytes / 1048576.0, pt.profiles,
	       pt.load_ms, pt.cpu_ms, rounds, pt.rss_mb,
	       pt.rss_mb * 1048576.0 / (double)pt.bytes, pt.base_mb, pt.attach_us, pt.attached, pt.replace_us);
	printf("summary\t%s\tload %.1f ms = %.2fx cat of its files (%.1f ms, "
	       "%.1f ms CPU: %.2fx) = %.2fx a read into one buffer (%.1f ms, "
	       "%.1f ms CPU: %.2fx); best of %d, same run\n",
	       c->dir, pt.load_ms, pt.load_ms / cat.load_ms, cat.load_ms,
	       cat.cpu_ms, pt.cpu_ms / (cat.cpu_ms > 0 ? cat.cpu_ms : 1),
	       pt.load_ms / rd.load_ms, rd.load_ms, rd.cpu_ms,
	       pt.cpu_ms / (rd.cpu_ms > 0 ? rd.cpu_ms : 1), rounds);
	return 0;
}

int bench_load(int argc, char **argv)
{
	const char *dirs[MAX_CORPORA], *plot = NULL, *exec = "/usr/bin/firefox";
	int ndirs = 0, points = 5, rounds = 3, a, i, rc = BENCH_EXIT_OK, done = 0;
	FILE *dat = NULL;

	for (a = 0; a < argc; a++) {
		if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return BENCH_EXIT_OK;
		} else if (!strcmp(argv[a], "--corpus") && a + 1 < argc &&
			   ndirs < MAX_CORPORA) {
			dirs[ndirs++] = argv[++a];
		} else if (!strcmp(argv[a], "--points") && a + 1 < argc) {
			points = atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--rounds") && a + 1 < argc) {
			rounds = atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--exec") && a + 1 < argc) {
			exec = argv[++a];
		} else if (!strcmp(argv[a], "--plot") && a + 1 < argc) {
			plot = argv[++a];
		} else {
			usage(stderr);
			return BENCH_EXIT_USAGE;
		}
	}
	if (!ndirs || points < 1 || points > MAX_POINTS || rounds < 1) {
		usage(stderr);
		return BENCH_EXIT_USAGE;
	}
	if (plot && !(dat = bench_plot_data(plot)))
		return BENCH_EXIT_FAIL;
	printf("corpus\tkind\tfiles\tprofiles\tMiB\tload_ms\tcpu_ms\tpeak_rss_MiB\t"
	       "rss_per_blob_byte\tattach_us\treplace_us\tattached\n");
	if (dat)
		fprintf(dat, "# corpus kind files profiles MiB load_ms cpu_ms peak_rss_MiB "
			     "rss_per_blob_byte attach_us replace_us attached\n");
	for (i = 0; i < ndirs; i++) {
		struct corpus c;

		if (corpus_scan(&c, dirs[i])) {
			printf("skip\t%s\tno corpus there (build one with the corpus's build.sh)\n",
			       dirs[i]);
			corpus_free(&c);
			continue;
		}
		if (bench_one(i, &c, points, rounds, exec, dat))
			rc = BENCH_EXIT_POLICY;
		else
			done++;
		corpus_free(&c);
		if (dat)
			fprintf(dat, "\n\n");
	}
	if (dat)
		fclose(dat);
	if (plot && done && write_plot(plot, ndirs))
		rc = BENCH_EXIT_FAIL;
	return rc;
}
