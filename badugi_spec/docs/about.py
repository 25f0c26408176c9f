"""The "About these rules" page: where the rules come from and the decisions they cite.

The rulebook cites "(house notes, decision N)" wherever the house text is silent or
ambiguous. This module holds those decisions in the project's own words, and turns every
such citation in rule text into a link to its decision on this page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from badugi_spec.rules import Rule

ABOUT_PAGE: Final = "about.md"


@dataclass(frozen=True, slots=True)
class Decision:
    number: int
    title: str
    text: str


DECISIONS: Final = (
    Decision(
        1,
        "The big blind's option",
        "The big blind is a forced bet, not a move the player chose. So when the dealer only"
        " calls before the first draw, the big blind still gets to act: check to end the"
        " round, or raise.",
    ),
    Decision(
        2,
        "The cap",
        "A round allows one bet and three raises. Before the first draw the big blind is"
        " the bet, so the round tops out at 8 chips a player (2, 4, 6, 8). After the first"
        " draw the most is 8 again; after the second and third it is 16 (4, 8, 12, 16)."
        " That makes 48 chips a player in a whole hand, so with 100 chips nobody is all-in"
        " in a single hand: short stacks come later in a session, or from a scenario.",
    ),
    Decision(
        3,
        "Folding when checking is free",
        "With nothing to call the choices are check or bet. A fold there is refused as an"
        " illegal action rather than accepted as giving up.",
    ),
    Decision(
        4,
        "Dealing",
        "Four cards each, one at a time, big blind first. From the top of the deck the big"
        " blind gets cards 1, 3, 5 and 7, the dealer 2, 4, 6 and 8.",
    ),
    Decision(
        5,
        "Draw order and burns",
        "Each draw burns exactly one card, even when both players stand pat, before any"
        " replacement is dealt. The big blind declares and is served first, then the"
        " dealer, who already knows how many cards the big blind took. Discards and burns"
        " never come back; a hand uses at most 8 + 3 × 8 + 3 = 35 cards, so two players"
        " never run out.",
    ),
    Decision(
        6,
        "Short stacks",
        "A player who cannot cover a call or a blind puts in everything; the part of the"
        " other player's chips that is not covered goes back to them. A player with more"
        " than a call but less than a full raise may go all-in for what they have. Once a"
        " player is all-in nobody bets again, but the remaining draws are still played.",
    ),
    Decision(
        7,
        "The odd chip",
        "With two players a split pot is always even, because once uncovered chips are"
        " returned both have put in the same amount. The house's odd-chip rule stays in"
        " the book for multi-way games, where folded players leave chips behind.",
    ),
    Decision(
        8,
        "What 'the pot' means",
        "Every chip put in during the hand, blinds and the current round's bets included,"
        " counted before any uncovered part is given back.",
    ),
    Decision(
        9,
        "Button and session",
        "The button moves every hand. A session lasts 12 hands, or ends sooner when a"
        " player has no chips; the bigger stack wins it and equal stacks draw. Who deals"
        " the first hand is part of setting the session up.",
    ),
    Decision(
        10,
        "Shuffle and cut",
        "Shuffling and cutting give one deck order. A scenario either writes that order"
        " down (or the cards dealt and drawn, from which it follows) or asks for a shuffle"
        " from a numbered seed.",
    ),
)

_CITATION: Final = re.compile(r"\(house notes, (decisions? [\d ,and]+)\)")
_NUMBER: Final = re.compile(r"\d+")
_HOUSE_TEXT: Final = re.compile(r"\b[Tt]he house text\b")
PROJECT_READING: Final = "(project reading; the house notes are silent)"


@dataclass(frozen=True, slots=True)
class Choice:
    """A point the family's sources settle differently, and the default the profiles take."""

    title: str
    rule: str
    parameter: str
    text: str


