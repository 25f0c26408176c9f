# Every target sets up .venv on first use, so each works on a fresh machine with
# only Python 3.11 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# Material prints a banner about MkDocs 2 on every build; the docs pin mkdocs<2.
export NO_MKDOCS_2_WARNING := 1
# These machines set PYTHONDONTWRITEBYTECODE=1, so every Python process compiled the package
# (and pytest rewrote every test module) anew: 0.3 CPU-s for each `badugi-spec` process the
# tests start and 6 s for each test worker's collection. The bytecode is kept.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-cost suite-lock counts wheel-check board test-quick exhaustive js-exhaustive lint layers typecheck bench docs serve mutants fuzz-serve fuzz-pokerkit fuzz-mutants fuzz-distill fuzz-self simulate simulate-multiway simulate-big-bet simulate-split bot-sessions bot-sessions-6 play-save-round-trip bench-bots pokerkit-rankings clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## The main job: the scenario suite against the engine (with rule coverage), then the site.
run: $(STAMP) pyodide
	$(BIN)/badugi-spec check scenarios --quiet --coverage --force --junit reports/scenarios.xml --json reports/scenarios.json
	$(BIN)/python -m mkdocs build --strict -d site
	@echo "tutorial site built: $(CURDIR)/site/index.html (make serve to browse it)"

## The tests: lint, strict typing, then pytest (unit, property, scenario suite, docs, browser),
## on two workers; a test file stays on one worker, so its module fixtures are built once.
test: $(STAMP) lint layers typecheck
	BADUGI_SPIN_SECONDS=0 $(BIN)/python -m pytest -q -n 2 --dist loadfile

## What each part of make test costs in CPU, every process it starts counted (Chromium's
## too), slowest first (benchmarks/test_cost.py; --whole for make test itself, once).
test-cost: $(STAMP)
	$(BIN)/python -m benchmarks.test_cost --json reports/test-cost.json

## The edit loop's tier, about a minute: lint, the suite's layout, the layers, the types of
## the Python files changed since the last commit, and the tests but for the slow files
## (whole builds, browsers, servers, campaigns: tests/conftest.py SLOW_FILES).
test-quick: $(STAMP) lint layers
	@changed=$$(git diff --name-only --diff-filter=d HEAD -- '*.py'; git ls-files --others --exclude-standard -- '*.py'); \
	if [ -n "$$changed" ]; then $(BIN)/mypy $$changed; else echo "mypy: no changed Python file"; fi
	BADUGI_SPIN_SECONDS=0 $(BIN)/python -m pytest -q -n 2 --dist loadfile -m "not slow"

## What make test samples, in full: every four-card hand against the brute force, every five-card hand of both Badugi rankings against
## the brute force, every five-card low hand against the brute force and in two more orders than sorted, 350 random sessions against the
## reference model, every statement mutant
## against the whole suite, every lesson clicked through in Chromium, and the trainer under
## every profile at both six and eight seats (about 3 minutes).
exhaustive: $(STAMP)
	BADUGI_EXHAUSTIVE=1 $(BIN)/python -m pytest -q -n 2 tests/test_rankings_exhaustive.py tests/test_engine_stateful.py tests/test_hands_exhaustive.py tests/test_mutants.py tests/test_browser_lessons.py tests/test_trainer_split.py

## The page's JavaScript evaluator (docs/javascripts/badugi.js) on every five-card hand in all four rankings against
## Python, under node (make test checks one hand of every class instead; 30 to 33 CPU-seconds).
js-exhaustive: $(STAMP)
	BADUGI_JS_EXHAUSTIVE=1 $(BIN)/python -m pytest -q -p no:xdist tests/test_js_evaluator.py -k every_five_card_hand

## After adding or changing scenarios: record each case's suite version and digest
## (scenarios/suite-lock.json) and regenerate scenarios/CHANGELOG.md; make test checks both.
suite-lock: $(STAMP)
	$(BIN)/badugi-spec suite-lock

