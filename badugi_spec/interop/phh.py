"""PHH, the Poker Hand History format (TOML), for fixed-limit Badugi (variant `FB`).

`read` streams the hands of a `.phh` file (one hand) or a `.phhs` file (one TOML table
per hand, `[1]`, `[2]` ...): `phh_toml` cuts the file into hands and loads each one's TOML
on its own, within size limits, so a broken hand is one `HistoryError` with its line and
the next hand still reads; here its fields become a `HandRecord`. `dumps` writes a hand
back in the same shape; `read_text` and `dumps` are a matched pair (tested as a round
trip).

Players are in PHH order: the first is the small blind, the last has the button; heads-up
the blinds are reverse-assigned (the first player posts the big blind). That is exactly
the engine's seat order from the first seat left of the button, with the button last.
Fields of our own start with `_` as the spec asks: `_profile` names the rule profile a
hand was played under, `_profile_overrides` its changed parameters.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, TypeGuard

from badugi_spec.cards import Card
from badugi_spec.digits import INT_DIGITS, whole
from badugi_spec.errors import CardError
from badugi_spec.interop import phh_toml
from badugi_spec.interop.record import (
    Cards,
    HandRecord,
    HistoryError,
    Player,
    Recorded,
    Step,
    Verb,
    bounded_lines,
)
from badugi_spec.scenario.model import Where

VARIANT: Final = "FB"
"""PHH's code for fixed-limit Badugi, the only Badugi the spec defines."""
REQUIRED: Final = (
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)
_PLAYER: Final = re.compile(r"^p(?P<n>[1-9][0-9]*)$")
_CARDS: Final = re.compile(r"^(?:\?\?|[2-9TJQKA][cdhs])+$")


def read(path: str | Path) -> Iterator[HandRecord | HistoryError]:
    """Every hand of a `.phh` or `.phhs` file, in order; a broken hand is a HistoryError."""
    with open(path, "rb") as stream:
        yield from parse_lines(bounded_lines(stream), path=str(path))


def read_text(text: str, *, path: str = "<text>") -> list[HandRecord | HistoryError]:
    return list(parse_lines(text.encode("utf-8").splitlines(keepends=True), path=path))


def parse_lines(lines: Iterable[bytes], *, path: str) -> Iterator[HandRecord | HistoryError]:
    """Cut the file into hands and read each one's fields on its own (`phh_toml`)."""
    for chunk in phh_toml.chunks(lines, path=path):
        if isinstance(chunk, HistoryError):
            yield chunk
            continue
        loaded = phh_toml.load(chunk, path=path)
        if isinstance(loaded, HistoryError):
            yield loaded
            continue
        try:
            yield _record(
                loaded.data, lines=loaded.lines, path=path, start=chunk.start, name=chunk.name
            )
        except HistoryError as error:
            yield error


# ----- fields to a record ----------------------------------------------------------------


