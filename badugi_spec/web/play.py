"""A trainer session for the page, replayed from its seed and the keys typed so far.

The trainer asks its `Console` for a line and waits: a browser's page cannot wait. But a
session is decided by its seed and its inputs alone (the shuffles and every bot draw from
the seed), so the page keeps the keys typed and asks for the whole session again after
each one. `PageConsole` answers with those keys and, when they run out, stops the session
with `NeedInput`: what was shown up to there is the transcript, the same lines
`badugi-spec play --plain` prints for the same seed and keys. A replay of a twelve-hand
session takes milliseconds in CPython; the page measures its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.engine import Hand, Kind
from badugi_spec.errors import BadugiError
from badugi_spec.rankings import RankedValue
from badugi_spec.trainer import Trainer
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.screen import KEYS
from badugi_spec.trainer.session import cannot_play
from badugi_spec.trainer.values import badugi_cards, half_name, is_split, values
from badugi_spec.web.table import TapedNarrator, hands

WIDTH: Final = 100
"""Columns the narration wraps at: what `play` uses when its output is not a terminal."""
MOST_INPUTS: Final = 5000
"""A session needs a few hundred keys at most; more is a page gone wrong, refused in one line."""
PROMPT: Final = "> "


class NeedInput(Exception):
    """The keys given are used up and the trainer asks for another: the page's turn."""


class PlayError(BadugiError):
    """A choice the page cannot start a session with (profile, seats, seed, keys)."""


