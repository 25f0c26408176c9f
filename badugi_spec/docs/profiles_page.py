"""The rule-profiles page: every shipped profile side by side, parameter by parameter (R8.1).

Each row is one parameter of chapter R8 with the rule that explains it; each column is a
profile, with the values it changes from the house game marked. Below the table, each
profile links to its own rulebook chapter and lists the scenarios played under it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi_spec import profiles
from badugi_spec.profiles import PARAMETERS, Profile

from .examples import Executed


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
    lines = [
        "# Rule profiles",
        "",
        "The house game is one rule set among many. A **profile** fixes every choice in which",
        f"the rule sets differ ({rule_link('R8.1')}); a scenario names its profile on a `profile`",
        "line, and `badugi-spec profiles show NAME` prints the same table for one profile.",
        "Values a profile changes from the house game are in **bold**.",
        "",
        "| parameter | rule | " + " | ".join(f"`{p.name}`" for p in shipped) + " |",
        "| --- | --- | " + " | ".join("---" for _ in shipped) + " |",
    ]
    for name, param in PARAMETERS.items():
        cells = []
        for profile in shipped:
            value = _text(getattr(profile, name))
            changed = getattr(profile, name) != getattr(house, name)
            cells.append(f"**{value}**" if changed else value)
        lines.append(f"| `{name}` | {rule_link(param.rule)} | " + " | ".join(cells) + " |")
    lines.append("")
    by_profile: dict[str, list[str]] = {}
    for item in executed:
        by_profile.setdefault(item.scenario.profile.name, []).append(item.scenario.id)
    for profile in shipped:
        lines += [f"## {profile.name}", "", f"{profile.title}. {profile.description}", ""]
        base = f" It starts from `{profile.extends}`." if profile.extends else ""
        lines += [f"Its rules are chapter {rule_link(profile.chapter + '.1')}.{base}", ""]
        ids = sorted(by_profile.get(profile.name, []))
        if ids:
            links = []
            for scenario_id in ids[:40]:
                href = scenario_href(scenario_id)
                links.append(f"[{scenario_id}]({href})" if href else f"`{scenario_id}`")
            more = f" and {len(ids) - 40} more" if len(ids) > 40 else ""
            lines += [f"Played under it: {', '.join(links)}{more}.", ""]
        else:
            lines += ["No scenario is played under it yet.", ""]
    return "\n".join(lines)