class _Fields:
    def __init__(
        self, data: dict[str, Any], *, lines: list[str], path: str, start: int, hand: str | None
    ) -> None:
        self.data = data
        self.lines = lines
        self.path = path
        self.start = start
        self.hand = hand

    def line_of(self, key: str) -> int:
        pattern = re.compile(rf"^\s*['\"]?{re.escape(key)}['\"]?\s*=")
        for offset, text in enumerate(self.lines):
            if pattern.match(text):
                return self.start + offset
        return self.start

    def fail(
        self, message: str, *, key: str | None = None, line: int | None = None
    ) -> HistoryError:
        where = line if line is not None else self.line_of(key) if key else self.start
        return HistoryError(message, path=self.path, line=where, hand=self.hand)

    def integers(self, key: str, count: int | None = None) -> list[int]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise self.fail(f"{key} must be a list of whole numbers of chips", key=key)
        if count is not None and len(value) != count:
            raise self.fail(f"{key} has {len(value)} entries for {count} players", key=key)
        return [int(v) for v in value]

    def integer(self, key: str) -> int:
        value = self.data.get(key)
        if not _is_int(value):
            raise self.fail(f"{key} must be a whole number of chips, not {_shown(value)}", key=key)
        return int(value)

    def optional_integers(self, key: str, count: int) -> tuple[int, ...] | None:
        return tuple(self.integers(key, count)) if key in self.data else None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _record(
    data: dict[str, Any], *, lines: list[str], path: str, start: int, name: str | None
) -> HandRecord:
    hand_id = str(data.get("hand", name if name is not None else Path(path).stem))
    fields = _Fields(data, lines=lines, path=path, start=start, hand=hand_id)
    variant = data.get("variant")
    if variant is None:
        raise fields.fail('no variant field (fixed-limit Badugi is variant = "FB")')
    if variant != VARIANT:
        raise fields.fail(
            f"variant {_shown(variant)} is not fixed-limit Badugi ({VARIANT!r})", key="variant"
        )
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise fields.fail(
            f"missing required field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            " (the hand may be truncated)",
            line=start,
        )
    stacks = fields.integers("starting_stacks")
    count = len(stacks)
    if not 2 <= count <= 8:
        raise fields.fail(f"{count} players; Badugi seats 2 to 8", key="starting_stacks")
    antes = fields.integers("antes", count)
    blinds = fields.integers("blinds_or_straddles", count)
    if any(blinds[2:]):
        raise fields.fail("straddles are not part of fixed-limit Badugi", key="blinds_or_straddles")
    if len(set(antes)) > 1:
        raise fields.fail("antes differ between players; a profile has one ante", key="antes")
    names = data.get("players", [f"p{i + 1}" for i in range(count)])
    seats = data.get("seats", list(range(1, count + 1)))
    if not isinstance(names, list) or len(names) != count:
        raise fields.fail(f"players must list {count} names", key="players")
    if not isinstance(seats, list) or len(seats) != count or not all(_is_int(s) for s in seats):
        raise fields.fail(f"seats must list {count} seat numbers", key="seats")
    players = tuple(
        Player(str(n), stack, int(s)) for n, stack, s in zip(names, stacks, seats, strict=True)
    )
    # Heads-up the blinds are reverse-assigned: the first player posts the big blind.
    small_seat, big_seat = (1, 0) if count == 2 else (0, 1)
    # Antes first, from every player, then the blinds from what is left: the engine's
    # order (R8.3), so the replay can compare the posts one by one.
    left = [stack - min(ante, stack) for stack, ante in zip(stacks, antes, strict=True)]
    posts = (
        *(
            (player, min(ante, stack), "ante")
            for player, (stack, ante) in enumerate(zip(stacks, antes, strict=True))
        ),
        (small_seat, min(blinds[0], left[small_seat]), "small blind"),
        (big_seat, min(blinds[1], left[big_seat]), "big blind"),
    )
    dealt, steps = _actions(fields, count, posts=posts)
    profile = data.get("_profile")
    overrides = data.get("_profile_overrides", [])
    if profile is not None and not isinstance(profile, str):
        raise fields.fail("_profile must name a profile", key="_profile")
    if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
        raise fields.fail(
            "_profile_overrides must be a list of key=value texts", key="_profile_overrides"
        )
    return HandRecord(
        format="phh",
        where=Where(path, start),
        hand_id=hand_id,
        players=players,
        small_blind=blinds[0],
        big_blind=blinds[1],
        small_bet=fields.integer("small_bet"),
        big_bet=fields.integer("big_bet"),
        ante=antes[0] if antes else 0,
        dealt=dealt,
        steps=steps,
        recorded=_recorded(fields, count),
        revealed=(None,) * count,
        profile=profile,
        overrides=tuple(overrides),
        scale=int(data.get("_chip_scale", 1)) if _is_int(data.get("_chip_scale", 1)) else 1,
        currency=str(data.get("currency", "")),
        venue=str(data.get("venue", "")),
        tournament=bool(data.get("_tournament")),
    )


def _recorded(fields: _Fields, count: int) -> Recorded:
    data = fields.data
    total = data.get("_source_total_pot")
    rake = data.get("_source_rake", 0)
    collected = fields.optional_integers("_source_collected", count)
    if collected is None:
        collected = fields.optional_integers("winnings", count)
    return Recorded(
        total_pot=int(total) if _is_int(total) else None,
        rake=int(rake) if _is_int(rake) else 0,
        collected=collected,
        net=fields.optional_integers("_source_net", count),
        finishing_stacks=fields.optional_integers("finishing_stacks", count),
    )


