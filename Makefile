# pegsol - one build: the static library, the pegsol binary, the tests.
#   make            build build/pegsol, build/pegsol-web (the web server
#                   that `pegsol serve` runs) and build/libpegsol.a
#   make test       build and run every test (tests/run.sh)
#   make asan       the same tests under AddressSanitizer + UBSan (build-asan/)
#   make fuzz       libFuzzer targets for the parsers (clang, build-fuzz/)
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
CPPFLAGS := -Iinclude $(LIB_DIRS:%=-Isrc/lib/%) -D_DEFAULT_SOURCE -std=c11 $(WARN)
# header dependencies written by the compiler (build/**/*.d)
DEPFLAGS := -MMD -MP
LDLIBS  := -lgmp -lcjson -lncursesw -lpthread -lm -lxxhash -lglpk
WEB_LIBS := -lmicrohttpd
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

LIB_SRC := $(sort $(foreach d,$(LIB_DIRS),$(wildcard src/lib/$(d)/*.c)))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# pegsol runs `serve` through pegsol-web, the only binary linking
# libmicrohttpd (src/cli/launch/serve_launch.c says why)
LIGHT_OBJ := $(filter-out $(BUILD)/src/cli/cmd_serve.o,$(CLI_OBJ)) \
	$(BUILD)/src/cli/launch/serve_launch.o

all: $(BUILD)/pegsol $(BUILD)/pegsol-web

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) $(CFLAGS) -c -o $@ $<

# the web game's page is embedded in cmd_serve.o (.incbin of web/*)
$(BUILD)/src/cli/cmd_serve.o: $(wildcard web/*)

$(BUILD)/libpegsol.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/pegsol: $(LIGHT_OBJ) $(BUILD)/libpegsol.a
	$(CC) $(CFLAGS) -o $@ $(LIGHT_OBJ) $(BUILD)/libpegsol.a $(LDLIBS)

$(BUILD)/pegsol-web: $(CLI_OBJ) $(BUILD)/libpegsol.a
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libpegsol.a $(LDLIBS) $(WEB_LIBS)

$(BUILD)/tests/%: tests/%.c $(BUILD)/libpegsol.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) -Itests $(CFLAGS) -o $@ $< $(BUILD)/libpegsol.a $(LDLIBS)

tests: $(BUILD)/pegsol $(BUILD)/pegsol-web $(TEST_BIN)

test: tests
	BUILD=$(BUILD) bash tests/run.sh

asan:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g $(SAN_FLAGS)" test

fuzz:
	bash fuzz/run.sh

clean:
	rm -rf build build-asan build-fuzz

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:=.d)

.PHONY: all tests test asan fuzz clean
