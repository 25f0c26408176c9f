"""`fuzz` of issue 34: rule coverage, guided trials, targets, labels by field, errors and
our own engine's broken properties as findings. Each test is in-process and small."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.commands.fuzz_mutants_cmd import compared, seed_range
from badugi_spec.engine.deck import shuffled
from badugi_spec.fuzz import answers, coverage, decks, waypoints
from badugi_spec.fuzz import campaign as campaign_module
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.corpus import Corpus
from badugi_spec.fuzz.finding import error_class
from badugi_spec.fuzz.game import play
from badugi_spec.fuzz.guide import Guide, feeds
from badugi_spec.fuzz.label import field_rule, key_of
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.trial import Setting, Trial
from badugi_spec.mutants.catalogue import CATALOGUE
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Divergence, ImplementationError, Runner
from badugi_spec.scenario.suite import load_suite, run_suite
from badugi_spec.simulation.history import Broken

HOUSE = Plan(Setting((profiles.get("house"),), seats=(2, 3)), ())


def _every() -> Plan:
    return Plan(Setting(tuple(profiles.get(name) for name in profiles.names())), ())


def test_coverage_reads_rules_and_waypoints_from_our_engine() -> None:
    tally = coverage.Coverage()
    for number in range(6):
        tally.add(coverage.reached(_every().trial(2, number)[0]))
    data = tally.as_json()
    assert data["trials"] == 6
    assert {"R1.7", "R3.5", "R4.2"} <= set(data["rules"])  # events, refusals, draws
    assert "showdown" in data["waypoints"]
    # What was never reached is named, from the rulebook, and is what has no hit.
    assert data["never"] and not set(data["never"]) & set(data["rules"])
    assert set(data["never"]) | set(data["rules"]) == set(coverage.every_rule())
    text = "\n".join(coverage.table(data))
    assert "rules never reached" in text and "R1.7" in text


def test_a_tied_side_pot_and_its_odd_chip_are_waypoints_of_r8_15() -> None:
    found = waypoints.expected(
        "side pot 1 5 between Ann, Bob, Cy to Ann 3, Bob 2", capped=True, names=3
    )
    assert found == {"side-pot", "tied-pot", "tied-side-pot", "odd-chip"}
    assert waypoints.waypoint_rule("odd-chip") == "R8.15"
    assert waypoints.waypoint_rule("refused:deck-short") == "R4.6"


@pytest.mark.parametrize(
    ("texts", "wanted", "unwanted"),
    [
        (["R8.15"], {"R8.15", "odd-chip", "tied-side-pot"}, {"R8.14"}),
        (["R8.8-R8.10"], {"R8.8", "R8.9", "R8.10", "short-all-in"}, {"R8.11"}),
        (["last-card", "R4.4"], {"last-card", "R4.4"}, {"R8.19"}),
    ],
)
def test_targets(texts: list[str], wanted: set[str], unwanted: set[str]) -> None:
    aimed = coverage.targets(texts)
    assert wanted <= aimed and not unwanted & aimed


@pytest.mark.parametrize(
    ("target", "message"),
    [("R8.10-R8.8", "within one chapter"), ("tied-pt", "did you mean tied-pot")],
)
def test_a_bad_target_is_one_line(
    target: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fuzz", "--impl", "x", "--target", target, "-q"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _fake(number: int) -> tuple[Any, list[int]]:
    """Trial `number` as a fake engine plays it: what it reached, and its stream."""
    return frozenset({f"R{number % 7}.1", f"w{number % 5}"}), [number % 3, number % 5, number, 4]


def _itself(trial: Any) -> frozenset[str]:
    return frozenset(trial)


def test_a_guided_trial_is_the_same_in_any_process() -> None:
    """Shard-safe: trial 60's lead is the same in a process that played 0 to 59 (offering
    each to the guide) and in one that plays 60 alone (another shard, or `--hand 1:60`),
    which learns the feeders on its own; the corpus holds feeders only."""
    whole = Guide(1, lambda n, lead: _fake(n), _itself)
    leads = []
    for number in range(60):
        leads.append(whole.lead(number))
        whole.offer(number, *_fake(number))
    alone = Guide(1, lambda n, lead: _fake(n), _itself)
    assert alone.lead(60) == whole.lead(60)
    assert alone.lead(45) == leads[45]  # and any earlier one, asked later
    assert len(whole.corpus.entries) >= 8
    assert all(feeds(e.number) for e in whole.corpus.entries)
    assert any(lead.parent >= 0 for lead in leads) and any(lead.swarm for lead in leads)
    unguided = Guide(1, lambda n, lead: None, lambda t: frozenset(), on=False)
    assert unguided.lead(30).prefix == () and not unguided.lead(30).swarm


def _d(expected: str, actual: str) -> Divergence:
    return Divergence(line=9, column=1, source=expected, expected=expected, actual=actual)


@pytest.mark.parametrize(
    ("kind", "expected", "actual", "rule"),
    [
        ("burns", "burns 1", "burns 0", "R4.4"),
        ("legal", "legal call 2, fold", "legal call 2, fold, raise to 10", "R3.6"),
        ("legal", "legal call 2, fold", "legal call 2", "R4.2"),  # the rule at play stays
        ("main pot", "main pot 5 between A, B to A 3, B 2", "main pot 5 between A, B to A 2, B 3", "R8.15"),
        ("side pot", "side pot 4 between A, B to A 4", "side pot 4 between A, B, C to A 4", "R8.13"),
    ],
)  # fmt: skip
def test_a_divergence_is_labelled_by_the_rule_of_its_field(
    kind: str, expected: str, actual: str, rule: str
) -> None:
    assert field_rule(kind, _d(expected, actual), "R4.2", capped=True) == rule


class _Breaks(EngineImplementation):
    """Our engine, but it breaks (an internal error) when a third player acts: a fake
    implementation that errors on some hands."""

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        if step["player"] == "Cy":
            raise ImplementationError("internal: KeyError: 'Cy' (seat 2 of 3)")
        return super().act(step)


def test_an_error_is_a_finding_shrunk_to_a_file_that_reproduces_it(tmp_path: Path) -> None:
    plan = Plan(Setting((profiles.get("pokerstars-2010"),), seats=(3, 6)), ())
    campaign = Campaign(_Breaks(), plan, seed=3, out=tmp_path, budget=20, with_variants=False)
    for number in range(3):
        campaign.run(number)
    # (Our own engine may break a property in these trials too: that is another finding.)
    (finding,) = [f for f in campaign.findings.values() if f.status == "errored"]
    assert finding.verified and finding.repeats >= 1
    assert finding.lines < finding.original_lines
    text = Path(finding.path).read_text("utf-8")
    assert "KeyError" in text.split("scenario ")[0]  # the error in its comment
    suite = load_suite([finding.path])
    assert run_suite(_Breaks(), suite)[0].status == "errored"
    assert run_suite(EngineImplementation(), suite)[0].status == "passed"
    assert error_class("internal: KeyError: 'Dee' (seat 3 of 4)") == error_class(finding.message)


def test_a_broken_property_of_our_engine_fails_the_run_with_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted broken property (any hand at three seats or more): a finding against our
    engine, shrunk (to three seats) and written, and the run exits 1."""

    def planted(trial: Any) -> list[Broken]:
        if len(trial.names) >= 3:
            return [Broken("R8.13", "pots-hold-the-chips", f"{len(trial.names)} seats")]
        return []

    monkeypatch.setattr(campaign_module, "_broken", planted)
    report = tmp_path / "report.json"
    code = main(
        ["fuzz", "--impl", f"{sys.executable} -m badugi_spec serve", "--profile", "no-limit", "--hands", "3",
         "--seats", "3-4", "--budget", "15", "--no-values", "-q", "--out", str(tmp_path),
         "--json", str(report)]
    )  # fmt: skip
    assert code == 1
    data = json.loads(report.read_text("utf-8"))
    (finding,) = data["findings"]
    assert finding["status"] == "engine" and finding["rule"] == "R8.13"
    assert finding["file"] and "OWN engine" in Path(finding["file"]).read_text("utf-8")
    assert data["tally"]["statuses"].get("engine") == 3


