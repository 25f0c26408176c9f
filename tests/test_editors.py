"""The VS Code folder: its JSON files, and a TextMate grammar that is the generator's output
and colours every keyword of the grammar and every scenario.

TextMate grammars are run by Oniguruma; the patterns are written in the part of its syntax
Python's `re` shares, so a small TextMate scanner below can run them here. With
`onigurumacffi` installed, each pattern is compiled by Oniguruma itself as well.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.editors.textmate import SCOPE, render
from badugi_spec.scenario.keywords import Role, expected, keyword_texts, keywords, phrases, words
from badugi_spec.scenario.parser import STATEMENTS, VERBS

ROOT = Path(__file__).resolve().parent.parent
VSCODE = ROOT / "editors" / "vscode"
GRAMMAR_FILE = VSCODE / "syntaxes" / "badugi.tmLanguage.json"
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.badugi"))


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_keywords_are_the_grammars_words() -> None:
    # The parser's own lists (for "did you mean") agree with what is read from the grammar.
    assert set(words(Role.STATEMENT)) == set(STATEMENTS)
    assert set(VERBS) | {"all-in", "pat", "takes", "nothing"} == set(words(Role.ACTION))
    found = {k.word for k in keywords()}
    assert {"half", "live", "a", "in", "is", "between", "showdown", "limit", "bust"} <= found
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", word) for word in found)
    assert phrases("BLIND") == ("small blind", "big blind")
    assert phrases("NAME") == ()


def test_the_grammar_says_what_comes_next() -> None:
    assert keyword_texts(expected("Ann posts a live") or frozenset()) == (
        "big blind",
        "small blind",
    )
    assert "NAME" in (expected("expect ") or ())
    assert expected('"""') is None  # a narrative never closed does not parse


def test_the_committed_grammar_is_the_generated_one() -> None:
    assert GRAMMAR_FILE.read_text(encoding="utf-8") == render(), (
        "regenerate it: python -m badugi_spec.editors.textmate"
        " editors/vscode/syntaxes/badugi.tmLanguage.json"
    )


def test_package_json_declares_the_language_grammar_and_server() -> None:
    package = _json(VSCODE / "package.json")
    (language,) = package["contributes"]["languages"]
    assert language["id"] == "badugi" and language["extensions"] == [".badugi"]
    assert (VSCODE / language["configuration"]).is_file()
    (grammar,) = package["contributes"]["grammars"]
    assert grammar["language"] == "badugi" and grammar["scopeName"] == SCOPE
    assert (VSCODE / grammar["path"]).resolve() == GRAMMAR_FILE
    assert (VSCODE / package["main"]).is_file()
    assert "vscode-languageclient" in package["dependencies"]
    settings = package["contributes"]["configuration"]["properties"]
    assert settings["badugi.server.path"]["default"] == "badugi-spec"
    assert "lsp" in (VSCODE / package["main"]).read_text(encoding="utf-8")


def test_language_configuration() -> None:
    config = _json(VSCODE / "language-configuration.json")
    assert config["comments"] == {"lineComment": "#"}
    assert ["(", ")"] in config["brackets"]
    assert re.fullmatch(config["wordPattern"], "all-in")
    assert re.fullmatch(config["wordPattern"], "A♠")


# --- the patterns ----------------------------------------------------------------------


