// SPDX-License-Identifier: GPL-2.0
#include <linux/list.h>
#include <linux/spinlock.h>

struct job {
	struct list_head node;
	int state;
};

static LIST_HEAD(jobs);
static DEFINE_RWLOCK(jobs_lock);

void job_run(struct job *j);

void jobs_kick(void)
{
	struct job *j;

	read_lock(&jobs_lock);
	list_for_each_entry(j, &jobs, node) {
		if (j->state) {
			read_unlock(&jobs_lock);
			job_run(j);
			read_lock(&jobs_lock);
		}
	}
	read_unlock(&jobs_lock);
}

void job_add(struct job *j)
{
	write_lock(&jobs_lock);
	list_add(&j->node, &jobs);
	write_unlock(&jobs_lock);
}
