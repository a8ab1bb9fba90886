/* SPDX-License-Identifier: MIT */
/* engine.c - a window of jobs in submission order, claimed by workers (or
 * run on the caller's thread with -j1), each worker with multi-buffer lanes
 * per family; the caller emits results strictly in order. */
#include <pthread.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "crc_split.h"
#include "diag.h"
#include "engine.h"
#include "jobs_default.h"
#include "reader.h"
#include "thread_start.h"
#include "walk.h"
#include "xalloc.h"

/* Jobs submitted but not yet emitted, at most. Bounds memory (a job is
 * about 600 bytes plus its name) while letting workers run far ahead of a
 * slow first file. */
#define WINDOW 1024

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_CLAIMED, SLOT_DONE };

/* A worker's lane groups: one per family for the jobs of one family
 * (most runs), and one more for the first set of several families met
 * ("-a sha256,sha1"); jobs of another set are hashed single-stream. */
#define MIXED_GROUP FAMILY_COUNT
#define GROUPS (FAMILY_COUNT + 1)

struct worker {
	struct engine *e;
	struct lane_group *groups[GROUPS];
	struct read_buffer *buf; /* for single-stream files, made when first needed */
	bool busy;              /* holds claimed work (counted in engine.busy) */
	pthread_t thread;
};

struct engine {
	struct engine_config cfg;
	struct job *ring;       /* WINDOW jobs, each cleared when handed out */
	unsigned char state[WINDOW];
	uint64_t next_emit;     /* oldest job not yet emitted */
	uint64_t submitted;     /* jobs [0, submitted) were submitted */
	uint64_t next_claim;    /* jobs [next_claim, submitted) wait for a worker */
	uint64_t running;       /* jobs claimed and not yet done */
	unsigned idle;          /* workers waiting for work */
	unsigned busy;          /* workers with claimed work, not yet back */
	bool emitter_waits;     /* the caller waits for job next_emit */
	bool closed;
	/* Names of one stream (a FIFO as "f" and "./f") read one after the
	 * other, in order, whatever worker has them: see stream_turn. */
	uint64_t opened[WINDOW];        /* seq + 1 of the job whose open came
	                                 * back there (atomic, only grows) */
	bool is_stream[WINDOW];         /* ... on a FIFO, socket or device: */
	dev_t stream_dev[WINDOW];       /* which one */
	ino_t stream_ino[WINDOW];
	unsigned stream_waiters;        /* workers in stream_turn (atomic) */
	/* Each stream a job has finished reading, and when (a count of such
	 * finishes, stream_clock): a FIFO opened before an earlier name of it
	 * finished may hold that writer's ended pipe (see stream_turn). */
	uint64_t stream_clock;          /* atomic; written under mu */
	struct stream_done {
		dev_t dev;
		ino_t ino;
		uint64_t at;
	} *streams_done;
	size_t nstreams_done, streams_cap;
	unsigned output_waiters;        /* workers in own_output_turn */
	pthread_mutex_t mu;
	pthread_cond_t work;    /* a job was queued, or the engine closed */
	pthread_cond_t done;    /* job next_emit finished */
	pthread_cond_t turn;    /* a job opened, finished or was printed, for
	                         * stream_turn and own_output_turn */
	struct worker *workers;
	unsigned nworkers;      /* threads started (0: the caller works) */
	bool spawn_failed;      /* a thread did not start: start no more */
	struct worker inline_worker;
};

static struct job *slot(struct engine *e, uint64_t seq)
{
	return &e->ring[seq % WINDOW];
}

/* A job finished reading stream dev/ino. Called with the lock held. */
static void note_stream_done(struct engine *e, dev_t dev, ino_t ino)
{
	uint64_t at = __atomic_add_fetch(&e->stream_clock, 1, __ATOMIC_SEQ_CST);
	size_t k = 0;

	while (k < e->nstreams_done && !(e->streams_done[k].dev == dev && e->streams_done[k].ino == ino))
		k++;
	if (k == e->nstreams_done) {
		if (k == e->streams_cap) {
			e->streams_cap = e->streams_cap ? 2 * e->streams_cap : 8;
			e->streams_done = xnrealloc(e->streams_done, e->streams_cap,
						    sizeof *e->streams_done);
		}
		e->streams_done[e->nstreams_done++] = (struct stream_done){ dev, ino, 0 };
	}
	e->streams_done[k].at = at;
}

