"""The local console: play Bottega in a terminal, with no Discord account.

The real bot runs against simcord's in-memory Discord, so every line goes through exactly the
slash commands, buttons and replies that Discord users get: there is no second grammar. Games are
kept in the same SQLite store as the bot's, so a game can be continued in a later session.

A line names who speaks, optionally a channel, then a slash command or a button press::

    @alice /game new game:mor players:2
    @bob /game join
    @alice #second-table /game new game:lim players:3
    @alice /mor move notation:"market row-2"
    @alice click:End turn       (a button of the latest message that has it, private ones first)
    @alice pick:L3,L7           (values of the latest menu shown to alice)
    ! @bob /game start          (a leading "!" marks a line that is expected to be refused)
    ~wait 3d                    (time passes: 3 days, or 12h, 30m, 1d12h...; every reminder and
                                 deadline that falls due meanwhile fires at its moment)

The console's clock is the real one plus the time waited so far (kept in the store), so a script
can play a whole week in a few seconds and a later session goes on from where it stopped.

Ids in the in-memory Discord are handed out in order, so the console creates the server, its
channels and its people in the same order every session (the order is kept in the store).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import shlex
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

import discord
from discord import app_commands

from db import RefusedDatabase, Store, open_store
from rendering.pool import RenderPool

from .bot import BottegaBot
from .config import Config
from .presentation import PlainText
from .reminders import CHECK_EVERY_SECONDS
from .table.workers import end_with_parent
from .views import REFUSAL_EVENT
from .turn_card import message_controls, message_text

LOCAL_GUILD_ID = 1_000_000_000_000_000_001
DEFAULT_CHANNEL = "table"
PEOPLE_KEY = "console:people"
CHANNELS_KEY = "console:channels"
CLOCK_KEY = "console:clock-offset"
WAIT_UNITS = {"d": 86400, "h": 3600, "m": 60}
MAX_TIMER_PASSES = 1000
DISCORD_CLOCK_KEY = "console:discord-clock"
"""Where the in-memory Discord's clock stood at the end of the last line played."""


SETTLE_MARGIN_SECONDS = 10.0
"""How much longer than an AI decision's hard limit a line may take to settle (drawing, the store)."""


class ConsoleError(ValueError):
    """A line the console cannot understand (before it reaches the bot)."""


@dataclass
class ConsoleLine:
    user: str
    channel: str
    command: str = ""
    options: dict[str, str] = field(default_factory=dict)
    click: str | None = None
    pick: list[str] | None = None
    expect_refusal: bool = False
    wait: timedelta | None = None


def parse_wait(text: str) -> timedelta:
    """``3d``, ``12h``, ``30m`` or a sum such as ``1d12h`` as a duration."""
    parts = re.fullmatch(r"(?:\d+[dhm])+", text.strip().lower())
    if parts is None:
        raise ConsoleError(f"wait how long? e.g. `~wait 3d`, `~wait 12h`, `~wait 1d6h` (not '{text.strip()}')")
    seconds = sum(int(n) * WAIT_UNITS[unit] for n, unit in re.findall(r"(\d+)([dhm])", text.lower()))
    return timedelta(seconds=seconds)


