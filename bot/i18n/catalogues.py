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
    "_bad": (1,), "_unreadable": (2,), "OptionSpec": (2,),
}
"""The calls whose string argument is a message id (``refuse(rule, text)``: the second;
``OptionSpec(name, description, ...)``: the description, shown by ``/game new``)."""
VERSION = "0.1"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
GRAMMAR = frozenset({"s", "verb"})
"""Placeholders that only carry English grammar (a plural ending, "is"/"are"): a language
without them may leave them out; every other placeholder must appear in each translation."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_strings() -> Iterator[tuple[str, str, int, str | None]]:
    """``(message id, file, line, context)`` of every marked string in the source."""
    for folder in SOURCES:
        for filename, lineno, text, _comments, context in extract_from_dir(
                ROOT / folder, [("**.py", "python")], keywords=KEYWORDS, strip_comment_tags=True):
            if isinstance(text, tuple):
                text = text[0]
            if text:
                yield text, f"{folder}/{filename}", lineno, context


def term_strings() -> Iterator[str]:
    """The game terms a message may carry as parameters (``coin``, ``lead``, ``green``), from the
    engines' own vocabularies, and the words that join them in lists."""
    from games.lim.data import CARD_TYPES, MEMBERS, RESOURCE_NAMES
    from games.mor.data import RESOURCES
    from games.opera.data import GOOD_NAMES, SIDES, SIZES
    from games.opera.rules import AREA_NAMES

    yield from RESOURCES
    yield from ("faith", "green", "blue", "yellow", "purple", "grey", "white", "red")
    yield from (name for names in RESOURCE_NAMES.values() for name in names)
    yield from (*CARD_TYPES, *MEMBERS)
    yield from (*GOOD_NAMES.values(), *SIDES, *SIZES, *AREA_NAMES.values())
    yield from ("harvest", "production")  # Lorenzo's work actions, named in its move descriptions
    yield from ("nothing", "free", "hour", "hours", "day", "days")
    yield from (", ", " + ", " or ", " and ", "{n} {term}")


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


def problems(language: str, wanted: set[str] | None = None, *, found: Catalog | None = None,
             context: str | None = None) -> list[str]:
    """What keeps ``language`` from being complete: untranslated or fuzzy strings, placeholders
    that differ from the English ones (the strings of ``wanted``, default: the catalogue's; the
    entries of ``context``, such as the game terms; ``found``: that catalogue instead of the file)."""
    found = found if found is not None else read(language)
    entries: dict[str, Entry] = {entry.id: entry for entry in found
                                 if entry.id and isinstance(entry.id, str) and entry.context == context}
    listed: list[str] = []
    for text in sorted(wanted if wanted is not None else entries):
        entry = entries.get(text)
        if entry is None or not entry.string:
            listed.append(f"{language}: untranslated: {text!r}")
        elif entry.fuzzy:
            listed.append(f"{language}: fuzzy: {text!r}")
        elif not placeholders(text) - GRAMMAR <= placeholders(str(entry.string)) <= placeholders(text):
            listed.append(f"{language}: placeholders differ: {text!r} -> {entry.string!r}")
    return listed
