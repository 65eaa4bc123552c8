"""Player-facing text that can be translated: an English template and the values it was written from.

Engines stay free of languages: a refusal, an event line or a prompt is a :class:`Message`, which
*is* its English text (a ``str``, so logs, tests and the move log read it as before) and also
keeps its template (the message id of the translation catalogues) and its parameters, so the bot
can write it again in a player's language. ``{p0}``, ``{p1}``... name seats; they stay in the text
until the table fills in the players' names (:meth:`Message.with_names`).

>>> found = Message("{p0} bought {card}.", card="c19")
>>> found, found.template, found.params
('{p0} bought c19.', '{p0} bought {card}.', {'card': 'c19'})
>>> found.with_names(["Ada"])
'Ada bought c19.'
>>> Message("{player} passed.", player="{p1}").with_names(["Ada", "Bea"])
'Bea passed.'

A line whose words depend on a number is written with :func:`counted`: it carries both English
forms, and the language layer asks the catalogue for the form that number takes (``ngettext``),
so a language with one form (Japanese, Korean) or three writes its own.

>>> counted("{n} victory point", "{n} victory points", n=1), counted("{n} victory point", "{n} victory points", n=3)
('1 victory point', '3 victory points')
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any, Self

SEAT = re.compile(r"p(\d+)")
"""A seat placeholder's name: ``p0`` is the first seat."""
SEAT_TEXT = re.compile(r"\{p(\d+)\}")


class _KeepUnknown(dict):
    """Formatting values that leave a placeholder they do not know as it was (``{p0}``)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with ``params`` written in; unknown placeholders (seats) are kept."""
    try:
        return template.format_map(_KeepUnknown(params))
    except (ValueError, IndexError, KeyError, AttributeError):
        return template  # a template with stray braces is shown as written, never a traceback


class Message(str):
    """An English line that remembers how it was written (see the module docstring)."""

    template: str
    params: dict[str, Any]
    plural: str | None
    """The English plural form (the catalogues' ``msgid_plural``) of a :func:`counted` message."""
    by: str
    """Which parameter is the number that chooses between the forms."""

    def __new__(cls, template: str, /, *, plural: str | None = None, by: str = "n", **params: Any) -> Self:
        chosen = template if plural is None or params.get(by) == 1 else plural
        made = super().__new__(cls, fill(chosen, params) if params else chosen)
        made.template = str(template)
        made.params = params
        made.plural = plural
        made.by = by
        return made

    def with_names(self, names: Sequence[str]) -> Message:
        """The same message with its seat placeholders bound to ``names`` (nested messages too)."""
        params = {key: _named(value, names) for key, value in self.params.items()}
        for key in placeholders(self.template):
            seat = SEAT.fullmatch(key)
            if seat and int(seat.group(1)) < len(names):
                params[key] = names[int(seat.group(1))]
        return Message(self.template, plural=self.plural, by=self.by, **params)


def _named(value: Any, names: Sequence[str]) -> Any:
    """A parameter with its seats named: a nested message, or a text such as ``"{p1}"``."""
    if isinstance(value, Message):
        return value.with_names(names)
    if isinstance(value, Name):
        return value  # a component's name never holds a seat, and must stay a Name to be translated
    if isinstance(value, str):
        return SEAT_TEXT.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                             value)
    return value


def placeholders(template: str) -> set[str]:
    """The names of the placeholders of ``template``: ``{card}`` and ``{p0}`` give ``card``, ``p0``.

    >>> sorted(placeholders("{p0} paid {n} {what}."))
    ['n', 'p0', 'what']
    """
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template)
                if name}
    except ValueError:
        return set()


def counted(singular: str, plural: str, /, *, by: str = "n", **params: Any) -> Message:
    """A message with an English singular and plural form, chosen by the number in the parameter
    ``by`` names (``python -m bot.i18n update`` extracts both; each language's catalogue has as
    many forms as it needs).

    >>> counted("{count} council privilege", "{count} council privileges", by="count", count=1)
    '1 council privilege'
    """
    return Message(singular, plural=plural, by=by, **params)


def message(text: str, **params: Any) -> Message:
    """``text`` as a :class:`Message` (one that already is one is kept, with its parameters)."""
    if isinstance(text, Message) and not params:
        return text
    return Message(text, **params)


class Name(str):
    """The name of one of a game's components (a card, leader, tile or building) given as a
    message parameter: its English name, which also knows the component (``game``, ``ident``) so
    the bot can write the name a language's edition of the game prints.

    >>> woods = Name("lim", "green-woods", "Woods")
    >>> woods, woods.game, woods.ident
    ('Woods', 'lim', 'green-woods')
    >>> Message("{p0} took {card}.", card=woods).params["card"].ident
    'green-woods'
    """

    game: str
    ident: str

    def __new__(cls, game: str, ident: str, english: str) -> Self:
        made = super().__new__(cls, english)
        made.game, made.ident = game, ident
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # keep the component when pickled (render workers, AI pool)
        return Name, (self.game, self.ident, str(self))

