"""docs/implementers.md against the code it describes.

Every JSON request and reply on the page is valid by the shipped schemas and is what our
server answers (or, for another implementation's `hello` or a `not-supported`, what our
server would say for such an implementation and how `verify`'s client reads it); the
low values are our engine's; the scenario lines pass; the pairwise `winners` rule gives
`compare`'s answer; the messages the page quotes are the code's; and no count of
scenarios is typed in outside a dated measurement.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cards import DECK, parse_cards
from badugi_spec.protocol import REQUEST_TYPES, validate
from badugi_spec.protocol.client import ProtocolImplementation
from badugi_spec.protocol.server import answer
from badugi_spec.rankings import RANKINGS, ranking
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES
from badugi_spec.scenario import ranked_values
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.coverage import suite_figures, value_line_figures
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import ImplementationError, Runner, Skip, ranking_skip
from badugi_spec.scenario.suite import parse_scenario

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "implementers.md"
OURS = "badugi-spec"


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _blocks(language: str) -> list[tuple[int, str]]:
    """The fenced blocks of `language` on the page: (line of the fence, body)."""
    found = []
    for match in re.finditer(rf"^```{language}\n(.*?)^```$", _page(), re.M | re.S):
        found.append((_page().count("\n", 0, match.start()) + 1, match.group(1)))
    return found


def _objects(body: str) -> Iterator[Any]:
    decoder = json.JSONDecoder()
    at = 0
    while True:
        while at < len(body) and body[at].isspace():
            at += 1
        if at == len(body):
            return
        item, at = decoder.raw_decode(body, at)
        yield item


def _exchanges(body: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A block's requests, each paired with the reply that follows it."""
    items = list(_objects(body))
    assert len(items) % 2 == 0, "every request is followed by its reply"
    pairs = list(zip(items[::2], items[1::2], strict=True))
    for request, reply in pairs:
        assert isinstance(request, dict) and "type" in request, request
        assert isinstance(reply, dict) and "ok" in reply, reply
    return pairs


JSON_BLOCKS = _blocks("json")


