/* walk.c - sorted, deterministic directory walks on top of fts(3). */
#include <errno.h>
#include <fts.h>
#include <sys/stat.h>
#include <string.h>

#include "walk.h"

static int by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

void walk_tree(const char *root, bool dereference, walk_fn fn, void *ctx)
{
	char *roots[] = { (char *)root, NULL };
	/* FTS_COMFOLLOW: the root is followed even when it is a link, as
	 * naming it on the command line asks; FTS_LOGICAL follows every link
	 * and reports loops as FTS_DC. */
	int flags = FTS_NOCHDIR | (dereference ? FTS_LOGICAL : FTS_PHYSICAL | FTS_COMFOLLOW);
	FTS *fts = fts_open(roots, flags, by_name);
	FTSENT *e;

	if (!fts) {
		fn(ctx, root, 0, errno);
		return;
	}
	while ((e = fts_read(fts)) != NULL) {
		switch (e->fts_info) {
		case FTS_F:
			fn(ctx, e->fts_path, (uint64_t)e->fts_statp->st_size, 0);
			break;
		case FTS_DNR: /* unreadable directory */
		case FTS_ERR:
		case FTS_NS:  /* stat failed */
			fn(ctx, e->fts_path, 0, e->fts_errno ? e->fts_errno : EIO);
			break;
		case FTS_DC:  /* a directory that contains itself */
			fn(ctx, e->fts_path, 0, ELOOP);
			break;
		case FTS_SLNONE: /* a dangling link, met while following links */
			if (dereference)
				fn(ctx, e->fts_path, 0, ENOENT);
			break;
		default:      /* directories, links not followed, special files */
			break;
		}
	}
	/* fts_read ends with errno 0, or with the error that stopped it. */
	if (errno)
		fn(ctx, root, 0, errno);
	fts_close(fts);
}
