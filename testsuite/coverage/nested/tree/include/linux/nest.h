/* struct inner's lock, reached only through the structs embedding it */
struct inner {
	rwlock_t lock;
	int n;
};

struct outer {
	int id;
	struct inner in;
};

struct shell {
	union {
		struct outer out;
		long raw;
	};
};

/* the same member names, another type: not struct inner's lock */
struct other_inner {
	rwlock_t lock;
};

struct other {
	struct other_inner in;
};

/* struct cell's lock: only a typedef of an anonymous struct holds it */
struct cell {
	rwlock_t lock;
};

typedef struct {
	struct cell c;
} cellbox_t;