/* Whether a job finished reading stream dev/ino after stream_clock was
 * since. Called with the lock held. */
static bool stream_done_since(const struct engine *e, dev_t dev, ino_t ino, uint64_t since)
{
	for (size_t k = 0; k < e->nstreams_done; k++)
		if (e->streams_done[k].dev == dev && e->streams_done[k].ino == ino)
			return e->streams_done[k].at > since;
	return false;
}

static void job_done(struct job *job, void *ctx)
{
	struct engine *e = ctx;
	size_t i = (size_t)(job - e->ring);

	pthread_mutex_lock(&e->mu);
	e->state[i] = SLOT_DONE;
	e->running--;
	if (e->is_stream[i])
		note_stream_done(e, e->stream_dev[i], e->stream_ino[i]);
	/* Only the oldest job lets the caller go on; waking it for every
	 * other one cost a wake-up a file once the window was full. */
	if (e->emitter_waits && i == e->next_emit % WINDOW)
		pthread_cond_signal(&e->done);
	if (__atomic_load_n(&e->stream_waiters, __ATOMIC_SEQ_CST))
		pthread_cond_broadcast(&e->turn);
	pthread_mutex_unlock(&e->mu);
}

/* Job seq's open came back, on a regular file or none: it reads no
 * stream that a later job's name reaches. seq, not the job: the lanes
 * may have finished the job, and its slot been given to job seq + WINDOW,
 * before this runs; the flag only grows, so a late store cannot mark
 * the next job opened or unmark it. No lock unless a stream job waits
 * (the flag is stored before the waiters are counted, and a waiter
 * counts itself before it looks at the flags, so one sees the other). */
static void mark_opened(struct engine *e, uint64_t seq)
{
	if (e->cfg.jobs < 2)
		return;
	uint64_t *flag = &e->opened[seq % WINDOW];
	uint64_t old = __atomic_load_n(flag, __ATOMIC_SEQ_CST);
	while (old < seq + 1 &&
	       !__atomic_compare_exchange_n(flag, &old, seq + 1, false, __ATOMIC_SEQ_CST,
					    __ATOMIC_SEQ_CST))
		;
	if (__atomic_load_n(&e->stream_waiters, __ATOMIC_SEQ_CST)) {
		pthread_mutex_lock(&e->mu);
		pthread_cond_broadcast(&e->turn);
		pthread_mutex_unlock(&e->mu);
	}
}

/* What keeps job seq from reading yet: 0 nothing, 1 an earlier job not
 * yet opened (it may name the same stream), 2 an earlier job reading
 * the same stream. Called with the lock held. */
static int stream_blocker(struct engine *e, uint64_t seq, dev_t dev, ino_t ino)
{
	for (uint64_t q = e->next_emit; q < seq; q++) {
		size_t j = q % WINDOW;
		if (e->state[j] == SLOT_DONE)
			continue;
		if (__atomic_load_n(&e->opened[j], __ATOMIC_SEQ_CST) != q + 1)
			return 1;
		if (e->is_stream[j] && e->stream_dev[j] == dev && e->stream_ino[j] == ino)
			return 2;
	}
	return 0;
}

static void finish_lanes(struct worker *w);
static void emit_ready(struct engine *e, bool wait);

/* A FIFO, socket or device that two names reach ("f" and "./f", which
 * stream_guard.c cannot see without a stat of every name) is read as -j1
 * reads it: the first name to the stream's end, then the next. So the
 * job waits until every earlier job has opened and none of them reads
 * this stream. A FIFO is then opened again, as -j1 opens it once the
 * earlier name's writer has gone, when this job's descriptor may hold
 * that writer's ended pipe (it would read it as empty, and the next
 * writer would find no reader: a hang at -j2 under load, in CI):
 *  - while an earlier job reads the stream, the descriptor is closed at
 *    once, so that no later writer comes through it early (one that
 *    opens while it is held does not wait for this job's turn, and may
 *    come and go before it);
 *  - without a wait, when an earlier name finished reading it after this
 *    job opened it (opened_at: stream_clock then).
 * While it waits for an earlier job reading the stream, the files in the
 * worker's lanes finish: that job's writer may be waiting for their
 * lines. Returns whether rd is open. */
