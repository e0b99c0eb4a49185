/* tools/ is user space: never indexed */
void read_lock(void *);
extern int g_lock;
void f(void) { read_lock(&g_lock); }