CHOICES: Final = (
    Choice(
        "The odd chip between the halves of a split pot",
        "R8.30",
        "odd_chip_between_halves",
        "BARGE, the one source that names Badeucy and Badacy, gives it to the five-card hand"
        " (`low-half`); the WSOP's live rules give it by position for low-low split games"
        " (rule 149, `by-position`); PokerKit to the hand type listed first"
        " (`first-listed`). The default is the WSOP's, because Badeucy and Badacy take"
        " every other table rule from the WSOP (R21.1, R22.1), and by position is the same"
        " seat order as the odd chip inside a half (R8.15), so one order settles every"
        " chip. The scenarios `badeucy-odd-chip-between-halves-to-the-low` and"
        " `badacy-odd-chip-to-the-five-card-hand` play BARGE's rule.",
    ),
    Choice(
        "The cap with two players",
        "R8.7",
        "cap_heads_up",
        "The WSOP tournament rules, PokerStars in 2010 and PokerKit keep the cap however"
        " few players are left (`never`, every shipped profile). The WSOP live rules lift"
        " it for a round that begins with two players who are not all-in"
        " (`round-begins-heads-up`), Robert's Rules whenever the action becomes heads-up"
        " before the cap (`action-heads-up`). A player all-in is not counted by either.",
    ),
    Choice(
        "The length of a session",
        "R8.23",
        "hands_per_session",
        "The house plays 12 hands by its own agreement (R6.4); no other source names a"
        " hand limit, and a tournament table plays on while two players have chips. So"
        " only `house` has one; every other profile has none (0).",
    ),
    Choice(
        "The button after a bust",
        "R8.23",
        "button_moves",
        "Robert's Rules offer a moving button (`every-hand`) and a dead button"
        " (`dead-button`, the big blind always moves on and a small blind or button may be"
        " dead). The WSOP names the dead button for its tournaments (rule 85) and live"
        " games (rule 151), as the TDA does, so `wsop-2023`, the split games on it and"
        " `wsop-live` use it (`dead-button-stays-on-a-busted-small-blind`). PokerStars in"
        " 2010 gave the button to the last small blind (`small-blind-button`, 178 of 179"
        " changes of hand; `button-passes-a-player-waiting-to-play`); the house, PokerKit"
        " and the big-bet profiles move it one seat.",
    ),
    # ----- the live table (chapter R19) -----
    Choice(
        "A player sitting out",
        "R19.1",
        "absent_hand",
        "Cash games deal an absent player out (`not-dealt`, WSOP live-action rules), WSOP"
        " and TDA tournaments deal them in and kill the hand at the deal (`killed-at-deal`),"
        " and PokerStars folded it at each turn (`dead-at-turn`). A player who missed a"
        " blind comes back by posting it or waiting for the big blind; at Badugi the WSOP"
        " live-action rules allow only the wait (`missed_blinds`, rule 307). See"
        " `missed-blinds-posted-live-and-dead` and `badugi-player-waits-for-the-big-blind`.",
    ),
    Choice(
        "Kill pots and straddles",
        "R19.4",
        "kill",
        "The WSOP live-action rules have full and half kills at lowball (rules 199 to 213)"
        " but none at Badugi, and a straddle under the gun only in limit games (rule 161)."
        " `wsop-live` has the straddle and no kill; a kill table is an override"
        " (`full-kill-after-two-pots`, `pot-limit-kill-doubles-the-least-bet`).",
    ),
    Choice(
        "A short big blind",
        "R8.26",
        "call_full_big_blind",
        "Room and tournament rules make the others call the whole big blind; PokerStars"
        " and PokerKit let them call what was posted. `wsop-2023` (and the split games on"
        " it) calls the whole blind, the other profiles what was posted; see"
        " `short-big-blind-called-in-full`.",
    ),
    Choice(
        "The stub's last card",
        "R8.19",
        "last_card",
        "The WSOP deals it only if it completes every draw of the round"
        " (`completes-round`), raketracker's Badeucy rules never (`never`), and the house,"
        " PokerStars and PokerKit always (`dealt`). A player who needs more cards than the"
        " stub holds never gets it under the WSOP rule: it goes into the reshuffle.",
    ),
)
"""The defaults of the wider game's profiles where the sources part, for the About page."""


