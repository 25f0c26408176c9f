"""Where each rule and worked example is on the built site, recorded once a build by
`chapters` before any page is drawn, and read by every page that links to one: module
state, so that all pages of a build see the same places, below the pages so that the
replayer reads it without importing the chapters that draw the replayer.
"""

from __future__ import annotations

from pathlib import Path

_PAGE_OF_RULE: dict[str, str] = {}
_SCENARIO_HREF: dict[str, str] = {}
PLACES_KEY: list[str] = [""]
"""A key of where every rule and example is: what is drawn with links holds while it holds."""


def page_of_anchor(anchor: str) -> str | None:
    """The generated page holding `anchor`: a rule ID or a worked example's ID."""
    if anchor in _PAGE_OF_RULE:
        return _PAGE_OF_RULE[anchor]
    href = _SCENARIO_HREF.get(anchor)
    return href.partition("#")[0] if href else None


def site_url(page: str, anchor: str) -> str:
    """A link from one generated page to another, as the built site spells it (raw HTML
    gets no link rewriting from MkDocs): `03-betting.md`, `R3.6` -> `../03-betting/#R3.6`."""
    return f"../{Path(page).stem}/#{anchor}"


def site_rule_href(rule_id: str) -> str | None:
    """Where a rule is, from a page one level under `generated/` (a chapter, a fragment)."""
    page = page_of_anchor(rule_id)
    return None if page is None else site_url(page, rule_id)
