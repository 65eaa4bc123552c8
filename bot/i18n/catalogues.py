"""Keeping the catalogues: extract the English strings, merge them into each language, compile.

Strings come from two places: the source (Babel's extractor, with the keywords below: every
refusal, event, table message and :class:`~games.core.Message` written as a template) and the
slash commands themselves (descriptions and choice names, walked from the loaded command tree, so
a new command needs no marking). ``update`` rewrites ``bottega.pot`` and merges it into every
``.po`` file; new strings arrive untranslated and ``check`` (and the test suite) lists them until
a translator fills them in; ``compile`` writes the ``.mo`` files the bot loads.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from games.core.message import placeholders

from i18n import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR, TERM_CONTEXT

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("games", "bot", "cogs", "rendering")
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "message": (1,), "Message": (1,), "event": (2,), "refuse": (2,), "IllegalAction": (1,),
    "TableError": (1,), "StaleAction": (1,), "DamagedTable": (1,), "term": (1,), "said": (1,),
    "_bad": (1,), "_unreadable": (2,), "OptionSpec": (2,), "counted": (1, 2),
}
"""The calls whose string argument is a message id (``refuse(rule, text)``: the second;
``OptionSpec(name, description, ...)``: the description, shown by ``/game new``)."""
VERSION = "0.1"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
HAND_MADE_PLURAL = re.compile(r"\{(s|es|verb|are|is)\}|\w\((s|es)\)")
"""A plural written by hand (``card{s}``, ``{count} {verb}``, ``privilege(s)``): English is then
right for one count only, and no other language can follow; :func:`games.core.message.counted`
gives both English forms to ``ngettext`` instead."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_strings() -> Iterator[tuple[str | tuple[str, str], str, int, str | None]]:
    """``(message id, file, line, context)`` of every marked string in the source; a
    :func:`~games.core.message.counted` message's id is its two English forms."""
    for folder in SOURCES:
        for filename, lineno, text, _comments, context in extract_from_dir(
                ROOT / folder, [("**.py", "python")], keywords=KEYWORDS, strip_comment_tags=True):
            if isinstance(text, tuple):
                text = (text[0], text[1]) if len(text) > 1 and text[1] else text[0]
            if text and text[0]:
                yield text, f"{folder}/{filename}", lineno, context


def term_strings() -> Iterator[str]:
    """The game terms a message may carry as parameters (``coin``, ``lead``, ``green``), from the
    engines' own vocabularies, and the words that join them in lists."""
    from games.lim.data import CARD_TYPES, MEMBERS, OTHER_SPACES, PRIVILEGES, RESOURCE_NAMES
    from games.mor.data import RESOURCES
    from games.opera.data import GOOD_NAMES, SIDES, SIZES
    from games.opera.rules import AREA_NAMES

    yield from RESOURCES
    yield from ("faith", "green", "blue", "yellow", "purple", "grey", "white", "red")
    yield from (name for names in RESOURCE_NAMES.values() for name in names)
    yield from (*CARD_TYPES, *MEMBERS, *PRIVILEGES, *(space for space in OTHER_SPACES if "-" not in space))
    yield from (*GOOD_NAMES.values(), *SIDES, *SIZES, *AREA_NAMES.values())
    yield from ("harvest", "production")  # Lorenzo's work actions, named in its move descriptions
    yield from ("any",)  # a bonus take of any card type
    yield from ("nothing", "free", "hour", "hours", "day", "days")
    yield from (", ", " + ", " or ", " and ", "{n} {term}", "{term} {number}")


def command_strings(tree: app_commands.CommandTree) -> Iterator[str]:
    """Every description and choice name of the slash commands in ``tree``."""
    pending: list[app_commands.Command | app_commands.Group] = list(tree.get_commands())
    while pending:
        command = pending.pop()
        yield str(command.description)
        if isinstance(command, app_commands.Group):
            pending.extend(command.commands)
            continue
        for parameter in command.parameters:
            yield str(parameter.description)
            yield from (str(choice.name) for choice in parameter.choices)


async def loaded_tree() -> app_commands.CommandTree:
    """The command tree of a bot with every cog loaded (nothing is started or connected)."""
    from bot.bot import EXTENSIONS, BottegaBot
    from bot.config import Config

    bot = BottegaBot(Config(), renderer=None)
    for name in EXTENSIONS:
        await bot.load_extension(name)
    return bot.tree


def template() -> Catalog:
    """The catalogue template: every English string, where it is used."""
    found = Catalog(project="Bottega", version=VERSION, copyright_holder="the Bottega authors",
                    domain=DOMAIN, locale=ENGLISH, fuzzy=False)
    for text, filename, lineno, context in source_strings():
        found.add(text, locations=[(filename, lineno)], context=context)
    for text in command_strings(asyncio.run(loaded_tree())):
        found.add(text, locations=[("slash-commands", None)])
    for text in term_strings():
        found.add(text, locations=[("game-terms", None)], context=TERM_CONTEXT)
    return found


def update() -> None:
    """Rewrite the template and merge it into each language's ``.po`` file."""
    fresh = template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, fresh, omit_header=False, sort_output=True, no_location=True)
    for language in LANGUAGES[1:]:
        path = po_path(language)
        if path.exists():
            with path.open("rb") as source:
                merged = read_po(source, locale=language, domain=DOMAIN)
            merged.update(fresh)
        else:
            merged = Catalog(locale=language, domain=DOMAIN, project="Bottega", version=VERSION,
                             copyright_holder="the Bottega authors", fuzzy=False)
            merged.update(fresh)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, merged, sort_output=True, ignore_obsolete=True, no_location=True)


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def compile_all() -> None:
    """Compile every ``.po`` into the ``.mo`` the bot loads (fuzzy entries are left out)."""
    for language in LANGUAGES[1:]:
        with po_path(language).with_suffix(".mo").open("wb") as out:
            write_mo(out, read(language))


def _singular(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def problems(language: str, wanted: set[str] | None = None, *, found: Catalog | None = None,
             context: str | None = None) -> list[str]:
    """What keeps ``language`` from being complete: untranslated or fuzzy strings, placeholders
    that differ from the English ones, plurals written by hand instead of with ``ngettext`` (the
    strings of ``wanted``, default: the catalogue's, a plural entry known by its singular; the
    entries of ``context``, such as the game terms; ``found``: that catalogue instead of the file)."""
    found = found if found is not None else read(language)
    entries: dict[str, Entry] = {_singular(entry.id): entry for entry in found
                                 if entry.id and entry.context == context}
    listed: list[str] = []
    for text in sorted({_singular(each) for each in wanted} if wanted is not None else entries):
        entry = entries.get(text)
        forms = [] if entry is None else list(entry.string) if isinstance(entry.string, (tuple, list)) else [entry.string]
        english = [text] if entry is None or isinstance(entry.id, str) else list(entry.id)
        needed = placeholders(english[-1])
        allowed = set().union(*map(placeholders, english))
        if HAND_MADE_PLURAL.search(text):
            listed.append(f"{language}: hand-made plural (write it with counted()): {text!r}")
        if entry is None or not forms or not all(forms):
            listed.append(f"{language}: untranslated: {text!r}")
        elif entry.fuzzy:
            listed.append(f"{language}: fuzzy: {text!r}")
        elif not all(needed <= placeholders(str(form)) <= allowed for form in forms):
            listed.append(f"{language}: placeholders differ: {text!r} -> {forms[0]!r}")
    return listed
