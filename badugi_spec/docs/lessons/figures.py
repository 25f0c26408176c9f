"""A lesson hand's figures by name, read from the engine while its scenario runs: an
`Observer` (`replays.moments`) notes what the engine offers and does around every action,
and the hand says at the end who may win each pot and who did. `hand_figures` names them,
so the prose says `[[pot.main]]` rather than a typed number; `counted` names figures of the
deck alone. The names are on the scenario-language page ("Writing a lesson").
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from badugi_spec import profiles
from badugi_spec.cards import DECK, Card, Rank, format_cards, parse_cards
from badugi_spec.engine import Hand, Kind
from badugi_spec.rankings.census import house_ladder
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import draw_odds
from badugi_spec.replays.moments import Moment, behind
from badugi_spec.trainer.split_odds import split_odds


@dataclass(frozen=True, slots=True)
class Figure:
    """One named figure: its text on the page, its kind (a question's wrong choices are of
    its answer's kind) and, for a number, its value."""

    text: str
    kind: str
    """chips, count, player, players, percent, cards, value, choice or text."""
    number: float | None = None


def chips(value: int) -> Figure:
    return Figure(str(value), "chips", value)


def count(value: int) -> Figure:
    return Figure(str(value), "count", value)


def percent(value: float) -> Figure:
    return Figure(f"{value:.1%}", "percent", value)


def joined(names: Sequence[str]) -> str:
    """Ann, Bob and Cat."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ----- the figures of one hand ---------------------------------------------------------

Figures = dict[str, Figure | Callable[[], Figure]]
"""By name; a figure that costs a count (the odds of a draw) is worked out when named."""


def hand_figures(names: Sequence[str], hand: Hand, moments: Sequence[Moment]) -> Figures:
    def name(seat: int) -> Figure:
        return Figure(names[seat], "player")

    out: Figures = {
        "seat.button": name(hand.dealer),
        "seat.small_blind": name(hand.small_blind),
        "seat.big_blind": name(hand.big_blind),
        "players": Figure(joined(list(names)), "players"),
        "seats": count(hand.seats),
        "deal.stub": count(len(DECK) - hand.seats * hand.profile.hand_size - len(hand.burns)),
        "pot": chips(hand.pot),
    }
    first = moments[0].seat if moments else hand.to_act
    if first is not None:
        out["seat.first"] = name(first)
    profile = hand.profile
    for key in profile.__dataclass_fields__:
        value = getattr(profile, key)
        if isinstance(value, bool | str):
            out[f"profile.{key}"] = Figure(str(value).lower(), "text")
        elif isinstance(value, int):
            out[f"profile.{key}"] = (
                chips(value) if "blind" in key or "spread" in key else count(value)
            )
        elif isinstance(value, tuple) and all(isinstance(v, int) for v in value):
            for n, item in enumerate(value, start=1):
                out[f"profile.{key}.{n}"] = chips(item)
        elif isinstance(value, tuple):
            out[f"profile.{key}"] = Figure(
                joined([str(v) for v in value]) if value else "none", "text"
            )
    for seat, who in enumerate(names):
        out[f"{who}.put_in"] = chips(hand.total[seat])
        out[f"{who}.stack"] = chips(hand.start_stacks[seat])
        out[f"{who}.end_stack"] = chips(hand.stacks[seat])
        if hand.holdings[seat]:
            out[f"{who}.cards"] = Figure(format_cards(hand.holdings[seat]), "cards")
            for half, value in enumerate(hand.values(seat), start=1):
                out[f"{who}.value" + ("" if half == 1 else f".{half}")] = Figure(
                    str(value), "value"
                )
    _moments(out, names, hand, moments)
    _pots(out, names, hand)
    return out


def _moments(out: Figures, names: Sequence[str], hand: Hand, moments: Sequence[Moment]) -> None:
    done: dict[int, int] = {}
    reshuffled_before = 0
    for moment in moments:
        done[moment.seat] = done.get(moment.seat, 0) + 1
        at = f"{names[moment.seat]}.{done[moment.seat]}"
        b, a = moment.before, moment.after
        call = b["level"] - b["in"]
        out[f"{at}.pot"] = chips(b["pot"])
        out[f"{at}.level"] = chips(b["level"])
        out[f"{at}.in"] = chips(b["in"])
        out[f"{at}.call"] = chips(call)
        out[f"{at}.after_call"] = chips(b["pot"] + call)
        if a:
            out[f"{at}.action"] = Figure(moment.kind, "text")
            out[f"{at}.adds"] = chips(b["stack"] - a["stack"])
            out[f"{at}.to"] = chips(b["in"] + b["stack"] - a["stack"])
            out[f"{at}.pot_after"] = chips(a["pot"])
        out[f"{at}.stub"] = count(b["stub"])
        out[f"{at}.behind"] = count(behind(hand, moment))
        out[f"{at}.holds"] = Figure(format_cards(b["holds"]), "cards")
        if call > 0 and b["pot"]:
            out[f"{at}.needed"] = percent(call / (b["pot"] + call))
        for kind in (Kind.BET, Kind.RAISE):
            option = b["legal"].get(kind)
            if option is not None:
                out[f"{at}.{kind.value}.least"] = chips(option.to)
                out[f"{at}.{kind.value}.most"] = chips(option.most or option.to)
        out[f"{at}.can_raise"] = Figure("yes" if Kind.RAISE in b["legal"] else "no", "choice")
        if moment.kind == Kind.DRAW.value and a:
            drew = next((e for e in a["events"] if e.kind == "draw"), None)
            thrown = drew.cards if drew is not None else ()
            out[f"{at}.throws"] = Figure(format_cards(thrown) or "nothing", "cards")
            out[f"{at}.drew"] = count(len(thrown))
            out[f"{at}.gets"] = Figure(format_cards(drew.received if drew else ()) or "–", "cards")
            out[f"{at}.now"] = Figure(format_cards(a["holds"]), "cards")
            out[f"{at}.stub_after"] = count(a["stub"])
            if any(e.kind == "reshuffle" for e in a["events"]):
                fresh = next(e.amount for e in a["events"] if e.kind == "reshuffle")
                out["reshuffle.player"] = Figure(names[moment.seat], "player")
                out["reshuffle.cards"] = count(fresh)
                out["reshuffle.draws_before"] = count(reshuffled_before)
            reshuffled_before += 1
        if hand.profile.halves == () or len(hand.profile.halves) < 2:
            _odds(out, at, b, moment)


def _odds(out: Figures, at: str, before: dict[str, Any], moment: Moment) -> None:
    """Exact draw odds from the player's seat at this draw: the cards that do not play are
    thrown, and any card the player has not held may come."""
    held: tuple[Card, ...] = before["holds"]
    if len(held) != 4:
        return
    keep = evaluate(held).cards
    drawing = 4 - len(keep)
    if not 1 <= drawing <= 2:
        return
    thrown = [card for card in held if card not in keep]
    # Thrown at an earlier draw (once, though a reshuffle may have dealt it again): dead.
    dead = [card for card in dict.fromkeys(before["thrown"]) if card not in held]

    @functools.cache
    def chance() -> Fraction:
        return draw_odds(keep, draws=1, thrown=thrown, dead=dead).badugi[0]

    unseen = len(DECK) - len(held) - len(dead)
    out[f"{at}.drawing"] = count(drawing)
    out[f"{at}.unseen"] = count(unseen)
    # The draws of `drawing` cards that make a badugi: the chance times all such draws.
    out[f"{at}.outs"] = lambda: count(int(chance() * math.comb(unseen, drawing)))
    out[f"{at}.odds"] = lambda: percent(float(chance()))

    def verdict() -> Figure:
        need = out.get(f"{at}.needed")
        if not isinstance(need, Figure) or need.number is None:
            raise KeyError(f"{at}.verdict: nothing to call here")
        return Figure("call" if chance() >= need.number else "fold", "choice")

    out[f"{at}.verdict"] = verdict


def _pots(out: Figures, names: Sequence[str], hand: Hand) -> None:
    result = hand.result
    pots = result.pots if result is not None else hand.pots()
    for number, pot in enumerate(pots):
        at = "pot.main" if number == 0 else "pot.side" + ("" if number == 1 else str(number))
        out[at] = chips(pot.amount)
        out[f"{at}.players"] = Figure(joined([names[s] for s in pot.eligible]), "players")
        out[f"{at}.count"] = count(len(pot.eligible))
        if pot.winners:
            out[f"{at}.winner"] = Figure(joined([names[s] for s in pot.winners]), "player")
            out[f"{at}.share"] = chips(pot.shares[0])
        for half_no, half in enumerate(pot.halves, start=1):
            out[f"{at}.half{half_no}"] = chips(half.amount)
            out[f"{at}.half{half_no}.ranking"] = Figure(half.ranking, "text")
            out[f"{at}.half{half_no}.winner"] = Figure(
                joined([names[s] for s in half.winners]), "player"
            )
    if result is not None:
        out["pot.total"] = chips(sum(pot.amount for pot in pots))
        out["winner"] = Figure(joined([names[s] for s in result.winners]), "player")


# ----- figures counted from the deck alone (no hand): the strategy lessons' numbers ------

_COUNTED = re.compile(
    r"(odds|misses|outs|dealt|anyone (\d))(?: (\d) (?:draws?|cards?))?"
    r"(?:,? (A|[2-9]|10|J|Q|K) or better)?(?:: ?(.*))?"
)
_SPLIT = re.compile(r"(scoop|half ([12])) ([\w-]+): (.*?),? throw (.*)")
RANKS: dict[str, Rank] = {rank.label: rank for rank in Rank}


def counted(ref: str) -> Figure | None:
    """A figure of the deck, or None if `ref` is not one: `odds`, `misses`, `outs` of kept
    cards (`rankings.odds`), the share of deals `dealt` a hand (`rankings.census`), `scoop`
    and `half` of a split game (`trainer.split_odds`), and the chance that `anyone` of N
    others is dealt one, each counted as dealt alone (1 - (1 - share)^N: close, not exact)."""
    split = _SPLIT.fullmatch(ref.strip())
    if split is not None:
        return _split(ref, *split.groups())
    match = _COUNTED.fullmatch(ref.strip())
    if match is None:
        return None
    what, others, number, top_label, cards = match.groups()
    top = RANKS[top_label] if top_label else None
    if what.startswith(("dealt", "anyone")):
        inner = cards if others else ref.strip()
        found = re.fullmatch(r"dealt (\d) cards?(?:,? (A|[2-9]|10|J|Q|K) or better)?", inner or "")
        if found is None:
            raise ValueError(f"[[{ref}]]: write dealt N cards, or dealt N cards, R or better")
        highest = RANKS[found.group(2)].order if found.group(2) else 13
        share = house_ladder().dealt(int(found.group(1)), highest)
        if others:
            share = 1 - (1 - share) ** int(others)
        return percent(share)
    try:
        odds = draw_odds(parse_cards(cards or ""), draws=int(number or 3), top=top)
    except ValueError as error:
        raise ValueError(f"[[{ref}]]: {error}") from None
    if what == "outs":
        return count(odds.outs)
    made = float(odds.badugi[-1])
    return percent(made if what == "odds" else 1 - made)


def _split(ref: str, what: str, half: str | None, name: str, hand: str, thrown: str) -> Figure:
    try:
        odds = split_odds(profiles.get(name), parse_cards(hand), parse_cards(thrown))
    except (ValueError, KeyError) as error:
        raise ValueError(f"[[{ref}]]: {error}") from None
    return percent(float(odds.both if half is None else odds.made[int(half) - 1]))
