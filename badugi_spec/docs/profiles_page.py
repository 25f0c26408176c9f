"""The rule-profiles page: every shipped profile side by side, a row per parameter (R8.1)
with its rule, the values changed from the house game marked; then each profile's chapter
and the scenarios played under it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi_spec import profiles
from badugi_spec.profiles import PARAMETERS, Profile

from .examples import Executed
from .templating import render

SHOWN = 40
"""How many of a profile's scenarios are linked; the rest are counted."""


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def profiles_md(
    rule_link: Callable[[str], str],
    executed: Sequence[Executed],
    scenario_href: Callable[[str], str | None],
) -> str:
    shipped: list[Profile] = [profiles.get(name) for name in profiles.names()]
    house = profiles.get(profiles.DEFAULT)
    rows = []
    for name, param in PARAMETERS.items():
        cells = []
        for profile in shipped:
            value = _text(getattr(profile, name))
            changed = getattr(profile, name) != getattr(house, name)
            cells.append(f"**{value}**" if changed else value)
        rows.append({"name": name, "rule": param.rule, "cells": cells})
    by_profile: dict[str, list[str]] = {}
    for item in executed:
        by_profile.setdefault(item.scenario.profile.name, []).append(item.scenario.id)
    played: dict[str, list[str]] = {}
    more: dict[str, str] = {}
    for profile in shipped:
        ids = sorted(by_profile.get(profile.name, []))
        played[profile.name] = [
            f"[{i}]({href})" if (href := scenario_href(i)) else f"`{i}`" for i in ids[:SHOWN]
        ]
        more[profile.name] = f" and {len(ids) - SHOWN} more" if len(ids) > SHOWN else ""
    return render(
        "pages/profiles.md",
        r=rule_link,
        shipped=shipped,
        columns=" | ".join(f"`{p.name}`" for p in shipped),
        dashes=" | ".join("---" for _ in shipped),
        rows=rows,
        played=played,
        more=more,
    )
