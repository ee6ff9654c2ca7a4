# pegsol - one build: the static library, the pegsol binary, the tests.
#   make            build build/pegsol, build/pegsol-web (the web server
#                   that `pegsol serve` runs) and build/libpegsol.a
#   make test       build and run every test (tests/run.sh)
#   make asan       the same tests under AddressSanitizer + UBSan (build-asan/)
#   make fuzz       libFuzzer targets for the parsers (clang, build-fuzz/)
#   make install    PREFIX=/usr/local DESTDIR= (docs/install.md); also
#                   make shared, man, completion, uninstall
# CFLAGS, CPPFLAGS and LDFLAGS from the environment or the command line
# are honoured (Debian: CFLAGS="$(dpkg-buildflags --get CFLAGS)" ...).
BUILD   ?= build
CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
# warnings stop the build only where WERROR=1 (CI, scripts/test.sh), so a
# newer compiler's new warning never breaks a user's build
WERROR  ?=
WARN    := -Wall -Wextra -Wshadow -Wno-unused-parameter $(if $(filter 1,$(WERROR)),-Werror)
# the library's layers (docs/ARCHITECTURE.md): core, util, engines, play
LIB_DIRS := core util engines play
# a user's CPPFLAGS (e.g. -D_FORTIFY_SOURCE=2) come after ours
override CPPFLAGS := -Iinclude $(LIB_DIRS:%=-Isrc/lib/%) -D_DEFAULT_SOURCE -std=c11 $(WARN) $(CPPFLAGS)
# every link uses LDFLAGS (e.g. -Wl,-z,relro -Wl,-z,now)
LDFLAGS ?=
# header dependencies written by the compiler (build/**/*.d)
DEPFLAGS := -MMD -MP
LDLIBS  := -lgmp -lcjson -lncursesw -lpthread -lm -lxxhash -lzstd -lglpk
WEB_LIBS := -lmicrohttpd -lz
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

