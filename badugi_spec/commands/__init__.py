"""Subcommands of `badugi-spec`. Each module has `register(subparsers)` setting `run`."""

from __future__ import annotations

from types import ModuleType

from badugi_spec.commands import check_cmd, hand_cmds, profile_cmds, protocol_cmd, simulate_cmd

COMMANDS: tuple[ModuleType, ...] = (
    hand_cmds,
    profile_cmds,
    check_cmd,
    simulate_cmd,
    protocol_cmd,
)
