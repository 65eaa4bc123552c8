"""Taps from the ping to a submitted move, in whole games played with buttons and selects only.

    python bench/taps.py [--games mor,lim,opera] [--players 2,4] [--seed 5] [--quick]

The real bot (discord.py against simcord's in-memory Discord, the real store on a temporary
SQLite file, no images) hosts games in which every seat is a person who only taps: "Your move"
on the board that pings them, one option of each select of the guided menu, Confirm on every
preview (rarely the Masters warehouse's rearrangement, which leaves a turn where it was). A tap is a button press or a select choice; a move's count runs from the ping (its
"Your move") or the move before it in the same private message, to the tap that submitted it.
Goal (issue 26): median <= 4 in Lorenzo and Masters, <= 6 in Opera, with every move that spends
or gains something previewed. The script also counts the lines of the Discord wing (``cogs/``
and ``bot/*.py`` outside the table service and the language layer: 4,859 before the issue),
goal: fewer. ``--quick``: one 2-player game per game, cut after 20 moves (the tests play whole games).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from bot.bot import create_bot  # noqa: E402
from bot.config import Config  # noqa: E402

GOALS = {"mor": 4, "lim": 4, "opera": 6}
LINES_BEFORE = 4859
NAMES = ["Ada", "Bea", "Cy", "Dot"]
ACTION_ROW, BUTTON, SELECT, TEXT_DISPLAY = 1, 2, 3, 10
STEPS_PER_TURN = 40
QUICK_MOVES = 20
REARRANGE = "g:arrange"
KEEP_GOING = 0.9
"""How often a player passes over rearranging the warehouse (Masters), which leaves the turn where it was."""


def items(message: Any) -> list[dict[str, Any]]:
    """The buttons and selects of a message (in rows or inside a board's card), as raw dicts, after
    checking Discord's limits."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    assert len(rows) <= 5 or not all(row.get("type") == ACTION_ROW for row in rows)
    found = controls(rows)
    for item in found:
        assert len(item.get("custom_id", "")) <= 100 and len(item.get("label") or "") <= 80
        options = item.get("options", [])
        assert len(options) <= 25 and all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options)
    return found


