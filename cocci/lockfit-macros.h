/*
 * lockfit-macros.h - macros of Linux 6.5+ that spatch 1.1.1 does not know
 * (its standard.h predates them), given to spatch with --macro-file by
 * lockfit patch, lockfit index and testsuite/cocci/run.
 *
 * cleanup.h's scoped_guard(NAME, &l) { } and scoped_cond_guard(NAME, fail,
 * &l) { } are for loops in disguise: without this spatch skips every
 * function that uses one, without a word.  YACFE_ITERATOR makes them
 * iterators, as list_for_each(): a SmPL rule matches them as
 * "iterator name scoped_guard; ... scoped_guard(G, L) S".  guard(NAME)(&l)
 * is plain C (a call of a call) and needs nothing.
 */
#define scoped_guard(_name, args...) YACFE_ITERATOR
#define scoped_cond_guard(_name, _fail, args...) YACFE_ITERATOR