static bool stream_turn(struct worker *w, struct job *job, struct file_reader *rd,
			uint64_t opened_at)
{
	struct engine *e = w->e;
	size_t i = (size_t)(job - e->ring);
	dev_t dev = rd->before.st_dev;
	ino_t ino = rd->before.st_ino;
	bool fifo = S_ISFIFO(rd->before.st_mode) && !rd->is_stdin;
	bool closed = false, lanes_done = false;

	if (e->cfg.jobs < 2)
		return true;
	pthread_mutex_lock(&e->mu);
	e->is_stream[i] = true;
	e->stream_dev[i] = dev;
	e->stream_ino[i] = ino;
	__atomic_store_n(&e->opened[i], job->seq + 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&e->stream_waiters, 1, __ATOMIC_SEQ_CST);
	pthread_cond_broadcast(&e->turn);
	int blocker;
	while ((blocker = stream_blocker(e, job->seq, dev, ino)) != 0) {
		if (blocker == 2 && fifo && !closed) {
			/* the earlier job's descriptor keeps the pipe */
			(void)reader_close(rd);
			closed = true;
		}
		/* Not while this FIFO may be another's, still open: a writer
		 * could come and go through it in the meantime. But at once
		 * when a worker waits in own_output_turn for the lines before
		 * stdout's own file: some may be in these lanes, and the job
		 * this one waits for may be the one that worker would take
		 * next (a deadlock at -j2: f1 f2 SUMS g /dev/null > SUMS). */
		if ((blocker == 2 || e->output_waiters) && !lanes_done) {
			pthread_mutex_unlock(&e->mu);
			finish_lanes(w);
			lanes_done = true;
			pthread_mutex_lock(&e->mu);
			continue;
		}
		pthread_cond_wait(&e->turn, &e->mu);
	}
	bool ended_since = fifo && stream_done_since(e, dev, ino, opened_at);
	__atomic_sub_fetch(&e->stream_waiters, 1, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&e->mu);
	if (closed)
		return reader_open(rd, job->name, &job->walked);
	if (!ended_since)
		return true;
	/* The new one first: a writer that came for it may be writing into
	 * the old one's pipe, and the last reader's close would be its EPIPE. */
	struct file_reader old = *rd;
	bool opened = reader_open(rd, job->name, &job->walked);
	(void)reader_close(&old);
	return opened;
}

/* Standard output's own file ("simdsum * > SUMS" names SUMS). coreutils
 * writes each line as it goes, so when it reads SUMS it hashes the lines
 * of every file before it, and "-c" of a list naming its own output reads
 * them too. Here those lines may still be in stdout's buffer, or not yet
 * printed at all (another worker's files): so the job waits until every
 * job before it is printed, then the lines go out, then it is read. Only
 * jobs before it are waited for, and none of them waits for a later one,
 * so the wait ends. */
static void own_output_turn(struct worker *w, uint64_t seq)
{
	struct engine *e = w->e;

	if (w != &e->inline_worker) {   /* the caller prints: wait for it */
		pthread_mutex_lock(&e->mu);
		e->output_waiters++;
		/* a stream job waiting for its turn finishes its lanes */
		if (__atomic_load_n(&e->stream_waiters, __ATOMIC_SEQ_CST))
			pthread_cond_broadcast(&e->turn);
		while (e->next_emit < seq)
			pthread_cond_wait(&e->turn, &e->mu);
		e->output_waiters--;
		pthread_mutex_unlock(&e->mu);
	}
	diag_lines_flush();
}