def parse_line(text: str) -> ConsoleLine | None:
    """A console line, or None for a blank line or a ``#`` comment."""
    text = text.strip()
    if not text or text.startswith("# "):
        return None
    if text.startswith("~"):
        command, _, rest = text[1:].partition(" ")
        if command != "wait":
            raise ConsoleError("the console's own line is `~wait <how long>`, e.g. `~wait 3d`")
        return ConsoleLine(user="", channel=DEFAULT_CHANNEL, wait=parse_wait(rest))
    expect_refusal = text.startswith("!")
    try:
        words = shlex.split(text.lstrip("!").strip())
    except ValueError as exc:
        raise ConsoleError(f"cannot read the line: {exc}") from None
    if not words or not words[0].startswith("@") or len(words[0]) < 2:
        raise ConsoleError("start the line with who speaks, e.g. `@alice /game join`")
    line = ConsoleLine(user=words[0][1:], channel=DEFAULT_CHANNEL, expect_refusal=expect_refusal)
    rest = words[1:]
    if rest and rest[0].startswith("#"):
        line.channel, rest = rest[0][1:], rest[1:]
    if rest and rest[0].startswith("click:"):
        line.click = " ".join([rest[0].removeprefix("click:"), *rest[1:]]).strip()
        return line
    if rest and rest[0].startswith("pick:"):
        chosen = " ".join([rest[0].removeprefix("pick:"), *rest[1:]])
        line.pick = [value.strip() for value in chosen.split(",") if value.strip()]
        return line
    if not rest or not rest[0].startswith("/"):
        raise ConsoleError(
            "after the speaker comes a slash command (`/game status`), `click:<button>` or `pick:<choice>`"
        )
    names: list[str] = []
    for word in rest:
        if ":" in word:
            key, _, value = word.partition(":")
            line.options[key] = value
        elif line.options:
            raise ConsoleError(f"'{word}' follows the options; quote values with spaces: key:\"a b\"")
        else:
            names.append(word.lstrip("/"))
    line.command = " ".join(names)
    return line


