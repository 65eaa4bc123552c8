"""Discord's command localisations, through discord.py's :class:`app_commands.Translator`."""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import ENGLISH, catalogue, language_of


class CommandTranslator(app_commands.Translator):
    """Discord's command localisations: descriptions and choice names in Japanese and Korean.

    Command and option names stay English everywhere, so ``/game new`` is the same command in
    every client, in the help and in the guides; what they do is described in the reader's
    language.
    """

    NAMES = frozenset({
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    })

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language == ENGLISH or context.location in self.NAMES:
            return None
        found = catalogue(language).gettext(string.message)
        return found if found != string.message else None