static struct lane_group *group_for(struct worker *w, const struct job *job)
{
	if (!job->hash || job->nchoices == 0 || w->e->cfg.one_job)
		return NULL;
	uint32_t families = lanes_families(job);
	/* One bit: that family's group; several: the mixed one. */
	unsigned i = families & (families - 1) ? MIXED_GROUP
					       : (unsigned)job->choices[0].algo->family;
	if (!w->groups[i])
		w->groups[i] = lanes_create(w->e->cfg.lanes, families, w->e->cfg.io, job_done, w->e);
	return lanes_accepts(w->groups[i], job) ? w->groups[i] : NULL;
}

/* Whether a worker is free to split this file over the idle workers. */
static unsigned crc_split_ways(struct engine *e, const struct job *job)
{
	if (e->cfg.jobs < 2 || !job->hash || job->cross_check || !crc_split_job(job))
		return 1;
	pthread_mutex_lock(&e->mu);
	bool nothing_else = e->next_claim == e->submitted;
	pthread_mutex_unlock(&e->mu);
	return nothing_else ? e->cfg.jobs : 1;
}

static void finish_lanes(struct worker *w)
{
	for (int i = 0; i < GROUPS; i++)
		while (w->groups[i] && lanes_busy(w->groups[i]))
			lanes_step(w->groups[i]);
}

static void run_job(struct worker *w, struct job *job)
{
	struct lane_group *g;

	uint64_t seq = job->seq;   /* the job may be done and gone below */

	if (!job->hash) {
		mark_opened(w->e, seq);
		job_done(job, w->e);
		return;
	}
	g = group_for(w, job);
	struct file_reader rd;
	/* Before any open of it (here or by the lanes): see stream_turn. */
	uint64_t opened_at = __atomic_load_n(&w->e->stream_clock, __ATOMIC_SEQ_CST);
	enum lanes_took took = g ? lanes_add(g, job, &rd) : LANES_DECLINED;
	if (took == LANES_TAKEN) {
		mark_opened(w->e, seq);
		return;
	}
	/* The file is opened once (here, or by the lanes: a stream), and what
	 * it is decides how it is read: split over the idle workers, or
	 * single-stream. */
	bool opened = took == LANES_STREAM || reader_open(&rd, job->name, &job->walked);
	bool stream = opened && (S_ISFIFO(rd.before.st_mode) || S_ISSOCK(rd.before.st_mode) ||
				 S_ISCHR(rd.before.st_mode));
	if (!stream)
		mark_opened(w->e, seq);
	if (stream)
		opened = stream_turn(w, job, &rd, opened_at);
	bool own_output = opened && reader_is_stdout_file(&rd);
	/* A pipe, FIFO or device may not end soon (or ever: /dev/zero): the
	 * files in this worker's lanes, named before it, finish first and,
	 * when this thread is the one that prints, are printed, as one at a
	 * time would print them. So for stdout's own file, which must see
	 * those lines; it is then read to the size they have made it. */
	if (opened && (!S_ISREG(rd.before.st_mode) || own_output)) {
		finish_lanes(w);
		if (w == &w->e->inline_worker)
			emit_ready(w->e, false);
	}
	if (own_output) {
		own_output_turn(w, seq);
		opened = reader_restat(&rd);
	}
	unsigned ways = opened ? crc_split_ways(w->e, job) : 1;
	if (!w->buf)
		w->buf = input_buffer_new();
	if (ways > 1 && crc_split_worth(&rd))
		crc_split_hash(job, &rd, ways, w->buf);
	else
		job_hash_reader(job, &rd, opened, w->e->cfg.io, w->buf);
	job_done(job, w->e);
}

static unsigned lanes_wanted(struct worker *w)
{
	unsigned want = 0;
	for (int i = 0; i < GROUPS; i++)
		if (w->groups[i])
			want += lanes_free(w->groups[i]);
	return want;
}

static unsigned lanes_running(struct worker *w)
{
	unsigned busy = 0;
	for (int i = 0; i < GROUPS; i++)
		if (w->groups[i])
			busy += lanes_busy(w->groups[i]);
	return busy;
}

/* Claims up to max queued jobs (in order) into out[]; with block set and
 * nothing to do, waits for work. Returns how many, 0 once closed and
 * drained. Called with the lock held. */
