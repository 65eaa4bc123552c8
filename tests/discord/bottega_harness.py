"""The simulated server the Discord tests play in, and the settings of the test bots."""

from __future__ import annotations

import re

import discord
import simcord

REMINDER_CHECK_SECONDS = 60 * 60
"""How often the test bots look for due reminders: each simulated check costs real time (the
store answers from its own thread), and the tests skip whole days."""


GAME_SEED = 20261129
"""Every table the test bots open uses this seed, so each test plays the same game every run."""



def text_of(message: discord.Message) -> str:
    """A message's words: its content, or the text of its layout components (a board's card)."""
    if message.content or not getattr(message, "components", None):
        return message.content
    words: list[str] = []

    def walk(components: list) -> None:
        for component in components:
            if isinstance(component, discord.TextDisplay):
                words.append(component.content)
            walk(getattr(component, "children", []))
            accessory = getattr(component, "accessory", None)
            if accessory is not None:
                walk([accessory])

    walk(message.components)
    return "\n".join(words)


def answered(result) -> str:
    """Everything a private answer said, over its first message and its follow-ups."""
    return "\n".join(message.content for message in [result.response, *result.followups] if message is not None)


def controls_of(message: discord.Message) -> list:
    """A message's buttons and selects, in order, whether in rows or inside a card's container."""
    found: list = []

    def walk(components: list) -> None:
        for component in components:
            if getattr(component, "custom_id", None):
                found.append(component)
            walk(getattr(component, "children", []))

    walk(message.components)
    return found


def control_dicts(components: list) -> list[dict]:
    """The buttons and selects among ``components`` (objects or raw dicts, rows or a card's
    container), as raw dicts, in order."""
    found: list[dict] = []
    for component in components:
        raw = component if isinstance(component, dict) else component.to_dict()
        if raw.get("custom_id") or raw.get("type") == 2:
            found.append(raw)
        found.extend(control_dicts(raw.get("components", [])))
        if isinstance(raw.get("accessory"), dict):
            found.extend(control_dicts([raw["accessory"]]))
    return found


async def game_state(bot, game_id: int) -> dict | None:
    """Game ``game_id``'s state after its latest move (finished games too); None in the lobby."""
    table = await bot.service.game(game_id)
    return None if table is None else table.state


class Table:
    """A server with a games channel, three players and a server manager who does not play."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.guild = env.create_guild("Bottega Club")
        self.channel = self.guild.create_text_channel("games")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))
        managers = self.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
        self.manager = self.guild.add_member(env.create_user("mona"), roles=[managers])
        self.members = [self.alice, self.bob, self.carol, self.manager]

    def member(self, user_id: int) -> simcord.MemberActor:
        return next(m for m in self.members if m.id == user_id)

    def last(self) -> discord.Message:
        message = self.channel.last_message
        assert message is not None
        return message

    def actor(self, message: discord.Message | None = None) -> simcord.MemberActor:
        """The one player the (latest) board pings."""
        pinged = {int(i) for i in re.findall(r"<@(\d+)>", text_of(message or self.last()))}
        assert len(pinged) == 1, text_of(message or self.last())
        return self.member(pinged.pop())

    async def open(self, players: int = 2, *, start: bool = True, options: str = "") -> discord.Message:
        """alice opens a duel, bob (and carol) join, alice starts; returns the first board."""
        extra = {"options": options} if options else {}
        await self.alice.slash(self.channel, "game new", game="duel", players=players, **extra)
        for member in [self.bob, self.carol][: players - 1]:
            await member.slash(self.channel, "game join")
        if start:
            await self.alice.slash(self.channel, "game start")
        return self.last()


SECOND_THOUGHT = "bottega:mv:"
"""The ``custom_id`` prefix of the Confirm button of a move that needs a second thought."""


def second_thought_confirm(message: discord.Message | None) -> str | None:
    """The ``custom_id`` of the Confirm button when ``message`` asks before a move (issue 17)."""
    for item in control_dicts(message.components if message else []):
        if item.get("custom_id", "").startswith(SECOND_THOUGHT):
            return item["custom_id"]
    return None


async def meant(member: simcord.MemberActor, said: simcord.InteractionResult) -> simcord.InteractionResult:
    """A move made by someone who means it: when the bot asks first (a leader discarded, goods
    thrown away, points lost), they confirm; the answer that played the move."""
    confirm = second_thought_confirm(said.response)
    if confirm is None:
        return said
    return await member.click(said.response, custom_id=confirm)


async def move(member: simcord.MemberActor, channel, key: str, notation: str) -> simcord.InteractionResult:
    """``/<key> move notation:<notation>``, confirmed when the bot asks first (see :func:`meant`)."""
    return await meant(member, await member.slash(channel, f"{key} move", notation=notation))
