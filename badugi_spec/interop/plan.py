"""A full deck order that reproduces a hand history, unknown cards and all.

A history shows few cards: the hero's, and the hands shown at the showdown. To replay it
the engine needs all 52, in an order that deals every known card where the history says it
went and gives the recorded winners the pots. The plan is built in three steps:

1. **Where each card goes.** A dry run of the hand with any deck (the actions do not
   depend on the cards) tells which place in the deck each player's deal, each draw's
   replacements and each burn take: the engine's own order (R8.4, R8.16, R8.17).
2. **Each player's story.** Every player gets a first hand, and for every draw the cards
   they throw and the cards they catch, keeping every card the history shows. A player
   whose last hand is known (shown, or revealed in a summary) is dealt its cards as late
   as the draws allow and throws only the other cards. A player who reaches the showdown
   without showing is given, as a last hand, the worst hand the unused cards make if they
   won nothing (a mucked hand still loses), or the best if they won a pot.
3. **The order.** The story's cards are put in the places of step 1; burns and the rest of
   the deck take the cards left over.

A card the history shows after the stub was rebuilt (a reshuffle the real hand never had)
cannot be placed in the deck; the replay then reports the difference it makes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.hand import Hand
from badugi_spec.interop.record import Cards, HandRecord, Step, Verb
from badugi_spec.rankings.house import HandValue, evaluate
from badugi_spec.scenario.model import Where

CANDIDATES = 12
"""Cards considered when looking for the worst (or best) hand among the unused ones."""


class PlanError(Exception):
    """The history's cards cannot all be true at once (a card dealt twice, a discard of a
    card the player does not hold). `where` is the line that shows it, if one does."""

    def __init__(self, message: str, *, where: Where | None = None) -> None:
        super().__init__(message)
        self.where = where


@dataclass(frozen=True, slots=True)
class Plan:
    deck: tuple[Card, ...]
    discards: dict[tuple[int, int], tuple[Card, ...]]
    """(player, draw number from 0) -> the cards that player throws in that draw."""
    finals: dict[int, tuple[Card, ...]]
    """The last hand planned for each player who reaches the showdown."""
    filled: dict[int, str] = field(default_factory=dict)
    """Players whose last hand the plan made up: `worst` or `best` of the unused cards."""
    rebuilt: tuple[Card | None, ...] = ()
    """The cards the plan wants dealt from rebuilt stubs, in order (None: any card)."""


def draws_of(record: HandRecord) -> dict[int, list[Step]]:
    out: dict[int, list[Step]] = {}
    for step in record.steps:
        if step.verb is Verb.DRAW and step.player is not None:
            out.setdefault(step.player, []).append(step)
    return out


def known_finals(record: HandRecord) -> dict[int, tuple[Card, ...]]:
    """The last hands the history shows: at the showdown, or in the summary."""
    finals: dict[int, tuple[Card, ...]] = {}
    for player, cards in enumerate(record.revealed):
        if cards:
            finals[player] = tuple(cards)
    for step in record.steps:
        shown = step.verb is Verb.SHOW and step.player is not None and step.cards
        if shown and step.player is not None and all(step.cards):
            finals[step.player] = tuple(c for c in step.cards if c is not None)
    for player, steps in draws_of(record).items():
        if player not in finals:
            held = _followed(record.dealt[player], steps)
            if held is not None:
                finals[player] = held
    return finals


def _followed(dealt: Cards, draws: Sequence[Step]) -> tuple[Card, ...] | None:
    """The last hand of a player whose every card the history shows (the hero's)."""
    if not dealt or None in dealt:
        return None
    hand = [card for card in dealt if card is not None]
    for step in draws:
        received = step.received if step.discards else ()
        if None in step.discards or received is None or None in received:
            return None
        hand = [card for card in hand if card not in step.discards]
        hand += [card for card in received if card is not None]
    return tuple(hand)


def build(record: HandRecord, dry: Hand) -> Plan:
    """The plan for `record`, from a finished dry run `dry` of its actions."""
    if not any(event.kind == "reshuffle" for event in dry.events):
        # Without a rebuilt stub no card comes round twice; with one, a thrown card may
        # reach another player, and only the deck order below can tell.
        _check_owners(record)
    draws = draws_of(record)
    finals = known_finals(record)
    known: set[Card] = set()
    for cards in record.dealt:
        known.update(c for c in cards if c is not None)
    for steps in draws.values():
        for step in steps:
            known.update(c for c in (*step.discards, *(step.received or ()), *step.cards) if c)
    for cards in finals.values():
        known.update(cards)
    pool = [card for card in DECK if card not in known]
    filled = _fill_showdown(record, dry, finals, pool)
    stories = {
        player: _story(record.dealt[player], draws.get(player, []), finals.get(player), pool)
        for player in range(len(record.players))
    }
    required = set(known)
    for cards in finals.values():
        required.update(cards)
    deck, rebuilt = _order(dry, stories, pool, required)
    return Plan(
        deck=deck,
        rebuilt=rebuilt,
        discards={
            (player, number): thrown
            for player, story in stories.items()
            for number, (thrown, _) in enumerate(story.draws)
        },
        finals={p: finals[p] for p in finals},
        filled=filled,
    )


def _check_owners(record: HandRecord) -> None:
    """Each card the history shows comes into one player's hand once, from the deal or a
    draw, and only that player throws it or shows it: otherwise PlanError, at the line
    that shows the second owner."""
    owner: dict[Card, tuple[int, str]] = {}
    arrived: set[Card] = set()

    def claim(card: Card | None, player: int, what: str, where: Where | None, new: bool) -> None:
        if card is None:
            return
        if new and card in arrived:
            first, said = owner[card]
            raise PlanError(
                f"{card} is dealt twice: to {record.name(first)} ({said}) and to"
                f" {record.name(player)} ({what})",
                where=where,
            )
        first, said = owner.setdefault(card, (player, what))
        if first != player:
            raise PlanError(
                f"{card} is in two hands: {record.name(first)}'s ({said}) and"
                f" {record.name(player)}'s ({what})",
                where=where,
            )
        if new:
            arrived.add(card)

    for player, cards in enumerate(record.dealt):
        for card in cards:
            claim(card, player, "dealt", None, new=True)
    for step in record.steps:
        if step.player is None:
            continue
        line = step.where.line
        for card in step.discards:
            claim(card, step.player, f"thrown at line {line}", step.where, new=False)
        for card in step.received or ():
            claim(card, step.player, f"drawn at line {line}", step.where, new=True)
        held = "shown" if step.verb is Verb.SHOW else "held"
        for card in step.cards:
            claim(card, step.player, f"{held} at line {line}", step.where, new=False)
    for player, shown in enumerate(record.revealed):
        for card in shown or ():
            claim(card, player, "in the summary", None, new=False)


# ----- the showdown ----------------------------------------------------------------------


def _fill_showdown(
    record: HandRecord, dry: Hand, finals: dict[int, tuple[Card, ...]], pool: list[Card]
) -> dict[int, str]:
    result = dry.result
    if result is None or result.ended_by != "showdown":
        return {}
    collected = record.recorded.collected
    first_pot = _first_pot_won(record)
    hidden = [p for p in dry.live() if p not in finals]
    won = [p for p in hidden if (collected is not None and collected[p] > 0) or p in first_pot]
    # The winner of an earlier pot (the main pot) must beat the winners of later ones.
    won.sort(key=lambda p: first_pot.get(p, len(record.recorded.pots)))
    filled: dict[int, str] = {}
    for player in won:
        finals[player] = _extreme(pool, best=True)
        filled[player] = "best"
    for player in hidden:
        if player not in filled:
            finals[player] = _extreme(pool, best=False)
            filled[player] = "worst"
    return filled


def _first_pot_won(record: HandRecord) -> dict[int, int]:
    first: dict[int, int] = {}
    for index, pot in enumerate(record.recorded.pots):
        for player, _ in pot.collected:
            first.setdefault(player, index)
    return first


def _extreme(pool: list[Card], *, best: bool) -> tuple[Card, ...]:
    """The best (or worst) four-card hand among the lowest (highest) unused cards; the cards
    leave the pool."""
    ranked = sorted(pool, key=lambda c: c.index, reverse=not best)[:CANDIDATES]
    if len(ranked) < 4:
        raise PlanError("too few unused cards to make up a hidden hand")
    choose = max if best else min
    cards: tuple[Card, ...] = choose(
        itertools.combinations(ranked, 4), key=lambda hand: _strength(evaluate(hand))
    )
    for card in cards:
        pool.remove(card)
    return cards


def _strength(value: HandValue) -> int:
    return value.strength


# ----- one player's cards ----------------------------------------------------------------


@dataclass
class _Story:
    first: list[Card]
    draws: list[tuple[tuple[Card, ...], tuple[Card, ...]]]
    """(thrown, caught) for each draw."""


def _take(pool: list[Card], count: int) -> list[Card]:
    if count > len(pool):
        raise PlanError("the history needs more cards than the deck holds")
    taken, pool[:count] = pool[:count], []
    return taken


def _story(
    dealt: Cards, draws: Sequence[Step], final: tuple[Card, ...] | None, pool: list[Card]
) -> _Story:
    target = set(final or ())
    counts = [len(step.discards) for step in draws]
    # needed[i]: the cards not in the last hand the player must hold before draw i, so
    # that they never throw a card they keep.
    needed = [max(counts[i:], default=0) for i in range(len(counts) + 1)]
    arrivals = {c for c in dealt if c} | {c for s in draws for c in (s.received or ()) if c}
    free = [card for card in (final or ()) if card not in arrivals]
    known = [card for card in dealt if card is not None]
    hidden = len(dealt) - len(known)
    spare = len([card for card in known if card not in target])
    placed = min(len(free), max(0, hidden - max(0, needed[0] - spare)))
    first = known + free[:placed] + _take(pool, hidden - placed)
    free = free[placed:]
    hand = list(first)
    story = _Story(first, [])
    for i, step in enumerate(draws):
        thrown = [card for card in step.discards if card is not None]
        for card in thrown:
            if card not in hand:
                raise PlanError(f"{card} is thrown but not held", where=step.where)
        rest = [card for card in hand if card not in thrown]
        spare_cards = [card for card in rest if card not in target]
        keep_cards = [card for card in rest if card in target]
        more = counts[i] - len(thrown)
        thrown += (spare_cards + keep_cards)[:more]
        hand = [card for card in hand if card not in thrown]
        received = step.received or (None,) * counts[i]
        caught = [card for card in received if card is not None]
        hand += caught
        unknown = counts[i] - len(caught)
        held_target = sum(1 for card in hand if card in target)
        room = max(0, 4 - needed[i + 1] - held_target)
        missing = [card for card in free if card not in hand]
        now = min(unknown, len(missing), room)
        got = missing[:now] + _take(pool, unknown - now)
        free = [card for card in free if card not in got]
        hand += got
        story.draws.append((tuple(thrown), tuple(caught + got)))
    if final is not None and sorted(c.index for c in hand) != sorted(c.index for c in final):
        raise PlanError(
            "the hand shown at the end cannot be reached through the recorded draws",
            where=draws[-1].where if draws else None,
        )
    return story


# ----- the deck --------------------------------------------------------------------------


def _order(
    dry: Hand, stories: dict[int, _Story], pool: list[Card], required: set[Card]
) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """The deck, and the cards the plan wants from rebuilt stubs (None: any card).

    In the dry run the deck is DECK itself, so a card's index is its place in the deck;
    a card seen before in the hand came from a rebuilt stub instead.
    """
    placed: dict[int, Card] = {}
    rebuilt: list[Card | None] = []
    stranded: list[Card] = []
    draw_number = dict.fromkeys(stories, 0)
    seen: set[Card] = set()
    for event in dry.events:
        if event.kind == "deal" and event.seat is not None:
            _place(placed, event.cards, stories[event.seat].first)
            seen.update(event.cards)
        elif event.kind == "burn":
            seen.update(event.cards)
        elif event.kind == "draw" and event.seat is not None:
            seat = event.seat
            if draw_number[seat] >= len(stories[seat].draws):
                raise PlanError("a player draws more often than the history records")
            _, caught = stories[seat].draws[draw_number[seat]]
            draw_number[seat] += 1
            if len(event.received) != len(caught):
                raise PlanError(
                    f"a draw of {len(caught)} cards where the engine replaces {len(event.received)}"
                )
            for slot, card in zip(event.received, caught, strict=True):
                if slot in seen:
                    rebuilt.append(card if card in required else None)
                    stranded.append(card)
                else:
                    placed[slot.index] = card
                    seen.add(slot)
    # Cards wanted from a rebuilt stub go where they will be in it: the burns first.
    burns = [c.index for e in dry.events if e.kind == "burn" for c in e.cards]
    # A card dealt again after a reshuffle is already in its first place.
    dealt = set(placed.values())
    stranded = [card for card in dict.fromkeys(stranded) if card not in dealt]
    stranded.sort(key=lambda card: card not in required)
    free = [i for i in burns if i not in placed] + [
        i for i in range(len(DECK)) if i not in placed and i not in burns
    ]
    # A history `_check_owners` could not vet (the stub was rebuilt) may still ask for the
    # impossible; it is said here, not left to fail in the deck's arithmetic.
    doubled = [card for card, n in Counter(placed.values()).items() if n > 1]
    if doubled:
        raise PlanError(f"{doubled[0]} would be dealt twice from one deck")
    rest = [*stranded, *pool]
    if len(rest) < len(free):
        raise PlanError("the history needs more cards than the deck holds")
    for index, card in zip(free, rest, strict=False):
        placed[index] = card
    deck = tuple(placed[i] for i in range(len(DECK)))
    if len({card.index for card in deck}) != len(DECK):
        raise PlanError("the planned deck repeats a card")
    return deck, tuple(rebuilt)


def reshuffle_order(gathered: Sequence[Card], wanted: Sequence[Card | None]) -> list[Card]:
    """A rebuilt stub's order that deals the `wanted` cards where they are wanted, as far
    as the gathered cards allow (R8.18: the case may state the order)."""
    left = list(gathered)
    needed = {card for card in wanted if card is not None}
    order: list[Card] = []
    for card in wanted:
        if not left:
            break
        if card is not None and card in left:
            pick = card
        else:
            pick = next((c for c in left if c not in needed), left[0])
        left.remove(pick)
        order.append(pick)
    return order + left


def _place(placed: dict[int, Card], where: Sequence[Card], cards: Sequence[Card]) -> None:
    # In the dry run the deck is DECK itself, so a card's index is its place in the deck.
    if len(where) != len(cards):
        raise PlanError(f"a hand of {len(cards)} cards where the deal gives {len(where)}")
    for slot, card in zip(where, cards, strict=True):
        placed[slot.index] = card
