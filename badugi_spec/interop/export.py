"""Engine hands (simulated, or played from scenarios) written as PHH.

Every shipped profile is fixed-limit Badugi, PHH's variant `FB`. PHH itself says nothing
about a hand's finer rules (the cap, short all-ins, burns): PokerKit's `FixedLimitBadugi`
is what `FB` means in practice, and our `pokerkit` profile describes it (chapter R13).
A hand played under any other profile carries a project-local field, `_profile`, marked as
ours by a comment, and `_profile_overrides` for parameters changed from the named profile;
PHH readers ignore `_` fields (the spec's `user.rst`), our `replay` reads them back.

Amounts are the engine's chips; PokerKit replays such a file to the same final stacks,
which the tests check.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import weakref
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Final, TextIO

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action, Event
from badugi_spec.engine.hand import Hand
from badugi_spec.engine.live import NO_LIVE
from badugi_spec.errors import BadugiError
from badugi_spec.interop import phh
from badugi_spec.profiles import HOUSE, PARAMETERS, Profile, get, names
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.model import Scenario
from badugi_spec.simulation.simulate import PlayedHand

PHH_PROFILE: Final = "pokerkit"
"""The profile that is PHH's `FB` as its reference implementation plays it."""
STAKES: Final = frozenset(
    {"small_blind", "big_blind", "ante", "bet_sizes", "starting_stack", "min_seats", "max_seats"}
)
"""Parameters PHH states in its own fields (or that do not change how a hand plays)."""
EXTENSION_NOTE: Final = (
    "# badugi-spec extensions, not PHH: _profile names the rule profile this hand was"
    " played under (rules/profiles/NAME.toml), _profile_overrides its changed parameters."
)


class ExportError(BadugiError):
    """A hand or profile that PHH cannot express."""


def hand_fields(
    hand: Hand,
    *,
    names: Sequence[str] | None = None,
    hand_id: str | None = None,
    extra: dict[str, object] | None = None,
) -> dict[str, object]:
    """One engine hand as PHH fields, in PHH order (players from the small blind)."""
    profile = hand.profile
    small, big = _bets(profile)
    order = hand.order
    _check_blinds(hand)
    position = {seat: i + 1 for i, seat in enumerate(order)}
    blinds = [profile.small_blind, profile.big_blind] + [0] * (len(order) - 2)
    fields: dict[str, object] = {
        "variant": phh.VARIANT,
        "antes": [profile.ante] * len(order),
        "blinds_or_straddles": blinds,
        "small_bet": small,
        "big_bet": big,
        "starting_stacks": [hand.start_stacks[seat] for seat in order],
        "actions": list(_actions(hand.events, position)),
    }
    if hand_id is not None:
        fields["hand"] = hand_id
    if names is not None:
        fields["players"] = [names[seat] for seat in order]
    if hand.is_over:
        fields["finishing_stacks"] = [hand.stacks[seat] for seat in order]
    fields |= profile_fields(profile)
    fields |= extra or {}
    return fields


def _check_blinds(hand: Hand) -> None:
    """PHH's blinds are the first two players' and nothing else: a live big blind, a dead
    small blind (R8.3, R8.23) or a call of the whole blind over a short one (R8.26) has no
    PHH form, and writing the hand anyway would replay as another hand."""
    rows = hand.events
    if hand.live_table != NO_LIVE:
        # PHH has straddles but no seat sitting out, dead blind or kill: refused as one.
        raise ExportError(
            "a player sitting out, a dead blind, a kill or a straddle (R19) is not exported to PHH"
        )
    if any(e.kind == "post" and e.note.startswith("posted big blind") for e in rows):
        raise ExportError("a live big blind posted out of turn (R8.3) has no PHH form")
    order = hand.order
    if len(order) > 2 and (hand.small_blind, hand.big_blind) != (order[0], order[1]):
        raise ExportError("a dead small blind or button (R8.23) has no PHH form")
    short = hand.profile.big_blind
    if hand.profile.call_full_big_blind and any(
        e.kind == "post" and e.note == "big blind all-in" and e.amount < short for e in rows
    ):
        raise ExportError("a call of the whole big blind over a short one (R8.26) has no PHH form")


