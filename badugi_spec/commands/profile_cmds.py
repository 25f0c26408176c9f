"""`profiles` and `profiles show NAME`: the shipped rule profiles and every parameter (R8.1)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.profiles import PARAMETERS, Profile

USAGE_ERROR: Final = 2
"""The status of a bad profile file, as the command line gives every usage error."""


def register(sub: Any) -> None:
    cmd = sub.add_parser("profiles", help="list the rule profiles, or show one's parameters")
    cmd.add_argument("action", nargs="?", default="list", help="list (default) or show")
    cmd.add_argument("name", nargs="?", help="the profile to show, e.g. pokerstars-2010")
    cmd.set_defaults(run=run_profiles)


def run_profiles(args: argparse.Namespace) -> int:
    if args.action == "show":
        if not args.name:
            raise profiles.ProfileError(
                f"profiles show needs a name: one of {', '.join(profiles.names())}"
            )
        print(render(profiles.get(args.name)))
        return 0
    if args.action != "list" or args.name:
        name = args.name or args.action
        raise profiles.ProfileError(f"to see one profile: badugi-spec profiles show {name}")
    width = max((len(name) for name in profiles.names()), default=0)
    broken: list[str] = []
    for name in profiles.names():
        try:
            profile = profiles.get(name)
        except profiles.ProfileError as error:
            # The others are still listed: one bad file must not hide the rest.
            broken.append(str(error))
            continue
        mark = " (default)" if name == profiles.DEFAULT else ""
        print(f"{name:<{width}}  {profile.chapter:<4} {profile.title}{mark}")
    for message in broken:
        print(f"badugi-spec: error: {message}", file=sys.stderr)
    return USAGE_ERROR if broken else 0


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def render(profile: Profile) -> str:
    """Every parameter with its value and the rule that explains it, by section."""
    base = profiles.get(profile.extends) if profile.extends else None
    lines = [f"{profile.name}: {profile.title}  (chapter {profile.chapter})"]
    if profile.description:
        lines.append(f"  {profile.description}")
    if profile.extends:
        lines.append(f"  starts from {profile.extends}; * marks a value it changes")
    section = ""
    width = max(len(name) for name in PARAMETERS)
    for name, param in PARAMETERS.items():
        if param.section != section:
            section = param.section
            lines.append(f"[{section}]")
        value = getattr(profile, name)
        changed = base is not None and getattr(base, name) != value
        mark = "*" if changed else " "
        lines.append(f" {mark}{name:<{width}}  {_text(value):<34} {param.rule:<6} {param.summary}")
    return "\n".join(lines)
