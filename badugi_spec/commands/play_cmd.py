"""`play`: a session against the bot, every event explained; `bot-sessions`: bot against bot."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from badugi_spec import profiles
from badugi_spec.commands import arguments
from badugi_spec.commands.progress import Progress, wanted
from badugi_spec.errors import BadugiError
from badugi_spec.outputs import check_outputs
from badugi_spec.trainer import Report, Terminal, Trainer, play_sessions
from badugi_spec.trainer.faces import Faces, can_encode_symbols, wants_colour
from badugi_spec.trainer.odds_bot import BOTS
from badugi_spec.trainer.session import CannotPlay, cannot_play

INTERRUPTED = 130
SUITE = Path("scenarios")
"""The suite's folder (here, or any folder of that name a path is in): `play --force`
never replaces a scenario in it."""


class PlayError(BadugiError):
    """A `play` option that cannot be used."""


def register(sub: Any) -> None:
    # No `choices=profiles.names()`: the profile files are read when a command runs, inside
    # its error handling, so a broken one costs only the commands that use it (not
    # `--help`).
    play = sub.add_parser(
        "play",
        help="play a session against the bot, with every event explained by its rule",
        description=(
            "A session against the bots in the terminal, under any profile: Badugi and its"
            " betting structures, or the split games Badeucy and Badacy, five cards valued"
            " as a Badugi and as a low (heads-up, or --players N for a fuller table)."
            " Keys, then Enter:"
            " k check, b bet, c call, r raise, f fold, a all-in; p stand pat, d 1 4 throw"
            " cards 1 and 4; o 1 4 odds of that draw; s save the last hand; ? help; q quit."
            " Input can be piped:"
            " printf 'c\\nk\\n' | badugi-spec play --seed 1 --plain"
        ),
    )
    play.add_argument(
        "--seed", type=arguments.seed, help="deal a reproducible session (default: random)"
    )
    play.add_argument(
        "--profile",
        default=profiles.DEFAULT,
        metavar="NAME",
        help=(
            f"the rules to play by (default {profiles.DEFAULT}): any profile of"
            " `badugi-spec profiles`, the split games badeucy and badacy included"
        ),
    )
    play.add_argument(
        "--hints", action="store_true", help="before each draw, show the book's draw and its odds"
    )
    play.add_argument("--plain", action="store_true", help="no colour, even on a terminal")
    play.add_argument(
        "--save",
        metavar="FILE",
        help="when the session ends, and at the s key, save the last finished hand as a"
        " .badugi scenario that `badugi-spec check` replays",
    )
    play.add_argument(
        "--players",
        type=arguments.whole,
        default=2,
        help="players at the table, you and bots (more than 2 where the profile seats them)",
    )
    _bot_option(play)
    play.add_argument(
        "--save-session",
        metavar="FILE",
        help="when the session ends, save every hand played as one .badugi scenario"
        " (a hand block each, the stacks carried from hand to hand)",
    )
    arguments.force_option(play, "a --save or --save-session file (never one of scenarios/)")
    play.set_defaults(run=run_play)

    bots = sub.add_parser(
        "bot-sessions",
        help="play bot against bot with the engine checking every action",
    )
    bots.add_argument("--sessions", type=arguments.whole, default=1000, help="how many sessions")
    bots.add_argument("--seed", type=arguments.seed, default=1)
    bots.add_argument(
        "--players",
        type=arguments.whole,
        default=2,
        help="bots at each table (capped by each profile)",
    )
    bots.add_argument(
        "--profile",
        action="append",
        metavar="NAME",
        help="a profile to cycle through (repeatable; default: all of `badugi-spec profiles`)",
    )
    _bot_option(bots)
    bots.add_argument(
        "--jobs",
        type=arguments.at_least(1, "job"),
        default=1,
        metavar="N",
        help="play the sessions in N processes (the same sessions and report as one)",
    )
    bots.add_argument(
        "-q", "--quiet", action="store_true", help="no progress on stderr, only the report"
    )
    bots.set_defaults(run=run_bot_sessions)


def _bot_option(parser: Any) -> None:
    parser.add_argument(
        "--bot",
        choices=BOTS,
        help="the bots' strategy: odds (draws by the exact odds) or book (draws by the"
        " book's rule of thumb); both bet by hand strength and position. Default: the one"
        " that plays the profile better, odds but in badacy book",
    )


def run_play(args: argparse.Namespace) -> int:
    profile = profiles.get(args.profile)
    reason = cannot_play(profile)
    if reason is not None:  # before anything is shown: the choice was not accepted
        raise CannotPlay(f"play: {reason}")
    if not profile.min_seats <= args.players <= profile.max_seats:
        raise PlayError(
            f"profile {profile.name} seats {profile.min_seats} to {profile.max_seats} players"
            f" (R8.2), not {args.players}"
        )
    # Before the session: a hand played is not lost to a file that cannot take it.
    saves = {"--save": args.save, "--save-session": args.save_session}
    check_outputs(saves, force=args.force, protected=[SUITE, *_suites(saves.values())])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    symbols = can_encode_symbols(sys.stdout)
    if not symbols and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # the rest of the text degrades, not fails
    faces = Faces(colour=not args.plain and wants_colour(sys.stdout), symbols=symbols)
    trainer = Trainer(
        console=Terminal(),
        profile=profile,
        seed=seed,
        faces=faces,
        hints=args.hints,
        seats=args.players,
        save_to=args.save,
        bot=args.bot,
        session_to=args.save_session,
    )
    summary = trainer.run()
    return INTERRUPTED if summary.stopped == "Ctrl-C" else 0


def _suites(paths: Iterable[str | None]) -> list[Path]:
    """The `scenarios` folders the paths are in, wherever they are: --force spares them."""
    return [
        folder
        for path in paths
        if path
        for folder in Path(path).resolve().parents
        if folder.name == SUITE.name
    ]


def run_bot_sessions(args: argparse.Namespace) -> int:
    if args.sessions < 1:
        raise PlayError("--sessions must be at least 1")
    chosen = [profiles.get(name) for name in (args.profile or profiles.names())]
    if not 2 <= args.players <= 8:
        raise PlayError(f"--players must be 2 to 8 (R8.2), not {args.players}")
    tally = Tally(
        sessions=args.sessions,
        names=[p.name for p in chosen],
        quiet=args.quiet,
        jobs=min(args.jobs, os.cpu_count() or 1, args.sessions),
    )
    report = play_sessions(
        sessions=args.sessions,
        seed=args.seed,
        profiles=chosen,
        seats=args.players,
        bot=args.bot,
        jobs=tally.jobs,
        progress=tally.batch_done,
    )
    tally.line.finish()
    for line in report.lines():
        print(line)
    return 1 if report.illegal else 0


class Tally:
    """The progress of `bot-sessions` on stderr: a line redrawn in place on a terminal,
    and a line per profile as each profile's sessions are all played, anywhere (so a long
    run written to a log says how far it is). Not shown with `-q`."""

    def __init__(self, *, sessions: int, names: list[str], quiet: bool, jobs: int) -> None:
        self.jobs = jobs
        self.quiet = quiet
        self.line = Progress(sys.stderr, wanted(sys.stderr, quiet=quiet))
        self.started = time.monotonic()
        count = len(names)
        self.due = {name: len(range(i, sessions, count)) for i, name in enumerate(names)}
        self.total = sum(self.due.values())
        self.reports = {name: Report() for name in names}
        self.played = 0

    def batch_done(self, name: str, part: Report) -> None:
        mine = self.reports[name]
        mine.add(part)
        self.played += part.sessions
        seconds = time.monotonic() - self.started
        self.line.update(
            f"bot-sessions: {self.played}/{self.total} sessions, {name}, {seconds:.0f} s"
        )
        if mine.sessions == self.due[name] and not self.quiet:
            self.line.finish()
            print(
                f"{name}: {mine.sessions} sessions, {mine.hands} hands, {mine.actions} bot"
                f" actions, {mine.illegal} illegal ({self.played}/{self.total} sessions,"
                f" {seconds:.0f} s, {self.jobs} job{'s' if self.jobs > 1 else ''})",
                file=sys.stderr,
                flush=True,
            )