static unsigned claim(struct engine *e, struct job **out, unsigned max, bool block)
{
	unsigned n = 0;

	while (block && e->next_claim == e->submitted && !e->closed) {
		e->idle++;
		pthread_cond_wait(&e->work, &e->mu);
		e->idle--;
	}
	while (n < max && e->next_claim < e->submitted) {
		uint64_t seq = e->next_claim++;
		e->state[seq % WINDOW] = SLOT_CLAIMED;
		e->running++;
		out[n++] = slot(e, seq);
	}
	return n;
}

/* How many more files a worker holding held of them in its lanes may
 * claim, of want: its share, rounded up, of every file queued or running
 * among the -j workers, and at least one when it holds none. Greedy lanes
 * let the first worker take every queued file (sixteen files of 16 MiB at
 * -j16 ran through one worker's lanes while fifteen CPUs idled); a share
 * spreads them, and at -j1 the share is everything. Called with the lock
 * held. */
static unsigned fair_share(const struct engine *e, unsigned held, unsigned want)
{
	uint64_t files = e->submitted - e->next_claim + e->running;
	uint64_t share = (files + e->cfg.jobs - 1) / e->cfg.jobs;
	uint64_t room = share > held ? share - held : !held;
	return want < room ? want : (unsigned)room;
}

/* Busy: the worker will not look at the queue soon (it runs what it
 * claimed, or its lanes hold its share), so engine_submit wakes others
 * for the queue. Called with the lock held. */
static void mark_busy(struct worker *w, bool busy)
{
	if (w->busy == busy)
		return;
	w->busy = busy;
	if (busy)
		w->e->busy++;
	else
		w->e->busy--;
}

/* One round of a worker: take work, start it, advance the lanes. Returns
 * false when there was nothing to do. */
static bool worker_round(struct worker *w, bool block)
{
	struct engine *e = w->e;
	struct job *jobs[LANES_MAX];
	unsigned busy = lanes_running(w);
	/* Fill free lanes, but take one job at a time when no lane could use
	 * more, so other workers get their share. */
	unsigned max = busy ? lanes_wanted(w) : 1;
	if (max == 0)
		max = busy ? 0 : 1;
	if (max > LANES_MAX)
		max = LANES_MAX;

	pthread_mutex_lock(&e->mu);
	max = fair_share(e, busy, max);
	mark_busy(w, max == 0);
	unsigned n = max ? claim(e, jobs, max, block && busy == 0) : 0;
	if (n)
		mark_busy(w, true);
	pthread_mutex_unlock(&e->mu);

	for (unsigned i = 0; i < n; i++)
		run_job(w, jobs[i]);
	/* A first file that went into a lane: fill the other lanes before
	 * the first step, so the step runs on as many files as are ready. */
	if (n && !busy && lanes_running(w)) {
		unsigned more = lanes_wanted(w);
		if (more > LANES_MAX)
			more = LANES_MAX;
		pthread_mutex_lock(&e->mu);
		unsigned m = claim(e, jobs, fair_share(e, lanes_running(w), more), false);
		pthread_mutex_unlock(&e->mu);
		for (unsigned i = 0; i < m; i++)
			run_job(w, jobs[i]);
	}
	bool stepped = false;
	for (int i = 0; i < GROUPS; i++) {
		if (w->groups[i] && lanes_busy(w->groups[i])) {
			lanes_step(w->groups[i]);
			stepped = true;
		}
	}
	return n > 0 || stepped;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct engine *e = w->e;

	for (;;) {
		if (worker_round(w, true))
			continue;
		pthread_mutex_lock(&e->mu);
		bool finished = e->closed && e->next_claim == e->submitted;
		pthread_mutex_unlock(&e->mu);
		if (finished && lanes_running(w) == 0)
			break;
	}
	return NULL;
}

static void worker_free(struct worker *w)
{
	for (int i = 0; i < GROUPS; i++)
		lanes_destroy(w->groups[i]);
	read_buffer_free(w->buf);
}