def decision_anchor(number: int) -> str:
    return f"decision-{number}"


def cited_decisions(text: str) -> list[int]:
    return [int(n) for m in _CITATION.finditer(text) for n in _NUMBER.findall(m.group(1))]


def link_citations(markdown: str, about_href: str) -> str:
    """`(house notes, decision 4)` -> the same words, linking to decision 4."""

    def swap(match: re.Match[str]) -> str:
        words = match.group(1)
        linked = _NUMBER.sub(
            lambda n: f"[{n.group(0)}]({about_href}#{decision_anchor(int(n.group(0)))})", words
        )
        return f"([house notes]({about_href}#house-notes), {linked})"

    out = _CITATION.sub(swap, markdown)
    out = _HOUSE_TEXT.sub(lambda m: f"[{m.group(0)}]({about_href}#the-house-text)", out)
    return out.replace(
        PROJECT_READING,
        f"([project reading]({about_href}#project-readings); the house notes are silent)",
    )


def about_md(rules: Iterable[Rule], rule_link: Callable[[str], str]) -> str:
    cited: dict[int, list[str]] = {}
    readings: list[str] = []
    for rule in rules:
        for number in cited_decisions(rule.text):
            cited.setdefault(number, [])
            if rule.id not in cited[number]:
                cited[number].append(rule.id)
        if PROJECT_READING in rule.text:
            readings.append(rule.id)
    lines = [
        "# About these rules",
        "",
        "## The house text {#the-house-text}",
        "",
        "The game taught here follows one house rulebook, written in Russian: Badugi for two"
        " players, fixed limit, three draws, 100 chips each, blinds of 1 and 2, bets of 2"
        " and then 4, one bet and three raises a round, one burn before each draw and a"
        " session of 12 hands. It ends with the example this site opens with: A♠ 2♥ 3♦ K♦"
        " throws the K♦, draws the 4♣ and becomes 4-3-2-A, the best hand.",
        "",
        "Where the rulebook says *the house text*, it means that rulebook. The rulebook on"
        " this site is not a translation: it is written in the project's own words, and it"
        " adds a stable ID to every rule so that the engine, its error messages and the"
        " examples can all point at the same sentence.",
        "",
        "## The house notes {#house-notes}",
        "",
        "A short text cannot settle every case an engine meets. Where the house text is"
        " silent or could be read two ways, the project decided, and wrote the decision"
        ' down. These are the *house notes* that the rules cite as "(house notes,'
        ' decision N)". Each decision lists the rules that rely on it.',
        "",
    ]
    for decision in DECISIONS:
        users = ", ".join(rule_link(r) for r in cited.get(decision.number, [])) or "none yet"
        lines += [
            f"### Decision {decision.number}: {decision.title}"
            f" {{#{decision_anchor(decision.number)}}}",
            "",
            decision.text,
            "",
            f"Cited by: {users}.",
            "",
        ]
    lines += [
        "## The project's own readings {#project-readings}",
        "",
        "A few points are settled by neither the house text nor the notes. The rulebook marks"
        ' them "project reading" and explains them in place: '
        + (", ".join(rule_link(r) for r in readings) or "none")
        + ".",
        "",
        "## Where the sources disagree {#sources-disagree}",
        "",
        "The rule sets of the wider game (chapters R8 to R22) differ on a few points; each"
        " is a profile parameter, so every reading can be played. The defaults, and why:",
        "",
    ]
    for choice in CHOICES:
        lines += [
            f"- **{choice.title}** ({rule_link(choice.rule)}, `{choice.parameter}`). {choice.text}",
        ]
    lines += [
        "",
        "## Other forms of Badugi",
        "",
        "Multi-way tables, pot limit, no limit, half-pot and spread betting, and the"
        " five-card split games Badeucy and Badacy are rule profiles of the same engine"
        " (chapters R8 to R22); none of them changes the house game. Forms not played yet"
        " are sketched in the rulebook's last chapter.",
        "",
    ]
    return "\n".join(lines)
