"""Subcommands of `badugi-spec`. Each module has `register(subparsers)` setting `run`.

One module per family of commands: `hand_cmds` (hand, compare, explain), `odds_cmd`,
`play_cmd` (the trainer), `profile_cmds`, `check_cmd` (check, coverage), `simulate_cmd`,
`protocol_cmd` (serve, cases, mutants), `verify_cmd`, `suite_cmd` (suite-lock),
`board_cmd`, `fuzz_cmd` (its summary in `fuzz_lines`, its findings database in
`fuzz_db_lines`, its shard options in `fuzz_places`), `fuzz_merge_cmd`, `fuzz_mutants_cmd`,
`fuzz_distill_cmd`, `fuzz_self_cmd` (our engine against the rules' properties),
`replay_cmd`, `import_cmd`,
`export_cmd`, `fmt_cmd`,
`new_cmd` (with the hand it plays in `skeleton`), `lsp_cmd` (the language server).

The top layer under `cli`: it may use every layer of the package.

A command's module is imported only when that command runs (issue 40): importing them all
cost every command a third of a second (Lark, the scenario code, the trainer...), `--help`
and `hand` included. So the list below names each command, its module and its one-line
help, which is all `badugi-spec --help` shows; the module registers the command's real
parser when it is chosen. `tests/test_cli_startup.py` checks this list against what the
modules register, so a new command or a changed help line there fails until it is here too.
"""

from __future__ import annotations

import importlib
from types import ModuleType

# Plain tuples, not a dataclass or NamedTuple: `--help` should not pay for their modules.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    # (command, module in badugi_spec.commands, help line), in the order of `--help`
    ("hand", "hand_cmds", "value a four-card hand and explain which cards play"),
    ("compare", "hand_cmds", "say which of two or more hands wins, and why"),
    ("rules", "hand_cmds", "print the rulebook summary (every rule ID)"),
    ("odds", "odds_cmd", "exact chance of making a badugi in the draws left"),
    ("play", "play_cmd", "play a session against the bot, with every event explained by its rule"),
    ("bot-sessions", "play_cmd", "play bot against bot with the engine checking every action"),
    ("profiles", "profile_cmds", "list the rule profiles, or show one's parameters"),
    ("check", "check_cmd", "run scenarios against the engine"),
    ("coverage", "check_cmd", "print the rule x scenario matrix"),
    (
        "simulate",
        "simulate_cmd",
        "play random legal hands under the rules' properties, optionally against PokerKit",
    ),
    ("serve", "protocol_cmd", "serve our engine over the protocol (stdin/stdout)"),
    ("cases", "protocol_cmd", "write the compiled scenarios as JSON cases"),
    ("mutants", "protocol_cmd", "run the suite against deliberately wrong engines"),
    ("verify", "verify_cmd", "run the conformance suite against an implementation"),
    (
        "suite-lock",
        "suite_cmd",
        "record each case's suite version and digest; write the changelog",
    ),
    ("board", "board_cmd", "a compliance board of implementations against the suite"),
    ("fuzz", "fuzz_cmd", "random play and hand values against another implementation"),
    ("fuzz-merge", "fuzz_merge_cmd", "merge the JSON reports of fuzz shards"),
    ("fuzz-mutants", "fuzz_mutants_cmd", "fuzz every mutant of the catalogue"),
    (
        "fuzz-distill",
        "fuzz_distill_cmd",
        "distil a fuzz campaign into a few scenarios that keep every rule it reached",
    ),
    (
        "fuzz-self",
        "fuzz_self_cmd",
        "check our own engine against the rules' properties, every profile at 2-8 seats",
    ),
    (
        "replay",
        "replay_cmd",
        "replay real hand histories (PHH, PokerStars text) through the engine",
    ),
    ("import", "import_cmd", "write real hands from a hand history as scenarios"),
    ("export", "export_cmd", "write the hands of scenarios as PHH (.phhs)"),
    ("fmt", "fmt_cmd", "lay scenario files out the canonical way"),
    ("new", "new_cmd", "write a scenario skeleton that passes check"),
    ("lsp", "lsp_cmd", "run the language server for editors (stdio; needs the lsp extra)"),
)


def module_of(command: str) -> str | None:
    """The module (its name in this package) that registers `command`, if any does."""
    return next((module for name, module, _ in COMMANDS if name == command), None)


def load(module: str) -> ModuleType:
    """A command module, imported now."""
    return importlib.import_module(f"{__name__}.{module}")


def modules() -> tuple[str, ...]:
    """Every command module's name, each once, in the order of `--help`."""
    return tuple(dict.fromkeys(module for _, module, _ in COMMANDS))
