"""The refusal-code contract: when an action breaks two rules, which code wins.

Each case is a small scenario ending in an action that breaks every rule in `breaks`; the
`reject` line expects the code the contract picks (`winning_code`), and both our engine and
the PokerKit adapter must answer with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_spec.engine import CODES
from badugi_spec.protocol import BAD_REQUEST
from badugi_spec.protocol.refusals import ORDER, PRECEDENCE, winning_code
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import Runner

ROOT = Path(__file__).resolve().parent.parent

BUST = """\
players Ann 100 dealer, Bob 1
deal Ann A♠ 2♦ 3♣ 4♥ / Bob 5♠ 6♦ 7♣ 9♥
Bob stands pat; Ann stands pat
Bob stands pat; Ann stands pat
Bob stands pat; Ann stands pat
expect session over Ann wins
"""
DEALT = "players Ann 100 dealer, Bob 100\ndeal Ann A♣ 3♥ 7♦ 8♠ / Bob 4♣ 6♥ 9♦ 9♠\n"
DRAWING = DEALT + "Ann calls 1; Bob checks\n"
AFTER_DRAW = DRAWING + "Bob stands pat; Ann stands pat\n"
# Bob is all-in for more than Ann has left: Ann can neither call in full nor raise.
ALL_IN = """\
players Ann 3 dealer, Bob 4
deal Ann A♣ 3♥ 7♦ 8♠ / Bob 4♣ 6♥ 9♦ 9♠
Ann calls 1; Bob raises to 4
"""
SHORT_DECK = "players Ann 100 dealer, Bob 100\ndeck A♣ 4♣ 3♥ 7♥ 5♠ 8♦ K♦ 8♠ 9♣ 2♦\n"

# (id, the rules the last action breaks, the scenario up to it, the action, PokerKit too)
CASES: list[tuple[str, tuple[str, ...], str, str, bool]] = [
    ("session-before-deck", ("session-over", "deck-invalid"), BUST + "hand 2\ndeck A♠ A♠ 3♦ 4♣ 5♠ 6♥ 7♦ 8♣\n", "deal", True),
    ("session-before-turn", ("session-over", "out-of-turn"), BUST, "Ann stands pat", True),
    ("hand-before-turn", ("hand-over", "out-of-turn"), DEALT + "Ann folds\n", "Ann checks", True),
    ("phase-before-turn-bet", ("not-betting-round", "out-of-turn"), DRAWING, "Ann bets 2", True),
    ("phase-before-turn-draw", ("not-draw-round", "out-of-turn"), DEALT, "Bob stands pat", True),
    ("turn-before-action", ("out-of-turn", "bet-facing-bet", "wrong-amount"), DEALT, "Bob bets 7", True),
    ("turn-before-discards", ("out-of-turn", "discard-not-held"), DRAWING, "Ann discards 2♦", True),
    ("action-before-amount-call", ("nothing-to-call", "wrong-amount"), DEALT + "Ann calls 1\n", "Bob calls 5", True),
    ("action-before-amount-bet", ("bet-facing-bet", "wrong-amount"), DEALT, "Ann bets 7", True),
    ("action-before-amount-raise", ("raise-without-bet", "wrong-amount"), AFTER_DRAW, "Bob raises to 9", True),
    ("too-large-before-amount", ("all-in-too-large", "not-all-in"), DEALT, "Ann goes all-in 50", True),
    ("all-in-before-short", ("opponent-all-in", "short-stack"), ALL_IN, "Ann raises", True),
    ("all-in-before-amount", ("opponent-all-in", "short-stack", "wrong-amount"), ALL_IN, "Ann raises to 99", True),
    # PokerKit caps one raise later (R3.6, a documented difference), so only our engine.
    ("cap-before-short", ("raise-cap", "short-stack"), "players Ann 100 dealer, Bob 8\ndeal Ann A♣ 3♥ 7♦ 8♠ / Bob 4♣ 6♥ 9♦ 9♠\nAnn raises to 4; Bob raises to 6; Ann raises to 8\n", "Bob raises", False),
    ("cap-before-amount", ("raise-cap", "wrong-amount"), DEALT + "Ann raises to 4; Bob raises to 6; Ann raises to 8\n", "Bob raises to 12", False),
    ("many-before-repeated", ("too-many-discards", "discard-repeated"), DRAWING, "Bob discards 4♣ 4♣ 6♥ 9♦ 9♠", True),
    ("repeated-before-not-held", ("discard-repeated", "discard-not-held"), DRAWING, "Bob discards 2♦ 2♦", True),
    # PokerKit refills a short deck (R4.6), so deck-short is ours alone; not held is shared.
    ("not-held-before-deck", ("discard-not-held", "deck-short"), SHORT_DECK + "Ann calls 1; Bob checks\n", "Bob discards K♦ 5♠ 9♥", True),
    ("invalid-before-short", ("deck-invalid", "deck-short"), "players Ann 100 dealer, Bob 100\ndeck A♠ 2♥ 3♦ A♠ 5♠\n", "deal", True),
    # PokerKit has no live table (R19): ours alone.
    ("seating-before-invalid", ("seating-refused", "deck-invalid"), "profile wsop-live\nplayers Ann 100 dealer, Bob 100, Cy 100\nBob returns\ndeck A♠ 2♥ 3♦ A♠ 5♠\n", "deal", False),
]  # fmt: skip


ENDED = {"session-before-turn", "hand-before-turn"}
"""The cases whose hand is over before the refused action: the others stop mid-hand."""


def _scenario(case_id: str, breaks: tuple[str, ...], before: str, action: str) -> str:
    code = winning_code(breaks)
    reject = f"reject deal with {code}" if action == "deal" else f"reject {action} with {code}"
    # A refusal mid-hand is where the scenario stops, on purpose (`unfinished`).
    stop = "" if action == "deal" or case_id in ENDED else "unfinished\n"
    return f'scenario p-{case_id} "precedence"\nrules R3.3\n\n{before}{reject}\n{stop}'


def _run(impl: Implementation, text: str) -> tuple[str, str]:
    case = compile_case(parse_scenario(text, "precedence.badugi", set(load_rules())))
    result = Runner(impl).run(case)
    d = result.divergence
    return result.status, "" if d is None else f"{d.expected} / {d.actual}: {result.message}"


@pytest.mark.parametrize("case_id, breaks, before, action, _", CASES, ids=[c[0] for c in CASES])
def test_our_engine_answers_with_the_code_that_wins(
    case_id: str, breaks: tuple[str, ...], before: str, action: str, _: bool
) -> None:
    text = _scenario(case_id, breaks, before, action)
    assert _run(EngineImplementation(), text) == ("passed", "")


@pytest.mark.parametrize(
    "case_id, breaks, before, action",
    [c[:4] for c in CASES if c[4]],
    ids=[c[0] for c in CASES if c[4]],
)
def test_the_pokerkit_adapter_answers_with_the_code_that_wins(
    case_id: str, breaks: tuple[str, ...], before: str, action: str
) -> None:
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit.adapter import PokerKitImplementation

    text = _scenario(case_id, breaks, before, action)
    assert _run(PokerKitImplementation(), text) == ("passed", "")


def test_the_pokerkit_adapter_names_the_cap_before_the_stack_at_its_own_cap() -> None:
    """At PokerKit's own cap (the big blind and four raises) a short stack is still capped."""
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit.adapter import PokerKitImplementation
    from badugi_spec.protocol.server import answer

    impl = PokerKitImplementation()
    players = [{"name": "Ann", "stack": 10}, {"name": "Bob", "stack": 100}]
    deck = ["4c", "Ac", "6h", "3h", "9d", "7d", "9s", "8s", "Kc", "Kd", "Kh", "Ks"]
    assert answer(impl, {"type": "start", "players": players, "first_dealer": "Ann"})["ok"]
    assert answer(impl, {"type": "deal", "deck": deck})["ok"]
    for player, to in (("Ann", 4), ("Bob", 6), ("Ann", 8), ("Bob", 10)):
        step = {"type": "act", "player": player, "action": "raise", "amount": to}
        assert answer(impl, step)["ok"], step
    refused = answer(impl, {"type": "act", "player": "Ann", "action": "raise"})
    assert refused["error"] == "raise-cap", refused