class ConsoleBot(BottegaBot):
    """The bot, for the in-memory Discord, which registers the commands by itself; its replies
    are written for a terminal (@names, UTC times, no markup)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.presenter = PlainText(self._channel_name)

    def _channel_name(self, channel_id: int) -> str:
        channel = self.get_channel(channel_id)
        return getattr(channel, "name", None) or str(channel_id)

    async def sync_commands(self) -> str | None:
        return None


class ConsoleClock:
    """The real time plus the time the console's scripts have waited (kept in the store).

    While a ``~wait`` fires a timer the clock is *held* at the timer's moment, so what the bot
    does then happens exactly when it was due, however long it takes in real time.
    """

    def __init__(self, offset: timedelta = timedelta()) -> None:
        self.offset = offset
        self.held: datetime | None = None

    @classmethod
    async def kept_in(cls, store: Store) -> ConsoleClock:
        return cls(timedelta(seconds=float(await store.get_meta(CLOCK_KEY) or 0)))

    def now(self) -> datetime:
        return self.held if self.held is not None else datetime.now(UTC) + self.offset

    async def hold(self, moment: datetime, store: Store) -> None:
        """Stop the clock at ``moment`` (or now, if that is later) until :meth:`release`; a session
        that stops meanwhile goes on from there."""
        self.held = max(moment, self.now())
        await self._keep(self.held, store)

    async def release(self, moment: datetime, store: Store) -> None:
        """Let the clock run again from ``moment`` (or now, if that is later), and keep it."""
        start = max(moment, self.now())
        self.held = None
        await self._keep(start, store)

    async def _keep(self, moment: datetime, store: Store) -> None:
        self.offset = moment - datetime.now(UTC)
        await store.set_meta(CLOCK_KEY, repr(self.offset.total_seconds()))


class Console:
    def __init__(self, env: Any, bot: BottegaBot, store: Store, images: Path, out: TextIO,
                 clock: ConsoleClock | None = None) -> None:
        self.env = env
        self.store = store
        self.bot = bot
        self.images = images
        self.out = out
        self.clock = clock or ConsoleClock()
        self.guild: Any = None
        self.channels: dict[str, Any] = {}
        self.people: dict[str, Any] = {}
        self._seen: dict[int, tuple[str, tuple[int, ...]]] = {}
        """The content and attachments of each channel message as last shown."""
        self._private: dict[str, list[discord.Message]] = {}
        """Each person's private replies that carry buttons or menus, newest last."""
        self._refusals: list[BaseException] = []
        bot.add_listener(self._on_refusal, f"on_{REFUSAL_EVENT}")

    async def _on_refusal(self, interaction: discord.Interaction, error: BaseException) -> None:
        self._refusals.append(error)

    async def open_world(self) -> None:
        """The server, its channels and its people, always created in the same order."""
        self.guild = self.env.create_guild("Bottega (local)", id=LOCAL_GUILD_ID)
        for name in await _remembered(self.store, CHANNELS_KEY, [DEFAULT_CHANNEL]):
            self.channels[name] = self.guild.create_text_channel(name)
        for name in await _remembered(self.store, PEOPLE_KEY, []):
            self.people[name] = self.guild.add_member(self.env.create_user(name))
        await self.resume_clock()

    async def resume_clock(self) -> None:
        """Move the in-memory Discord's clock past the last session's.

        Its ids (interactions' included) are made from its clock, which starts at the same
        instant in every session: without this, a later session hands out the ids of an earlier
        one again, and the store refuses a real move as "already recorded".
        """
        remembered = await self.store.get_meta(DISCORD_CLOCK_KEY)
        if remembered is not None:
            behind = (datetime.fromisoformat(remembered) - self.env.now()).total_seconds()
            if behind >= 0:
                await self.env.advance_time(behind + 1)

    async def remember_clock(self) -> None:
        await self.store.set_meta(DISCORD_CLOCK_KEY, self.env.now().isoformat())

    async def welcome_newcomers(self, line: ConsoleLine) -> bool:
        """Remember a person or channel this line names for the first time; True if there was one.

        Ids are handed out in order, so newcomers join the world only when it is next rebuilt.
        """
        new = False
        for key, names, name in ((CHANNELS_KEY, self.channels, line.channel), (PEOPLE_KEY, self.people, line.user)):
            if name and name not in names:
                await self.store.set_meta(key, json.dumps([*names, name]))
                new = True
        return new

    async def run(self, line: ConsoleLine) -> bool:
        """Play one line; True when it went as expected (accepted, or refused if marked so)."""
        from simcord import BackendError, SetupError

        if line.wait is not None:
            await self.wait(line.wait)
            return True
        channel, person = self.channels[line.channel], self.people[line.user]
        self._refusals.clear()
        try:
            if line.click is not None:
                message = self._latest_with(line.user, channel, lambda item: _label(item) == line.click)
                result = await person.click(message, label=line.click)
            elif line.pick is not None:
                message = self._latest_with(line.user, channel, lambda item: _options(item) is not None)
                result = await person.select(message, line.pick)
            else:
                result = await person.slash(channel, line.command, **self._convert(line))
        except (ConsoleError, BackendError, SetupError) as exc:  # what a Discord client would not let you do
            self._say(f"! {exc}")
            return line.expect_refusal
        await self._show(result, line.user, channel)
        await self.remember_clock()
        refused = bool(self._refusals)
        if refused != line.expect_refusal:
            self._say("! expected a refusal, but the line was accepted" if line.expect_refusal
                      else "! the line was refused")
            return False
        return True

    async def wait(self, duration: timedelta) -> None:
        """Let ``duration`` pass: each timer due meanwhile fires at its own moment, in order, and
        what the bot posts then (reminders, turns played for late players, AI moves) is shown."""
        until = self.clock.now() + duration
        for _ in range(MAX_TIMER_PASSES):
            due = await self.store.due_timers(until)
            if not due:
                break
            await self.clock.hold(due[0].due_at, self.store)
            # The bot's own reminder loop fires the timer at its next check; AI seats owed a move then
            # answer after their pause.
            await self.env.advance_time(CHECK_EVERY_SECONDS + self.bot.config.ai_pause_seconds)
            for channel in self.channels.values():
                await self._show_channel(channel)
        await self.clock.release(until, self.store)
        self._say(f"(time passes: it is now {self.clock.now():%Y-%m-%d %H:%M} UTC)")

    def _convert(self, line: ConsoleLine) -> dict[str, Any]:
        """Option strings turned into the types the slash command declares."""
        command = self.bot.tree.get_command(line.command.split()[0]) if line.command else None
        for part in line.command.split()[1:]:
            command = command.get_command(part) if isinstance(command, app_commands.Group) else None
        if not isinstance(command, app_commands.Command):
            names = sorted(c.qualified_name for c in self.bot.tree.walk_commands()
                           if isinstance(c, app_commands.Command))
            raise ConsoleError(f"no command /{line.command}. Commands: " + ", ".join(f"/{n}" for n in names))
        parameters = {p.name: p for p in command.parameters}
        values: dict[str, Any] = {}
        for key, raw in line.options.items():
            parameter = parameters.get(key)
            if parameter is None:
                known = ", ".join(parameters) or "none"
                raise ConsoleError(f"/{line.command} has no option '{key}' (options: {known})")
            if parameter.type is discord.AppCommandOptionType.user:  # a person of the console: @name
                person = self.people.get(raw.lstrip("@"))
                if person is None:
                    raise ConsoleError(f"option '{key}' names someone of this console, e.g. @alice (not '{raw}')")
                values[key] = person
                continue
            values[key] = _typed(parameter, raw, line.command)
        return values

    def _latest_with(self, user: str, channel: Any, wanted: Callable[[Any], bool]) -> discord.Message:
        """The newest message with a wanted component: ``user``'s private ones, then the channel's."""
        for message in [*reversed(self._private.get(user, [])), *reversed(channel.history())]:
            if any(wanted(item) for item in _items(message)):
                return message
        raise ConsoleError("no message here has that button or menu")

    async def _show(self, result: Any, user: str, channel: Any) -> None:
        private = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
        for reply in private:
            self._say(f"(only {user} sees) {reply.content}")
            await self._show_parts(reply.message)
            if reply.message.components:
                self._private.setdefault(user, []).append(reply.message)
        await self._show_channel(channel)

    async def _show_channel(self, channel: Any) -> None:
        """The channel's public messages not shown yet."""
        for message in channel.history():
            if message.flags.ephemeral:
                continue
            words = message_text(message)
            shown = (words, tuple(attachment.id for attachment in message.attachments))
            before = self._seen.get(message.id)
            if before == shown:
                continue
            self._seen[message.id] = shown
            if before is None:
                self._say(f"bottega: {words}")
            else:  # a step of the same turn: the message is edited, and only what changed is shown
                self._say(f"bottega (edited): {changed_lines(before[0], words)}")
            await self._show_parts(message)
        for name, someone in self.people.items():
            # Only DM channels the bot opened: opening one here would use up an id (see the module's docstring).
            if self.env.backend.dm_channels.get(someone.id) is None:
                continue
            for message in someone.user.dm_channel.history():
                if message.id not in self._seen:
                    self._seen[message.id] = (message.content, ())
                    self._say(f"(direct message to {name}) {message.content}")

    async def _show_parts(self, message: discord.Message) -> None:
        for attachment in message.attachments:
            await self._save(attachment)
        labels = [label for label in map(_label, _items(message)) if label]
        if labels:
            self._say("  buttons: " + " | ".join(f"[{label}]" for label in labels))
        for item in _items(message):
            options = _options(item)
            if options:
                self._say("  pick: " + " | ".join(options))

    async def _save(self, attachment: discord.Attachment) -> None:
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"{attachment.id}-{attachment.filename}"
        path.write_bytes(await attachment.read())
        self._say(f"  image: {path}")

    def _say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


