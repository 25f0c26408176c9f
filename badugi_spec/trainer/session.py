"""A training session: you against the bot, hand after hand, every event explained.

The engine's `Session` deals and judges; this module only asks the player for keys, asks
the bot for its actions, and prints the narration. It talks through a `Console`, so the
tests drive it with a script, without a process or a terminal.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from badugi_spec.cards import Card
from badugi_spec.engine import Action, Hand, Kind, Session
from badugi_spec.errors import BadugiError, IllegalAction
from badugi_spec.profiles import HOUSE, Profile
from badugi_spec.rules import load
from badugi_spec.trainer import keys, screen, values
from badugi_spec.trainer.bot import seen
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.hints import draw_hint, known_dead, split_hint
from badugi_spec.trainer.narrate import Narrator
from badugi_spec.trainer.odds_bot import make_bot
from badugi_spec.trainer.save import HandLog, SaveError, scenario_text, session_text, write
from badugi_spec.trainer.wording import Line, Names


class CannotPlay(BadugiError):
    """A profile the trainer cannot play; said before the session starts."""


def cannot_play(profile: Profile) -> str | None:
    """Why the trainer cannot play `profile`, or None if it can.

    It values four-card hands by the house evaluator (R2) and five-card split games by
    both their rankings (R8.29); a profile of any other shape would be valued wrongly.
    """
    if profile.split_ranking:
        return None
    if profile.hand_size != HOUSE.hand_size or profile.ranking != HOUSE.ranking:
        return (
            f"profile {profile.name} deals {profile.hand_size} cards valued in"
            f" {profile.ranking} (R8.16, R8.22); the trainer plays four-card Badugi (R2)"
            " and the split games (R8.29)"
        )
    return None


class Console(Protocol):
    @property
    def width(self) -> int:
        """Columns to wrap long lines at."""
        ...

    def show(self, text: str) -> None: ...

    def ask(self, prompt: str) -> str | None:
        """One line of input, or None at the end of input."""
        ...


class Terminal:
    """Standard input and output. When the input is not a terminal (a script piped in),
    each line read is echoed after the prompt, so the transcript reads like a session."""

    def __init__(self, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.echo = not self.stdin.isatty()

    @property
    def width(self) -> int:
        if self.stdout.isatty():
            return shutil.get_terminal_size((100, 24)).columns - 1
        return 100

    def show(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")


class Script:
    """A console for tests: the input lines given, the output kept in `lines`."""

    def __init__(self, inputs: Iterable[str], *, width: int = 100) -> None:
        self.inputs = list(inputs)
        self.lines: list[str] = []
        self.asked = 0
        self.width = width

    def show(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def ask(self, prompt: str) -> str | None:
        if self.asked >= len(self.inputs):
            return None
        line = self.inputs[self.asked]
        self.asked += 1
        self.lines.append(prompt + line)
        return line

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass(slots=True)
class Summary:
    """How the session went, for the closing lines and for the tests."""

    hands: int = 0
    """Hands finished."""
    stacks: tuple[int, ...] = ()
    won: dict[int, int] = field(default_factory=dict)
    """Hands won (a split counts for each winner), by seat."""
    showdowns: int = 0
    stopped: str | None = None
    """None when the session ran to its end; else `end of input`, `quit` or `Ctrl-C`."""
    winner: int | None = None


class Trainer:
    """Plays one session on `console`: you in seat `you`, a bot in every other seat."""

    def __init__(
        self,
        *,
        console: Console,
        profile: Profile,
        seed: int,
        faces: Faces,
        hints: bool = False,
        seats: int = 2,
        you: int = 0,
        decks: Sequence[Sequence[Card]] = (),
        save_to: str | None = None,
        bot: str | None = None,
        session_to: str | None = None,
    ) -> None:
        """`decks` states the deck order of the first hands (for tests and examples); the
        hands after them are shuffled from the seed. `save_to`: the file the `s` key and
        the end of the session save the last finished hand to, as a scenario. `bot`: which
        bot sits in the other seats (`odds_bot.BOTS`; unless told, `default_bot`).
        `session_to`: the file the end of the session saves every finished hand to."""
        reason = cannot_play(profile)
        if reason is not None:
            raise CannotPlay(reason)
        self.console = console
        self.profile = profile
        self.seed = seed
        self.faces = faces
        self.hints = hints
        self.you = you
        self.names = Names(seats=seats, you=you)
        self.narrator = Narrator(names=self.names)
        # The session's shuffles and each bot's choices come from the seed alone.
        self.session = Session(
            first_dealer=you,
            stacks=(profile.starting_stack,) * seats,
            profile=profile,
            seed=seed,
        )
        self.bots = {
            seat: make_bot(bot, rng=random.Random(f"badugi-bot:{seed}:{seat}"), profile=profile)
            for seat in range(seats)
            if seat != you
        }
        self.summary = Summary(stacks=self.session.stacks)
        self.decks = [tuple(deck) for deck in decks]
        self.save_to = save_to
        self.session_to = session_to
        # The files this session may replace: those `play` checked before it began, and
        # those it made itself. Any other existing file is never written over.
        self.owned: set[str] = {path for path in (save_to, session_to) if path}
        self.log: HandLog | None = None
        self.finished: tuple[Hand, HandLog] | None = None
        """The last hand that ended, with its log: what `s` saves."""
        self.logs: list[HandLog] = []
        """Every hand's log, in order (`session.hands` holds the hands)."""

    def run(self) -> Summary:
        try:
            self._play()
        except KeyboardInterrupt:
            self.console.show("")
            self.summary.stopped = "Ctrl-C"
        self._close()
        return self.summary

    # ----- the session -------------------------------------------------------------------

    def _play(self) -> None:
        session = self.session
        while not session.is_over:
            number = session.hand_number
            before = session.stacks
            hand = session.start_hand(self.decks[number] if number < len(self.decks) else None)
            log = self.log = HandLog(session.hand_number, stacks=before, dealer=hand.dealer)
            self.logs.append(log)
            self._say(
                self.narrator.start(
                    hand, number=session.hand_number, of=self.profile.hands_per_session
                )
            )
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None, "a hand in play always has a player to act"
                if seat == self.you:
                    stop = self._your_turn(hand)
                    if stop is not None:
                        self.summary.stopped = stop
                        return
                else:
                    action = self.bots[seat].decide(seen(hand, seat))
                    session.apply(action)
                    log.actions.append(action)
                self._say(self.narrator.update(hand))
            self.finished = (hand, log)
            self._after_hand(hand)
            if not session.is_over and session.stacks[self.you] == 0:
                # Multi-way sessions go on while two players have chips (R8.23); without
                # chips you could only watch, so your session ends here.
                self.summary.stopped = "you have no chips left"
                return

    def _after_hand(self, hand: Hand) -> None:
        result = hand.result
        assert result is not None
        summary = self.summary
        summary.hands += 1
        summary.stacks = self.session.stacks
        for seat in result.winners:
            summary.won[seat] = summary.won.get(seat, 0) + 1
        if result.ended_by == "showdown":
            summary.showdowns += 1
        stacks = ", ".join(f"{self.names(s)} {n}" for s, n in enumerate(self.session.stacks))
        more = "" if self.session.is_over else " Chips carry over to the next hand."
        self._say([Line("R6.3", f"Stacks: {stacks}.{more}")])
        self.console.show("")

    def _save(self) -> bool:
        """Save the last finished hand as a scenario; say where, or why not."""
        if self.finished is None:
            self.console.show("No hand has ended yet: s saves the last finished hand.")
            return False
        hand, log = self.finished
        path = self.save_to or f"played-{self.profile.name}-{self.seed}-hand-{log.number}.badugi"
        names = [self.names(seat) for seat in range(hand.seats)]
        try:
            write(path, scenario_text(hand, log, names=names, seed=self.seed), owned=self.owned)
        except SaveError as error:
            self.console.show(f"Not saved: {error}.")
            return False
        self.console.show(
            f"Saved hand {log.number} to {path}: badugi-spec check {path} replays it."
        )
        return True

    def _save_session(self, path: str) -> None:
        """Save every finished hand as one scenario; say where, or why not."""
        played = [
            (hand, log)
            for hand, log in zip(self.session.hands, self.logs, strict=True)
            if hand.is_over
        ]
        names = [self.names(seat) for seat in range(len(self.session.stacks))]
        try:
            write(path, session_text(played, names=names, seed=self.seed), owned=self.owned)
        except SaveError as error:
            self.console.show(f"Session not saved: {error}.")
            return
        self.console.show(
            f"Saved the session's {len(played)} hands to {path}: badugi-spec check {path}"
            " replays them."
        )

    def _close(self) -> None:
        if self.save_to is not None:
            self._save()
        if self.session_to is not None:
            self._save_session(self.session_to)
        summary = self.summary
        session = self.session
        names = self.names
        stacks = ", ".join(f"{names(s)} {n}" for s, n in enumerate(summary.stacks))
        lines: list[Line] = []
        result = session.result
        if summary.stopped is None and result is not None:
            if result.reason == "hands":
                why = f"{result.hands} hands have been played"
            else:
                broke = [names.obj(s) for s, n in enumerate(result.stacks) if n == 0]
                why = f"{' and '.join(broke)} ran out of chips"
            lines.append(Line("R6.4", f"The session is over: {why}."))
            summary.winner = result.winner
            if result.winner is None:
                verdict = "equal stacks, so the session is a draw"
            else:
                verdict = f"{names.does(result.winner, 'win')} the session with the most chips"
            lines.append(Line("R6.5", f"{stacks}: {verdict}."))
        else:
            current = session.hand
            unfinished = current is not None and not current.is_over
            during = f" during hand {session.hand_number}" if unfinished else ""
            lines.append(
                Line(
                    "",
                    f"Session stopped ({summary.stopped}){during}"
                    + (", which does not count" if unfinished else "")
                    + f". After {_count(summary.hands, 'hand')}: {stacks}.",
                )
            )
        won = ", ".join(
            f"{names.obj(s)} {summary.won.get(s, 0)}" for s in range(len(summary.stacks))
        )
        lines.append(
            Line(
                "",
                f"Hands won: {won} ({_count(summary.showdowns, 'showdown')}). Seed"
                f" {self.seed}: badugi-spec play --seed {self.seed}{self._options()} deals the same"
                " cards again.",
            )
        )
        self._say(lines)

    def _options(self) -> str:
        """The options besides the seed that the same session needs again."""
        out = "" if self.profile.name == HOUSE.name else f" --profile {self.profile.name}"
        seats = len(self.session.stacks)
        return out + (f" --players {seats}" if seats != 2 else "")

    # ----- your turn ---------------------------------------------------------------------

    def _your_turn(self, hand: Hand) -> str | None:
        """Ask until an action is accepted; the reason to stop the session, or None."""
        you = self.you
        show = self.console.show
        for text in screen.table(
            hand,
            names=self.names,
            faces=self.faces,
            number=self.session.hand_number,
            of=self.profile.hands_per_session,
        ):
            show(self.faces.paint(text))
        if self.hints and hand.phase.kind == "draw":
            self._say(self._odds(hand, None))
        self._keys(hand)
        while True:
            typed = self.console.ask("> ")
            if typed is None:
                return "end of input"
            try:
                command = keys.parse(typed, hand.holdings[you])
            except keys.BadKey as error:
                show(f"Not a key: {error}. Nothing changed.")
                continue
            if isinstance(command, keys.Quit):
                return "quit"
            if isinstance(command, keys.Help):
                self._help(command.rule)
                continue
            if isinstance(command, keys.Save):
                self._save()
                continue
            if isinstance(command, keys.Odds):
                self._say(self._odds(hand, command.discards))
                continue
            if isinstance(command, keys.Draw):
                action = Action(you, Kind.DRAW, discards=command.discards)
            else:
                action = Action(you, command.kind, amount=command.amount)
            try:
                self.session.apply(action)
                if self.log is not None:
                    self.log.actions.append(action)
            except IllegalAction as error:
                self._say(
                    [Line(error.rule, f"Refused, {error.code}: {error.message}. Nothing changed.")]
                )
                self._keys(hand)
                continue
            return None

    def _odds(self, hand: Hand, thrown: Sequence[Card] | None) -> list[Line]:
        """The exact odds of a draw; None: the book's draw."""
        if hand.phase.kind != "draw":
            return [Line("hint", "Odds are for a draw: ask during a draw (o 1 4).")]
        if values.is_split(hand.profile):
            text = split_hint(
                hand.profile,
                hand.holdings[self.you],
                thrown,
                draw=hand.phase.number,
                dead=known_dead(hand, self.you),
            )
            return [Line("hint", text)]
        text = draw_hint(
            hand.holdings[self.you],
            thrown,
            draw=hand.phase.number,
            draws_left=hand.profile.betting_rounds - hand.phase.number,
            dead=known_dead(hand, self.you),
        )
        return [Line("hint", text)]

    def _help(self, rule: str | None) -> None:
        if rule is None:
            for line in screen.HELP.splitlines():
                self.console.show(self.faces.paint(line))
            return
        rules = load()
        if rule not in rules:
            self.console.show(
                f"There is no rule {rule}; rule IDs look like R3.6 (badugi-spec rules)."
            )
            return
        found = rules[rule]
        self.console.show(self.faces.strong(f"{found.id} {found.title}"))
        for line in found.text.splitlines():
            self.console.show(self.faces.paint(line))

    def _keys(self, hand: Hand) -> None:
        text = screen.key_help(hand.legal_actions())
        for row in screen.wrap(text, width=self.console.width, indent=len("  Your move: ")):
            self.console.show(self.faces.paint(row))

    def _say(self, lines: Sequence[Line]) -> None:
        width = self.console.width
        for line in lines:
            for row in screen.narration(line, self.faces, width=width):
                self.console.show(row)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
