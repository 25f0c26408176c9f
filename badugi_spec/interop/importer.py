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

A history is outside text: its hand ID becomes a slug (`scenario_id`), and what it says in
the title and description is one quoted-string-safe line (`quotable`). Every text returned
here parses as a scenario, or the hand is refused (`HandImportError`) with its place.
Writing the files is `scenario_out`'s part.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
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
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.suite import MAX_SCENARIO_BYTES
from badugi_spec.scenario.transform import MAX_DIGITS

LINE: Final = 96
"""Action lines are joined with `;` up to about this width."""
ID_LENGTH: Final = 60
"""The readable part of a scenario ID at most; a longer one is cut and gets a digest."""
NAME_LENGTH: Final = 30
"""A player's name at most, in the scenario."""
MAX_CHIPS: Final = 10**MAX_DIGITS - 1
"""The largest number the scenario language reads (`INT`, at most nine digits)."""

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
    "muck": (("R8.32", "R11.8"), "a beaten hand is mucked"),
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
    """A hand that cannot become a scenario (the scenario language has no statement for
    part of it, or cannot state its numbers), or whose file cannot be written; the
    message starts with the history's file, line and the hand."""


def refuse(record: HandRecord, reason: str) -> HandImportError:
    return HandImportError(f"{record.where}: hand {label(record.hand_id)}: {reason}")


def label(text: str, *, limit: int | None = 80) -> str:
    """Outside text in a message: one line (a newline in an ID must not start a line of
    its own in the output), control characters as escapes, cut at `limit`."""
    cut = text if limit is None else text[: limit + 1]
    safe = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in cut)
    return safe if limit is None or len(safe) <= limit else safe[: limit - 1] + "…"


def quotable(text: str, *, limit: int = 60) -> str:
    """Outside text as a title or description quotes it: printable, without `"` or `\\`
    (they would end or escape the scenario's string), cut at `limit`."""
    safe = "".join(ch if ch.isprintable() else "?" for ch in text[: limit + 1])
    safe = safe.replace('"', "'").replace("\\", "/")
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


def scenario_id(hand_id: str) -> str:
    """The scenario ID of a hand: `real-` and the ID as a slug (the language's `SLUG`).

    Letters lose their accents and case, and every run of anything else becomes one `-`,
    so an ID can hold no `/`, `..`, NUL or newline, and the file named after it stays in
    its folder. An ID with nothing readable left, or a very long one, takes a digest of
    the whole ID, so the name is the same on every run and two such IDs differ.
    """
    folded = unicodedata.normalize("NFKD", hand_id).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    if not words:
        return f"real-hand-{_digest(hand_id)}"
    if len(words) > ID_LENGTH:
        words = f"{words[:ID_LENGTH].rstrip('-')}-{_digest(hand_id)}"
    return f"real-{words}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]


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
    return scenario_id(record.hand_id)


def import_hand(
    record: HandRecord, *, profile: str | None = None, source: str = "", name: str | None = None
) -> str:
    """The scenario text of one real hand, with the ID `name` (by default its own; a run
    that meets the ID twice gives the second hand another, `scenario_out.Output.claim`)."""
    name = name or scenario_name(record)
    _check_numbers(record)
    copy = replica(record, profile=profile)
    names = _names(record)
    analysis = _play(copy, names)
    text = _text(
        copy,
        names,
        analysis,
        source=source or Path(record.where.path).name,
        name=name,
    )
    _check_loads(record, text, name)
    return text


def _check_numbers(record: HandRecord) -> None:
    """Every chip count the scenario states is at most the stacks' total, or a blind or bet."""
    for what, amount in (
        ("the stacks add up to", sum(player.stack for player in record.players)),
        ("the big blind is", record.big_blind),
        ("the small blind is", record.small_blind),
        ("the big bet is", record.big_bet),
        ("the small bet is", record.small_bet),
        ("the ante is", record.ante),
    ):
        if amount > MAX_CHIPS:
            chips = f"{amount:,}" if amount < 10**15 else f"about {amount:.2e}"
            raise refuse(
                record,
                f"{what} {chips} chips; a scenario states at most {MAX_CHIPS}"
                f" ({MAX_DIGITS} digits)",
            )