async def _remembered(store: Store, key: str, default: list[str]) -> list[str]:
    return json.loads(await store.get_meta(key) or json.dumps(default))


def changed_lines(before: str, after: str) -> str:
    r"""``after`` without the lines it shares with the start of ``before``.

    >>> changed_lines("Ann moved.\n@Bo: your turn", "Ann moved.\nAnn ended.\n@Cy: your turn")
    'Ann ended.\n@Cy: your turn'
    """
    old, new = before.splitlines(), after.splitlines()
    shared = 0
    while shared < min(len(old), len(new)) and old[shared] == new[shared]:
        shared += 1
    return "\n".join(new[shared:])


def _items(message: discord.Message) -> list[Any]:
    return message_controls(message)


def _label(item: Any) -> str | None:
    return getattr(item, "label", None) if isinstance(item, discord.Button) else None


def _options(item: Any) -> list[str] | None:
    """A menu's choices as ``value (what it is)``; None for anything but a menu."""
    if not isinstance(item, discord.SelectMenu):
        return None
    choices = []
    for option in item.options:
        notes = [text for text in dict.fromkeys([option.label, option.description]) if text and text != option.value]
        choices.append(option.value + "".join(f" ({note})" for note in notes))
    return choices


def _typed(parameter: app_commands.Parameter, raw: str, command: str) -> Any:
    kind = parameter.type
    try:
        if kind is discord.AppCommandOptionType.integer:
            return int(raw)
        if kind is discord.AppCommandOptionType.number:
            return float(raw)
    except ValueError:
        raise ConsoleError(f"option '{parameter.name}' of /{command} takes a number, not '{raw}'") from None
    if kind is discord.AppCommandOptionType.boolean:
        if raw.lower() not in {"true", "false", "yes", "no"}:
            raise ConsoleError(f"option '{parameter.name}' of /{command} is true or false, not '{raw}'")
        return raw.lower() in {"true", "yes"}
    return raw


