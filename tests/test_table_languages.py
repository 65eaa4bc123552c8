"""A Japanese or Korean table reads no English: whole random games of every game, with every public
line, every prompt to the seat to act, every menu label of the moves played and every text run drawn on the boards and the seats'
own images checked against the catalogues.

What may stay in Latin letters is what docs/glossary.md keeps as it is: notation (space and line
ids such as ``green-4`` and ``row-1``, an example quoted for typing such as ``'privilege coins'``),
card and leader ids of the games that print them (``c12``, ``L5``), rule IDs, Roman numerals of
periods and the abbreviation VP, which the Japanese glossary writes as 勝利ポイント（VP）.
Everything else written in Latin letters is a word no catalogue translated.
"""

from __future__ import annotations

import random
import re

import pytest

import games
import rendering
from bot.table.boards import highlight_text
from games.opera.data import DATA as OPERA
from games.opera.data import component_name
from i18n import translate
from rendering import kit

NAMES = {"en": ["Ada", "Bea", "Cyd", "Dario"], "ja": ["佐藤 健", "田中 花子", "鈴木 翔太", "髙橋 美咲"], "ko": ["김민준", "이서연", "박지호", "최하은"]}
ASCII_EDGE = r"(?<![A-Za-z0-9]){}(?![A-Za-z0-9])"
"""A Latin token between characters that are not Latin letters or digits (a Japanese sentence has
no spaces, so ``\\b`` finds no edge there)."""
KEPT = [
    re.compile(r"'[^']*'"),  # notation quoted as an example to type
    re.compile(ASCII_EDGE.format(r"[A-Z]+-[A-Z]+-\d+")),  # rule IDs
    re.compile(ASCII_EDGE.format(r"[a-z]+-\d+")),  # notation ids of spaces, lines and decks
    re.compile(ASCII_EDGE.format(r"(?:c\d+|L\d+)")),  # Masters' card and leader ids
    re.compile(ASCII_EDGE.format(r"(?:III|II|I)")),  # periods
    re.compile(r"(?<![A-Za-z])VP(?![A-Za-z])"),  # after its number: 2VP
]
WORD = re.compile(r"[A-Za-z]{2,}")
DRAW_EVERY = 12


def english_words(line: str, names: list[str]) -> list[str]:
    for name in names:
        line = line.replace(name, " ")
    for kept in KEPT:
        line = kept.sub(" ", line)
    return WORD.findall(line)


def play_and_read(key: str, language: str, seed: int) -> tuple[list[str], list[str], int]:
    """A whole random game of ``key`` at 4 seats at a ``language`` table: every public line, prompt
    and menu label, the text runs drawn on each image (boards every few moves and at the end), and the number
    of moves."""
    game, names = games.get(key), NAMES[language]
    state, chooser = game.setup(4, seed), random.Random(seed)
    written: list[str] = []
    drawn: list[str] = []
    moves = 0
    while game.result(state) is None:
        seat = min(game.actors(state))
        action = chooser.choice(game.legal_actions(state, seat))
        written.append(translate(game.prompt(state, seat).with_names(names), language))
        written.append(translate(game.describe(state, seat, action).label, language))
        state, events = game.apply(state, seat, action)
        moves += 1
        lines = [event["text"].with_names(names) for event in events]
        written += [translate(line, language) for line in lines]
        if lines and (moves % DRAW_EVERY == 0 or game.result(state) is not None):
            with kit.recording_text() as runs:
                rendering.render(key, game.view(state, None), names=names, language=language,
                                 highlight=highlight_text((lines[-1],), language))
                rendering.render_private(key, game.view(state, seat), names=names, language=language)
            drawn.append("\n".join(runs))  # one text per image: a quoted example may wrap
    return written, drawn, moves


@pytest.mark.parametrize("language", ["ja", "ko"])
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_a_whole_game_at_a_japanese_or_korean_table_shows_no_english(key, language):
    written, drawn, moves = play_and_read(key, language, seed=4)
    assert moves > 50 and written and drawn
    names = NAMES[language]
    leaks = sorted({(word, line) for line in written for word in english_words(line, names)})
    assert not leaks, leaks[:10]
    leaks = sorted({(word, line) for line in drawn for word in english_words(line, names)})
    assert not leaks, leaks[:10]


GOODS_LETTERS = re.compile(r"(?<![A-Za-z'])[LWMSbpcg]{2,}(?![A-Za-z'])")
"""Goods written as the notation's letters (``LW``, ``Wpc``) outside a quoted example."""
COMPONENT_CODE = re.compile(r"\b(?:H\d|CY\d|M[ABC])-\d\d\b|\b[SML]\d\d\b|\bT\d-\d\b|\b(?:VEN|ANT|CON)-\d\b")


@pytest.mark.parametrize("language", ["en", "ja", "ko"])
def test_opera_names_every_component_in_menus_messages_and_boards(language):
    """Opera Magna's components are named and its goods written in words, never coded: in the
    menus of the moves played, the prompts, the public lines and the drawn boards; every trade card, building and worksite token has a name in
    each language."""
    written, drawn, _ = play_and_read("opera", language, seed=7)
    coded = sorted({line for line in written + drawn if COMPONENT_CODE.search(line) or GOODS_LETTERS.search(line)})
    assert not coded, coded[:5]
    with kit.drawing_in(language):
        named = {ident: kit.component("opera", ident, component_name(ident))
                 for ident in (*OPERA.trade, *OPERA.buildings, *OPERA.worksites, *OPERA.abilities)}
    assert all(name and name != ident and not COMPONENT_CODE.search(name) for ident, name in named.items())
    shown = " ".join(written + drawn)
    for kind in (OPERA.trade, OPERA.buildings):
        assert any(named[ident] in shown for ident in kind), "the game's cards are shown by name"