def profile_fields(profile: Profile) -> dict[str, object]:
    """`_profile` (and `_profile_overrides`) unless the profile is PHH's own `FB`."""
    base = get(profile.name) if profile.name in names() else None
    changed = [] if base is None else _overrides(base, profile)
    if profile.name == PHH_PROFILE and not changed:
        return {}
    if base is None:
        raise ExportError(
            f"profile {profile.name!r} is not a shipped profile, so a PHH reader could not"
            " find its rules"
        )
    return {"_profile": profile.name, "_profile_overrides": changed or None}


def _overrides(base: Profile, profile: Profile) -> list[str]:
    out: list[str] = []
    for name in PARAMETERS:
        if name in STAKES:
            continue
        value, was = getattr(profile, name), getattr(base, name)
        if value != was:
            out.append(f"{name}={_text(value)}")
    return out


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value) or "none"
    return str(value)


def _bets(profile: Profile) -> tuple[int, int]:
    sizes = profile.bet_sizes
    if (
        profile.betting != "fixed-limit"
        or profile.ranking != "badugi"
        or profile.hand_size != 4
        or len(sizes) != 4
        or sizes[0] != sizes[1]
        or sizes[2] != sizes[3]
    ):
        raise ExportError(
            f"profile {profile.name} has no PHH variant: FB is fixed-limit Badugi with four"
            " cards and bets small, small, big, big"
        )
    return sizes[0], sizes[2]


def _actions(events: Iterable[Event], position: dict[int, int]) -> Iterator[str]:
    """PHH actions from the engine's log. Burns are not written (PHH readers burn by
    themselves); in a draw, everyone's `sd` comes before the replacements (`d dh`)."""
    committed: dict[int, int] = {}
    drawing: list[Event] = []
    for event in events:
        seat = event.seat
        who = f"p{position[seat]}" if seat is not None and seat in position else ""
        if event.kind == "draw":
            drawing.append(event)
            continue
        if event.kind in ("burn", "declare", "reshuffle"):
            continue
        if drawing:
            yield from _draw_round(drawing, position)
            drawing, committed = [], {}
        if event.kind == "deal":
            yield f"d dh {who} {phh.card_text(event.cards)}"
        elif event.kind == "post" and seat is not None:
            if "ante" not in event.note:
                committed[seat] = committed.get(seat, 0) + event.amount
        elif event.kind in ("check", "call", "bet", "raise", "all-in") and seat is not None:
            level = max(committed.values(), default=0)
            now = committed.get(seat, 0) + event.amount
            committed[seat] = now
            yield f"{who} cbr {now}" if now > level else f"{who} cc"
        elif event.kind == "fold":
            yield f"{who} f"
        elif event.kind == "show":
            yield f"{who} sm {phh.card_text(event.cards)}"
        elif event.kind == "muck":  # PHH writes a muck as a showdown with no cards (R8.32)
            yield f"{who} sm"
    if drawing:
        yield from _draw_round(drawing, position)


def _draw_round(drawn: Sequence[Event], position: dict[int, int]) -> Iterator[str]:
    for event in drawn:
        thrown = phh.card_text(event.cards)
        yield f"p{position[event.seat or 0]} sd {thrown}".rstrip()
    for event in drawn:
        if event.received:
            yield f"d dh p{position[event.seat or 0]} {phh.card_text(event.received)}"


