"""Discord adapters. Every module here is a discord.py extension (it has ``setup``) that the bot
loads at start-up: ``game`` (the shared ``/game`` lifecycle) and ``play`` (the base command cog of
every game, :class:`cogs.play.GameCommands`, with ``move`` and ``hand``) first, then the
game-specific cogs, which subclass it with their own commands. Cogs read a game only through its
views (``Table.view``) and a seat's legal actions, never through its state."""
