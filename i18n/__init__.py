"""The language layer: English, Japanese and Korean, from standard gettext catalogues.

It sits below every package but the engines: the store, the renderers, the table service and the
adapters all write their words through it, and it imports none of them.

Engines and the table service write English :class:`~games.core.Message` s (a template, the
message id, and its parameters); this module writes them again in a reader's language. Private
replies use the reader's Discord language (``interaction.locale``), public lines the table's
(``/game settings language:``). A template a catalogue does not translate is shown in English
(``tests/test_i18n.py`` lists any such template, so players never meet one).

The catalogues live in ``i18n/locale/<language>/LC_MESSAGES/bottega.po`` and are compiled to
``.mo`` files that are committed with them; ``python -m bot.i18n update`` extracts new strings and
merges them into the ``.po`` files, ``python -m bot.i18n compile`` compiles them (see
:mod:`bot.i18n.catalogues`).

>>> from games.core import Message
>>> translate(Message("It is not your turn."), "ja")
'あなたの手番ではありません。'
>>> translate(Message("It is not your turn."), "en")
'It is not your turn.'
"""

from __future__ import annotations

import gettext
import hashlib
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import games
from games.core.message import SEAT, Message, Name, counted, fill

__all__ = ["ENGLISH", "LANGUAGES", "Message", "catalogue", "counted", "language_of", "name_in", "term",
           "translate", "words"]

DOMAIN = "bottega"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
LANGUAGES = ("en", "ja", "ko")
"""Every language of the bot (English first: the source language of every message)."""
TERM_CONTEXT = "term"
"""The catalogue context of game terms given as parameters (``coin``, ``green``)."""


def language_of(locale: object) -> str:
    """The bot language for a Discord locale (``discord.Locale`` or its code): ``ja``, ``ko``, else English.

    >>> language_of("ja"), language_of("ko"), language_of("en-GB"), language_of(None)
    ('ja', 'ko', 'en', 'en')
    """
    code = str(locale or "").split("-")[0].lower()
    return code if code in LANGUAGES else ENGLISH


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: none, every message is its own text)."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def catalogue_digest() -> bytes:
    """The compiled catalogues' bytes, digested: changes when any translation does."""
    digest = hashlib.sha256()
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        digest.update(path.read_bytes())
    return digest.digest()


def translate(text: Any, language: str, render: Callable[[Any], str] | None = None) -> str:
    """``text`` in ``language``: a :class:`Message` by its template, anything else as it is.

    ``render`` writes parameters that are not text (a bold name, a mention) as the reader sees
    them; without it they are written as their plain text.
    """
    if not isinstance(text, Message) or (language == ENGLISH and render is None):
        return str(text)
    found = catalogue(language)
    params = {key: _parameter(key, value, language, found, render) for key, value in text.params.items()}
    if text.plural is not None:
        number = text.params.get(text.by)
        return fill(found.ngettext(text.template, text.plural, number if isinstance(number, int) else 2), params)
    return fill(found.gettext(text.template), params)


def _parameter(key: str, value: Any, language: str, found: gettext.NullTranslations,
               render: Callable[[Any], str] | None) -> Any:
    if isinstance(value, Message):
        return translate(value, language, render)
    if isinstance(value, Name):
        return name_in(value, language)
    if isinstance(value, str):
        return value if SEAT.fullmatch(key) or language == ENGLISH else _words(value, found, language)
    if render is not None and not isinstance(value, (int, float)):
        return render(value)
    return value


_AMOUNT = re.compile(r"(\d+) (.+)")
AMOUNT = "{n} {term}"
"""How an amount of a term is written (a catalogue entry: Japanese writes ``コイン×2``)."""
_NUMBERED = re.compile(r"([a-z]+) (\d+)")
NUMBERED = "{term} {number}"
"""How a term with a number is written (the die ``white 5``; a catalogue entry: Japanese writes
``白5``). Ids written with a hyphen (``harvest-2``, ``row-1``, ``green-1``) are notation and stay
as they are (docs/glossary.md)."""
_LISTS = (", ", " + ", " or ", " and ")


def _words(value: str, found: gettext.NullTranslations, language: str) -> str:
    """A parameter written in words: a game term (``coin``), a list of amounts and terms
    (``2 coin, 1 stone``, ``2 coins + 1 military point``), each term translated, or a die
    (``white 5``); anything else (a card id, a space id, a player's name) as it is."""
    if not value.strip():
        return value
    whole = found.pgettext(TERM_CONTEXT, value)
    if whole == value:
        whole = found.gettext(value)  # a sentence kept as English text (a game's stored result)
    if whole != value:
        return whole
    for separator in _LISTS:
        if separator in value:
            joiner = found.pgettext(TERM_CONTEXT, separator)
            return joiner.join(_words(piece, found, language) for piece in value.split(separator))
    amount = _AMOUNT.fullmatch(value)
    if amount:
        term = found.pgettext(TERM_CONTEXT, amount.group(2))
        if term != amount.group(2):
            return fill(found.pgettext(TERM_CONTEXT, AMOUNT), {"n": amount.group(1), "term": term})
    numbered = _NUMBERED.fullmatch(value)
    if numbered:
        term = found.pgettext(TERM_CONTEXT, numbered.group(1))
        if term != numbered.group(1):
            return fill(found.pgettext(TERM_CONTEXT, NUMBERED), {"term": term, "number": numbered.group(2)})
    return value


NAMES_FILE = "names.json"
"""Beside a game's component data (``games/<key>/data/names.json``): ``{language: {ident: name}}``,
the names that language's edition of the game prints for its cards, leaders, tiles and buildings."""


@cache
def component_names(game_key: str) -> dict[str, dict[str, str]]:
    """The per-language names of ``game_key``'s components (none when the game has no names file)."""
    path = Path(games.__file__).parent / game_key / "data" / NAMES_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def name_in(name: Name, language: str) -> str:
    """A component's name in ``language``; its English name where that language has none."""
    if language == ENGLISH:
        return str(name)
    return component_names(name.game).get(language, {}).get(name.ident, str(name))


def words(value: str, language: str) -> str:
    """A game term or a list of amounts (``2 coins + 1 military point``) written in ``language``."""
    return value if language == ENGLISH else _words(value, catalogue(language), language)


def term(word: str, language: str) -> str:
    """A game term (``coin``, ``servant``, a card colour) in ``language``."""
    return catalogue(language).pgettext(TERM_CONTEXT, word) if language != ENGLISH else word
