"""Discord adapters. Every module here is a discord.py extension (it has ``setup``) that the bot
loads at start-up: ``game`` (the shared ``/game`` lifecycle) and ``play`` (one ``/<game key>`` group
per game, with ``move`` and ``hand``) first, then the game-specific cogs, which add their own
commands to ``bot.game_groups[key]``."""
