"""Keeping the catalogues and the shipped fonts (``python -m bot.i18n update|check|compile|fonts``),
and the translator of the slash commands' descriptions (:mod:`bot.i18n.commands`).

The language layer itself, which every other package may use, is the top-level :mod:`i18n`."""
