"""PokerStars text hand histories of fixed-limit Badugi, read one hand at a time.

A file holds many hands, each starting with a `PokerStars Game #...` line. The file is
read line by line and each hand is handed on as soon as it is complete, so a long file
never sits in memory. A hand that cannot be read becomes one `HistoryError` naming its
line; the reader then goes on with the next hand.

Only what the 2010 histories print is understood; any other line is an error, not a
guess. Chat (`said, "..."`, possibly over several lines) and table news (timing out,
sitting out, joining, leaving) are skipped.

Each line goes into the hand's draft in `pokerstars_lines`; here the file is cut into
hands and each complete draft becomes a `HandRecord`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.errors import CardError
from badugi_spec.interop.pokerstars_lines import Draft, read_header, read_line
from badugi_spec.interop.record import (
    MAX_HAND_BYTES,
    Cards,
    HandRecord,
    HistoryError,
    Player,
    Pot,
    Recorded,
    Step,
    Verb,
    bounded_lines,
    too_large,
)
from badugi_spec.scenario.model import Where

_HEADER: Final = re.compile(r"^PokerStars (?:Game|Hand) #(?P<id>[0-9]+):\s*(?P<rest>.*)$")


def read(path: str | Path) -> Iterator[HandRecord | HistoryError]:
    """Every hand of a PokerStars text file, in order; a broken hand is a HistoryError."""
    shown = str(path)
    with open(path, "rb") as stream:
        yield from parse_lines(bounded_lines(stream), path=shown)


def parse_lines(lines: Iterable[bytes], *, path: str) -> Iterator[HandRecord | HistoryError]:
    draft: Draft | None = None
    broken: HistoryError | None = None
    stray: HistoryError | None = None
    number = size = 0
    for number, raw in enumerate(lines, start=1):
        size += len(raw)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            problem = HistoryError(
                f"not UTF-8 text: byte 0x{raw[error.start]:02x} at column {error.start + 1}",
                path=path,
                line=number,
                hand=draft.hand_id if draft else None,
            )
            if draft is None:
                stray = stray or problem
            else:
                broken = broken or problem
            continue
        text = text.removeprefix("\ufeff").rstrip("\r\n")
        header = _HEADER.match(text)
        if header:
            if stray is not None:
                yield stray
                stray = None
            if draft is not None:
                yield broken or _finish(draft, end=number - 1)
            draft, broken, size = Draft(path, header["id"], number), None, len(raw)
            try:
                if size > MAX_HAND_BYTES:
                    raise too_large(path=path, line=number, hand=draft.hand_id)
                read_header(draft, header["rest"], number)
            except HistoryError as error:
                broken = error
            continue
        if draft is None:
            if text.strip() and stray is None:
                stray = HistoryError(
                    f"not a PokerStars hand: {text.strip()[:60]!r}"
                    " (a hand starts with 'PokerStars Game #')",
                    path=path,
                    line=number,
                )
            continue
        if broken is not None or not text.strip():
            continue
        if size > MAX_HAND_BYTES:
            # Whatever the lines are, a hand this long is not one a table dealt; its
            # lines are dropped, not kept, until the next hand starts.
            broken = too_large(path=path, line=number, hand=draft.hand_id)
            continue
        try:
            read_line(draft, text, number)
        except HistoryError as error:
            broken = error
        except CardError as error:
            broken = draft.fail(number, str(error))
    if stray is not None:
        yield stray
    if draft is not None:
        yield broken or _finish(draft, end=number)


# ----- the finished hand -----------------------------------------------------------------


def _finish(draft: Draft, *, end: int) -> HandRecord | HistoryError:
    if not draft.has_summary or draft.total is None:
        return draft.fail(end, "truncated: the hand ends before its summary (*** SUMMARY ***)")
    if draft.button is None:
        return draft.fail(draft.line, "no table line naming the button")
    acting = {who for _, _, _, who, _ in draft.steps if who is not None}
    # Taking chips (a pot, a bet returned) is taking part, even with no action to show it.
    acting |= {name for name, _, _ in draft.collected} | set(draft.returned)
    seated = [
        (seat, name, stack)
        for seat, name, stack, note in draft.seats
        if not note.startswith("out of hand")
        and (name in draft.summarised or name in acting or not draft.summarised)
    ]
    if len(seated) < 2:
        return draft.fail(draft.line, "fewer than two players are dealt in")
    # Clockwise from the first seat left of the button; the button (or the nearest
    # dealt-in seat before it) last (R8.2).
    seated.sort()
    after = [s for s in seated if s[0] > draft.button] + [s for s in seated if s[0] <= draft.button]
    names = [name for _, name, _ in after]
    index = {name: i for i, name in enumerate(names)}
    players = tuple(Player(name, stack, seat) for seat, name, stack in after)
    steps: list[Step] = []
    for line, text, verb, who, fields in draft.steps:
        if who is not None and who not in index:
            return draft.fail(line, f"{who} acts but is not dealt in")
        steps.append(_step(len(steps) + 1, Where(draft.path, line), text, verb, who, index, fields))
    blinds = {step.blind: step for step in steps if step.verb is Verb.POST}
    small_blind = _blind(blinds.get("small blind"), draft.small_bet // 2)
    big_blind = _blind(blinds.get("big blind"), draft.small_bet)
    antes = [step.amount or 0 for step in steps if step.blind == "ante"]
    count = len(players)
    strangers = [name for name, _, _ in draft.collected if name not in index]
    strangers += [name for name in draft.returned if name not in index]
    if strangers:
        return draft.fail(draft.line, f"{strangers[0]} takes chips but is not dealt in")
    collected = [0] * count
    pots: dict[str, list[tuple[int, int]]] = {}
    for name, amount, pot in draft.collected:
        collected[index[name]] += amount
        pots.setdefault(pot, []).append((index[name], amount))
    amounts = dict(draft.pot_amounts) or {"pot": draft.total - draft.rake}
    order = list(amounts) + [p for p in pots if p not in amounts]
    recorded = Recorded(
        total_pot=draft.total,
        rake=draft.rake,
        pots=tuple(Pot(p, amounts.get(p), tuple(pots.get(p, ()))) for p in order),
        collected=tuple(collected),
        returned=tuple(draft.returned.get(name, 0) for name in names),
        net=_net(steps, count, collected, draft.returned, names),
    )
    dealt = tuple(
        tuple(draft.dealt[name]) if name in draft.dealt else (None,) * 4 for name in names
    )
    return HandRecord(
        format="pokerstars",
        where=Where(draft.path, draft.line),
        hand_id=draft.hand_id,
        players=players,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=draft.small_bet,
        big_bet=draft.big_bet,
        ante=max(antes, default=0),
        dealt=dealt,
        steps=tuple(steps),
        recorded=recorded,
        revealed=tuple(draft.revealed.get(name) for name in names),
        scale=draft.scale,
        currency=draft.currency,
        venue="PokerStars",
        tournament=draft.tournament,
    )


def _blind(step: Step | None, default: int) -> int:
    # A blind posted all-in may be short of the level's blind; the level's is the rule.
    if step is None or step.all_in or step.amount is None:
        return default
    return step.amount


def _step(
    number: int,
    where: Where,
    text: str,
    verb: Verb,
    who: str | None,
    index: dict[str, int],
    fields: dict[str, object],
) -> Step:
    player = None if who is None else index[who]
    amount = fields.get("amount")
    discards = fields.get("discards", ())
    received = fields.get("received")
    cards = fields.get("cards", fields.get("held", ()))
    return Step(
        number=number,
        where=where,
        text=text,
        verb=verb,
        player=player,
        amount=amount if isinstance(amount, int) else None,
        all_in=bool(fields.get("all_in")) if verb is not Verb.CAPPED else None,
        discards=_as_cards(discards),
        received=None if received is None else _as_cards(received),
        cards=_as_cards(cards),
        blind=str(fields.get("blind", "")),
    )


def _as_cards(value: object) -> Cards:
    assert isinstance(value, tuple)
    return tuple(card if isinstance(card, Card) else None for card in value)


def _net(
    steps: list[Step],
    count: int,
    collected: list[int],
    returned: dict[str, int],
    names: list[str],
) -> tuple[int, ...]:
    """Each player's result by the history's own arithmetic: collected, plus uncalled
    chips returned, less everything put in."""
    put_in = [0] * count
    committed = [0] * count
    for step in steps:
        player = step.player
        if player is None:
            continue
        if step.verb is Verb.DRAW:
            committed = [0] * count  # a new betting round follows
        elif step.verb is Verb.POST and step.amount is not None:
            put_in[player] += step.amount
            if step.blind != "ante":
                committed[player] += step.amount
        elif step.verb in (Verb.CALL, Verb.BET) and step.amount is not None:
            put_in[player] += step.amount
            committed[player] += step.amount
        elif step.verb is Verb.RAISE and step.amount is not None:
            put_in[player] += step.amount - committed[player]
            committed[player] = step.amount
    return tuple(collected[i] + returned.get(names[i], 0) - put_in[i] for i in range(count))