/* Each file in a lane holds a descriptor open: every worker's lanes of
 * every family must fit under RLIMIT_NOFILE, with room for the rest
 * (JOBS_DESCRIPTORS_KEPT; jobs_within_descriptors has fitted the workers).
 * Under "ulimit -n 16" a worker's 16 lanes gave files "Too many open
 * files" that one at a time opens. */
unsigned engine_lane_groups(const struct engine_config *cfg)
{
	unsigned families = 0;

	for (int f = 0; f < FAMILY_COUNT; f++)
		families += cfg->lanes[f].enabled;
	if (!families)
		return 0;
	switch (cfg->sets) {
	case JOBS_SAME_SET:
		return 1;
	case JOBS_ANY_SET:
		return families + 1;
	case JOBS_ONE_FAMILY:
		break;
	}
	return families;
}

static void fit_lanes_to_descriptors(struct engine_config *cfg)
{
	struct rlimit rl;
	unsigned groups = engine_lane_groups(cfg);

	if (!groups || getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return;
	rlim_t room = rl.rlim_cur > JOBS_DESCRIPTORS_KEPT ? rl.rlim_cur - JOBS_DESCRIPTORS_KEPT : 0;
	rlim_t each = room / cfg->jobs / groups;
	for (int f = 0; f < FAMILY_COUNT; f++) {
		struct lane_policy *p = &cfg->lanes[f];
		if (!p->enabled || p->plan.capacity <= each)
			continue;
		if (each < 2)
			p->enabled = false;
		else
			p->plan.capacity = (unsigned)each;
	}
}

void engine_config_init(struct engine_config *cfg, const struct options *opt, int nfiles,
			const struct algo_choice *choices, unsigned nlanes, enum job_sets sets,
			void (*emit)(struct job *job, void *ctx), void *ctx)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->jobs = opt->jobs;
	cfg->io = opt->io;
	cfg->emit = emit;
	cfg->ctx = ctx;
	cfg->one_job = !opt->check && !opt->files_from && !opt->recursive && nfiles <= 1;
	cfg->sets = sets;
	for (unsigned i = 0; i < nlanes; i++)
		lanes_policy_for(&choices[i], opt->io, &cfg->lanes[choices[i].algo->family]);
}

struct engine *engine_create(const struct engine_config *cfg)
{
	struct engine *e = xcalloc(1, sizeof *e);

	/* Not cleared here: engine_job clears each job it hands out, and the
	 * untouched part of the ring (all but a few slots of a short run)
	 * then never costs a page fault (about 2 us a page on the Zen 1 VM;
	 * clearing the whole ring took 0.3-0.5 ms of a 1.5 ms run). */
	e->ring = xmalloc(WINDOW * sizeof *e->ring);
	e->cfg = *cfg;
	if (e->cfg.jobs < 1)
		e->cfg.jobs = 1;
	fit_lanes_to_descriptors(&e->cfg);
	pthread_mutex_init(&e->mu, NULL);
	pthread_cond_init(&e->work, NULL);
	pthread_cond_init(&e->done, NULL);
	pthread_cond_init(&e->turn, NULL);
	e->inline_worker.e = e;
	return e;
}

/* Starts up to n more workers, at most cfg.jobs in all. If none could
 * start, the caller does the work. */
static void start_workers(struct engine *e, unsigned n)
{
	if (!e->workers)
		e->workers = xcalloc(e->cfg.jobs, sizeof *e->workers);
	for (; n && e->nworkers < e->cfg.jobs && !e->spawn_failed; n--) {
		struct worker *w = &e->workers[e->nworkers];
		w->e = e;
		if (!thread_start(&w->thread, worker_main, w))
			e->spawn_failed = true;
		else
			e->nworkers++;
	}
}

/* Emits finished jobs in order. With wait set, waits until the oldest
 * job is finished (working on it in inline mode). */
