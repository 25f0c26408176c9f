"""Helpers shared by the engine tests: stacked decks, a tiny action script, fingerprints.

Plain functions, imported as `from tests.conftest import ...`; no fixtures.
"""

from __future__ import annotations

import copy
import functools
import gc
import signal
import sys
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import settings

from badugi_spec.cards import DECK, Card, parse_cards
from badugi_spec.engine import Action, Hand, Kind, Session

# A run started in the background by a shell without job control inherits SIGINT ignored,
# and an ignored signal stays ignored in every process it starts: the Ctrl-C tests (fuzz,
# simulate) would then wait for an interrupt that never comes. Take the default back.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A full garbage collection walks every object the test process holds, and a worker holds
# hundreds of thousands (its test modules, their items, the suite parsed and compiled, the
# engine's tables): with Python's default of one at most every ten middle-generation ones,
# the two workers made 70 to 100 of them, some 20 CPU-seconds of `make test` (gc.callbacks,
# session 17). One every hundred makes eight or nine a worker, 3 to 5 CPU-seconds, at
# the price of cyclic garbage kept longer. Young objects are collected as before.
gc.set_threshold(700, 10, 100)

# No per-example deadline anywhere: CI machines are small and shared, and a slow example
# is not a wrong one (the evaluator's table is also built inside whichever example is first).
settings.register_profile("badugi", deadline=None)
settings.load_profile("badugi")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_cards(text, count=1)[0]


def stacked_deck(
    *, big_blind: str, dealer: str, then: str = "", full: bool = True
) -> tuple[Card, ...]:
    """A deck order that deals `big_blind` and `dealer` their four cards (R1.7), then `then`.

    Written by hand from the rule, not from the engine: the big blind's cards are the
    deck's cards 1, 3, 5, 7 and the dealer's 2, 4, 6, 8. With `full` the unused cards
    follow in a fixed order so that the deck has all 52.
    """
    bb = parse_cards(big_blind, count=4)
    dl = parse_cards(dealer, count=4)
    top = [c for pair in zip(bb, dl, strict=True) for c in pair] + list(parse_cards(then))
    if len(set(top)) != len(top):
        raise ValueError("a stacked deck repeats a card")
    rest = [c for c in DECK if c not in top] if full else []
    return tuple(top + rest)


def seat(hand: Hand, who: str) -> int:
    """`D` is the dealer, `B` the big blind."""
    return {"D": hand.dealer, "B": hand.big_blind}[who]


_KINDS = {kind.value: kind for kind in Kind}


def parse_step(hand: Hand, line: str) -> Action:
    """One script line: `D call`, `B raise 4`, `D all-in 3`, `B draw Kd 7c`, `D pat`."""
    who, verb, *rest = line.split()
    player = seat(hand, who)
    if verb == "pat":
        return Action(player, Kind.DRAW)
    if verb == "draw":
        return Action(player, Kind.DRAW, discards=parse_cards(" ".join(rest)))
    amount = int(rest[0]) if rest else None
    return Action(player, _KINDS[verb], amount=amount)


def play(target: Hand | Session, *script: str) -> None:
    """Apply script lines in order to a hand, or to a session's current hand."""
    for line in script:
        if isinstance(target, Session):
            hand = target.hand
            assert hand is not None
            target.apply(parse_step(hand, line))
        else:
            target.apply(parse_step(target, line))


def passive_to_end(target: Hand | Session) -> None:
    """Check, call and stand pat until the hand is over."""
    hand = target.hand if isinstance(target, Session) else target
    assert hand is not None
    while not hand.is_over:
        assert hand.to_act is not None
        kinds = {legal.kind for legal in hand.legal_actions()}
        if Kind.DRAW in kinds:
            action = Action(hand.to_act, Kind.DRAW)
        elif Kind.CHECK in kinds:
            action = Action(hand.to_act, Kind.CHECK)
        else:
            action = Action(hand.to_act, Kind.CALL)
        target.apply(action)


