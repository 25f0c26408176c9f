"""Subcommands of `badugi-spec`. Each module has `register(subparsers)` setting `run`.

One module per family of commands: `hand_cmds` (hand, compare, explain), `odds_cmd`,
`play_cmd` (the trainer), `profile_cmds`, `check_cmd` (check, coverage), `simulate_cmd`,
`protocol_cmd` (serve, verify, cases, mutants), `fuzz_cmd` (fuzz, fuzz-merge),
`fuzz_mutants_cmd`, `replay_cmd`, `import_cmd`, `export_cmd`, `fmt_cmd`, `new_cmd` (with the
hand it plays in `skeleton`), `lsp_cmd` (the language server).

The top layer under `cli`: it may use every layer of the package.
"""

from __future__ import annotations

from types import ModuleType

from badugi_spec.commands import (
    board_cmd,
    check_cmd,
    export_cmd,
    fmt_cmd,
    fuzz_cmd,
    fuzz_mutants_cmd,
    hand_cmds,
    import_cmd,
    lsp_cmd,
    new_cmd,
    odds_cmd,
    play_cmd,
    profile_cmds,
    protocol_cmd,
    replay_cmd,
    simulate_cmd,
    suite_cmd,
)

COMMANDS: tuple[ModuleType, ...] = (
    hand_cmds,
    odds_cmd,
    play_cmd,
    profile_cmds,
    check_cmd,
    simulate_cmd,
    protocol_cmd,
    suite_cmd,
    board_cmd,
    fuzz_cmd,
    fuzz_mutants_cmd,
    replay_cmd,
    import_cmd,
    export_cmd,
    fmt_cmd,
    new_cmd,
    lsp_cmd,
)
