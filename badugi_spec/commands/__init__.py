"""Subcommands of `badugi-spec`. Each module has `register(subparsers)` setting `run`."""

from __future__ import annotations

from types import ModuleType

from badugi_spec.commands import (
    check_cmd,
    export_cmd,
    hand_cmds,
    import_cmd,
    odds_cmd,
    play_cmd,
    profile_cmds,
    protocol_cmd,
    replay_cmd,
    simulate_cmd,
)

COMMANDS: tuple[ModuleType, ...] = (
    hand_cmds,
    odds_cmd,
    play_cmd,
    profile_cmds,
    check_cmd,
    simulate_cmd,
    protocol_cmd,
    replay_cmd,
    import_cmd,
    export_cmd,
)