def _actions(
    fields: _Fields, count: int, *, posts: tuple[tuple[int, int, str], ...]
) -> tuple[tuple[Cards, ...], tuple[Step, ...]]:
    actions = fields.data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fields.fail("actions must be a list of texts", key="actions")
    places = _action_lines(fields, actions)
    dealt: list[list[Card | None]] = [[] for _ in range(count)]
    steps: list[Step] = []
    for player, amount, blind in posts:
        if amount:
            key = "antes" if blind == "ante" else "blinds_or_straddles"
            steps.append(
                Step(0, Where(fields.path, fields.line_of(key)),
                     f"p{player + 1} posts the {blind} {amount}", Verb.POST, player,
                     amount=amount, blind=blind)
            )  # fmt: skip
    playing = False
    waiting: list[list[int]] = [[] for _ in range(count)]
    for number, (action, line) in enumerate(zip(actions, places, strict=True), start=1):
        where = Where(fields.path, line)
        words = action.split("#", 1)[0].split()
        try:
            step = _action(words, action, number, where, count)
        except _BadAction as error:
            raise fields.fail(str(error), line=line) from None
        except CardError as error:
            raise fields.fail(f"{_quoted(action)}: {error}", line=line) from None
        if step is None:
            continue
        if isinstance(step, _Dealt):  # hole cards: the deal, or a draw's replacements
            target, cards = step
            if not playing:
                dealt[target].extend(cards)
                if len(dealt[target]) > 4:
                    raise fields.fail(f"p{target + 1} is dealt more than 4 cards", line=line)
                try:
                    _check_once(dealt[target], card_text(dealt[target]))
                except CardError as error:
                    raise fields.fail(f"p{target + 1}: {error}", line=line) from None
                continue
            _attach(fields, steps, waiting[target], player=target, cards=cards, line=line)
            continue
        playing = True
        if step.verb is Verb.DRAW and step.player is not None and step.received is None:
            waiting[step.player].append(len(steps))
        steps.append(step)
    short = [i for i in range(count) if dealt[i] and len(dealt[i]) != 4]
    if short:
        raise fields.fail(
            f"p{short[0] + 1} is dealt {len(dealt[short[0]])} cards, not 4", key="actions"
        )
    hands = tuple(tuple(d) if d else (None,) * 4 for d in dealt)
    return hands, tuple(steps)


def _attach(
    fields: _Fields,
    steps: list[Step],
    waiting: list[int],
    *,
    player: int,
    cards: Cards,
    line: int,
) -> None:
    """Replacement cards (`d dh` after play began) belong to the player's last draw still
    waiting for them; `waiting` holds the indexes in `steps` of those draws, the last
    last, so a long hand is not searched from the end for every deal."""
    if not waiting:
        raise fields.fail(
            f"cards dealt to p{player + 1}, who has no draw waiting for them", line=line
        )
    index = waiting.pop()
    step = steps[index]
    if len(cards) != len(step.discards):
        raise fields.fail(
            f"p{player + 1} discarded {len(step.discards)} cards but is dealt {len(cards)}",
            line=line,
        )
    steps[index] = dataclasses.replace(step, received=cards)


def _player(token: str, count: int, action: str) -> int:
    match = _PLAYER.match(token)
    number = whole(match["n"]) if match else None  # \d also matches `٤`: digits 0-9 only
    if number is None or number > count:
        raise _BadAction(f"{_quoted(action)}: no player {_quoted(token)} in a {count}-player hand")
    return number - 1


def _cards(text: str) -> Cards:
    if not _CARDS.match(text):
        raise CardError(f"cannot read cards {_quoted(text)}")
    cards = tuple(
        None if text[i : i + 2] == "??" else Card.parse(text[i : i + 2])
        for i in range(0, len(text), 2)
    )
    _check_once(cards, text)
    return cards


def _check_once(cards: Sequence[Card | None], text: str) -> None:
    # A card twice in one hand cannot be dealt from one deck; caught here, at its line,
    # rather than by the replay's card plan.
    known = [card for card in cards if card is not None]
    if len(set(known)) != len(known):
        twice = next(card for card in known if known.count(card) > 1)
        raise CardError(f"{twice} appears twice in {_quoted(text)}")


