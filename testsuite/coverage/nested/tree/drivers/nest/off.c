#include <linux/nest.h>

void off_reset(struct shell *s)
{
	write_lock(&s->out.in.lock);
	s->out.in.n = 0;
	write_unlock(&s->out.in.lock);
}