def _patterns(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("match", "begin", "end"):
                yield value
            else:
                yield from _patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from _patterns(value)


PATTERNS = sorted(set(_patterns(_json(GRAMMAR_FILE))))


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_compile_in_both_dialects(pattern: str) -> None:
    re.compile(pattern)  # Python refuses a lookbehind of variable length, as Oniguruma may
    assert "(?P" not in pattern, "named groups are spelt differently in Oniguruma"
    assert not re.search(r"\\[hHAzZG]", pattern), "an escape the two dialects read differently"


def test_patterns_compile_in_oniguruma() -> None:
    onig = pytest.importorskip("onigurumacffi")
    for pattern in PATTERNS:
        onig.compile(pattern)


# --- a small TextMate scanner ------------------------------------------------------------


@dataclass
class _Rule:
    node: dict[str, Any]
    end: re.Pattern[str] | None = None
    patterns: list[dict[str, Any]] = field(default_factory=list)
    candidates: list[tuple[dict[str, Any] | None, re.Pattern[str]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Compiled once per rule: the scanner tries each at every token of every line.
        self.candidates = [(None, self.end)] if self.end is not None else []
        self.candidates += [(p, re.compile(p.get("match") or p["begin"])) for p in self.patterns]


class Scanner:
    """TextMate's way of reading, line by line: the pattern matching earliest wins, the first
    listed on a tie; the end of an open begin/end rule is tried before its patterns."""

    def __init__(self, grammar: dict[str, Any]) -> None:
        self.repository: dict[str, Any] = grammar["repository"]
        self.root = _Rule(grammar, patterns=self._expand(grammar["patterns"]))
        self._inner: dict[int, _Rule] = {}

    def _expand(self, patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for pattern in patterns:
            if "include" in pattern:
                out += self._expand([self.repository[pattern["include"].removeprefix("#")]])
            elif "patterns" in pattern and "begin" not in pattern:
                out += self._expand(pattern["patterns"])
            else:
                out.append(pattern)
        return out

    def _opened(self, pattern: dict[str, Any]) -> _Rule:
        """The rule a begin/end pattern opens, made once (its regexes compiled once)."""
        key = id(pattern)
        if key not in self._inner:
            patterns = self._expand(pattern.get("patterns", []))
            self._inner[key] = _Rule(pattern, re.compile(pattern["end"]), patterns)
        return self._inner[key]

    def scopes(self, text: str) -> Iterator[tuple[str, str]]:
        """(text, innermost scope) for each run of text; "" where no rule gave a scope."""
        stack = [self.root]
        for line in text.split("\n"):
            yield from self._line(line, stack)

    def _line(self, line: str, stack: list[_Rule]) -> Iterator[tuple[str, str]]:
        pos = 0
        # Each candidate's next match in this line, while the same rule is open: a match
        # at or after `pos` is what searching again from `pos` finds (the search tries
        # each start in turn), and no match from an earlier place means none from here.
        searched: tuple[_Rule, list[re.Match[str] | None]] | None = None
        while pos <= len(line):
            rule = stack[-1]
            best: tuple[int, int, dict[str, Any] | None, re.Match[str]] | None = None
            if searched is None or searched[0] is not rule:
                searched = (rule, [regex.search(line, pos) for _, regex in rule.candidates])
            matches = searched[1]
            for order, (candidate, regex) in enumerate(rule.candidates):
                found = matches[order]
                if found is not None and found.start() < pos:
                    found = matches[order] = regex.search(line, pos)
                if found and (best is None or found.start() < best[0]):
                    best = (found.start(), order, candidate, found)
            if best is None:
                yield line[pos:], rule.node.get("name", "")
                return
            start, _, pattern, found = best
            yield line[pos:start], rule.node.get("name", "")
            if pattern is None:  # the open rule ends
                yield found.group(), rule.node.get("name", "")
                stack.pop()
            else:
                yield from self._captured(found, pattern, rule)
                if "begin" in pattern:
                    inner = self._opened(pattern)
                    stack.append(inner)
            if found.end() == pos and pattern is not None and "begin" not in pattern:
                pos += 1  # an empty match must not hold the scanner in place
            pos = max(pos, found.end())
            if found.end() == len(line) and found.start() == found.end():
                return

    def _captured(
        self, found: re.Match[str], pattern: dict[str, Any], rule: _Rule
    ) -> Iterator[tuple[str, str]]:
        captures = pattern.get("captures") or pattern.get("beginCaptures") or {}
        outer = pattern.get("name", rule.node.get("name", ""))
        pos = found.start()
        for number in sorted(captures, key=int):
            start, end = found.span(int(number))
            if start < 0:
                continue
            yield found.string[pos:start], outer
            yield found.string[start:end], captures[number]["name"]
            pos = end
        yield found.string[pos : found.end()], outer


SCANNER = Scanner(_json(GRAMMAR_FILE))


def _scoped(text: str) -> list[tuple[str, str]]:
    return [(piece, scope) for piece, scope in SCANNER.scopes(text) if piece.strip()]


def _context(word: str, role: Role) -> tuple[str, str]:
    """A line where the keyword stands in its role, and the scope it must get there."""
    if role is Role.STATEMENT:
        return f"{word} ", "keyword.control.statement.badugi"
    if role is Role.ACTION:
        return f"Ann {word}", "keyword.other.action.badugi"
    return f"expect {word}", "keyword.other.badugi"


@pytest.mark.parametrize("keyword", keywords(), ids=[k.word for k in keywords()])
def test_every_keyword_is_coloured(keyword: Any) -> None:
    line, scope = _context(keyword.word, keyword.role)
    assert (keyword.word, scope) in _scoped(line)
    if keyword.role is Role.STATEMENT:  # inside a line too: `reject deal with`, `show order`
        assert (keyword.word, "keyword.other.badugi") in _scoped(f"expect {keyword.word}")


def test_a_sample_is_read_as_vs_code_reads_it() -> None:
    sample = textwrap.dedent(
        '''\
        scenario s "t"
        profile pokerstars-2010 cap=5 bet_sizes=2,2,4,4  # why
        tags a-b
        """
        A story.
        """
        Di posts a live big blind of 2
        deal Ann A♥ 2♣ 3♠ 7♦ / Bob As 2h 3d Kd
        expect half low-2-7 of main pot 6 to Bob; session over Ann wins (bust); phase draw-1
        expect Bob holds 4-card 4-3-2-A (badugi)
        '''
    )
    scoped = dict(_scoped(sample))
    assert scoped["scenario"] == "keyword.control.statement.badugi"
    assert scoped["pokerstars-2010"] == "entity.name.type.profile.badugi"
    assert scoped["cap"] == "variable.parameter.badugi"
    assert scoped["2,2,4,4"] == "constant.other.value.badugi"
    assert scoped["# why"] == "comment.line.number-sign.badugi"
    assert scoped["a-b"] == "entity.name.tag.badugi"
    assert scoped["A story."] == "string.quoted.triple.badugi"
    assert scoped["live"] == scoped["half"] == scoped["bust"] == "keyword.other.badugi"
    assert scoped["A♥"] == scoped["Kd"] == "constant.character.card.badugi"
    assert scoped["Di"] == "variable.other.player.badugi"
    assert scoped["draw-1"] == "constant.language.phase.badugi"
    assert scoped["4-3-2-A"] == "constant.numeric.value.badugi"
    assert scoped["low-2-7"] == "entity.name.tag.badugi"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_is_coloured_throughout(path: Path) -> None:
    bare = [piece for piece, scope in _scoped(path.read_text(encoding="utf-8")) if not scope]
    assert bare == []
