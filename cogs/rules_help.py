"""``/game rules topic:``: the rules help of every game, by topic, from its
data (``cogs/<game>_rules.json``: title, rule IDs, text, and a ``ja`` and a ``ko`` title and
text), in the reader's language, with suggestions of the topics as you type. A topic without the
reader's language is shown in English (``tests/discord/test_help_commands.py`` lists any)."""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

import games
from bot.refusals import RULE_ID
from i18n import ENGLISH, Message
from bot.table import Line, Strong, TableError, line

from .play import AUTOCOMPLETE_LIMIT, rule_topics


def in_language(entry: dict[str, Any], language: str) -> dict[str, Any]:
    """A topic's title, rule IDs and text in ``language`` (English for what it does not give)."""
    return {**entry, **entry.get(language, {})} if language != ENGLISH else entry


def topic_line(key: str, topic: str, language: str = ENGLISH) -> Line:
    entry = in_language(rule_topics(key)[topic], language)
    return line(Strong(entry["title"]), f" ({entry['rules']}): {entry['text']}")


def rules_lines(key: str, topic: str | None, language: str = ENGLISH) -> list[Line]:
    """One topic of ``key``'s rules help, or (no topic) the list of its topics."""
    topics = rule_topics(key)
    title = games.get(key).title
    if not topics:
        raise TableError("There is no rules help for {title} yet.", title=title)
    if topic is None:
        listed = ", ".join(f"`{name}` ({in_language(entry, language)['title'].lower()})"
                           for name, entry in topics.items())
        return [line(Strong(title), Message(": rules help by topic — {topics}. Ask with `/game rules topic:<topic>`.",
                                            topics=listed))]
    chosen = topic.strip().lower()
    if chosen not in topics and RULE_ID.fullmatch(topic.strip().upper()):
        chosen = topic_of_rule(key, topic.strip().upper()) or chosen
    if chosen not in topics:
        raise TableError("{title} has no rules topic '{topic}'. Topics: {topics}.", title=title, topic=topic,
                         topics=", ".join(topics))
    return [topic_line(key, chosen, language)]


def topic_of_rule(key: str, rule: str) -> str | None:
    """The topic whose rules take in ``rule`` (``LIM-COUNCIL-4``: the topic of ``LIM-COUNCIL-1..5``),
    so that the rule a refusal names opens with ``/game rules topic:LIM-COUNCIL-4``.

    >>> topic_of_rule("lim", "LIM-COUNCIL-4"), topic_of_rule("mor", "LIM-COUNCIL-4")
    ('council', None)
    """
    area = rule.rsplit("-", 1)[0] if rule[-1].isdigit() else rule
    for name, entry in rule_topics(key).items():
        if re.search(rf"\b{re.escape(area)}(?:-|\b)", entry["rules"]):
            return name
    return None


def topic_choices(key: str | None, current: str, language: str = ENGLISH) -> list[app_commands.Choice[str]]:
    """The topics of ``key`` (None: of every game) whose name or title (in ``language`` or
    English) holds what is typed; the choice shows the title in ``language``."""
    typed = current.strip().lower()
    choices = []
    for game_key in [key] if key else list(games.keys()):
        for name, entry in rule_topics(game_key).items():
            shown = in_language(entry, language)["title"]
            label = f"{shown} ({games.get(game_key).title})" if key is None else shown
            if typed in name or typed in entry["title"].lower() or typed in shown.lower():
                choices.append(app_commands.Choice(name=label[:100], value=name))
    return choices[:AUTOCOMPLETE_LIMIT]