LIB_SRC := $(sort $(foreach d,$(LIB_DIRS),$(wildcard src/lib/$(d)/*.c)))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
WEB_SRC := $(sort $(wildcard src/web/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)
WEB_OBJ := $(WEB_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# pegsol runs `serve` through pegsol-web, the only binary linking
# libmicrohttpd and src/web/ (src/cli/launch/serve_launch.c says why)
LIGHT_OBJ := $(filter-out $(BUILD)/src/cli/cmd_serve.o,$(CLI_OBJ)) \
	$(BUILD)/src/cli/launch/serve_launch.o

all: $(BUILD)/pegsol $(BUILD)/pegsol-web

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) $(CFLAGS) -c -o $@ $<

# the web game's page is embedded in src/web/server.o (.incbin of web/*)
$(BUILD)/src/web/server.o: $(wildcard web/*)

$(BUILD)/libpegsol.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/pegsol: $(LIGHT_OBJ) $(BUILD)/libpegsol.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(LIGHT_OBJ) $(BUILD)/libpegsol.a $(LDLIBS)

$(BUILD)/pegsol-web: $(CLI_OBJ) $(WEB_OBJ) $(BUILD)/libpegsol.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(WEB_OBJ) $(BUILD)/libpegsol.a $(LDLIBS) $(WEB_LIBS)

$(BUILD)/tests/%: tests/%.c $(BUILD)/libpegsol.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) -Itests $(CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libpegsol.a $(LDLIBS)

# ---- pegsol-mpi (docs/scale.md) -----------------------------------------
# make mpi: $(BUILD)/pegsol-mpi, pegsol sets and count on OpenMPI ranks
# (mpirun -np K), src/mpi/ compiled with mpicc and linked with the same
# libpegsol.a and the CLI's option and table code; only this binary links
# MPI (the plain pegsol never needs it at run time).
MPICC   ?= mpicc
MPI_SRC := $(sort $(wildcard src/mpi/*.c))
MPI_OBJ := $(MPI_SRC:%.c=$(BUILD)/%.o)
MPI_CLI_OBJ := $(addprefix $(BUILD)/src/cli/,cli.o problem.o progress.o \
	sets_print.o sets_check.o svgout.o)
mpi: $(BUILD)/pegsol-mpi
$(BUILD)/src/mpi/%.o: src/mpi/%.c
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Isrc/cli $(DEPFLAGS) $(CFLAGS) -c -o $@ $<
$(BUILD)/pegsol-mpi: $(MPI_OBJ) $(MPI_CLI_OBJ) $(BUILD)/libpegsol.a
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(MPI_OBJ) $(MPI_CLI_OBJ) \
		$(BUILD)/libpegsol.a $(LDLIBS)

# shared, man and completion: for tests/cli/install.sh; python (the
# binding, docs/python.md) for tests/cli/python.sh, not under sanitizers
PYTHON  ?= python3
PY_TESTS := $(if $(findstring -fsanitize,$(CFLAGS)),,python)
# pegsol-mpi (tests/cli/mpi.sh), not under sanitizers either (OpenMPI's
# own allocations trip LeakSanitizer)
MPI_TESTS := $(if $(findstring -fsanitize,$(CFLAGS)),,mpi)
tests: $(BUILD)/pegsol $(BUILD)/pegsol-web $(TEST_BIN) shared man completion \
	$(PY_TESTS) $(MPI_TESTS)

test: tests
	BUILD=$(BUILD) bash tests/run.sh

asan:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g $(SAN_FLAGS)" test

# the sanitizer build without running it (scripts/test.sh runs it beside
# the plain suite)
asan-tests:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g $(SAN_FLAGS)" tests

fuzz:
	bash fuzz/run.sh

clean:
	rm -rf build build-asan build-fuzz

# ---- install (docs/install.md) ------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=] lays out bin/pegsol and
# pegsol-web, lib/libpegsol.a, the shared library, include/pegsol.h and
# include/pegsol/, lib/pkgconfig/pegsol.pc, share/man/man1/pegsol.1 and
# share/bash-completion/completions/pegsol; make uninstall removes them.
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL ?= install
VERSION := $(shell sed -n 's/^\#define PEG_VERSION "\(.*\)"/\1/p' include/pegsol/version.h)
SOVERSION := $(shell sed -n 's/^\#define PEG_VERSION_MAJOR //p' include/pegsol/version.h)
SONAME  := libpegsol.so.$(SOVERSION)
SHLIB   := libpegsol.so.$(VERSION)
PUB_HDR := $(sort $(wildcard include/pegsol/*.h))
# what the library itself links (the faces add cJSON, ncurses, ...)
LIB_LDLIBS := $(filter-out -lcjson -lncursesw,$(LDLIBS))
# the shared library: its own -fPIC objects, hidden visibility except for
# what include/pegsol/*.h declares (export.h, force-included, declares it
# with default visibility), and a version script of the same names
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)

shared: $(BUILD)/$(SHLIB) $(BUILD)/$(SONAME) $(BUILD)/libpegsol.so
man: $(BUILD)/pegsol.1
completion: $(BUILD)/pegsol.bash

# rewritten only when the set of public headers changes
$(BUILD)/pic/export.h: FORCE
	@mkdir -p $(dir $@)
	@{ echo '/* generated by the Makefile: public declarations are exported */'; \
	  echo '#pragma GCC visibility push(default)'; \
	  for h in $(PUB_HDR:include/%=%); do echo "#include \"$$h\""; done; \
	  echo '#pragma GCC visibility pop'; } >$@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp

# a source's own feature-test macros (#define _GNU_SOURCE before its first
# #include) go on the command line too: export.h includes system headers
$(BUILD)/pic/%.o: %.c $(BUILD)/pic/export.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) $(CFLAGS) -fPIC -fvisibility=hidden \
		$$(sed -n -e '/^#include/q' -e 's/^#define \(_[A-Z0-9_]*SOURCE\)\( \([^ /]*\)\)\{0,1\}.*/-D\1=\3/p' $<) \
		-include $(BUILD)/pic/export.h -c -o $@ $<

$(BUILD)/pic/libpegsol.map: $(PIC_OBJ) tools/gen-exports.sh
	bash tools/gen-exports.sh include/pegsol $(PIC_OBJ) >$@.tmp
	@mv $@.tmp $@

$(BUILD)/$(SHLIB): $(PIC_OBJ) $(BUILD)/pic/libpegsol.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
		-Wl,--version-script=$(BUILD)/pic/libpegsol.map -Wl,--no-undefined \
		-o $@ $(PIC_OBJ) -Wl,--as-needed $(LIB_LDLIBS)

$(BUILD)/$(SONAME): $(BUILD)/$(SHLIB)
	ln -sf $(SHLIB) $@
$(BUILD)/libpegsol.so: $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

# the man page and the completion come from the --help texts
# (pegsol help, pegsol help COMMAND) of the binaries just built
$(BUILD)/pegsol.1: $(BUILD)/pegsol $(BUILD)/pegsol-web tools/gen-man.sh
	bash tools/gen-man.sh $(BUILD)/pegsol >$@.tmp
	@mv $@.tmp $@
$(BUILD)/pegsol.bash: $(BUILD)/pegsol $(BUILD)/pegsol-web tools/gen-completion.sh
	bash tools/gen-completion.sh $(BUILD)/pegsol >$@.tmp
	@mv $@.tmp $@

install: all shared man completion
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBDIR)" \
		"$(DESTDIR)$(INCLUDEDIR)/pegsol" "$(DESTDIR)$(PKGCONFIGDIR)" \
		"$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASHCOMPDIR)"
	$(INSTALL) -m 755 $(BUILD)/pegsol $(BUILD)/pegsol-web "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 644 $(BUILD)/libpegsol.a "$(DESTDIR)$(LIBDIR)"
	$(INSTALL) -m 755 $(BUILD)/$(SHLIB) "$(DESTDIR)$(LIBDIR)"
	ln -sf $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SONAME)"
	ln -sf $(SONAME) "$(DESTDIR)$(LIBDIR)/libpegsol.so"
	$(INSTALL) -m 644 include/pegsol.h "$(DESTDIR)$(INCLUDEDIR)"
	$(INSTALL) -m 644 $(PUB_HDR) "$(DESTDIR)$(INCLUDEDIR)/pegsol"
	sed -e 's|@PREFIX@|$(PREFIX)|g' \
		-e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|g' \
		-e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|g' \
		-e 's|@VERSION@|$(VERSION)|g' \
		-e 's|@LIBS_PRIVATE@|$(LIB_LDLIBS)|g' pegsol.pc.in \
		>"$(DESTDIR)$(PKGCONFIGDIR)/pegsol.pc"
	$(INSTALL) -m 644 $(BUILD)/pegsol.1 "$(DESTDIR)$(MANDIR)/man1/pegsol.1"
	$(INSTALL) -m 644 $(BUILD)/pegsol.bash "$(DESTDIR)$(BASHCOMPDIR)/pegsol"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/pegsol" "$(DESTDIR)$(BINDIR)/pegsol-web" \
		"$(DESTDIR)$(LIBDIR)/libpegsol.a" "$(DESTDIR)$(LIBDIR)/libpegsol.so" \
		"$(DESTDIR)$(LIBDIR)/libpegsol.so.$(SOVERSION)" \
		"$(DESTDIR)$(LIBDIR)/$(SHLIB)" \
		"$(DESTDIR)$(INCLUDEDIR)/pegsol.h" "$(DESTDIR)$(PKGCONFIGDIR)/pegsol.pc" \
		"$(DESTDIR)$(MANDIR)/man1/pegsol.1" "$(DESTDIR)$(BASHCOMPDIR)/pegsol"
	rm -rf "$(DESTDIR)$(INCLUDEDIR)/pegsol"