def _foreign(request: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Another implementation's hello, or a not-supported: not our server's answers."""
    hello_of_another = request["type"] == "hello" and reply.get("name") != OURS
    return hello_of_another or reply.get("error") == "not-supported"


def test_the_page_shows_the_exchanges_it_promises() -> None:
    assert len(JSON_BLOCKS) >= 8
    hellos = [
        reply
        for _, body in JSON_BLOCKS
        for request, reply in _exchanges(body)
        if request["type"] == "hello"
    ]
    # Version 2 first, an evaluator among them, every field of the handshake shown.
    assert hellos[0]["protocol"] == 2 and "play" not in hellos[0]["capabilities"]
    assert {"profiles", "rankings", "capabilities"} <= set(hellos[0])
    assert any(h["protocol"] == 2 and "play" in h["capabilities"] for h in hellos)
    assert hellos[-1]["protocol"] == 1
    assert _page().index("### The handshake") < _page().index("{#protocol-1}")


@pytest.mark.parametrize(("line", "body"), JSON_BLOCKS, ids=[f"line-{n}" for n, _ in JSON_BLOCKS])
def test_every_json_block_is_valid_requests_and_replies(line: int, body: str) -> None:
    for request, reply in _exchanges(body):
        assert validate(request, "request") == [], request
        assert validate(reply, "response") == [], reply


@pytest.mark.parametrize(("line", "body"), JSON_BLOCKS, ids=[f"line-{n}" for n, _ in JSON_BLOCKS])
def test_every_reply_of_ours_is_what_our_server_answers(line: int, body: str) -> None:
    """Each block is one session with our engine, request by request."""
    engine = EngineImplementation()
    for request, reply in _exchanges(body):
        if not _foreign(request, reply):
            assert answer(engine, request, version=version(OURS)) == reply, request


class _Declared:
    """An in-process implementation that declares what a page's `hello` says."""

    def __init__(self, hello: dict[str, Any]) -> None:
        self.name = hello["name"]
        self._capabilities = frozenset(hello["capabilities"])
        self.profiles = hello["profiles"]
        if "rankings" in hello:
            self.rankings = tuple(hello["rankings"])
        self._engine = EngineImplementation()

    def capabilities(self) -> frozenset[str]:
        return self._capabilities

    def start(self, case: dict[str, Any]) -> Any:
        raise Skip("no play")

    deal = act = start

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        return self._engine.evaluate(cards, ranking)

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        return self._engine.compare(hands, ranking)


class _Scripted:
    """A transport that answers `hello` with `hello` and the rest with `reply(request)`."""

    def __init__(self, hello: dict[str, Any], reply: Any = None) -> None:
        self.hello = hello
        self.reply = reply
        self.engine = EngineImplementation()

    def exchange(self, line: str, *, timeout: float) -> str:
        request = json.loads(line)
        if request["type"] == "hello":
            return json.dumps(self.hello)
        mine = self.reply(request) if self.reply is not None else None
        return json.dumps(mine if mine is not None else answer(self.engine, request))

    def stderr_tail(self) -> str:
        return ""

    def close(self) -> None:
        pass


def _client(hello: dict[str, Any], reply: Any = None) -> ProtocolImplementation:
    return ProtocolImplementation(lambda: _Scripted(hello, reply), timeout=1.0)


FOREIGN_HELLOS = [
    (request, reply)
    for _, body in JSON_BLOCKS
    for request, reply in _exchanges(body)
    if request["type"] == "hello" and reply.get("name") != OURS
]


@pytest.mark.parametrize(("request_", "reply"), FOREIGN_HELLOS, ids=lambda x: str(x.get("name")))
def test_another_implementations_hello_is_what_verify_reads(
    request_: dict[str, Any], reply: dict[str, Any]
) -> None:
    # The hello `verify` sends is the one on the page.
    sent: list[dict[str, Any]] = []

    class Recording(_Scripted):
        def exchange(self, line: str, *, timeout: float) -> str:
            sent.append(json.loads(line))
            return super().exchange(line, timeout=timeout)

    client = ProtocolImplementation(lambda: Recording(reply), timeout=1.0)
    assert client.capabilities() == frozenset(reply["capabilities"])
    assert sent == [request_]
    assert client.protocol == reply["protocol"] and client.name == reply["name"]
    assert client.profiles == frozenset(reply["profiles"])
    declared = reply.get("rankings")
    assert client.rankings == (None if declared is None else frozenset(declared))
    # Our server, serving an implementation that declares the same, answers the same.
    assert answer(_Declared(reply), request_, version=reply["version"]) == reply


def test_a_version_2_hello_without_profiles_is_refused_as_the_page_says() -> None:
    hello = {"ok": True, "protocol": 2, "name": "e", "version": "1", "capabilities": ["evaluate"]}
    with pytest.raises(ImplementationError) as refused:
        _client(hello).evaluate(["As", "2h", "3d", "4c"])
    assert f"`{refused.value}`" in " ".join(_page().split())


def test_the_not_supported_reply_skips_only_that_line_with_its_message() -> None:
    (request, refusal), *_ = [
        pair
        for _, body in JSON_BLOCKS
        for pair in _exchanges(body)
        if pair[1].get("error") == "not-supported"
    ]
    hello = next(reply for _, reply in FOREIGN_HELLOS if "play" not in reply["capabilities"])

    def four_cards_at_most(asked: dict[str, Any]) -> dict[str, Any] | None:
        hands = asked.get("hands") or [asked.get("cards", [])]
        return refusal if any(len(hand) > 4 for hand in hands) else None

    five = " ".join(request["cards"])
    scenario = parse_scenario(
        'scenario page-not-supported "t"\nrules R9.2\n'
        f"evaluate in badugi {five} is 4-card 8-4-3-2 (badugi)\n"
        "evaluate in badugi A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\n"
    )
    client = _client(hello, four_cards_at_most)
    result = Runner(client).run(compile_case(scenario))
    assert result.status == "passed", result.message
    assert result.message == f"partly run; 1 value lines skipped: {refusal['message']}"
    assert result.checks["evaluate"] == 1
    # A line it cannot answer at all is skipped, not failed: the client says Skip.
    with pytest.raises(Skip, match=refusal["message"]):
        client.evaluate(request["cards"], ranking=request["ranking"])


# ----- hand values ----------------------------------------------------------------------------


def _low_rows() -> list[list[str]]:
    header = "| ranking | cards | in a scenario | as JSON |"
    text = _page()
    assert text.count(header) == 1
    rows = []
    for line in text.split(header, 1)[1].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def test_the_low_values_on_the_page_are_our_engines() -> None:
    rows = _low_rows()
    categories = set()
    engine = EngineImplementation()
    for name, cards, written, as_json in rows:
        chosen = ranking(name)
        texts = [str(card) for card in parse_cards(cards)]
        value = engine.evaluate(texts, name)
        assert value == json.loads(as_json), (name, cards)
        strength = chosen.parse_value(written)
        assert chosen.describe(strength) == written and ranked_values.as_json(
            chosen, strength
        ) == json.loads(as_json)
        categories.add(value["category"])
    # Every category a low can have, and both lows' two pair, full house and wheel.
    assert categories == {category.value for category in LOW_2_7_RULES.categories}
    shown = {(name, json.loads(j)["category"]) for name, _, _, j in rows}
    for low in ("low-2-7", "low-a-5"):
        assert {(low, "two pair"), (low, "full house")} <= shown
    assert [r for r in rows if r[1] == "A♠ 2♥ 3♦ 4♣ 5♠"] and len(rows) >= 12


def test_the_page_lists_each_lows_categories_best_first() -> None:
    text = " ".join(_page().split())
    for name, rules in (("low-2-7", LOW_2_7_RULES), ("low-a-5", LOW_A_5_RULES)):
        listed = re.search(rf"`{name}` has (.+?)[;(]", text)
        assert listed is not None, name
        assert [part.strip() for part in listed.group(1).split(",")] == [
            category.value for category in rules.categories
        ]


def test_the_reading_order_message_the_page_quotes_is_the_checks() -> None:
    cards = [str(card) for card in parse_cards("9♠ 9♥ 4♦ 4♣ 2♠")]
    wrong = {"size": 5, "ranks": ["4", "4", "9", "9", "2"], "category": "two pair"}
    problem = ranked_values.problem(ranking("low-2-7"), cards, wrong)
    assert problem is not None and f"`{problem}`" in " ".join(_page().split())


def test_the_scenario_lines_on_the_page_pass_against_our_engine() -> None:
    (_, body), *more = _blocks("badugi")
    assert not more
    scenario = parse_scenario(f'scenario page-lows "t"\nrules R9.4\n{body}')
    case = compile_case(scenario)
    assert len(case["checks"]) == len(body.strip().splitlines())
    result = Runner(EngineImplementation()).run(case)
    assert result.status == "passed", result.divergence


def test_the_pairwise_winners_rule_gives_compares_answer() -> None:
    (_, code), *more = _blocks("python")
    assert not more
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    winners = namespace["winners"]
    engine = EngineImplementation()
    draw = random.Random(21)
    for name in (None, "badugi", "low-2-7", "low-a-5"):
        size = 5 if name and name.startswith("low") else 4

        def cmp(a: list[str], b: list[str], name: str | None = name) -> int:
            won = engine.compare([a, b], name)
            return 0 if len(won) == 2 else 1 if won == [0] else -1

        for _ in range(150):
            # Few ranks, so that ties and shared categories come up often.
            pool = [c for c in DECK if c.rank.order <= 6] if draw.random() < 0.5 else list(DECK)
            count = draw.randint(2, min(8, len(pool) // size))
            dealt = [str(c) for c in draw.sample(pool, count * size)]
            hands = [dealt[i * size : (i + 1) * size] for i in range(count)]
            assert winners(hands, cmp) == engine.compare(hands, name), (name, hands)


# ----- handshake, rankings and requests -----------------------------------------------------


def test_the_requests_table_lists_every_request() -> None:
    section = _page().split("\n## Requests\n", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"^\| `([a-z]+)` \|", section, re.M)
    assert tuple(named) == REQUEST_TYPES


class _Rankings:
    def __init__(self, rankings: frozenset[str] | None) -> None:
        self.rankings = rankings


def test_the_rankings_section_quotes_the_runners_reasons() -> None:
    text = " ".join(_page().split())
    five = {"op": "evaluate", "ranking": "badugi", "cards": ["2s", "2h", "3d", "4c", "8s"]}
    four = {"op": "evaluate", "ranking": "badugi", "cards": ["2s", "3h", "4d", "8c"]}
    low = {"op": "evaluate", "ranking": "low-2-7", "cards": ["2s", "3h", "4d", "5c", "7s"]}
    none, only_low = _Rankings(None), _Rankings(frozenset({"low-2-7"}))
    assert ranking_skip(none, four) is None  # type: ignore[arg-type]
    reason = ranking_skip(none, five)  # type: ignore[arg-type]
    assert reason is not None and f"`{reason}`" in text
    assert ranking_skip(none, low) == reason  # type: ignore[arg-type]
    # A list without badugi loses even the four-card badugi lines, as the page warns.
    other = ranking_skip(only_low, four)  # type: ignore[arg-type]
    assert other is not None and f"`{other.replace('badugi', 'NAME')}`" in text
    assert ranking_skip(_Rankings(frozenset()), four) is not None  # type: ignore[arg-type]
    assert "declares no rankings" in text and "does not allow `[]`" in text


def test_the_rankings_table_has_a_row_for_each_ranking() -> None:
    section = _page().split("{#rankings}", 1)[1].split("\n### ", 1)[0]
    rows = re.findall(
        r"^\| `in ([a-z0-9-]+)` \| <!--count:value-lines-\1-->[0-9,]+<!--/count--> \|",
        section,
        re.M,
    )
    assert rows == list(RANKINGS)
    assert "<!--count:value-lines-house-->" in section
    assert "<!--count:value-lines-undeclared-->" in section


def test_the_page_reads_well_raw_no_placeholder_and_no_orphaned_note() -> None:
    # On the forge the Markdown is read as written: counts show a figure, and every
    # comment that closes was opened.
    text = _page()
    assert "[[count:" not in text
    assert text.count("<!--") == text.count("-->")
    assert "both ngs" not in text


def test_the_value_line_counts_follow_the_runner() -> None:
    def line(op: str, ranking: str | None, *hands: int) -> dict[str, Any]:
        step: dict[str, Any] = {"op": op}
        if ranking is not None:
            step["ranking"] = ranking
        cards = [["As", "2h", "3d", "4c", "5s"][:n] for n in hands]
        if op == "evaluate":
            step["cards"] = cards[0]
        else:
            step["hands"] = cards
        return step

    cases: list[dict[str, Any]] = [
        {"checks": [line("evaluate", None, 4), line("compare", "badugi", 4, 3)]},
        {"checks": []},
        {"checks": [line("compare", "badugi", 5, 4), line("evaluate", "low-a-5", 5)]},
    ]
    found = value_line_figures(cases)
    assert found["value-lines"] == 4 and found["value-line-cases"] == 2
    assert found["value-lines-house"] == 1 and found["value-lines-badugi"] == 2
    assert found["value-lines-low-a-5"] == 1 and found["value-lines-low-2-7"] == 0
    assert found["value-lines-undeclared"] == 2  # the house line and the four-card badugi
    whole = suite_figures(ROOT / "scenarios")
    assert whole["value-lines"] == whole["value-lines-house"] + sum(
        whole[f"value-lines-{name}"] for name in RANKINGS
    )
    assert whole["value-lines-house"] <= whole["value-lines-undeclared"] < whole["value-lines"]


# ----- counts --------------------------------------------------------------------------------

_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_TYPED_COUNT = re.compile(r"(?<![\w.,-])\d[\d,]*\s+scenarios\b")


def _undated_counts(markdown: str) -> list[str]:
    """Each sentence that types a number of scenarios without the date it was measured."""
    found = []
    for paragraph in re.split(r"\n\s*\n", markdown):
        text = " ".join(paragraph.split())
        for match in _TYPED_COUNT.finditer(text):
            starts = [m.end() for m in re.finditer(r"[.:!?] (?=[A-Z])", text[: match.start()])]
            start = starts[-1] if starts else 0
            end = re.search(r"[.:!?](?: [A-Z]|$)", text[match.end() :])
            sentence = text[start : match.end() + (end.start() + 1 if end else len(text))]
            if not _DATE.search(sentence):
                found.append(sentence)
    return found


def test_the_count_check_can_fail() -> None:
    assert _undated_counts("The suite holds 336 scenarios. Measured on 2026-12-01.") == [
        "The suite holds 336 scenarios."
    ]
    assert _undated_counts("On 2026-12-01, when it held 1,105 scenarios, it took 3 s.") == []
    assert _undated_counts("It holds [[count:scenarios]] scenarios.") == []


def test_no_count_of_scenarios_is_typed_in_outside_a_dated_measurement() -> None:
    assert _undated_counts(_page()) == []