class PageConsole:
    """The trainer's console in the page: the keys typed so far, the lines shown kept."""

    def __init__(self, inputs: Sequence[str]) -> None:
        self.inputs = list(inputs)
        self.asked = 0
        self.lines: list[str] = []
        self.width = WIDTH

    def show(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def ask(self, prompt: str) -> str | None:
        if self.asked >= len(self.inputs):
            raise NeedInput
        line = self.inputs[self.asked]
        self.asked += 1
        # As `play` echoes a piped line after its prompt, so the transcripts match.
        self.lines.append(prompt + line)
        return line


def profile_choices() -> list[dict[str, Any]]:
    """The profiles the trainer plays, with the seats each allows, for the page's form."""
    out = []
    for name in profiles.names():
        profile = profiles.get(name)
        if cannot_play(profile) is None:
            out.append(
                {
                    "name": name,
                    "min_seats": profile.min_seats,
                    "max_seats": profile.max_seats,
                    "hands": profile.hands_per_session,
                }
            )
    return out


def _check(profile_name: str, seats: int, seed: int, inputs: Sequence[str]) -> None:
    if profile_name not in profiles.names():
        known = ", ".join(profiles.names())
        raise PlayError(f"there is no profile {profile_name!r}; the profiles are {known}")
    profile = profiles.get(profile_name)
    reason = cannot_play(profile)
    if reason is not None:
        raise PlayError(reason)
    if not profile.min_seats <= seats <= profile.max_seats:
        raise PlayError(
            f"profile {profile.name} seats {profile.min_seats} to {profile.max_seats} players"
            f" (R8.2), not {seats}"
        )
    if not 0 <= seed < 10**9:
        raise PlayError(f"a seed is a whole number from 0 to 999999999, not {seed}")
    if len(inputs) > MOST_INPUTS:
        raise PlayError(f"a session takes at most {MOST_INPUTS} keys, not {len(inputs)}")


def play(
    *,
    profile: str,
    seats: int,
    seed: int,
    inputs: Sequence[str],
    hints: bool = False,
    table_from: int = 0,
) -> dict[str, Any]:
    """The session so far: its transcript, and what the player may do next (or its end).

    `status` is `turn` (the trainer waits for a key: `table` says what can be done),
    `over` (the session ended; the transcript has its summary) or `error` (one line).
    `table_from`: a hand number; the answer's `hands` then holds the table's frames of
    that hand and every later one (`web.table`), for the page to draw. `refused` is what
    the trainer said to the last key when it changed nothing (a refused action, a key it
    does not know), for the page to show beside its controls."""
    try:
        _check(profile, seats, seed, inputs)
    except PlayError as error:
        return {"status": "error", "message": str(error), "lines": []}
    console = PageConsole(inputs)
    trainer = Trainer(
        console=console,
        profile=profiles.get(profile),
        seed=seed,
        faces=Faces(colour=False),
        hints=hints,
        seats=seats,
    )
    narrator = trainer.narrator = TapedNarrator(names=trainer.names, first=table_from)
    try:
        summary = trainer.run()
    except NeedInput:
        hand = trainer.session.hand
        assert hand is not None, "the trainer only asks during a hand"
        return {
            "status": "turn",
            "lines": console.lines,
            "prompt": PROMPT,
            "used": console.asked,
            "table": table(hand, you=trainer.you),
            "hands": hands(narrator, you=trainer.you),
            "refused": refusal(console.lines),
        }
    return {
        "status": "over",
        "lines": console.lines,
        "used": console.asked,
        "stacks": list(summary.stacks),
        "winner": summary.winner,
        "stopped": summary.stopped,
        "hands": hands(narrator, you=trainer.you),
    }


REFUSALS: Final = ("Refused, ", "Not a key: ")
"""How the trainer's answer to a key that changed nothing begins (after its rule ID)."""


def refusal(lines: Sequence[str]) -> str:
    """The trainer's answer to the last key typed, if that key changed nothing: the
    line after the key's echo that says so, without the rule column; else ""."""
    last = max((i for i, line in enumerate(lines) if line.startswith(PROMPT)), default=-1)
    if last < 0:
        return ""
    for line in lines[last + 1 :]:
        rule, _, said = line.strip().partition(" ")
        text = said.strip() if rule.startswith("R") and rule[1:2].isdigit() else line.strip()
        if text.startswith(REFUSALS):
            cited = f" ({rule})" if text is not line.strip() and rule not in text else ""
            return text + cited
    return ""


def table(hand: Hand, *, you: int) -> dict[str, Any]:
    """What the page's buttons need: your cards (and which play) and the legal actions,
    each with the key the trainer reads for it and, in big bet, its range of amounts
    with the sizes a player reaches for (`sizes`)."""
    held = hand.holdings[you]
    playing = set(badugi_cards(hand.profile, held))
    actions = []
    for option in hand.legal_actions():
        if option.kind is Kind.DRAW:
            actions.append({"kind": "draw", "key": "d", "most": option.adds})
            continue
        entry: dict[str, Any] = {
            "kind": option.kind.value,
            "key": KEYS[option.kind],
            "label": option.describe(),
            "to": option.to,
            "adds": option.adds,
        }
        if option.most > option.to:
            entry["least"], entry["most"] = option.to, option.most
            entry["sizes"] = sizes(hand, you, option.to, option.most)
        actions.append(entry)
    return {
        "phase": hand.phase.kind,
        "pot": hand.pot,
        "cards": [
            {"face": card.pretty(), "suit": card.suit.name.lower(), "plays": card in playing}
            for card in held
        ],
        "halves": halves(hand, you),
        "actions": actions,
    }


def sizes(hand: Hand, you: int, least: int, most: int) -> list[list[Any]]:
    """The amounts (each a total for the round) of the buttons beside a bet or raise
    input: the least, half the pot, the pot and the most, each once and in the range.
    "The pot" is a pot-sized raise: the call first, then the pot that call makes,
    which is the most a pot-limit raise may be (R14.4)."""
    level = max(hand.committed)
    call = level - hand.committed[you]
    after_call = hand.pot + call
    wanted = (
        ("Min", least),
        ("½ pot", level + after_call // 2),
        ("Pot", level + after_call),
        ("Max", most),
    )
    out: list[list[Any]] = []
    for label, amount in wanted:
        if least <= amount <= most and all(amount != kept for _, kept in out):
            out.append([label, amount])
    return out


def halves(hand: Hand, you: int) -> list[dict[str, Any]]:
    """In a split game (R8.29), each half's name and which of your cards play in it, by
    place (1 to 5); [] in a game of one pot, where `cards[i].plays` says it."""
    if not is_split(hand.profile):
        return []
    held = hand.holdings[you]
    out = []
    for value in values(hand.profile, held):
        name = half_name(value.ranking.name) if isinstance(value, RankedValue) else "Badugi half"
        plays = set(value.cards)
        out.append({"name": name, "plays": [i + 1 for i, c in enumerate(held) if c in plays]})
    return out