# ---- Python binding (docs/python.md) ------------------------------------
# make python: the package pegsol in $(BUILD)/python/ (cffi, API mode; the
# library's -fPIC objects linked into the extension), for
# PYTHONPATH=$(BUILD)/python python3 -c "import pegsol".
python: $(BUILD)/python/pegsol/__init__.py
$(BUILD)/python/pegsol/__init__.py: $(PIC_OBJ) $(PUB_HDR) \
		$(wildcard python/*.py python/*.h python/pegsol/*.py)
	$(PYTHON) python/build_pegsol.py --build $(BUILD) \
		--libs "$(LIB_LDLIBS)" $(PIC_OBJ)

# ---- the static WebAssembly page (docs/play.md) -------------------------
# make wasm: $(BUILD)/wasm/ - the page of web/ with the library's game
# service and the server's JSON API (src/web/api.c) compiled by emscripten
# (Debian's package) into pegsol.js + pegsol.wasm (src/wasm/), for any
# static host.  cJSON, GMP's mini-gmp and zstd are compiled in from
# Debian's source packages (src/wasm/deps.sh fetches them once into
# $(WASM_DEPS), pinned by src/wasm/deps.sha256), xxhash is Debian's header;
# GLPK is a failing stand-in (src/wasm/include/glpk.h: no linear
# programs); the engines that need more of GMP (counting, analysis) are
# left out.  docs/dependencies.md "The WebAssembly build".
EMCC    ?= emcc
EMAR    ?= emar
WASM_OUT := $(BUILD)/wasm
WASM_TMP := $(BUILD)/wasm-obj
WASM_DEPS ?= wasm-deps
WASM_SRC := $(BUILD)/wasm-src
WASM_GMP := $(WASM_SRC)/gmp/mini-gmp
# (emscripten's libc headers include less than glibc's: stdio.h for all)
WASM_CPPFLAGS := -Iinclude $(LIB_DIRS:%=-Isrc/lib/%) -Isrc/wasm/include \
	-I$(WASM_SRC) -I$(WASM_GMP) -I$(WASM_SRC)/zstd/lib \
	-D_DEFAULT_SOURCE -std=c11 $(WARN) -include stdio.h
WASM_LIB_SRC := $(filter-out src/lib/engines/count.c \
	src/lib/engines/analyse.c,$(LIB_SRC))
WASM_LIB_OBJ := $(WASM_LIB_SRC:%.c=$(WASM_TMP)/%.o)
WASM_MAIN_OBJ := $(patsubst %.c,$(WASM_TMP)/%.o,src/web/api.c src/cli/cli.c \
	$(sort $(wildcard src/wasm/*.c)))
WASM_LINK := -sMODULARIZE=1 -sEXPORT_NAME=createPegsol -sENVIRONMENT=web,worker,node \
	-sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB \
	-sTOTAL_STACK=8MB -sEXPORTED_FUNCTIONS=_pegsol_api,_pegsol_status,_free \
	-sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString
WASM_PAGE := app.js worker.js style.css manifest.webmanifest favicon.svg

wasm: $(WASM_OUT)/pegsol.js $(WASM_OUT)/index.html \
	$(WASM_PAGE:%=$(WASM_OUT)/%)

$(WASM_TMP)/%.o: %.c | $(WASM_SRC)/.unpacked
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CPPFLAGS) -MMD -MP -O2 -c -o $@ $<

$(WASM_TMP)/libpegsol.a: $(WASM_LIB_OBJ)
	@rm -f $@
	$(EMAR) rcs $@ $^

# the dependencies' sources: fetched once (a second make wasm fetches
# nothing), unpacked with Debian's patches; compiled as their authors do
# (their own warnings, not ours): mini-mpq.c after mini-gmp.c, zstd's
# single-file library
$(WASM_SRC)/.unpacked: src/wasm/deps.sh src/wasm/deps.sha256
	sh src/wasm/deps.sh fetch $(WASM_DEPS)
	sh src/wasm/deps.sh unpack $(WASM_DEPS) $(WASM_SRC)
	touch $@
WASM_DEP_OBJ := $(WASM_TMP)/deps/cJSON.o $(WASM_TMP)/deps/mini-gmp.o \
	$(WASM_TMP)/deps/zstd.o
$(WASM_TMP)/deps/cJSON.o: $(WASM_SRC)/.unpacked
	@mkdir -p $(dir $@)
	$(EMCC) -O2 -c -o $@ $(WASM_SRC)/cjson/cJSON.c
$(WASM_TMP)/deps/mini-gmp.o: $(WASM_SRC)/.unpacked
	@mkdir -p $(dir $@)
	$(EMCC) -O2 -c -I$(WASM_GMP) -include $(WASM_GMP)/mini-gmp.c -o $@ \
		$(WASM_GMP)/mini-mpq.c
# zstd for size (the page writes no level files): its README's options,
# 872 KB of object -O2, 371 KB so
$(WASM_TMP)/deps/zstd.o: $(WASM_SRC)/.unpacked
	@mkdir -p $(dir $@)
	$(EMCC) -Os -DZSTD_NO_INLINE -DZSTD_STRIP_ERROR_STRINGS \
		-DHUF_FORCE_DECOMPRESS_X1 -DZSTD_FORCE_DECOMPRESS_SEQUENCES_SHORT \
		-c -o $@ $(WASM_SRC)/zstd.c

# pegsol.wasm is written with pegsol.js; emcc's JavaScript passes need
# Debian's node-acorn, which a node not from Debian does not look for
$(WASM_OUT)/pegsol.js: $(WASM_MAIN_OBJ) $(WASM_TMP)/libpegsol.a $(WASM_DEP_OBJ)
	@mkdir -p $(dir $@)
	NODE_PATH=$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs $(EMCC) -O2 $(WASM_LINK) -o $(WASM_TMP)/pegsol.js $(WASM_MAIN_OBJ) \
		$(WASM_TMP)/libpegsol.a $(WASM_DEP_OBJ)
	cp $(WASM_TMP)/pegsol.wasm $@.wasm.tmp && mv $@.wasm.tmp $(WASM_OUT)/pegsol.wasm
	cp $(WASM_TMP)/pegsol.js $@.tmp && mv $@.tmp $@

# the page names the engine's worker (web/worker.js loads the module), so
# app.js answers the API there instead of asking a server
$(WASM_OUT)/index.html: web/index.html
	@mkdir -p $(dir $@)
	sed 's|<script src="app.js"></script>|<meta name="pegsol-engine" content="worker.js">\n&|' $< >$@.tmp
	@grep -q 'name="pegsol-engine"' $@.tmp && mv $@.tmp $@

# a static host may serve the page below its root
$(WASM_OUT)/manifest.webmanifest: web/manifest.webmanifest
	@mkdir -p $(dir $@)
	sed 's|"start_url": "/"|"start_url": "./"|' $< >$@.tmp && mv $@.tmp $@

$(WASM_OUT)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@.tmp && mv $@.tmp $@

-include $(WASM_LIB_OBJ:.o=.d) $(WASM_MAIN_OBJ:.o=.d)
.PHONY: wasm

# tests/test_wasm_shims.c includes src/wasm/pegsol_wasm.c: the module's
# code built natively, with the web API it answers from
$(BUILD)/tests/test_wasm_shims: tests/test_wasm_shims.c src/wasm/pegsol_wasm.c \
		$(BUILD)/src/web/api.o $(BUILD)/src/cli/cli.o $(BUILD)/libpegsol.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) -Itests $(CFLAGS) $(LDFLAGS) -o $@ $< \
		$(BUILD)/src/web/api.o $(BUILD)/src/cli/cli.o \
		$(BUILD)/libpegsol.a $(LDLIBS)

FORCE:

-include $(MPI_OBJ:.o=.d)
-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(WEB_OBJ:.o=.d) $(TEST_BIN:=.d) $(PIC_OBJ:.o=.d)

.PHONY: all tests test asan asan-tests fuzz clean shared man completion install uninstall python FORCE
.PHONY: mpi