def frozen(value: object) -> object:
    """An immutable copy: containers become tuples; cards, events, results are frozen already."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    return copy.deepcopy(value) if hasattr(value, "__dict__") else value


def _attributes(hand: Hand) -> dict[str, object]:
    """Every attribute the hand holds: its slots (`Hand` has no instance dict), and the
    dict of a subclass that adds attributes of its own."""
    names = [name for cls in type(hand).__mro__ for name in getattr(cls, "__slots__", ())]
    state = {name: getattr(hand, name) for name in names if hasattr(hand, name)}
    state.update(getattr(hand, "__dict__", {}))
    return state


def hand_fingerprint(hand: Hand) -> dict[str, Any]:
    """Everything a hand holds, copied: any change by an illegal action shows here."""
    # `_legal` is a memo of the legal options, filled on first read, and `_options_memo` the
    # profile's, shared by its hands; `legal` below compares the options.
    skip = ("deck", "structure", "_legal", "_options_memo")
    state = {k: frozen(v) for k, v in _attributes(hand).items() if k not in skip}
    state["deck.position"] = hand.deck.position
    state["deck.remaining"] = hand.deck.remaining
    state["deck.order"] = hand.deck.order()
    state["deck.stub"] = hand.deck.stub()
    state["snapshot"] = hand.snapshot()
    state["legal"] = hand.legal_actions()
    state["events.len"] = len(hand.events)
    state["pot"] = hand.pot
    state["is_over"] = hand.is_over
    return state


def session_fingerprint(session: Session) -> dict[str, Any]:
    return {
        "stacks": session.stacks,
        "first_dealer": session.first_dealer,
        "next_dealer": session.next_dealer,
        "hand_number": session.hand_number,
        "result": session.result,
        "rng": session._shuffler.getstate(),
        "hands": [hand_fingerprint(h) for h in session.hands],
    }


def fingerprint(target: Hand | Session) -> dict[str, Any]:
    if isinstance(target, Session):
        return session_fingerprint(target)
    return hand_fingerprint(target)


def dealt(order: Sequence[Card], positions: Sequence[int]) -> list[Card]:
    """Cards at 1-based deck positions, as the rulebook counts them."""
    return [order[p - 1] for p in positions]


# ----- the quick tier (`make test-quick`) ----------------------------------------------------

SLOW_FILES = frozenset(
    {
        # Whole builds, browsers, servers and campaigns: `make test` runs them, the edit
        # loop does not (each takes from ten seconds to over a minute of CPU).
        "test_browser.py",
        "test_browser_replayer.py",  # the shared site build and Chromium
        "test_browser_lessons.py",
        "test_browser_practice.py",  # the shared site and Chromium: practice, progress
        "test_browser_defects.py",  # the shared site and Chromium (and one with touch): issue 38
        "test_browser_pyodide.py",  # the shared site with Pyodide, Chromium, two engine starts
        "test_docs.py",
        "test_docs_serve.py",
        "test_implementers_page.py",
        "test_mutants.py",
        "test_rankings_exhaustive.py",
        "test_engine_stateful.py",
        "test_verify.py",
        "test_verify_comforts.py",
        "test_hands_exhaustive.py",
        "test_rankings_pokerkit.py",
        "test_rankings_protocol.py",
        "test_trainer_bot.py",
        "test_bot_odds.py",  # odds bots' six-seat sessions, counts card by card
        "test_value_checks.py",
        "test_hostile.py",
        "test_export_round_trip.py",
        "test_protocol.py",
        "test_simulate.py",
        "test_fuzz.py",
        "test_serve_mutant.py",
        "test_fixed_suite_catches_fakes.py",
        "test_variants.py",
        "test_lsp.py",
        # Chromium on the shared site build: the strategy page's drill, five-card evaluator.
        "test_browser_drill.py",
        # The shared site build, and Chromium on it: site search and scroll hints.
        "test_glossary_site.py",
        "test_browser_search.py",
        # The shared site build: the play page's table in Chromium, the figures page.
        "test_browser_play_table.py",
        "test_rankings_figures.py",
        # Whole trainer sessions under every profile (about 20 CPU-seconds).
        "test_trainer_split.py",
        # The fuzz recipes run as written: GNU parallel, a Slurm array, the CI workflow.
        "test_fuzz_recipes.py",
    }
)
"""Test files left out of `make test-quick` (marked `slow`); every `test_browser*.py` too."""


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:

    slow = pytest.mark.slow
    for item in items:
        if item.path.name in SLOW_FILES or item.path.name.startswith("test_browser"):
            item.add_marker(slow)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    # The Chromium the browser tests share (tests/webdriver.py) ends with the test process:
    # closed here, since an xdist worker may end without running `atexit`.
    webdriver = sys.modules.get("tests.webdriver")
    if webdriver is not None:
        webdriver.close_shared()


def pytest_runtest_teardown(item: Any, nextitem: Any) -> None:
    # A test file's own memos (its module-level `functools.cache` functions: the whole suite
    # compiled, every mutant's results, all 270,725 four-card hands) are dropped once its last
    # test has run on this worker. Kept, they stayed alive to the end of the worker, and
    # every full garbage collection after walks each object again: test_mutants.py left
    # 1.6 million and test_hands_exhaustive.py 0.8 million, and the last collection of each
    # worker (pytest's, for unraisable exceptions) walked 3 million objects, not 0.7. A
    # later caller, in this file or another that imports the function, makes it again.
    module = getattr(item, "module", None)
    if module is None or getattr(nextitem, "module", None) is module:
        return
    for value in list(vars(module).values()):
        if (
            isinstance(value, functools._lru_cache_wrapper)
            and getattr(value, "__module__", None) == module.__name__
        ):
            value.cache_clear()
