"""Lessons 3 to 5: fixed limit, pot limit, and no limit, half-pot and spread.

Each plays the same six-seat start under the structure's profile; every size, range and
sum is read from the engine at that moment (`sums` works the sums out and checks them).
"""

from __future__ import annotations

from badugi_spec import profiles
from badugi_spec.engine import Kind

from ..learn import RuleLink
from .model import Lesson, others
from .play import play
from .quiz import ask
from .replay import Recording, replayer_html
from .sums import (
    half_pot_steps,
    least_raise_steps,
    pot_limit_steps,
    refused,
    spot,
    spread_steps,
    steps_html,
)
from .table import SIX

ROUNDS = (
    "before the first draw",
    "after the first draw",
    "after the second draw",
    "after the third draw",
)


def fixed_limit(rule_link: RuleLink) -> Lesson:
    name = "pokerstars-2010"
    profile = profiles.get(name)
    played = play(name, hands=SIX)
    rows = ["| Who | Does | Puts in | Round total | Pot |", "| --- | --- | --- | --- | --- |"]
    for who in ("Dan", "Eve", "Fay"):
        to = played.legal()[Kind.RAISE].to
        step = played.act(who, Kind.RAISE, to)
        rows.append(f"| {who} | raises to {to} | {step.adds} | {to} | {step.pot_after} |")
    ann_options = played.legal()
    capped = Kind.RAISE not in ann_options
    ann = played.act("Ann", Kind.FOLD)
    rows.append(f"| Ann | folds | {ann.adds} | – | {ann.pot_after} |")
    bob = played.act("Bob", Kind.CALL)
    rows.append(f"| Bob | calls | {bob.adds} | {played.hand.bet_to_match} | {bob.pot_after} |")
    sizes = " | ".join(str(size) for size in profile.bet_sizes)
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    levels = profile.cap
    eve_to = played.steps[1].level_after
    answer_cap = "No: the betting is capped" if capped else f"Yes, to {ann_options[Kind.RAISE].to}"
    body = f"""
In **fixed limit** every bet and every raise has one size, set by the round. You never
choose an amount, only whether to bet, call, raise, check or fold ({rule_link("R3.2")}).

| Round | {" | ".join(r.capitalize() for r in ROUNDS)} |
| --- | --- | --- | --- | --- |
| Bet size | {sizes} |

The first two rounds play the **small bet** ({small}); the last two the **big bet** ({big}).
A raise adds one bet to the bet you face. Players say "**raises to** {eve_to}": the
raiser's total for this round becomes {eve_to}, however much of it was in already. So a
player who has a blind in puts in less to reach the same total.

A round allows {levels} bets in all, the big blind counting as the first: after that the
betting is **capped** and players can only call or fold ({rule_link("R8.6")}).

Here Dan, Eve and Fay each raise in turn before the first draw, as the engine played it:

{chr(10).join(rows)}

With Fay's raise to {played.steps[2].level_after} the round holds its {levels} bets, so Ann
may only call or fold. Bob's small blind was already in, so his call is
{bob.adds} chips to reach {played.hand.bet_to_match}.
"""
    fay_to = played.steps[2].level_after
    questions = (
        ask(
            "What does one bet cost after the second draw?",
            right=profile.bet_sizes[2],
            wrong=others(profile.bet_sizes[2], small, small * 3, big * 2),
            why=f"The last two rounds use the big bet, {big}; the first two the small bet,"
            f" {small}.",
        ),
        ask(
            "Dan acts first, facing the big blind. If he raises, he raises to how much?",
            right=played.steps[0].level_after,
            wrong=others(played.steps[0].level_after, small, small * 3, big * 2),
            why=f"A raise adds one small bet ({small}) to the bet of"
            f" {played.steps[0].level_before}: he raises to {played.steps[0].level_after}.",
        ),
        ask(
            f"Bob posted the small blind ({profile.small_blind}). To call Fay's raise to"
            f" {fay_to}, how many more chips does he put in?",
            right=bob.adds,
            wrong=others(bob.adds, fay_to, fay_to + profile.small_blind, small),
            why=f"The round total is {fay_to} and {profile.small_blind} of it is in already:"
            f" {fay_to} − {profile.small_blind} = {bob.adds}.",
        ),
        ask(
            f"Fay has raised to {fay_to}. Can Ann raise?",
            right=answer_cap,
            wrong=others(
                answer_cap,
                f"Yes, to {fay_to + small}",
                f"Yes, to {fay_to * 2}",
                "No: the button may never raise",
            ),
            why=f"The big blind and {levels - 1} raises make {levels} bets: the cap. Ann can"
            " only call or fold.",
        ),
    )
    return Lesson(
        "fixed-limit",
        "Fixed limit: one size per round",
        "every bet and raise is one fixed size, small early and big late, up to a cap.",
        body,
        questions,
    )


