# lockfit - top-level Makefile.
#
#   make               build plugin/lockfit.so
#   make example       run lockfit on the bundled example (examples/)
#   make check         fast tests: rule tables, fixtures, a real-kernel smoke test
#   make check-kernel  the long real-kernel tests (Linux 6.1, several minutes)
#   make bench         plugin overhead on real kernel files, as ratios
#
# Everything GCC-specific is in plugin/compat.h; lock facts are in rules/.

CC        ?= gcc
CXX       := g++
PLUGINDIR := $(shell $(CC) -print-file-name=plugin)
PYTHON    ?= python3

PLUGIN_CXXFLAGS := -std=gnu++17 -fPIC -fno-rtti -fno-exceptions -O2 -g \
	-Wall -Wno-format-diag -Wno-narrowing -I$(PLUGINDIR)/include -Iplugin
PLUGIN_LDLIBS   := -ljansson

PLUGIN_SRCS := $(wildcard plugin/*.c) plugin/rules.gen.c
PLUGIN_OBJS := $(sort $(PLUGIN_SRCS:.c=.o))
PLUGIN_HDRS := $(wildcard plugin/*.h)
RULES       := rules/primitives.tbl rules/locktypes.tbl rules/thresholds.tbl

all: plugin/lockfit.so

plugin/rules.gen.c: $(RULES) scripts/gen-rules.awk
	LC_ALL=C awk -f scripts/gen-rules.awk $(RULES) > $@.tmp
	mv $@.tmp $@

plugin/%.o: plugin/%.c $(PLUGIN_HDRS)
	$(CXX) $(PLUGIN_CXXFLAGS) -x c++ -c -o $@ $<

plugin/lockfit.so: $(PLUGIN_OBJS)
	$(CXX) -shared -o $@ $^ $(PLUGIN_LDLIBS)

check: all
	testsuite/run-rules-tests
	$(PYTHON) testsuite/run-fixtures --plugin plugin/lockfit.so testsuite/fixtures
	testsuite/kernel/smoke

check-kernel: all
	testsuite/kernel/full

clean:
	rm -f plugin/*.o plugin/lockfit.so plugin/rules.gen.c plugin/rules.gen.c.tmp

.PHONY: all check check-kernel clean
