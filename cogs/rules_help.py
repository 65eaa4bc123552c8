"""``/game rules topic:``: the rules help of every game, by topic, from its data
(``cogs/<game>_rules.json``: title, rule IDs, text), with suggestions of the topics as you type."""

from __future__ import annotations

from discord import app_commands

import games
from bot.table import Line, Strong, TableError, line

from .play import AUTOCOMPLETE_LIMIT, rule_topics


def topic_line(key: str, topic: str) -> Line:
    entry = rule_topics(key)[topic]
    return line(Strong(entry["title"]), f" ({entry['rules']}): {entry['text']}")


def rules_lines(key: str, topic: str | None) -> list[Line]:
    """One topic of ``key``'s rules help, or (no topic) the list of its topics."""
    topics = rule_topics(key)
    title = games.get(key).title
    if not topics:
        raise TableError("There is no rules help for {title} yet.", title=title)
    if topic is None:
        listed = ", ".join(f"`{name}` ({entry['title'].lower()})" for name, entry in topics.items())
        return [line(Strong(title), f": rules help by topic — {listed}. "
                     "Ask with `/game rules topic:<topic>`.")]
    chosen = topic.strip().lower()
    if chosen not in topics:
        raise TableError(f"{title} has no rules topic '{topic}'. Topics: {', '.join(topics)}.")
    return [topic_line(key, chosen)]


def topic_choices(key: str | None, current: str) -> list[app_commands.Choice[str]]:
    """The topics of ``key`` (None: of every game) whose name or title holds what is typed."""
    typed = current.strip().lower()
    choices = []
    for game_key in [key] if key else list(games.keys()):
        for name, entry in rule_topics(game_key).items():
            label = f"{entry['title']} ({games.get(game_key).title})" if key is None else entry["title"]
            if typed in name or typed in entry["title"].lower():
                choices.append(app_commands.Choice(name=label[:100], value=name))
    return choices[:AUTOCOMPLETE_LIMIT]
