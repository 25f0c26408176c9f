"""Turn parsed statements into a checked `Scenario`: the semantic half of parsing.

Catches what the grammar cannot: unknown players and rule IDs, cards dealt twice, a
hand without cards, a draw that takes a different number of cards than it throws, a
hand that goes on after `unfinished`. The header statements are in `assemble_header`,
the players and what happens before a deal in `assemble_table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from badugi_spec.cards import Card
from badugi_spec.errors import ScenarioError
from badugi_spec.profiles import HOUSE, Profile
from badugi_spec.scenario.assemble_header import Header
from badugi_spec.scenario.assemble_table import Table
from badugi_spec.scenario.model import (
    Act,
    Expect,
    HandScript,
    Reject,
    Scenario,
    Seat,
    Step,
    Where,
    source_lines,
    stated_button,
)


@dataclass
class HandDraft:
    """A hand as its statements build it, before `build` freezes it into a `HandScript`."""

    number: int
    where: Where
    deal: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)
    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    burns: list[tuple[int, Card]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    reject_deal: str | None = None
    reshuffles: list[tuple[Card, ...]] = field(default_factory=list)
    sourced: bool = False
    cards_seen: dict[Card, Where] = field(default_factory=dict)
    unfinished: Where | None = None
    left_out: tuple[str, ...] = ()
    """Players the hand's `deal` gives no cards: they have no chips left (R8.23)."""
    deal_where: Where | None = None
    posts: list[tuple[str, int]] = field(default_factory=list)
    seating: list[tuple[str, str]] = field(default_factory=list)