def controls(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The buttons and selects among raw ``components``, looking inside containers and sections."""
    found = []
    for component in components:
        if component.get("type") in (BUTTON, SELECT):
            found.append(component)
        found.extend(controls(component.get("components", [])))
        if isinstance(component.get("accessory"), dict):
            found.extend(controls([component["accessory"]]))
    return found


def words_of(message: Any) -> str:
    """A message's words: its content, or the text displays of its card."""
    if message.content or not message.components:
        return message.content

    def texts(components: list[dict[str, Any]]) -> list[str]:
        found = []
        for component in components:
            if component.get("type") == TEXT_DISPLAY:
                found.append(component["content"])
            found.extend(texts(component.get("components", [])))
        return found

    return "\n".join(texts([c if isinstance(c, dict) else c.to_dict() for c in message.components]))


class ButtonPlayer:
    """Every seat a person who only taps (see the module docstring); counts the taps of each move."""

    def __init__(self, channel: Any, members: list[simcord.MemberActor], rng: random.Random) -> None:
        self.channel, self.members, self.rng = channel, {m.id: m for m in members}, rng
        self.taps: list[int] = []
        self.previews: list[str] = []
        self.unpreviewed: list[str] = []
        """Options played as soon as chosen that spend or gain something (there should be none)."""

    def pinged(self) -> list[simcord.MemberActor]:
        board = self.channel.last_message
        return [self.members[int(i)] for i in re.findall(r"<@(\d+)>", words_of(board)) if int(i) in self.members]

    async def turn(self, member: simcord.MemberActor) -> None:
        """``member`` taps "Your move" on the latest board, then goes on in the private message until
        it shows no more choices (their turn, or their part of it, is over) or a new turn's board
        pings them (a solo game: Lorenzo's turn is over at once)."""
        board = self.channel.last_message
        result = await member.click(board, label="Your move")
        taps = 1
        for _ in range(STEPS_PER_TURN):
            if self.channel.last_message.id != board.id:
                return
            message = result.response
            assert message is not None and message.ephemeral, "menus are private"
            found = items(message)
            confirm = next((i for i in found if i["type"] == BUTTON and i.get("label") == "Confirm"), None)
            select = next((i for i in found if i["type"] == SELECT), None)
            if confirm is not None:
                self.previews.append(words_of(message))
                result = await member.click(message, custom_id=confirm["custom_id"])
                self.taps.append(taps + 1)
                taps = 0
            elif select is not None:
                values = [o["value"] for o in select["options"]]
                if self.rng.random() < KEEP_GOING:  # a rearrangement changes no count: rarely chosen
                    values = [v for v in values if v != REARRANGE] or values
                value = self.rng.choice(values)
                chosen = next(o for o in select["options"] if o["value"] == value)
                if value.startswith("p:") and (chosen.get("description") or "").startswith("You pay"):
                    self.unpreviewed.append(chosen["label"])
                result = await member.select(message, [value], custom_id=select["custom_id"])
                taps += 1
                if value.startswith("p:"):  # played at once: nothing to preview
                    self.taps.append(taps)
                    taps = 0
            else:
                return
        raise AssertionError(f"the menu did not end: {result.response.content}")

    async def play_out(self, limit: int) -> bool:
        """Turns until the game is over (True) or ``limit`` moves were made (False)."""
        while len(self.taps) < limit:
            if "Game over." in words_of(self.channel.last_message):
                return True
            pinged = self.pinged()
            assert pinged, words_of(self.channel.last_message)
            await self.turn(pinged[0])
        return "Game over." in words_of(self.channel.last_message)


async def open_table(env: simcord.Env, key: str, players: int) -> tuple[Any, list[simcord.MemberActor]]:
    guild = env.create_guild("Bench")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
    await members[0].slash(channel, "game new", game=key, players=players)
    for member in members[1:]:
        await member.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    return channel, members


async def one_game(key: str, players: int, seed: int, limit: int) -> tuple[list[int], bool]:
    """The taps of every move of one game played by buttons, and whether it ended."""
    with tempfile.TemporaryDirectory() as workdir:
        config = Config(token=None, database_path=Path(workdir) / "taps.db", dev_guild_id=None)
        bot = create_bot(config, renderer=None, seed_source=lambda: seed)
        env = simcord.Env(bot)
        await env.start()
        try:
            channel, members = await open_table(env, key, players)
            player = ButtonPlayer(channel, members, random.Random(seed))
            ended = await player.play_out(limit)
            return player.taps, ended
        finally:
            await env.shutdown()
            if bot.store is not None:
                await bot.store.close()


def wing_lines() -> int:
    """Lines of ``cogs/*.py`` and ``bot/*.py`` (the table service and the language layer are folders)."""
    files = [*ROOT.glob("cogs/*.py"), *ROOT.glob("bot/*.py")]
    return sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="mor,lim,opera")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help=f"one 2-player game each, cut after {QUICK_MOVES} moves")
    args = parser.parse_args()
    counts = [2] if args.quick else [int(n) for n in args.players.split(",")]
    limit = QUICK_MOVES if args.quick else 10_000
    print(f"{'game':6} {'players':>7} {'moves':>6} {'ended':>6} {'median taps':>12}   goal")
    for key in args.games.split(","):
        every: list[int] = []
        for players in counts:
            taps, ended = asyncio.run(one_game(key, players, args.seed, limit))
            every += taps
            print(f"{key:6} {players:7d} {len(taps):6d} {str(ended):>6} {statistics.median(taps):12g}   "
                  f"<= {GOALS.get(key, '-')}")
        print(f"{key:6} {'all':>7} {len(every):6d} {'':>6} {statistics.median(every):12g}   <= {GOALS.get(key, '-')}")
    lines = wing_lines()
    print(f"Discord wing (cogs/ + bot/*.py): {lines} lines   goal < {LINES_BEFORE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