static void emit_ready(struct engine *e, bool wait)
{
	bool emitted = false;

	for (;;) {
		pthread_mutex_lock(&e->mu);
		while (wait && e->nworkers && e->next_emit < e->submitted &&
		       e->state[e->next_emit % WINDOW] != SLOT_DONE) {
			e->emitter_waits = true;
			pthread_cond_wait(&e->done, &e->mu);
			e->emitter_waits = false;
		}
		bool ready = e->next_emit < e->submitted && e->state[e->next_emit % WINDOW] == SLOT_DONE;
		pthread_mutex_unlock(&e->mu);
		if (!ready) {
			if (wait && !e->nworkers && e->next_emit < e->submitted) {
				worker_round(&e->inline_worker, false);
				continue;
			}
			/* While a large file is read, the lines of the files
			 * before it go out as they are made: in the lanes beside
			 * it they end after its open wrote out the rest. */
			if (emitted && diag_slow_read_active())
				diag_lines_flush();
			return;
		}
		struct job *job = slot(e, e->next_emit);
		e->cfg.emit(job, e->cfg.ctx);
		emitted = true;
		pthread_mutex_lock(&e->mu);
		e->state[e->next_emit % WINDOW] = SLOT_FREE;
		e->next_emit++;
		if (e->output_waiters)
			pthread_cond_broadcast(&e->turn);
		pthread_mutex_unlock(&e->mu);
		wait = false;
	}
}

struct job *engine_job(struct engine *e)
{
	emit_ready(e, false);
	while (e->submitted - e->next_emit >= WINDOW)
		emit_ready(e, true);
	struct job *job = slot(e, e->submitted);
	memset(job, 0, sizeof *job);
	return job;
}

void engine_submit(struct engine *e, struct job *job)
{
	pthread_mutex_lock(&e->mu);
	e->state[e->submitted % WINDOW] = SLOT_QUEUED;
	e->is_stream[e->submitted % WINDOW] = false;
	job->seq = e->submitted++;
	/* More workers only when the queue is longer than the workers
	 * already awake and about to claim can take: a sleeping one is woken,
	 * or, with none asleep, as many started as are missing. Waking one
	 * for every file cost more than the files on many CPUs: on a 16-vCPU
	 * VM, 20,000 small files took 80 ms at the default -j against 36 ms
	 * at -j2, each file paying a wake-up and a sleep; and "simdsum a b"
	 * need not start sixteen threads. */
	long ready = (long)e->nworkers - (long)e->idle - (long)e->busy;
	long missing = (long)(e->submitted - e->next_claim) - ready;
	unsigned start = 0;
	if (missing > 0 && e->idle)
		pthread_cond_signal(&e->work);
	else if (missing > 0)
		start = (unsigned)missing;
	pthread_mutex_unlock(&e->mu);

	if (e->cfg.jobs > 1) {
		/* Threads only once there are two files: one file (the common
		 * "simdsum FILE") should not pay for them. */
		if (start && e->submitted >= 2)
			start_workers(e, start);
		if (e->nworkers)
			return;
	}
	/* Inline: keep the lanes fed, work as soon as there is enough. */
	struct worker *w = &e->inline_worker;
	unsigned want = lanes_running(w) ? lanes_wanted(w) : 1;
	if (e->cfg.jobs == 1 && e->submitted - e->next_claim >= (want ? want : 1))
		worker_round(w, false);
}

void engine_drain(struct engine *e)
{
	if (!e->nworkers)
		while (worker_round(&e->inline_worker, false))
			emit_ready(e, false);
	while (e->next_emit < e->submitted)
		emit_ready(e, true);
}

void engine_finish(struct engine *e)
{
	pthread_mutex_lock(&e->mu);
	e->closed = true;
	pthread_cond_broadcast(&e->work);
	pthread_mutex_unlock(&e->mu);

	if (!e->nworkers) {
		while (worker_round(&e->inline_worker, false))
			emit_ready(e, false);
	}
	while (e->next_emit < e->submitted)
		emit_ready(e, true);
	for (unsigned i = 0; i < e->nworkers; i++) {
		pthread_join(e->workers[i].thread, NULL);
		worker_free(&e->workers[i]);
	}
	worker_free(&e->inline_worker);
	free(e->workers);
	pthread_mutex_destroy(&e->mu);
	pthread_cond_destroy(&e->work);
	pthread_cond_destroy(&e->done);
	pthread_cond_destroy(&e->turn);
	free(e->ring);
	free(e->streams_done);
	free(e);
}