def test_fuzz_mutants_compares_two_runs_mutant_by_mutant() -> None:
    before = [{"mutant": "no-burn", "rule": "R4.4", "found": False, "trials": 31}]
    after = [
        {"mutant": "no-burn", "rule": "R4.4", "found": True, "trial": 16, "after": 4.25,
         "kind": "burns at R4.4"},
        {"mutant": "aces-high", "rule": "R1.2", "found": True, "trial": 0, "after": 1.0,
         "kind": "shows at R8.22"},
    ]  # fmt: skip
    table = compared(before, after)
    assert table[2] == "| `no-burn` | R4.4 | missed (31 trials) | 17 / 4.2 s | burns at R4.4 |"
    assert table[3].startswith("| `aces-high` | R1.2 | - | 1 / 1.0 s |")


def test_fuzz_mutants_over_several_seeds_compares_seed_by_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--seeds 1-3` fuzzes each mutant once per seed; a run before it (one seed, named in
    the file's head) is compared with the same seed's row only."""
    assert seed_range("1-3") == [1, 2, 3] and seed_range("4") == [4]
    for bad in ("3-1", "1-20", "a-b"):
        assert main(["fuzz-mutants", "--seeds", bad, "--only", "aces-high"]) == 2
        err = capsys.readouterr().err
        assert "--seeds" in err and "Traceback" not in err
    before = [{"mutant": "no-burn", "rule": "R4.4", "seed": 1, "found": False, "trials": 31}]
    after = [
        {"mutant": "no-burn", "rule": "R4.4", "seed": seed, "found": True, "trial": 16 + seed,
         "after": 4.0, "kind": "burns at R4.4"}
        for seed in (1, 2)
    ]  # fmt: skip
    table = compared(before, after)
    assert table[2].startswith("| `no-burn` (seed 1) | R4.4 | missed (31 trials) | 18 / 4.0 s")
    assert table[3].startswith("| `no-burn` (seed 2) | R4.4 | - | 19 / 4.0 s")


# ----- swarm switches, rigged decks and the waypoints of two rare mutants ----------------


def _swarmed(profile: str, swarm: set[str], number: int) -> tuple[Trial, list[int]]:
    choices = Choices(trial_random(3, number), (), frozenset(swarm))
    return play(choices, Setting((profiles.get(profile),)), seed=3, number=number), choices.record


def test_the_rigs_deal_shared_ranks_and_suits_and_keep_the_deck() -> None:
    deck = shuffled(7)
    ranks, suits = decks.rigged(deck, "shared-ranks"), decks.rigged(deck, "shared-suits")
    assert decks.rigged(deck, "") == deck
    assert sorted(map(str, ranks)) == sorted(map(str, deck)) == sorted(map(str, suits))
    assert len({card.rank for card in ranks[:16]}) == decks.SHARED_RANKS
    assert ranks[16].rank not in {card.rank for card in ranks[:16]}
    assert len({card.suit for card in suits[:26]}) == decks.SHARED_SUITS
    assert decks.rig_weights(frozenset({"shared-suits", "folds"})) == (0.0, 0.0, 1.0)
    assert decks.rig_weights(frozenset({"folds"})) == (1.0, 0.0, 0.0)


@pytest.mark.parametrize("rig", ["shared-ranks", "shared-suits", "ties"])
def test_a_swarm_s_rig_is_dealt_and_replays_from_the_stream_alone(rig: str) -> None:
    trial, record = _swarmed("house", {rig, "sessions"}, 4)
    if rig == "ties":
        assert trial.mirrored and not trial.rig
    else:
        assert trial.rig == rig and trial.decks[0] == decks.rigged(trial.decks[0], rig)
    again = play(Choices(None, record), Setting((profiles.get("house"),)), seed=3, number=4)
    assert again.text() == trial.text() and again.rig == trial.rig


def test_a_swarm_drops_short_stacks_and_busts_and_leans_on_sessions() -> None:
    full = profiles.get("house").starting_stack
    plain = [_swarmed("house", set(), n)[0] for n in range(30)]
    dropped = [_swarmed("house", {"short-stacks", "busts"}, n)[0] for n in range(30)]
    sessions = [_swarmed("house", {"sessions"}, n)[0] for n in range(30)]
    assert any(min(t.stacks) < full for t in plain)
    assert all(t.stacks == (full,) * len(t.stacks) for t in dropped)
    several = sum(t.hands > 1 for t in sessions)
    assert several > sum(t.hands > 1 for t in plain) and several >= 15


@pytest.mark.parametrize(
    ("mutant", "profile", "point", "swarm"),
    [
        ("dead-button-moves-like-the-button", "wsop-2023", "dead-button", {"sessions"}),
        ("half-bet-all-in-is-a-level", "pokerstars-2010", "half-bet-completed", set()),
    ],
)
def test_a_waypoint_of_a_rare_mutant_is_where_it_is_caught(
    mutant: str, profile: str, point: str, swarm: set[str]
) -> None:
    """Most trials that reach the waypoint fail against the mutant, few others do: the
    waypoint is where it is caught, so the corpus keeps and mutates those trials."""
    caught = next(m for m in CATALOGUE if m.name == mutant)
    run = Runner(MutantImplementation(caught), every_order=False, unreported_skips_case=False)
    tally: Counter[tuple[bool, str]] = Counter()
    for number in range(24):
        trial = _swarmed(profile, swarm, number)[0]
        reached = point in waypoints.waypoints(trial)
        tally[reached, run.run(load(trial.text())).status] += 1
    at = tally[True, "failed"] + tally[True, "passed"]
    assert at >= 3 and tally[True, "failed"] >= 0.7 * at
    assert tally[False, "failed"] <= 0.2 * (24 - at)


def test_an_answer_that_breaks_a_property_is_labelled_with_its_rule() -> None:
    trial = _swarmed("house", set(), 1)[0]
    index = max(i for i, s in enumerate(trial.statements) if s.text.startswith("stacks "))
    names = trial.names
    total = sum(trial.starts[trial.statements[index].hand][0].values())
    fair = "stacks " + ", ".join(f"{n} {total - 1 if i == 0 else 1}" for i, n in enumerate(names))
    made = "stacks " + ", ".join(f"{n} {total if i == 0 else 1}" for i, n in enumerate(names))
    assert answers.broken(trial, index, fair) == ""  # chips moved, none made: the field's rule
    assert answers.broken(trial, index, made) == "R5.8"
    assert answers.pot_shares(trial, 0, "main pot 5 between A, B to A, B (A 3, B 3)") == "R8.14"
    assert answers.pot_shares(trial, 0, "main pot 5 between A, B to A, B (A 3, B 2)") == ""
    assert answers.pot_shares(trial, 0, "main pot 5 between A to A (A 4); also B 1") == ""
    assert answers.pot_shares(trial, 0, "half low of main pot 5 to A 1") == "R8.14"
    _text, where = trial.render()
    line = next(line for line, held in where.items() if index in held)
    d = Divergence(
        line=line, column=1, source=trial.statements[index].text, expected="", actual=made
    )
    assert key_of(trial, where, d)[0] == ("R5.8", "stacks")


def test_the_corpus_mutates_every_profile_as_often() -> None:
    """Entries are picked by first choice (a play trial's profile) first: a profile with
    one entry is mutated as often as one with many, and one with none yet gets fresh
    trials of its own, so no profile's corners are starved."""
    corpus = Corpus()
    for number in range(9):
        corpus.offer(number, (0, number), frozenset({f"R{number}.1"}))
    corpus.offer(9, (1, 5), frozenset({"R20.1"}))
    corpus.offer(10, (2,), frozenset())  # nothing new: no entry, but profile 2 is seen
    rng = random.Random(5)
    picks = [corpus.pick(rng) for _ in range(300)]
    groups = Counter(e.stream[:1] for e in picks if e)
    fresh = Counter(e.stream[:1] for e in picks if e and e.number < 0)
    assert set(groups) == {(0,), (1,), (2,)} and min(groups.values()) > 70
    assert fresh[2,] == groups[2,]  # no entry yet: always a fresh trial of it
    assert 0.3 < fresh[1,] / groups[1,] < 0.7  # one entry: a fresh trial one time in two
    assert fresh[0,] < 0.25 * groups[0,]  # nine: one time in ten
