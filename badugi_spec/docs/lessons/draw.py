"""Lesson 6: the draw, and the reshuffle when an eight-seat table runs out of cards.

The six-seat draw keeps the cards that play and throws the rest, as the house evaluator
says; the eight-seat one throws four cards each from a shuffled deck. The cards, the stub
counts and where the reshuffle happens are the engine's.
"""

from __future__ import annotations

from badugi_spec import profiles
from badugi_spec.cards import DECK, format_cards
from badugi_spec.engine import Hand as EngineHand
from badugi_spec.engine import Kind, shuffled
from badugi_spec.rankings.house import evaluate

from ..learn import RuleLink
from ..render import cardify, text
from .model import Lesson, others
from .play import NAMES, Played, play
from .quiz import ask
from .replay import Recording, replayer_html
from .table import SIX

PROFILE = "pokerstars-2010"
PILES = {
    "stub": "the few cards left in the stub",
    "discards": "the cards thrown in earlier draws",
    "current-discards": "those thrown so far in this draw",
    "folded": "the folded hands",
    "burns": "the burned cards",
}
"""A reshuffle's piles (R8.18), as a learner would say them."""
SHUFFLE_SEED = 7
"""Which shuffled deck the eight-seat hand uses: any will do, the engine says what follows."""


def _call_round(played: Played) -> None:
    while played.hand.phase.kind == "bet":
        kinds = played.legal()
        played.act(played.to_act, Kind.CHECK if Kind.CHECK in kinds else Kind.CALL)


def _draw_rows(played: Played) -> tuple[list[str], list[str]]:
    """Everyone throws the cards that do not play; the table of who drew what."""
    hand = played.hand
    rows = ["| Player | Holds | Throws | Gets | Now holds |", "| --- | --- | --- | --- | --- |"]
    order = []
    while hand.phase.kind == "draw":
        seat = hand.to_act
        assert seat is not None
        held = tuple(hand.holdings[seat])
        throw = tuple(card for card in held if card not in evaluate(held).cards)
        step = played.act(played.to_act, Kind.DRAW, throw=format_cards(throw, pretty=False))
        got = next(e.received for e in step.events if e.kind == "draw")
        order.append(step.who)
        rows.append(
            f"| {step.who} | {format_cards(held)} | {format_cards(throw) or 'nothing'} |"
            f" {format_cards(got) or '–'} | {format_cards(hand.holdings[seat])} |"
        )
    return rows, order


def _eight_seats() -> tuple[int, list[str], int, str]:
    """Eight players call and each throws four cards: the stub at the start of the draw,
    who drew up to the one who met the reshuffle, the new stub's size, and the draw as a
    replayer."""
    profile = profiles.get(PROFILE)
    recording = Recording()
    hand = EngineHand(deck=shuffled(SHUFFLE_SEED), stacks=(100,) * 8, dealer=0, profile=profile)
    recording(hand, tuple(hand.events), {})
    played = Played(hand, NAMES[:8], watch=recording)
    _call_round(played)
    stub = hand.deck.remaining
    drawn: list[str] = []
    while hand.phase.kind == "draw":
        if hand.reshuffles == 0:
            drawn.append(played.to_act)
        seat = hand.to_act
        assert seat is not None
        played.act(played.to_act, Kind.DRAW, throw=format_cards(hand.holdings[seat], pretty=False))
    fresh = next(e.amount for e in hand.events if e.kind == "reshuffle")
    label = "Eight players draw four each: the reshuffle"
    return stub, drawn, fresh, replayer_html(played, recording, label=label)


def draw_lesson(rule_link: RuleLink) -> Lesson:
    played = play(PROFILE, hands=SIX)
    profile = played.hand.profile
    stub_six = played.hand.deck.remaining
    _call_round(played)
    rows, order = _draw_rows(played)
    stub_after = played.hand.deck.remaining
    stub_eight, drawn, fresh, replayer = _eight_seats()
    ran_out = drawn[-1]
    before_out = len(drawn) - 1
    burners = [p for p in profiles.names() if profiles.get(p).burns_per_draw]
    named = [PILES.get(pile, pile) for pile in profile.reshuffle]
    piles = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
    body = f"""
After each betting round comes a **draw**. In turn, starting with the first player still
in to the left of the button, each player throws away none to {profile.max_discards} of
their cards and is dealt as many new ones from the **stub**, the cards left after the deal
({rule_link("R4.2")}, {rule_link("R8.16")}). Keeping all your cards is **standing pat**.

A sensible draw keeps the cards that play (one of each suit, no pairs, lowest first) and
throws the rest. That is what everyone does here, after calling the first round. The stub
held {stub_six} cards after the deal ({len(DECK)} − {len(SIX)} × {profile.hand_size}):

{chr(10).join(cardify(text(row)) if i > 1 else row for i, row in enumerate(rows))}

The stub now holds {stub_after} cards. Most tables first **burn** one card (deal it face
down to nobody) before each draw ({rule_link("R8.17")}): {len(burners)} of this project's
{len(profiles.names())} profiles do; `{PROFILE}`, played here, does not.

## When the cards run out

With **eight players** the deal takes {8 * profile.hand_size} cards and leaves
{stub_eight} in the stub. If everyone draws four, the stub cannot last. In this hand,
played from a shuffled deck, {before_out} players drew four each; then it was {ran_out}'s
turn and the stub was short. The dealer gathers the cards out of play that the rules allow
(here {piles}), shuffles them, and deals on from this new stub of {fresh}
cards: the **reshuffle** ({rule_link("R8.18")}). Which piles go in, and whether a player
may be dealt back the cards they have just thrown, differ between rule sets; under this
profile {"they may" if profile.own_discards_back else "they may not"} ({rule_link("R8.20")}).
"""
    questions = (
        ask(
            "Six players are dealt four cards each. How many cards are left in the stub?",
            right=stub_six,
            wrong=others(stub_six, stub_six - 1, len(DECK) - stub_six, stub_six - len(SIX), 32),
            why=f"{len(DECK)} cards less {len(SIX)} × {profile.hand_size} dealt leaves {stub_six}.",
        ),
        ask(
            "The button is on Ann and everyone is still in. Who draws first?",
            right=order[0],
            wrong=others(order[0], "Ann", "Dan", "Cat"),
            why=f"The draw starts with the first player still in left of the button,"
            f" {order[0]}, and the button draws last.",
        ),
        ask(
            "What is standing pat?",
            right="Drawing no cards",
            wrong=["Folding before the draw", "Drawing all four cards", "Checking"],
            why="Standing pat means keeping every card: you draw none.",
        ),
        ask(
            f"Eight players, each drawing four: {stub_eight} cards in the stub. How many"
            " players get their four before it runs short?",
            right=before_out,
            wrong=others(before_out, before_out + 1, before_out - 1, 8),
            why=f"{stub_eight} cards ÷ 4 = {stub_eight // 4} full draws; the engine dealt"
            f" {before_out}, and {ran_out}'s draw needed the reshuffle.",
        ),
    )
    return Lesson(
        "draw",
        "The draw and the reshuffle",
        "throw the cards that do not play; at a full table the discards become a new stub.",
        body,
        questions,
        replayer=replayer,
    )