def _quoted(text: str) -> str:
    """A text for a message: a hostile file's action may be 200 KB long."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


def _shown(value: object) -> str:
    """Any value for a message, cut as `_quoted` cuts a text."""
    if isinstance(value, str):
        return _quoted(value)
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class _BadAction(Exception):
    """An action that is not PHH for fixed-limit Badugi; `_actions` adds the place."""


class _Dealt(NamedTuple):
    """`d dh pN cards`: the dealer gives a player cards."""

    player: int
    cards: Cards


def _action(
    words: list[str], action: str, number: int, where: Where, count: int
) -> Step | _Dealt | None:
    """One PHH action (None for an empty one, such as a comment)."""

    def bad(message: str) -> _BadAction:
        return _BadAction(f"{_quoted(action)}: {message}")

    match words:
        case []:
            return None
        case ["d", "dh", who, cards]:
            return _Dealt(_player(who, count, action), _cards(cards))
        case ["d", "db", *_]:
            raise bad("Badugi has no board cards")
        case [who, "sd", *rest] if len(rest) <= 1:
            thrown = _cards(rest[0]) if rest else ()
            return Step(
                number, where, action, Verb.DRAW, _player(who, count, action),
                discards=thrown, received=None if thrown else (),
            )  # fmt: skip
        case [who, "f"]:
            return Step(number, where, action, Verb.FOLD, _player(who, count, action))
        case [who, "cc"]:
            return Step(number, where, action, Verb.CHECK_OR_CALL, _player(who, count, action))
        case [who, "cbr", amount]:
            chips = whole(amount, most_digits=INT_DIGITS)  # digits 0-9 only (badugi_spec.digits)
            if chips is None:
                raise bad(f"{amount!r} is not a whole number of chips")
            return Step(
                number,
                where,
                action,
                Verb.BET_OR_RAISE,
                _player(who, count, action),
                amount=chips,
            )
        case [who, "sm"] | [who, "sm", "-"]:
            return Step(
                number,
                where,
                action,
                Verb.MUCK if len(words) == 2 else Verb.SHOW,
                _player(who, count, action),
            )
        case [who, "sm", cards]:
            return Step(
                number, where, action, Verb.SHOW, _player(who, count, action), cards=_cards(cards)
            )
        case [_, "pb", *_]:
            raise bad("Badugi has no bring-in")
    raise bad("not a PHH action of fixed-limit Badugi")


LOOK_AHEAD: Final = 64
"""Lines searched for an action's text before it is placed at the line of the one before."""


def _action_lines(fields: _Fields, actions: list[str]) -> list[int]:
    """The file line of each action: found by its text, in order, below `actions =`.

    An action written with escapes (`"p1\\u0020f"`) is not found as it reads; looking
    only a few lines ahead keeps the search linear, where scanning to the end of the hand
    for each such action took 80 s on a hand at the size cap.
    """
    first = fields.line_of("actions") - fields.start
    places: list[int] = []
    at = first
    for action in actions:
        quoted = (f'"{action}"', f"'{action}'")
        for offset in range(at, min(at + LOOK_AHEAD, len(fields.lines))):
            if any(q in fields.lines[offset] for q in quoted):
                at = offset
                break
        places.append(fields.start + at)
    return places


# ----- writing ---------------------------------------------------------------------------


def dumps(fields: dict[str, object]) -> str:
    """One hand's fields as PHH TOML, in the given order (keys are PHH's or `_`-prefixed)."""
    return "".join(
        f"{key} = {_toml(value)}\n" for key, value in fields.items() if value is not None
    )


def dumps_all(hands: Iterable[dict[str, object]]) -> str:
    """Several hands as a `.phhs` file: tables `[1]`, `[2]` ..."""
    return "\n".join(f"[{i}]\n{dumps(fields)}" for i, fields in enumerate(hands, start=1))


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, str) for item in value) and len(value) > 4:
            return "[\n" + "".join(f"  {_toml(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as PHH")


def card_text(cards: Sequence[Card | None]) -> str:
    """Cards as PHH writes them: `As2h`, `??` for a hidden card."""
    return "".join("??" if card is None else str(card) for card in cards)


__all__ = ["VARIANT", "card_text", "dumps", "dumps_all", "read", "read_text"]