## The suite as installed (about a minute): a wheel built from the checkout, installed in a
## fresh venv outside it, runs the whole installed suite against its own serve with no path.
wheel-check: $(STAMP)
	rm -rf /tmp/badugi-wheel-check && mkdir -p /tmp/badugi-wheel-check
	# setuptools copies package data into build/ and never removes a file from it: a scenario
	# renamed since the last build would ship twice.
	rm -rf build
	$(BIN)/python -m pip wheel --quiet --no-deps -w /tmp/badugi-wheel-check/dist .
	$(PYTHON) -m venv /tmp/badugi-wheel-check/venv
	/tmp/badugi-wheel-check/venv/bin/pip install --quiet /tmp/badugi-wheel-check/dist/*.whl
	cd /tmp/badugi-wheel-check && PATH=/tmp/badugi-wheel-check/venv/bin:$$PATH \
	  badugi-spec verify --impl "badugi-spec serve" --quiet

## The compliance board of the site's Compliance page (docs/compliance/, committed): the
## suite against our serve, the PokerKit adapter, the page's JavaScript evaluator under node
## and the starter servers, each also fuzzed for 5 s (about a minute on 2 cores). PokerKit's
## known differences are its expected failures (docs/compliance/pokerkit-expect.toml).
board: $(STAMP)
	go build -o /tmp/badugi-board-starter-go docs/starters/go/main.go
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/badugi-spec board --out docs/compliance --fuzz-seconds 5 \
	  --expect pokerkit=docs/compliance/pokerkit-expect.toml \
	  --impl "serve=badugi-spec serve" \
	  --impl "pokerkit=$(BIN)/python -m badugi_spec.interop.pokerkit.adapter" \
	  --impl "page-js=node docs/starters/page-evaluator-server.js" \
	  --impl "starter-node=node docs/starters/node/badugi-server.js" \
	  --impl "starter-go=/tmp/badugi-board-starter-go"

lint: $(STAMP)
	$(BIN)/ruff check badugi_spec tests benchmarks
	$(BIN)/ruff format --check badugi_spec tests benchmarks
	$(BIN)/badugi-spec fmt --check scenarios

## The layer contract of pyproject.toml: imports only go down, PokerKit only in interop.pokerkit.
layers: $(STAMP)
	$(BIN)/lint-imports --no-logo

typecheck: $(STAMP)
	$(BIN)/mypy

## The raw figures of docs/implementers.md (<!--count:NAME-->N<!--/count-->) written anew from
## the suite: the docs build stops while one is out of date, so a page read unbuilt stays true.
counts: $(STAMP)
	$(BIN)/python -m badugi_spec.docs.build --scenarios scenarios --counts docs/implementers.md

bench: $(STAMP)
	$(BIN)/python -m benchmarks

docs: $(STAMP) pyodide
	$(BIN)/python -m mkdocs build --strict -d site

serve: $(STAMP) pyodide
	$(BIN)/python -m mkdocs serve --dev-addr 127.0.0.1:8000

## The engine in the page (docs/play/, docs/playground/): Pyodide from the npm registry at the
## version package-lock.json pins, installed into node_modules/ when the lock file is newer.
## Without npm, or with BADUGI_PYODIDE=0, the site is built without it and those pages say so.
.PHONY: pyodide
pyodide:
	@if [ "$$BADUGI_PYODIDE" = "0" ]; then 	  echo "pyodide: left out of this build (BADUGI_PYODIDE=0)"; 	elif ! command -v npm >/dev/null 2>&1; then 	  echo "pyodide: no npm on this machine, so the site is built without the engine in the page"; 	elif [ ! -f node_modules/pyodide/pyodide.asm.wasm ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then 	  npm ci --no-audit --no-fund --loglevel=error || echo "pyodide: npm ci failed, so the site is built without the engine in the page"; 	fi

## PNGs of the learner pages (home, a lesson, the replayer, the drill, ...) at 1280 and 390 px
## from a fresh strict build, into reports/screenshots/ (the list: SHOTS in tests/screenshots.py).
.PHONY: screenshots
screenshots: $(STAMP)
	$(BIN)/python -m tests.screenshots --out reports/screenshots

mutants: $(STAMP)
	$(BIN)/badugi-spec mutants scenarios

simulate: $(STAMP)
	$(BIN)/badugi-spec simulate --hands 2000 --seed 1 --against pokerkit

## Pot limit and no limit against PokerKit's State (R14): 10,000 hands each heads-up and at
## 6 seats, where both play PokerKit's readings (R13.2, R13.5). About 12 minutes on one core.
BIG_BET_HANDS ?= 10000
simulate-big-bet: $(STAMP)
	$(BIN)/badugi-spec simulate --hands $(BIG_BET_HANDS) --seed 1 --seats 2 --profile pot-limit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(BIG_BET_HANDS) --seed 1 --seats 6 --profile pot-limit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(BIG_BET_HANDS) --seed 1 --seats 2 --profile no-limit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(BIG_BET_HANDS) --seed 1 --seats 6 --profile no-limit --against pokerkit

## Badeucy and Badacy against PokerKit's State with two hand types (R21, R22): 10,000 hands
## each heads-up and at 6 seats. simulate plays them with PokerKit's readings (R13.4, R13.6;
## R13.1, R13.2, R13.5 at 6 seats) and prints which. About 10 minutes on one core.
SPLIT_HANDS ?= 10000
simulate-split: $(STAMP)
	$(BIN)/badugi-spec simulate --hands $(SPLIT_HANDS) --seed 1 --seats 2 --profile badeucy --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SPLIT_HANDS) --seed 1 --seats 6 --profile badeucy --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SPLIT_HANDS) --seed 1 --seats 2 --profile badacy --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SPLIT_HANDS) --seed 1 --seats 6 --profile badacy --against pokerkit

## The trainer's bot against itself: 10,000 sessions, the engine checking every action.
bot-sessions: $(STAMP)
	$(BIN)/badugi-spec bot-sessions --sessions 10000 --seed 1

## 1,000 bot sessions per shipped profile at six seats (the ten profiles in turn), every action
## checked; a line per profile on stderr as it ends. Odds bots play long sessions: hours of CPU.
BOT_SESSIONS_6 ?= 10000
bot-sessions-6: $(STAMP)
	$(BIN)/badugi-spec bot-sessions --sessions $(BOT_SESSIONS_6) --players 6 --seed 1 --jobs 2

## 200 seeded hands saved by `play --save` across the profiles: each passes check, same stacks.
play-save-round-trip: $(STAMP)
	BADUGI_SAVED_HANDS=200 $(BIN)/python -m pytest -q -p no:xdist tests/test_play_save.py -k "same_stacks or session"

## The odds bot against the book bot in house, badeucy and badacy: win rate over seeded
## heads-up sessions (10,000 each), with its interval.
BENCH_BOT_SESSIONS ?= 10000
bench-bots: $(STAMP)
	$(BIN)/python -m benchmarks.bots --sessions $(BENCH_BOT_SESSIONS) --jobs 2

## Every 4- and 5-card hand in each of the four rankings against PokerKit (most of an hour).
pokerkit-rankings: $(STAMP)
	$(BIN)/python -W error -m badugi_spec.interop.pokerkit.rankings_check

## The long runs against PokerKit under its own profile (R13): 20,000 hands at 3, 6 and 8
## seats, then heads-up under the house profile. About 15 minutes on one core.
SIM_HANDS ?= 20000
simulate-multiway: $(STAMP)
	$(BIN)/badugi-spec simulate --hands $(SIM_HANDS) --seed 1 --seats 3 --profile pokerkit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SIM_HANDS) --seed 1 --seats 6 --profile pokerkit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SIM_HANDS) --seed 1 --seats 8 --profile pokerkit --against pokerkit
	$(BIN)/badugi-spec simulate --hands $(SIM_HANDS) --seed 1 --against pokerkit

## Fuzzing (docs/implementers.md, "Fuzz your engine"): 2,000 trials of every shipped profile
## against our own server, and 2,000 under the pokerkit profile against PokerKit's adapter,
## each expecting no divergence; then every mutant of the catalogue, each to be found within
## a minute and shrunk to at most 25 lines. About 25, 5 and 30 minutes on two cores.
FUZZ_HANDS ?= 2000
fuzz-serve: $(STAMP)
	for profile in $$($(BIN)/badugi-spec profiles list | cut -d' ' -f1); do \
	  $(BIN)/badugi-spec fuzz --impl "$(BIN)/badugi-spec serve" --profile $$profile --hands $(FUZZ_HANDS) --seed 1 --jobs 2 -q --out reports/fuzz-found/$$profile || exit 1; \
	done

fuzz-pokerkit: $(STAMP)
	$(BIN)/badugi-spec fuzz --impl "$(BIN)/python -m badugi_spec.interop.pokerkit.adapter" --profile pokerkit --hands $(FUZZ_HANDS) --seed 1 --jobs 2 -q --out reports/fuzz-found

## Every mutant of the catalogue fuzzed for 30 s under seeds 1 to 3 (two at a time):
## found by any campaign, not by one seed's luck (docs/implementers.md, "Against our own
## mutants"). FUZZ_MUTANT_SEEDS=1 for one campaign each, a third of the time.
FUZZ_MUTANT_SEEDS ?= 1-3
fuzz-mutants: $(STAMP)
	$(BIN)/badugi-spec fuzz-mutants --seconds 30 --seeds $(FUZZ_MUTANT_SEEDS) --jobs 2 --out reports/fuzz-mutants --json reports/fuzz-mutants.json --force

## A 2,000-trial campaign of seed 1 distilled into the fewest scenarios that keep every rule,
## waypoint and pair of rules it reached (docs/implementers.md, "Distil a campaign"), each
## run by check; the figures go to reports/fuzz-distill.json.
fuzz-distill: $(STAMP)
	$(BIN)/badugi-spec fuzz-distill --seed 1 --hands $(FUZZ_HANDS) --out reports/fuzz-distilled --json reports/fuzz-distill.json --force

## Our own engine against the rules' properties, no second engine (docs/implementers.md,
## "Our engine checks itself"): 200 random hands at each table (every shipped
## profile at 2 to 8 seats), then a guided campaign in-process for FUZZ_SELF_SECONDS.
## Exits 1 on any broken property; the campaign's shrunk findings go to reports/fuzz-self.
FUZZ_SELF_SECONDS ?= 600
fuzz-self: $(STAMP)
	$(BIN)/badugi-spec fuzz-self --hands 200 --seconds $(FUZZ_SELF_SECONDS) --seed 1 --out reports/fuzz-self --json reports/fuzz-self.json

clean:
	rm -rf $(VENV) site build reports fuzz-found fuzz-self-found *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache docs/generated
