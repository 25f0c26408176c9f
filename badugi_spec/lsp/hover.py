"""What the word under the cursor means: a rule's text, a profile, an override, a code.

The texts come from where the rest of the project reads them: the rulebook (`rules/`), the
profile files and their parameter table, the table of error codes.
"""

from __future__ import annotations

import re
from typing import Final

from badugi_spec import profiles
from badugi_spec.engine.codes import CODES
from badugi_spec.lsp.text import Span, line_at, word_at
from badugi_spec.rules import load as load_rules
from badugi_spec.rules import load_chapters

_RULE_ID: Final = re.compile(r"[RF]\d+(?:\.\d+)?")
_PROFILE_LINE: Final = re.compile(r"\s*profile\s")
_REJECT_LINE: Final = re.compile(r"\s*reject\s")


def hover(text: str, line: int, column: int) -> tuple[str, Span] | None:
    """Markdown for the word at a 0-based line and column, and the word's place."""
    found = word_at(text, line, column)
    if found is None:
        return None
    word, span = found
    source = line_at(text, line)
    rule_id = word.rstrip(".,")
    if _RULE_ID.fullmatch(rule_id):
        described = rule_text(rule_id)
        return (described, span) if described else None
    if _PROFILE_LINE.match(source) and span.start > source.index("profile"):
        described = profile_text(word)
        return (described, span) if described else None
    if _REJECT_LINE.match(source) and word in CODES:
        code = CODES[word]
        return f"**{code.code}** ({code.rule}): {code.summary}\n\n{_rule_line(code.rule)}", span
    return None


def rule_text(rule_id: str) -> str | None:
    """A rule's title and text, or a chapter's title and introduction."""
    rule = load_rules().get(rule_id)
    if rule is not None:
        return f"**{rule.id} {rule.title}**  \n*{rule.chapter} {rule.chapter_title}*\n\n{rule.text}"
    for chapter in load_chapters():
        if chapter.id == rule_id:
            return f"**{chapter.id} {chapter.title}**\n\n{chapter.intro}"
    return None


def _rule_line(rule_id: str) -> str:
    rule = load_rules().get(rule_id)
    return f"{rule.id} {rule.title}" if rule else rule_id


def profile_text(word: str) -> str | None:
    """A profile's title and description, or what an override `name=value` sets."""
    name, is_override, value = word.partition("=")
    if is_override:
        param = profiles.PARAMETERS.get(name)
        if param is None:
            return None
        return f"**{name}** = `{value}`: {param.summary} ({_rule_line(param.rule)})"
    if name not in profiles.names():
        return None
    try:
        profile = profiles.get(name)
    except profiles.ProfileError as error:  # a broken profile file: say why, not nothing
        return f"**{name}**: {error}"
    head = f"**{profile.name}** ({profile.chapter}): {profile.title}"
    return f"{head}\n\n{profile.description}" if profile.description else head