def test_every_code_has_one_place_in_the_order() -> None:
    placed = [code for codes, _ in PRECEDENCE for code in codes]
    assert sorted(placed) == sorted(CODES), "a code without a place, or one that is not a code"
    assert len(placed) == len(set(placed))
    assert BAD_REQUEST not in ORDER, "bad-request comes before every rule, outside the order"


def test_the_cases_cover_every_tier_boundary_that_can_meet() -> None:
    """Each pair of neighbouring tiers that one action can break together has a case."""
    met = {
        (ORDER[a], ORDER[b]) for _, breaks, *_ in CASES for a in breaks for b in breaks if a != b
    }
    for upper, lower in [
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 4),
        (4, 9),
        (5, 8),
        (6, 8),
        (10, 11),
        (13, 14),
        (14, 15),
    ]:
        assert (upper, lower) in met, (PRECEDENCE[upper][0], PRECEDENCE[lower][0])


def test_the_implementers_page_writes_the_order_down() -> None:
    """docs/implementers.md lists the tiers in the contract's order, each with its codes."""
    text = (ROOT / "docs" / "implementers.md").read_text("utf-8")
    section = text.split("### When an action breaks two rules", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if re.match(r"^\| \d+ \|", line)]
    assert len(rows) == len(PRECEDENCE)
    for row, (codes, _) in zip(rows, PRECEDENCE, strict=True):
        assert re.findall(r"`([a-z-]+)`", row.split("|")[2]) == list(codes), row


def test_the_codes_page_shows_the_order() -> None:
    from badugi_spec.docs.reference_pages import codes_md

    page = codes_md([])
    section = page.split("## When an action breaks two rules {#precedence}", 1)[1]
    rows = [line for line in section.splitlines() if re.match(r"^\| \d+ \|", line)]
    assert [re.findall(r"`([a-z-]+)`", row.split("|")[2]) for row in rows] == [
        list(codes) for codes, _ in PRECEDENCE
    ]