def pot_limit(rule_link: RuleLink) -> Lesson:
    recording = Recording()
    played = play("pot-limit", hands=SIX, watch=recording)
    dan = spot(played)
    dan_steps = pot_limit_steps(dan)
    played.act("Dan", Kind.CALL)
    eve = spot(played)
    eve_steps = pot_limit_steps(eve)
    too_big = refused(played, eve.most + 1)
    played.act("Eve", Kind.RAISE, eve.most)
    fay = spot(played)
    fay_steps = pot_limit_steps(fay)
    played.act("Fay", Kind.FOLD)
    played.act("Ann", Kind.FOLD)
    bob = spot(played)
    bob_steps = pot_limit_steps(bob)
    body = f"""
In **pot limit** you choose how much to bet or raise, from a minimum up to **the size of the
pot** ({rule_link("R14.4")}). There is no cap on the number of raises. The only hard part
is the sum, and it always goes in the same three steps: **call first, count the pot, raise
by that pot.**

Same six players, blinds of {played.hand.profile.small_blind} and
{played.hand.profile.big_blind}. Dan acts first. His largest raise:
{steps_html(dan_steps)}
Dan just calls ("limps") instead. Now Eve raises as much as she may, "to the pot":
{steps_html(eve_steps)}
The engine's legal range for Eve is a raise to {eve.least} up to {eve.most}: the same
figure. Asked for one chip more, it refuses: `{too_big}`.

Then Fay faces Eve's raise:
{steps_html(fay_steps)}
Fay and Ann fold. Bob, in the small blind, faces the same raise, but his blind is in
already, so his call is smaller and so is his pot raise:
{steps_html(bob_steps)}
The smallest raise is the size of the last raise again ({rule_link("R14.3")}): Eve could
have raised to {eve.least}, and after her raise of {eve.most - eve.level}, Fay needs to
reach at least {fay.least}.
"""
    questions = (
        ask(
            f"Blinds of {played.hand.profile.small_blind} and {played.hand.profile.big_blind};"
            " Dan acts first. What is the largest raise he can make (to)?",
            right=dan.most,
            wrong=others(dan.most, dan.pot, dan.after_call, dan.pot * 2, dan.most + 2),
            why=" ".join(dan_steps).replace("**", ""),
        ),
        ask(
            f"Dan calls. How much is in the pot after Eve's call of {eve.call}?",
            right=eve.after_call,
            wrong=others(eve.after_call, eve.pot, eve.most, eve.after_call + eve.level),
            why=eve_steps[1].replace("**", ""),
        ),
        ask(
            "So Eve raises the pot. To how much?",
            right=eve.most,
            wrong=others(eve.most, eve.after_call, eve.pot, eve.most + eve.level),
            why=" ".join(eve_steps).replace("**", ""),
        ),
        ask(
            f"Eve raised to {eve.most}. Fay raises the pot: to how much?",
            right=fay.most,
            wrong=others(fay.most, fay.after_call, eve.most * 2, fay.pot + eve.most * 2),
            why=" ".join(fay_steps).replace("**", ""),
        ),
        ask(
            f"And Bob, with his small blind of {bob.committed} in, facing the same raise?",
            right=bob.most,
            wrong=others(bob.most, fay.most, bob.after_call, bob.most + bob.committed),
            why=" ".join(bob_steps).replace("**", ""),
        ),
    )
    return Lesson(
        "pot-limit",
        "Pot limit: raise the pot, step by step",
        "the largest raise is the bet you call plus the pot after your call.",
        body,
        questions,
        replayer=replayer_html(played, recording, label="Pot limit: up to Bob's decision"),
    )