@functools.cache
def _known_rules() -> frozenset[str]:
    return frozenset(load_rules())


def _check_loads(record: HandRecord, text: str, name: str) -> None:
    """What `check` would say of the file, before it is written: a scenario that does not
    load is refused here rather than reported as imported."""
    size = len(text.encode("utf-8"))
    if size > MAX_SCENARIO_BYTES:
        raise refuse(
            record,
            f"the scenario would be {size:,} bytes; a scenario file has at most"
            f" {MAX_SCENARIO_BYTES:,}",
        )
    try:
        parse_scenario(text, f"{name}.badugi", set(_known_rules()))
    except BadugiError as error:
        first = str(error).splitlines()[0]
        raise refuse(record, f"the scenario would not load ({first})") from None


def _names(record: HandRecord) -> list[str]:
    """Player names as the scenario language spells them: a capital first, no spaces."""
    out: list[str] = []
    for player in record.players:
        # Cut: a name is repeated on every line, and a scenario file has a size limit.
        name = re.sub(r"[^A-Za-z0-9_]", "_", player.name[:NAME_LENGTH]) or "P"
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
        level = hand.bet_to_match
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
        if action.kind is Kind.MUCK:
            analysis.feature("muck")
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
    if kind is Kind.MUCK:
        return f"{name} mucks"
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
    if any(event.kind == "muck" for event in hand.events):
        # Who showed, the mucked hands left out (R8.22, R8.32).
        shown = [names[e.seat] for e in hand.events if e.kind == "show" and e.seat is not None]
        lines.append(f"expect show order {', '.join(shown)}")
    for index, pot in enumerate(result.pots):
        label = "main pot" if index == 0 else f"side pot {index}"
        between = ", ".join(names[s] for s in pot.eligible)
        winners = ", ".join(names[s] for s in pot.winners)
        lines.append(f"expect {label} {pot.amount} between {between} to {winners}")
    stacks = ", ".join(f"{names[s]} {hand.stacks[s]}" for s in range(hand.seats))
    lines.append(f"expect stacks {stacks}")
    return lines


def _text(
    copy: Replica, names: Sequence[str], analysis: _Analysis, *, source: str, name: str
) -> str:
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
    hand_id = quotable(record.hand_id)
    title = f"Real hand {hand_id}, {count} players" + (f": {' and '.join(shown)}" if shown else "")
    base = get(profile.name)
    # The big blind first: a small blind above the profile's own big blind is refused.
    overrides = [f"big_blind={profile.big_blind}", f"small_blind={profile.small_blind}"]
    overrides.append("bet_sizes=" + ",".join(str(size) for size in profile.bet_sizes))
    if profile.ante != base.ante:
        overrides.append(f"ante={profile.ante}")
    kind = "tournament" if record.tournament else "cash game"
    chips = (
        f" Amounts are in cents of {quotable(record.currency) or 'the currency'}."
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
        f'scenario {name} "{title}"',
        f"rules {' '.join(rules)}",
        f"tags real-hand {profile.name} players-{count}",
        "",
        '"""',
        f"A {quotable(record.venue) or 'real'} {kind} hand of fixed-limit Badugi, #{hand_id},"
        f" imported from `{quotable(source)}` (line {record.where.line}) by `badugi-spec import`."
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
        # Live big blinds posted out of turn come before the deal (R8.3).
        *(f"{names[seat]} posts a live big blind of {chips}" for seat, chips in copy.posts),
        "deck " + " ".join(str(card) for card in copy.deck),
        *(f"reshuffle {' '.join(str(c) for c in order)}" for order in copy.reshuffles),
        "",
        *analysis.lines,
    ]
    return "\n".join(lines) + "\n"