class PhhFile:
    """A `.phhs` file written one hand at a time (`with PhhFile(path) as out: out.add(...)`).

    The hands go to a temporary file next to `path`, which `close` renames over it: a run
    that breaks off (an error, Ctrl-C) leaves the old file as it was and no partial one
    that would read back as a valid, shorter export.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.count = 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(
            dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
        )
        self._temporary = Path(temporary)
        # mkstemp makes the file private (0600); the export is for others to read.
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(fd, 0o666 & ~mask)
        self._out: TextIO = os.fdopen(fd, "w", encoding="utf-8")
        # A caller that never closes (killed by Ctrl-C outside a `with`) leaves no
        # temporary file behind once the interpreter exits.
        self._cleanup = weakref.finalize(self, _discard, self._out, self._temporary)

    def __enter__(self) -> PhhFile:
        return self

    def add(self, fields: dict[str, object]) -> None:
        self.count += 1
        note = f"{EXTENSION_NOTE}\n" if "_profile" in fields else ""
        self._out.write(f"{'' if self.count == 1 else chr(10)}[{self.count}]\n{note}")
        self._out.write(phh.dumps(fields))

    def close(self) -> None:
        """Finish the file: it replaces any file at `path` only now, whole."""
        if not self._cleanup.alive:
            return
        self._cleanup.detach()
        try:
            self._out.close()
            os.replace(self._temporary, self.path)
        except BaseException:
            _discard(self._out, self._temporary)
            raise

    def discard(self) -> None:
        """Give up: nothing is written, any old file at `path` stays."""
        self._cleanup()

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()


def _discard(out: TextIO, temporary: Path) -> None:
    out.close()
    with contextlib.suppress(OSError):
        temporary.unlink()


def write(path: str | Path, hands: Iterable[dict[str, object]]) -> int:
    """Write hands as a `.phhs` file; returns how many."""
    with PhhFile(path) as out:
        for fields in hands:
            out.add(fields)
    return out.count


def replayed_hand(
    *,
    deck: Sequence[Card],
    stacks: Sequence[int],
    dealer: int,
    actions: Iterable[Action],
    profile: Profile,
) -> Hand:
    """An engine hand played again from its set-up and actions (for `simulate --phh`)."""
    hand = Hand(deck=deck, stacks=stacks, dealer=dealer, profile=profile)
    for action in actions:
        hand.apply(action)
    return hand


def played_fields(played: PlayedHand, *, seed: int) -> dict[str, object]:
    """A simulated hand (`badugi-spec simulate`) as PHH fields, named by seed and number."""
    setup = played.setup
    profile = getattr(setup, "profile", None) or HOUSE
    hand = replayed_hand(
        deck=setup.deck,
        stacks=setup.stacks,
        dealer=setup.dealer,
        actions=played.actions,
        profile=profile,
    )
    return hand_fields(hand, hand_id=f"simulate seed {seed} hand {setup.number}")


SUITE_FOLDER: Final = "scenarios"
"""The conformance suite's folder: `_scenario` paths start from it when a file is in one."""


def suite_path(path: str | Path, given: Sequence[str | Path] = ()) -> str:
    """Where a scenario file is, for `_scenario`: never absolute, so an export says nothing
    about the machine it was made on and reads the same from any checkout.

    From the innermost folder named `scenarios` above the file (`scenarios/03-betting/x.badugi`);
    failing that, from the innermost folder given that holds it, named (`mine/x.badugi`);
    else the file's own name.
    """
    resolved = Path(path).resolve()
    for parent in resolved.parents:
        if parent.name == SUITE_FOLDER:
            return resolved.relative_to(parent.parent).as_posix()
    folders = [Path(g).resolve() for g in given if Path(g).is_dir()]
    holding = [f for f in folders if f in resolved.parents]
    if holding:
        root = max(holding, key=lambda f: len(f.parts))
        return resolved.relative_to(root.parent).as_posix()
    return resolved.name


def scenario_fields(
    scenario: Scenario, *, source: str | None = None
) -> tuple[list[dict[str, object]], list[str]]:
    """The scenario's hands as PHH fields, and a note for each hand left out.

    The hands are played on the engine exactly as `check` plays them; refused actions
    (`reject`) change nothing and are not written. A hand the scenario does not play to
    its end, whose deal it refuses, or whose profile PHH cannot express (pot limit, the
    five-card games) has no PHH form here. `source` is the file as `_scenario` names it
    (by default `suite_path` of the scenario's file).
    """
    impl = EngineImplementation()
    case = compile_case(scenario)
    names = list(scenario.seat_names)
    shown = source if source is not None else suite_path(scenario.where.path)
    out: list[dict[str, object]] = []
    left_out: list[str] = []
    impl.start(case)
    for script in case["hands"]:
        where = f"{scenario.where.path}:{script['line']}"
        dealt = impl.deal(script)
        if not dealt["ok"]:
            left_out.append(f"{where}: hand {script['number']} is refused at the deal")
            continue
        for step in script["steps"]:
            if step["op"] == "act":
                impl.act(step)
        hand = impl.session.hand if impl.session is not None else None
        if hand is None or not hand.is_over:
            left_out.append(f"{where}: hand {script['number']} is not played to its end")
            continue
        try:
            fields = hand_fields(
                hand,
                names=names,
                hand_id=f"{scenario.id} hand {script['number']}",
                extra={"_scenario": f"{shown}:{script['line']}"},
            )
        except ExportError as error:
            left_out.append(f"{where}: hand {script['number']}: {error}")
            continue
        out.append(fields)
    return out, left_out