def other_structures(rule_link: RuleLink) -> Lesson:
    # The same spot in every structure: Dan limps, Eve is to act.
    spots = {}
    for name in ("pot-limit", "no-limit", "half-pot", "spread-2-5"):
        played = play(name, hands=SIX)
        played.act("Dan", Kind.CALL)
        spots[name] = (played, spot(played))
    nl_played, nl = spots["no-limit"]
    hp_profile = profiles.get("half-pot")
    hp = spots["half-pot"][1]
    hp_steps = half_pot_steps(hp, rounding=hp_profile.half_pot_rounding)
    sp_profile = profiles.get("spread-2-5")
    sp = spots["spread-2-5"][1]
    sp_steps = spread_steps(sp, low=sp_profile.spread_min, high=sp_profile.spread_max)
    stack = nl_played.hand.stacks[4] + nl_played.hand.committed[4]
    pot_raise = spots["pot-limit"][1].most  # the pot, as an amount anyone can follow
    nl_played.act("Eve", Kind.RAISE, pot_raise)
    reraise = spot(nl_played)
    reraise_steps = least_raise_steps(reraise)
    rows = ["| Structure | Eve may raise to | Rule |", "| --- | --- | --- |"]
    for name, (_, s) in spots.items():
        profile = profiles.get(name)
        top = f"{s.most} (all her chips)" if s.most >= stack else str(s.most)
        rows.append(
            f"| {profile.betting} | {s.least} to {top} | {rule_link(profile.chapter + '.1')} |"
        )
    body = f"""
Pot limit is one of four ways to size bets beside fixed limit ({rule_link("R14.1")}). Same
table, same start: Dan calls the big blind of 2, and Eve may raise. This is what the engine
allows her in each:

{chr(10).join(rows)}

**No limit**: any raise from the minimum up to everything you have ({rule_link("R14.5")}).
The minimum is what makes it interesting. Say Eve raises to {pot_raise}; Fay's smallest
raise:
{steps_html(reraise_steps)}
**Half-pot limit**: as pot limit, but the raise is half the pot after the call
({rule_link("R14.7")}):
{steps_html(hp_steps)}
**Spread limit** ({sp_profile.spread_min} to {sp_profile.spread_max}): every bet or raise
is any amount in the spread, never less than the last raise ({rule_link("R14.8")}):
{steps_html(sp_steps)}
"""
    questions = (
        ask(
            "No limit, Dan has called 2. What is the most Eve may raise to?",
            right="All her chips" if nl.most >= stack else nl.most,
            wrong=["The pot", "Twice the big blind", "Half the pot"],
            why=f"In no limit the top is your whole stack: {stack} chips here.",
        ),
        ask(
            f"No limit: Eve raises to {pot_raise}. What is the least Fay may raise to?",
            right=reraise.least,
            wrong=others(reraise.least, pot_raise + 2, pot_raise * 2, reraise.least - 2),
            why=" ".join(reraise_steps).replace("**", ""),
        ),
        ask(
            "Half-pot limit, Dan has called 2. What is the most Eve may raise to?",
            right=hp.most,
            wrong=others(hp.most, spots["pot-limit"][1].most, hp.after_call, hp.most + 1),
            why=" ".join(hp_steps).replace("**", ""),
        ),
        ask(
            f"Spread limit {sp_profile.spread_min} to {sp_profile.spread_max}, Dan has called 2."
            " What is the most Eve may raise to?",
            right=sp.most,
            wrong=others(sp.most, sp_profile.spread_max, sp.after_call, sp.most + 2),
            why=" ".join(sp_steps).replace("**", ""),
        ),
    )
    return Lesson(
        "big-bet",
        "No limit, half-pot and spread",
        "the same raise under three other structures: the stack, half the pot, a spread.",
        body,
        questions,
    )