class _Assembler(Header, Table):
    def __init__(self, path: str, text: str, known_rules: set[str] | None) -> None:
        self.path = path
        self.lines = source_lines(text)
        self.known_rules = known_rules
        self.header: dict[str, Any] = {}
        self.seats: list[Seat] = []
        self.dealer: str | None = None
        self.hands: list[HandDraft] = []
        self.checks: list[Step] = []
        self.profile: Profile = HOUSE
        self.overrides: list[tuple[str, str]] = []
        self.profile_where: Where | None = None
        self.deck_open = False
        """The last statement was a `deck` line, which the next one may continue."""

    def fail(self, where: Where, message: str) -> ScenarioError:
        line = self.lines[where.line - 1] if 0 < where.line <= len(self.lines) else ""
        return ScenarioError(
            message, path=self.path, line=where.line, column=where.column, source_line=line
        )

    def current(self, where: Where) -> HandDraft:
        if not self.seats:
            raise self.fail(where, "name the players first: players Ann 100 dealer, Bob 100")
        if not self.hands:
            self.hands.append(HandDraft(1, where))
        return self.hands[-1]

    def see(self, hand: HandDraft, card: Card, where: Where) -> None:
        if card in hand.cards_seen:
            first = hand.cards_seen[card]
            raise self.fail(
                where,
                f"{card.pretty()} is dealt twice in hand {hand.number}"
                f" (first at line {first.line})",
            )
        hand.cards_seen[card] = where

    # ----- statements --------------------------------------------------------------------

    def add(self, statement: tuple[Any, ...]) -> None:
        kind, where = statement[0], statement[1]
        if kind == "scenario":
            if "id" in self.header:
                raise self.fail(where, "a file holds one scenario: a second 'scenario' line")
            self.header.update(id=statement[2], title=statement[3], where=where)
            return
        if "id" not in self.header:
            place = Where(self.path, where.line if isinstance(where, Where) else 1)
            raise self.fail(place, 'a scenario starts with: scenario <id> "<title>"')
        handler = getattr(self, f"on_{kind.replace('-', '_')}")
        if kind != "deck":
            self.deck_open = False
        handler(*statement[1:])

    def on_hand(self, where: Where, number: int) -> None:
        expected = len(self.hands) + 1
        if self.hands and not self.hands[-1].sourced:
            raise self.fail(
                where, f"hand {len(self.hands)} has no cards: deal, deck or shuffle seed"
            )
        if self.hands and self.hands[-1].unfinished is not None:
            stop = self.hands[-1].unfinished
            raise self.fail(
                where,
                f"hand {len(self.hands)} stops unfinished at line {stop.line}, so no hand can"
                " follow it (the table deals only once a hand is over): finish that hand, or"
                " end the scenario there",
            )
        if number != expected:
            raise self.fail(where, f"hands are numbered in order: expected hand {expected}")
        self.current(where)
        if number > 1:
            self.hands.append(HandDraft(number, where))

    def _source(self, where: Where) -> HandDraft:
        hand = self.current(where)
        if hand.sourced:
            raise self.fail(
                where, f"hand {hand.number} already has its cards; start 'hand {hand.number + 1}'"
            )
        if hand.steps:
            raise self.fail(where, "the cards come before the hand's actions")
        hand.sourced = True
        return hand

    def on_deal(self, where: Where, dealt: list[Any]) -> None:
        hand = self._source(where)
        named: set[str] = set()
        for name, cards, place, _token, tokens in dealt:
            self.player(name, place)
            if name in named:
                raise self.fail(place, f"{name} is dealt twice")
            named.add(name)
            size = self.profile.hand_size
            if len(cards) != size:
                under = "" if self.profile.name == HOUSE.name else f" under {self.profile.name}"
                raise self.fail(
                    place,
                    f"{name} is dealt {len(cards)} cards;{under} a hand has {size}"
                    f" ({self.deal_rule()})",
                )
            for token, card in tokens:
                self.see(hand, card, Where(self.path, int(token.line), int(token.column)))
            hand.deal.append((name, cards))
        missing = tuple(s.name for s in self.seats if s.name not in named)
        if missing and (hand.number == 1 or self.profile.max_seats == 2):
            # Everyone has chips in the first hand, and heads-up a bust ends the session.
            raise self.fail(where, f"the deal must give cards to {', '.join(missing)} too")
        earlier = next((h.left_out for h in reversed(self.hands[:-1]) if h.deal), ())
        back = [name for name in earlier if name not in missing]
        if back:
            raise self.fail(
                where,
                f"{', '.join(back)} had no cards in an earlier hand, so no chips (R8.23):"
                " a player who is out cannot be dealt in again",
            )
        hand.left_out = missing
        hand.deal_where = where

    def on_deck(self, where: Where, cards: list[Any]) -> None:
        stated = tuple(card for _, card in cards)
        earlier = self.hands[-1].deck if self.deck_open and self.hands else None
        if earlier is not None:
            # Consecutive `deck` lines continue one order: at eight seats a line per round
            # of the deal reads better than one line of 52 cards.
            hand = self.hands[-1]
            hand.deck = (*earlier, *stated)
        else:
            hand = self._source(where)
            hand.deck = stated
        # A repeated card in a stated deck is left for the engine to refuse (deck-invalid,
        # R1.1): scenarios must be able to show that rejection.
        hand.cards_seen.update({card: where for card in stated})
        self.deck_open = True

    def on_shuffle(self, where: Where, seed: int) -> None:
        self._source(where).seed = seed

    def on_burn(self, where: Where, card: tuple[Any, Card]) -> None:
        hand = self.current(where)
        self._still_open(hand, where)
        if not hand.deal:
            raise self.fail(
                where, "a stated burn needs a deal: with a deck or seed the deck decides"
            )
        draw = 1 + max(
            (
                sum(
                    1
                    for s in hand.steps
                    if isinstance(s, Act) and s.kind == "draw" and s.player == n
                )
                for n in self.seat_names()
            ),
            default=0,
        )
        if any(d == draw for d, _ in hand.burns):
            raise self.fail(where, f"draw {draw} already has its burn (R4.4)")
        self.see(hand, card[1], where)
        hand.burns.append((draw, card[1]))

    def on_reshuffle(self, where: Where, cards: list[Any]) -> None:
        hand = self.current(where)
        self._still_open(hand, where)
        if not hand.sourced:
            raise self.fail(where, "a stated reshuffle comes after the hand's cards")
        if not self.profile.reshuffle:
            raise self.fail(
                where, f"profile {self.profile.name} never reshuffles (its reshuffle list is empty)"
            )
        order = tuple(card for _, card in cards)
        if len(set(order)) != len(order):
            raise self.fail(where, "a reshuffle lists a card twice")
        hand.reshuffles.append(order)

    def on_reject_deal(self, where: Where, code: str, source: str) -> None:
        hand = self.current(where)
        if not hand.sourced or hand.steps:
            raise self.fail(where, "'reject deal' comes right after the hand's cards")
        hand.reject_deal = code

    def on_unfinished(self, where: Where) -> None:
        hand = self.current(where)
        if not hand.sourced:
            raise self.fail(where, "'unfinished' ends a hand: it comes after the hand's steps")
        if hand.reject_deal is not None:
            raise self.fail(
                where, f"the deal of hand {hand.number} is refused: no hand to leave unfinished"
            )
        self._still_open(hand, where)
        hand.unfinished = where

    def _still_open(self, hand: HandDraft, where: Where) -> None:
        if hand.unfinished is not None:
            raise self.fail(
                where,
                f"hand {hand.number} stops at line {hand.unfinished.line} ('unfinished'):"
                " nothing more happens in it; move 'unfinished' after the hand's last step",
            )

    def on_steps(self, steps: list[Step]) -> None:
        for step in steps:
            self.on_step(step)

    def on_step(self, step: Step) -> None:
        self.deck_open = False
        where = step.where
        hand = self.current(where)
        if not hand.sourced:
            raise self.fail(
                where, f"hand {hand.number} needs cards first: deal, deck or shuffle seed"
            )
        if hand.reject_deal is not None:
            raise self.fail(
                where,
                f"the deal of hand {hand.number} is refused, so it has no steps;"
                f" start 'hand {hand.number + 1}'",
            )
        self._still_open(hand, where)
        act = step.act if isinstance(step, Reject) else step
        if isinstance(step, Act) and step.kind == "draw":
            drawn = sum(
                1
                for s in hand.steps
                if isinstance(s, Act) and s.kind == "draw" and s.player == step.player
            )
            draws = self.profile.draws
            if drawn >= draws:
                raise self.fail(
                    where,
                    f"{step.player} would draw {drawn + 1} times in hand {hand.number};"
                    f" a hand has {draws} draws (R4.1): use 'reject' to show a refusal",
                )
        if isinstance(act, Act):
            self.player(act.player, act.where)
            if act.takes is not None and len(act.takes) != len(act.discards):
                raise self.fail(
                    act.where,
                    f"{act.player} throws {len(act.discards)} and takes {len(act.takes)}:"
                    " a draw replaces card for card (R4.2)",
                )
            if isinstance(step, Act) and act.takes and hand.deal:
                for card in act.takes:
                    self.see(hand, card, act.where)
        if isinstance(step, Expect):
            self.check_expect(step)
        hand.steps.append(step)

    def _button_known(self, hand: HandDraft) -> None:
        """A deal that leaves out a player with no chips is ordered from the button, which
        the bust has moved as the profile says (R8.23): the hand must name it."""
        if not hand.left_out or stated_button(hand.steps) is not None:
            return
        assert hand.deal_where is not None
        out = ", ".join(hand.left_out)
        raise self.fail(
            hand.deal_where,
            f"the deal leaves out {out}, who has no chips (R8.23): the cards go round from the"
            f" button's left, so say who has it, with 'expect button <Name>' in hand"
            f" {hand.number}",
        )

    def on_check(self, step: Step) -> None:
        self.deck_open = False
        self.checks.append(step)

    # ----- result ------------------------------------------------------------------------

    def build(self, source: str) -> Scenario:
        if "id" not in self.header:
            raise self.fail(Where(self.path, 1), 'a scenario starts with: scenario <id> "<title>"')
        if self.hands and not self.hands[-1].sourced:
            raise self.fail(self.hands[-1].where, f"hand {len(self.hands)} has no cards")
        if not self.hands and not self.checks:
            raise self.fail(
                self.header["where"],
                "the scenario checks nothing: add a hand or an evaluate/compare line",
            )
        if not self.header.get("rules"):
            raise self.fail(
                self.header["where"],
                "no 'rules' line: add one naming the rule IDs this scenario shows,"
                " for example 'rules R3.6' (see `badugi-spec rules`)",
            )
        for hand in self.hands:
            self._button_known(hand)
        hands = tuple(
            HandScript(
                number=h.number,
                where=h.where,
                deal=tuple(h.deal),
                deck=h.deck,
                seed=h.seed,
                burns=tuple(h.burns),
                steps=tuple(h.steps),
                reject_deal=h.reject_deal,
                reshuffles=tuple(h.reshuffles),
                unfinished=h.unfinished,
                posts=tuple(h.posts),
                seating=tuple(h.seating),
            )
            for h in self.hands
        )
        return Scenario(
            id=self.header["id"],
            title=self.header["title"],
            where=self.header["where"],
            rules=tuple(dict.fromkeys(self.header.get("rules", []))),
            tags=tuple(self.header.get("tags", [])),
            text=self.header.get("text", ""),
            seats=tuple(self.seats),
            dealer=self.dealer,
            hands=hands,
            checks=tuple(self.checks),
            source=source,
            profile=self.profile,
            overrides=tuple(self.overrides),
            order=self.header.get("order"),
        )


def assemble(
    statements: list[Any], *, path: str, text: str, known_rules: set[str] | None
) -> Scenario:
    assembler = _Assembler(path, text, known_rules)
    for statement in statements:
        if statement[0] in ("steps", "step", "check"):
            if "id" not in assembler.header:
                raise assembler.fail(
                    Where(path, 1), 'a scenario starts with: scenario <id> "<title>"'
                )
            if statement[0] == "steps":
                assembler.on_steps(statement[1])
            elif statement[0] == "step":
                assembler.on_step(statement[1])
            else:
                assembler.on_check(statement[1])
        else:
            assembler.add(statement)
    return assembler.build(text)


__all__ = ["assemble"]
