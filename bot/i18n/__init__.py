"""The bot's languages: English, Japanese and Korean, from standard gettext catalogues.

Engines and the table service write English :class:`~games.core.Message` s (a template, the
message id, and its parameters); this module writes them again in a reader's language. Private
replies use the reader's Discord language (``interaction.locale``), public lines the table's
(``/game settings language:``). A template a catalogue does not translate is shown in English
(``tests/test_i18n.py`` lists any such template, so players never meet one).

The catalogues live in ``bot/i18n/locale/<language>/LC_MESSAGES/bottega.po`` and are compiled to
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
from functools import cache
from pathlib import Path
from typing import Any

from db import TABLE_LANGUAGES
from games.core.message import SEAT, Message, fill

__all__ = ["ENGLISH", "LANGUAGES", "Message", "catalogue", "language_of", "term", "translate"]

DOMAIN = "bottega"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
LANGUAGES = TABLE_LANGUAGES
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


def translate(text: Any, language: str) -> str:
    """``text`` in ``language``: a :class:`Message` by its template, anything else as it is."""
    if not isinstance(text, Message) or language == ENGLISH:
        return str(text)
    found = catalogue(language)
    params = {key: value if SEAT.fullmatch(key) else _parameter(value, language, found)
              for key, value in text.params.items()}
    return fill(found.gettext(text.template), params)


def _parameter(value: Any, language: str, found: gettext.NullTranslations) -> Any:
    if isinstance(value, Message):
        return translate(value, language)
    if isinstance(value, str):
        return found.pgettext(TERM_CONTEXT, value)
    return value


def term(word: str, language: str) -> str:
    """A game term (``coin``, ``servant``, a card colour) in ``language``."""
    return catalogue(language).pgettext(TERM_CONTEXT, word) if language != ENGLISH else word
