"""A real hand as a scenario: `badugi-spec import HAND_HISTORY --out DIR`.

The hand must first replay exactly (`interop.replay`); its replica gives the profile at the
hand's stakes, the full deck (hidden cards filled so that the recorded winners still win)
and the engine's actions. The scenario plays those actions from that deck and expects what
the history says: every pot with who could win it and who did, and every stack at the end
(the history's net results; a cash game's rake is not taken by these rules, so the winner's
stack is the rake higher, as the scenario's text says).

Before the actions that show a rule of the profile at work (a free fold, a short all-in
that reopens the betting, a raise that completes one, a capped round) the scenario also
expects the legal options, so the rule itself is checked, not just the outcome.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import BadugiError
from badugi_spec.interop.record import HandRecord, Verb
from badugi_spec.interop.replay import Replica, replica
from badugi_spec.profiles import get

LINE: Final = 96
"""Action lines are joined with `;` up to about this width."""

FEATURES: Final = {
    # feature: (rules it shows, words for the title)
    "all-in-fold": (("R8.25", "R11.7"), "a sitting-out player all-in for a blind is folded"),
    "reopened": (("R8.8", "R8.10", "R11.2"), "an all-in of half a bet reopens the betting"),
    "completed": (("R8.9", "R11.2"), "a short all-in is completed to the full bet"),
    "not-reopened": (("R8.10", "R11.2"), "an all-in of less than half a bet reopens nothing"),
    "capped-heads-up": (("R8.7", "R11.1"), "the cap holds with two players"),
    "capped": (("R8.6", "R11.1"), "four bet levels cap the round"),
    "side-pots": (("R8.13", "R8.14"), "side pots"),
    "free-fold": (("R8.11", "R11.3"), "a fold when checking is free"),
    "short-all-in": (("R8.8", "R5.6"), "an all-in for less than a bet"),
    "all-in-draws": (("R8.16", "R11.4"), "an all-in player draws"),
    "returned": (("R8.12", "R11.4"), "an uncalled bet goes back as the round ends"),
    "raked": (("R8.14",), "a raked cash pot"),
}
BASE_RULES: Final = ("R8.1", "R8.2", "R8.3", "R8.5")
"""Every imported hand: a profile line with overrides, seats, blinds, the first to act."""
SHOWDOWN_RULES: Final = ("R8.4", "R8.22")
"""A showdown depends on who was dealt which card, and who shows first."""
PROFILE_RULES: Final = {
    # profile: (rules of any hand with a draw, rules of a hand whose showdown the burns decide)
    "pokerstars-2010": (("R11.4",), ("R8.17", "R11.5")),
    "pokerkit": (("R13.4",), ("R8.17",)),
    "wsop-2023": (("R12.3",), ("R8.17",)),
}


class HandImportError(BadugiError):
    """A hand that cannot become a scenario (it does not replay exactly, or the scenario
    language has no statement for part of it)."""


@dataclass
class _Analysis:
    features: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    drew: bool = False
    showdown: bool = False
    shown_down: int = 0

    def feature(self, name: str) -> None:
        if name not in self.features:
            self.features.append(name)


def scenario_name(record: HandRecord) -> str:
    return f"real-{record.hand_id}"


def import_hand(record: HandRecord, *, profile: str | None = None, source: str = "") -> str:
    """The scenario text of one real hand."""
    copy = replica(record, profile=profile)
    if copy.posts:
        raise HandImportError(
            f"hand {record.hand_id}: a big blind posted out of turn (R8.3) has no statement"
            " in the scenario language; the hand replays, but cannot be written as a scenario"
        )
    names = _names(record)
    analysis = _play(copy, names)
    return _text(copy, names, analysis, source=source or Path(record.where.path).name)


def _names(record: HandRecord) -> list[str]:
    """Player names as the scenario language spells them: a capital first, no spaces."""
    out: list[str] = []
    for player in record.players:
        name = re.sub(r"[^A-Za-z0-9_]", "_", player.name) or "P"
        name = name[0].upper() + name[1:] if name[0].isalpha() else f"P{name}"
        while name in out:
            name += "_"
        out.append(name)
    return out


def _play(copy: Replica, names: Sequence[str]) -> _Analysis:
    """Play the replica again, writing each action and noting the rules it shows."""
    hand = copy.hand()
    analysis = _Analysis()
    capped_after = _capped_steps(copy.record)
    round_acts: list[str] = []
    acted: set[int] = set()
    last_short: int | None = None
    last_reopens = False
    phase = str(hand.phase)
    betting_done = 0
    for action in copy.actions:
        if str(hand.phase) != phase:
            _flush(analysis, round_acts)
            phase, acted, last_short, last_reopens = str(hand.phase), set(), None, False
        seat = action.seat
        level = max(hand.committed)
        to_call = level - hand.committed[seat]
        legal = sorted(option.describe() for option in hand.legal_actions())
        before = len(hand.events)
        text = _words(hand, action, names)
        shows: list[str] = []
        if action.kind is Kind.FOLD and to_call <= 0 and seat == hand.to_act:
            analysis.feature("free-fold")
            shows.append("nothing to call, and folding is allowed (R8.11)")
        if action.kind is Kind.FOLD and seat != hand.to_act:
            analysis.feature("all-in-fold")
            shows.append(f"{names[seat]} is all-in, yet folds (R8.25)")
        raising = {o.kind: o for o in hand.legal_actions()}.get(Kind.RAISE)
        if action.kind is Kind.RAISE and raising is not None and not raising.all_in:
            if seat in acted and last_short is not None:
                analysis.feature("reopened")
                shows.append(f"the all-in of {names[last_short]} reopened the betting (R8.8)")
            if raising.to - level < hand.bet_size:
                analysis.feature("completed")
                shows.append(f"the raise completes the short all-in to {raising.to} (R8.9)")
        stuck = seat in acted and last_short is not None and not last_reopens
        if stuck and raising is None and hand.stacks[seat] > to_call and action.kind is Kind.CALL:
            analysis.feature("not-reopened")
            shows.append(
                f"the all-in of {names[last_short or 0]} is less than half a bet:"
                f" {names[seat]} may call or fold, not raise (R8.10)"
            )
        if action.kind is Kind.DRAW and hand.stacks[seat] == 0:
            analysis.feature("all-in-draws")
        if shows:
            _flush(analysis, round_acts)
            turn = names[hand.to_act] if hand.to_act is not None else "nobody"
            analysis.lines.append(f"expect turn {turn}; legal {', '.join(legal)}")
            analysis.lines.append(f'note "{"; ".join(shows)}"')
        hand.apply(action)
        analysis.drew = analysis.drew or action.kind is Kind.DRAW
        round_acts.append(text)
        if action.kind is not Kind.DRAW:
            acted.add(seat)
            betting_done += 1
        for event in hand.events[before:]:
            if event.rule == "R5.6" and event.kind in ("bet", "raise", "all-in"):
                analysis.feature("short-all-in")
                last_short = event.seat
                last_reopens = 2 * (hand.committed[seat] - level) >= hand.bet_size
            if event.kind == "return" and event.rule == "R8.12":
                analysis.feature("returned")
        if betting_done in capped_after and not hand.is_over:
            capped_after.discard(betting_done)
            _flush(analysis, round_acts)
            heads_up = len(hand.live()) == 2
            analysis.feature("capped-heads-up" if heads_up else "capped")
            waiting = hand.to_act
            if waiting is not None:
                options = sorted(option.describe() for option in hand.legal_actions())
                analysis.lines.append(f"expect turn {names[waiting]}; legal {', '.join(options)}")
            analysis.lines.append(
                f'note "Betting is capped: four bet levels{", two players" if heads_up else ""}'
                ' (R8.6)"'
            )
    _flush(analysis, round_acts)
    result = hand.result
    assert result is not None
    analysis.showdown = result.ended_by == "showdown"
    analysis.shown_down = len(hand.live()) if analysis.showdown else 0
    if len(result.pots) > 1:
        analysis.feature("side-pots")
    if copy.record.recorded.rake:
        analysis.feature("raked")
    analysis.lines += _expectations(hand, names)
    return analysis


def _capped_steps(record: HandRecord) -> set[int]:
    """After how many betting actions the history says "Betting is capped"."""
    out: set[int] = set()
    count = 0
    for step in record.steps:
        if step.verb is Verb.CAPPED:
            out.add(count)
        elif step.verb not in (Verb.POST, Verb.SHOW, Verb.MUCK, Verb.DRAW):
            count += 1
    return out


def _flush(analysis: _Analysis, acts: list[str]) -> None:
    line = ""
    for act in acts:
        if line and len(line) + len(act) + 2 > LINE:
            analysis.lines.append(line)
            line = ""
        line = f"{line}; {act}" if line else act
    if line:
        analysis.lines.append(line)
    acts.clear()


def _words(hand: Hand, action: Action, names: Sequence[str]) -> str:
    name = names[action.seat]
    kind = action.kind
    if kind is Kind.DRAW:
        if not action.discards:
            return f"{name} stands pat"
        return f"{name} discards {' '.join(str(card) for card in action.discards)}"
    if kind is Kind.CHECK:
        return f"{name} checks"
    if kind is Kind.FOLD:
        return f"{name} folds"
    options = {option.kind: option for option in hand.legal_actions()}
    option = options.get(kind)
    if kind is Kind.CALL:
        adds = option.adds if option is not None else action.amount
        return f"{name} calls {adds}"
    to = option.to if option is not None else action.amount
    return f"{name} {'bets' if kind is Kind.BET else 'raises to'} {to}"


def _expectations(hand: Hand, names: Sequence[str]) -> list[str]:
    result = hand.result
    assert result is not None
    lines = [f"expect phase complete; pots {', '.join(str(pot.amount) for pot in result.pots)}"]
    for index, pot in enumerate(result.pots):
        label = "main pot" if index == 0 else f"side pot {index}"
        between = ", ".join(names[s] for s in pot.eligible)
        winners = ", ".join(names[s] for s in pot.winners)
        lines.append(f"expect {label} {pot.amount} between {between} to {winners}")
    stacks = ", ".join(f"{names[s]} {hand.stacks[s]}" for s in range(hand.seats))
    lines.append(f"expect stacks {stacks}")
    return lines


def _text(copy: Replica, names: Sequence[str], analysis: _Analysis, *, source: str) -> str:
    record = copy.record
    profile = copy.profile
    features = sorted(analysis.features, key=list(FEATURES).index)
    rules: list[str] = []
    for feature in features:
        rules += FEATURES[feature][0]
    rules += BASE_RULES
    drawing, burning = PROFILE_RULES.get(profile.name, ((), ()))
    if analysis.drew:
        rules += drawing
    if analysis.showdown:
        rules += SHOWDOWN_RULES
        if analysis.drew:
            rules += burning
    # The profile's own chapter first: the tutorial shows a scenario under its first rule.
    chapter = f"{profile.chapter}."
    rules = sorted(dict.fromkeys(rules), key=lambda rule: not rule.startswith(chapter))
    count = len(record.players)
    shown = [FEATURES[f][1] for f in features[:2]]
    if not shown:
        ways = analysis.shown_down
        shown = [
            "a heads-up showdown"
            if ways == 2
            else f"a {ways}-way showdown"
            if ways
            else "won without a showdown"
        ]
    title = f"Real hand {record.hand_id}, {count} players" + (
        f": {' and '.join(shown)}" if shown else ""
    )
    base = get(profile.name)
    # The big blind first: a small blind above the profile's own big blind is refused.
    overrides = [f"big_blind={profile.big_blind}", f"small_blind={profile.small_blind}"]
    overrides.append("bet_sizes=" + ",".join(str(size) for size in profile.bet_sizes))
    if profile.ante != base.ante:
        overrides.append(f"ante={profile.ante}")
    kind = "tournament" if record.tournament else "cash game"
    chips = (
        f" Amounts are in cents of {record.currency or 'the currency'}."
        if record.scale != 1
        else ""
    )
    hidden = (
        " Cards the history does not show are filled in from the unused cards: "
        + ", ".join(
            f"{names[p]}, who showed nothing, gets the {how} hand left"
            for p, how in sorted(copy.filled.items())
        )
        + ", so that the recorded winners still win."
        if copy.filled
        else " Cards the history does not show are filled in from the unused cards."
    )
    rake = (
        f" PokerStars took a rake of {record.recorded.rake}; the rules here award the whole"
        " pot, so the winner ends that much higher than in the history."
        if record.recorded.rake
        else ""
    )
    lines = [
        f'scenario {scenario_name(record)} "{title}"',
        f"rules {' '.join(rules)}",
        f"tags real-hand {profile.name} players-{count}",
        "",
        '"""',
        f"A {record.venue or 'real'} {kind} hand of fixed-limit Badugi, #{record.hand_id},"
        f" imported from `{source}` (line {record.where.line}) by `badugi-spec import`."
        f" Blinds {profile.small_blind}/{profile.big_blind}, bets"
        f" {profile.bet_sizes[0]}/{profile.bet_sizes[-1]}.{chips}{hidden}{rake}",
        '"""',
        "",
        f"profile {profile.name} {' '.join(overrides)}",
        "players "
        + ", ".join(
            f"{names[s]} {player.stack}{' dealer' if s == record.dealer else ''}"
            for s, player in enumerate(record.players)
        ),
        "deck " + " ".join(str(card) for card in copy.deck),
        *(f"reshuffle {' '.join(str(c) for c in order)}" for order in copy.reshuffles),
        "",
        *analysis.lines,
    ]
    return "\n".join(lines) + "\n"


def write(record: HandRecord, out: Path, *, profile: str | None = None) -> Path:
    """Write the hand's scenario into folder `out`; returns the file written."""
    text = import_hand(record, profile=profile)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{scenario_name(record)}.badugi"
    path.write_text(text, encoding="utf-8")
    return path