async def play(
    config: Config, images: Path, lines: Iterable[str], out: TextIO, *, interactive: bool, seed: int | None = None
) -> int:
    """Play ``lines``; a script stops with 1 at its first line that does not go as expected.

    With ``seed``, new tables are dealt from ``seed``, ``seed + 1``..., so a script replays exactly.
    """
    seeds = itertools.count(seed) if seed is not None else None
    import simcord  # the in-memory Discord; installed with the "local" extra

    numbered = iter(enumerate(lines, start=1))
    waiting: tuple[int, str] | None = None
    store = await open_store(config.database)
    renderer = RenderPool(config.render_workers, on_start=end_with_parent)  # one pool for the session's bots
    try:
        clock = await ConsoleClock.kept_in(store)
        while True:
            bot = ConsoleBot(config, store=store, clock=clock.now,
                             seed_source=seeds.__next__ if seeds else None, renderer=renderer)
            async with simcord.run(bot, strict_sync=False, check_errors=False) as env:
                # a line is done when the bot is idle: an AI decision may take up to its hard limit
                env.settle_timeout = config.ai_time_limit_seconds + SETTLE_MARGIN_SECONDS
                console = Console(env, bot, store, images, out, clock)
                await console.open_world()
                for number, text in _chain(waiting, numbered):
                    waiting = None
                    try:
                        line = parse_line(text)
                    except ConsoleError as exc:
                        console._say(f"! {exc}")
                        line, ok = None, False
                    else:
                        if line is not None and await console.welcome_newcomers(line):
                            waiting = (number, text)
                            break
                        ok = line is None or await console.run(line)
                    if not ok and not interactive:
                        print(f"line {number} failed: {text.strip()}", file=sys.stderr)
                        return 1
                else:
                    return 0
    finally:
        renderer.close()
        await store.close()


def _chain(first: tuple[int, str] | None, rest: Iterable[tuple[int, str]]) -> Iterable[tuple[int, str]]:
    if first is not None:
        yield first
    yield from rest


def _interactive_lines() -> Iterable[str]:
    print("Bottega local console. Lines look like `@alice /game new game:mor players:2`; Ctrl-D quits.")
    while True:
        try:
            yield input("> ")
        except EOFError:
            print()
            return


def run_console(config: Config, *, images: Path, script: Path | None, seed: int | None = None) -> int:
    logging.getLogger("discord").setLevel(logging.ERROR)  # no gateway chatter in the terminal
    try:
        import simcord  # noqa: F401
    except ImportError:
        print('The local console needs the "local" extra: pip install -e ".[local]"', file=sys.stderr)
        return 2
    if script is not None:
        lines: Iterable[str] = script.read_text(encoding="utf-8").splitlines()
    else:
        lines = _interactive_lines()
    try:
        return asyncio.run(play(config, images, lines, sys.stdout, interactive=script is None, seed=seed))
    except RefusedDatabase as refused:
        print(refused, file=sys.stderr)
        return 1
