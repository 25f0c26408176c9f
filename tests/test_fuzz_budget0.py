"""A campaign with no shrink budget (`fuzz --budget 0`) still writes its findings: the
unshrunk trial cut at its divergent hand never names a player the cut does not seat."""

from __future__ import annotations

from badugi_spec import profiles
from badugi_spec.fuzz.campaign import Campaign
from badugi_spec.fuzz.cut import from_hand
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting, Statement, Trial
from badugi_spec.mutants import BY_NAME
from badugi_spec.mutants.implementation import MutantImplementation


def _busted_then(line: str) -> Trial:
    """Three players; Cy busts in hand 1, and hand 2 has `line`."""
    trial = Trial(1, 0, profiles.get("wsop-2023"), (), ("Ann", "Bob", "Cy"), (9, 9, 2), 0)
    trial.starts = {1: ({"Ann": 9, "Bob": 9, "Cy": 2}, "Ann"), 2: ({"Ann": 11, "Bob": 9}, "Bob")}
    trial.decks = [(), ()]
    trial.statements = [
        Statement("hand", "hand 1", 1),
        Statement("expect", "stacks Ann 11, Bob 9, Cy 0", 1),
        Statement("hand", "hand 2", 2),
        Statement("expect", line, 2),
    ]
    return trial


def test_a_cut_that_would_name_a_busted_player_is_not_made() -> None:
    # A dead button on the busted seat (R8.23): the cut seats Ann and Bob only.
    assert from_hand(_busted_then("button Cy"), 2) is None
    cut = from_hand(_busted_then("button Bob"), 2)
    assert cut is not None and cut.names == ("Ann", "Bob")


def test_an_unshrunk_campaign_against_a_mutant_does_not_stop_on_its_own_scenario() -> None:
    # Trial 14 of seed 1 diverges in a later hand where a player without chips sits out;
    # unshrunk, the cut at that hand said `Eve sits out` without seating Eve, and the
    # campaign stopped: "unknown player 'Eve'".
    setting = Setting(tuple(profiles.get(n) for n in profiles.names()), overrides=True)
    impl = MutantImplementation(BY_NAME["no-check-raise"])
    campaign = Campaign(impl, Plan(setting, ()), seed=1, out=None, budget=0, defer_engine=True)
    assert campaign.run(14) == "diverged"
    assert any(f.status != "engine" for f in campaign.findings.values())
