"""Masters of Renaissance on Discord: ``/mor market``, ``buy``, ``produce``, ``leader``, ``arrange``,
``end``, ``board``, ``card``, ``log``, ``rules`` (next to the generic ``/mor move`` and ``/mor hand``),
and the buttons and selects that carry every follow-up choice.

:class:`MorCommands` is the game's subclass of the base command cog (:class:`cogs.play.GameCommands`).
It reads the game only through views (the public one, or the acting seat's own) and the seat's
legal actions. Every move goes through the table service and the public posting path of ``/mor move``
(:func:`bot.views.post_reply`): the board image, the log line and a ping for the next player.
Choices that remain open after a command (white marbles, slot and payment, production inputs,
where to store what you took) are asked privately with buttons and selects built by
:mod:`cogs.mor_menus` from the asking player's own view. Components are dynamic items whose
``custom_id`` carries the game id, the board version and plain notation, so they survive restarts;
an answer goes through the stale-board check every menu shares (:meth:`bot.table.TableService.menu`),
so an old one says the board has moved on while a seat's own setup choice stays open. A menu is
private, so it is written in the presser's Discord language; the board's buttons are public, in
the table's language.

The public board carries menu buttons (Market, Buy, Produce, Leaders, ...) instead of the generic
move buttons, because those would name the leaders in a player's hand.
"""


from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.confirm import ask_first
from i18n import Message, translate
from bot.menus import clip
from bot.table import Line, Person, Reply, Strong, Table, TableError, line
from bot.table.loading import NOT_STARTED
from bot.table.model import plain
from bot.table.play import OLD_GAME
from bot.views import (
    CUSTOM_ID_LIMIT,
    MESSAGE_LIMIT,
    SELECT_LIMIT,
    SinceButton,
    person_of,
    post_reply,
    public_language,
    reader_language,
    report_error,
    require_bot_permissions,
    respond,
    service,
)
from games.core import IllegalAction
from games.mor.data import CARDS, LEADERS

from .mor_menus import (
    LINES,
    Question,
    amounts,
    ask,
    card_label,
    complete,
    fill,
    joined,
    layout_text,
    leader_label,
    line_gains,
    placement,
    warehouse_layout,
)
from .play import GameCommands, rule_topics
from .rules_help import topic_line

if TYPE_CHECKING:
    from bot.bot import BottegaBot

KEY = "mor"
BUTTON_PREFIX = "mor:b"
SELECT_PREFIX = "mor:s"
PLACE_PROMPT = "!place"
HAND = "!hand"
BUTTONS_PER_QUESTION = 5
LOG_LIMIT = 1900
AUTOCOMPLETE_LIMIT = 25
RULE_TOPICS = rule_topics(KEY)
BUTTON_LABEL_LIMIT = 80
CHOOSE = Message("Choose…")


# ============================================================================ the flow
def acting_seat(table: Table, person: Person) -> int:
    seat = table.seat_of(person.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    if not table.is_acting(seat):
        raise IllegalAction(table.waiting_message(seat), "MOR-TURN-7")
    return seat


async def proceed(interaction: discord.Interaction, table: Table, text: str, *,
                  expected_version: int | None, edit: bool) -> None:
    """Ask the next open question of ``text``, or play it when nothing is open.

    ``edit``: the interaction comes from one of our private menus, which is then updated in place
    instead of sending a new private message.
    """
    language = reader_language(interaction)
    try:
        seat = acting_seat(table, person_of(interaction))
        view = table.view(seat)
        if text == PLACE_PROMPT:
            if view["pending"] is None:
                raise IllegalAction("There is nothing to place: placing follows a market action "
                                    "(MOR-WAREHOUSE-7).", "MOR-WAREHOUSE-7")
            question = placement(view, seat)
            return await show(interaction, question.text, question_view(table, "place", question, language), edit)
        text = complete(view, text)
        if "?" in text:
            question = ask(view, table.actions(seat), text)
            return await show(interaction, question.text, question_view(table, text, question, language), edit)
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    if not await ask_first(interaction, text, edit=edit):
        await play(interaction, text, expected_version=expected_version, edit=edit)


async def show(interaction: discord.Interaction, text: str, view: discord.ui.View, edit: bool) -> None:
    text = clip(translate(text, reader_language(interaction)), MESSAGE_LIMIT)
    if edit:
        await interaction.response.edit_message(content=text, view=view, attachments=[])
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


async def play(interaction: discord.Interaction, text: str, *, expected_version: int | None, edit: bool) -> None:
    """The move path of ``/mor move``: the service applies it, the board is posted in public."""
    bot = interaction.client
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    person = person_of(interaction)
    try:
        require_bot_permissions(interaction, files=True)
        reply = await service(bot).act(interaction.channel_id, person, text, interaction_id=interaction.id,
                                       expected_version=expected_version)
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    posted = await post_reply(bot, interaction.channel, reply)
    language = reader_language(interaction)
    content, components = Message("Done: {link}", link=posted.jump_url), None
    table = await service(bot).game(reply.game_id)
    public = table.view(None)
    seat = public["turn"]["seat"]
    if public["phase"] == "play" and public["pending"] is not None and seat in public["actors"]:
        question = placement(table.view(seat), seat)
        content = question.text
        components = question_view_for(reply.game_id, reply.version, "place", question, language)
    await interaction.edit_original_response(content=clip(translate(content, language), MESSAGE_LIMIT),
                                             view=components, attachments=[])


async def handle_component(interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
    """A press or choice on one of our buttons or selects; ``text`` is the (partial) notation."""
    try:
        await answer_component(interaction, game_id, version, text)
    except Exception as error:  # noqa: BLE001 - the one error path also covers components
        await report_error(interaction, error)


async def answer_component(interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
    """After the stale-board check every menu shares (:meth:`bot.table.TableService.menu`: a seat's
    own setup choice stays open while the others choose theirs)."""
    edit = interaction.message is not None and interaction.message.flags.ephemeral
    tables = service(interaction.client)
    if text == HAND:  # a player's own hand, from any board of this game
        async def hand() -> Reply:
            if (await tables.table(interaction.channel_id)).row.id != game_id:
                raise TableError(OLD_GAME)
            return await tables.private(interaction.channel_id, person_of(interaction), reader_language(interaction))

        return await respond(interaction, hand, public=False)
    try:
        table, _ = await tables.menu(interaction.channel_id, person_of(interaction), game_id, version)
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    await proceed(interaction, table, text, expected_version=version, edit=edit)


# ============================================================================ components
class MorButton(discord.ui.DynamicItem[discord.ui.Button],
                template=re.compile(rf"{BUTTON_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<text>.+)")):
    """``mor:b:<game id>:<version>:<notation>``: plays it, or asks its next ``?``."""

    def __init__(self, game_id: int, version: int, text: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        self.game_id, self.version, self.text = game_id, version, text
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL_LIMIT), style=style,
                                           custom_id=f"{BUTTON_PREFIX}:{game_id}:{version}:{text}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> MorButton:
        return cls(int(match["game_id"]), int(match["version"]), match["text"], item.label or "", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await handle_component(interaction, self.game_id, self.version, self.text)


class MorSelect(discord.ui.DynamicItem[discord.ui.Select],
                template=re.compile(rf"{SELECT_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<partial>.+)")):
    """``mor:s:<game id>:<version>:<partial notation>``: the chosen values fill its first ``?``."""

    def __init__(self, game_id: int, version: int, partial: str, options: list[discord.SelectOption],
                 min_values: int, max_values: int, placeholder: str | None) -> None:
        self.game_id, self.version, self.partial = game_id, version, partial
        super().__init__(discord.ui.Select(
            custom_id=f"{SELECT_PREFIX}:{game_id}:{version}:{partial}", placeholder=placeholder,
            options=options, min_values=min_values, max_values=max_values))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> MorSelect:
        return cls(int(match["game_id"]), int(match["version"]), match["partial"], item.options,
                   item.min_values, item.max_values, item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        await handle_component(interaction, self.game_id, self.version, fill(self.partial, self.item.values))


def words(text: str, language: str) -> str:
    """A menu text in ``language``: a :class:`Message` by its template, plain words (``coin``,
    ``coin + stone``, ``row-1``) term by term."""
    return translate(text if isinstance(text, Message) else joined([text], ""), language)


def question_select(game_id: int, version: int, partial: str, question: Question, language: str) -> MorSelect:
    options = [discord.SelectOption(label=clip(words(o.label, language)), value=o.token,
                                    description=clip(words(o.description, language)) if o.description else None)
               for o in question.options[:SELECT_LIMIT]]
    return MorSelect(game_id, version, partial, options, question.min_values,
                     min(question.max_values, len(options)), translate(CHOOSE, language))


def question_view(table: Table, partial: str, question: Question, language: str) -> discord.ui.View:
    return question_view_for(table.row.id, table.row.version, partial, question, language)


def question_view_for(game_id: int, version: int, partial: str, question: Question, language: str) -> discord.ui.View:
    """Up to five buttons when each answer fits a button, otherwise one select; plus the shortcuts;
    every label in ``language`` (the reader's)."""
    view = discord.ui.View(timeout=None)
    for option in question.extra:
        view.add_item(MorButton(game_id, version, option.token, words(option.label, language),
                                discord.ButtonStyle.success if option.token == "place" else discord.ButtonStyle.secondary))
    if not question.options:
        return view
    answers = [fill(partial, [o.token]) for o in question.options]
    prefix = len(f"{BUTTON_PREFIX}:{game_id}:{version}:")
    if (question.max_values == 1 and len(answers) <= BUTTONS_PER_QUESTION
            and all(prefix + len(a) <= CUSTOM_ID_LIMIT for a in answers)):
        for option, answer in zip(question.options, answers):
            view.add_item(MorButton(game_id, version, answer, words(option.label, language)))
    else:
        view.add_item(question_select(game_id, version, partial, question, language))
    return view


def board_buttons(view: dict[str, Any]) -> list[tuple[Message, str]]:
    """The menu buttons of a public board, from the public view (none reveals a hidden card)."""
    if view["phase"] == "setup":
        return [(Message("Choose your leaders"), "keep ?")]
    turn, pending = view["turn"], view["pending"] is not None
    player = view["players"][turn["seat"]]
    buttons: list[tuple[Message, str]] = []
    if pending:
        buttons.append((Message("Place resources"), PLACE_PROMPT))
    elif not turn["main_action_done"]:
        buttons += [(Message("Market"), "market ?"), (Message("Buy"), "buy ?"), (Message("Produce"), "produce ?")]
    if player["hand_count"] and not pending:
        buttons.append((Message("Leaders"), "leader ?"))
    if turn["main_action_done"] and not pending:
        buttons.append((Message("End turn"), "end"))
    return buttons


def lorenzo_line(view: dict[str, Any], reply: Reply) -> Line | None:
    """Lorenzo's token and black cross, when the reply reports his turn (solo game): a turn's
    message begins with the end of the turn before, Lorenzo's included, and keeps it as it grows."""
    solo = view["solo"]
    said = [plain(text) for text in reply.lines]
    if solo is None or not solo["last_token"] or not any(text.startswith("Lorenzo") for text in said):
        return None
    return line(Message("Lorenzo's token: {token}. Black cross: space {space} of 24.",
                        token=Strong(token_text(solo["last_token"]["id"])), space=Strong(str(solo["black_cross"]))))


def token_text(token_id: str) -> str:
    colour = re.fullmatch(r"discard-(\w+)", token_id)
    if colour:
        return Message("discard 2 {colour} cards", colour=colour[1])
    spaces = re.fullmatch(r"black-cross-(\d)(-reshuffle)?(-\w)?", token_id)
    if spaces:
        if spaces[2]:
            return Message("black cross +{spaces}, then reshuffle", spaces=spaces[1])
        return Message("black cross +{spaces}", spaces=spaces[1])
    return token_id


def deck_for(view: dict[str, Any], wanted: str) -> str:
    """The deck named, or the deck whose top card is ``wanted`` (``c12``)."""
    for deck in view["decks"]:
        if wanted == deck["deck"] or (deck["top"] and deck["top"]["id"] == wanted):
            return deck["deck"]
    raise IllegalAction("'{wanted}' is not the top card of a deck: you can only buy a top card "
                        "(MOR-BUY-1).",
                        "MOR-BUY-1",
                        wanted=wanted)


def area_lines(table: Table, seat: int) -> list[Line]:
    """One player's public area in words (everything here is public: MOR-BUY-12, MOR-LEADER-1)."""
    view = table.view(None)
    player = view["players"][seat]
    slots = [Message("slot {slot}: {card} (+{covered} covered)", slot=s["slot"], card=s["top"]["id"],
                     covered=s["covered"]) if s["covered"]
             else Message("slot {slot}: {card}", slot=s["slot"], card=s["top"]["id"]) if s["top"]
             else Message("slot {slot}: empty", slot=s["slot"]) for s in player["slots"]]
    played = ", ".join(leader["id"] for leader in player["leaders"]) or Message("none")
    return [
        line(Strong(table.names()[seat]), Message(" — faith {faith}, {vp} VP so far", faith=player["faith"],
                                                  vp=player["vp"])),
        line(Message("Warehouse: {layout}; strongbox: {strongbox}", layout=layout_text(warehouse_layout(view, seat)),
                     strongbox=amounts(player["strongbox"]))),
        line(Message("Cards: {slots}", slots=joined(slots, ", "))),
        line(Message("Leaders played: {played}; in hand: {count}", played=played, count=player["hand_count"])),
    ]


def rule_lines(topic: str, language: str) -> Line:
    return topic_line(KEY, topic, language)


def matching(choices: list[tuple[str, str]], current: str,
             interaction: discord.Interaction) -> list[app_commands.Choice[str]]:
    """The suggestions whose name (in English, or in the reader's language) holds what was typed,
    named in the reader's language."""
    language = reader_language(interaction)
    typed = current.strip().lower()
    named = [(words(n, language), n, v) for n, v in choices]
    found = [(shown, v) for shown, n, v in named if typed in n.lower() or typed in shown.lower()]
    return [app_commands.Choice(name=clip(shown), value=v) for shown, v in found[:AUTOCOMPLETE_LIMIT]]


# ============================================================================ commands
class MorCommands(GameCommands, group_name=KEY):
    """``/mor``: the generic ``move`` and ``hand``, and a command per kind of action."""

    async def playing(self, interaction: discord.Interaction) -> Table:
        table = await self.table(interaction)
        if not table.started:
            raise TableError(NOT_STARTED)
        return table

    async def begin(self, interaction: discord.Interaction, text: str) -> None:
        try:
            table = await self.playing(interaction)
        except (TableError, IllegalAction) as error:
            return await report_error(interaction, error)
        await proceed(interaction, table, text, expected_version=None, edit=False)

    async def own_seat(self, interaction: discord.Interaction) -> tuple[Table, int] | None:
        try:
            table = await self.playing(interaction)
        except TableError:
            return None
        seat = table.seat_of(interaction.user.id)
        return None if seat is None else (table, seat)

    async def board_components(self, reply: Reply) -> discord.ui.View:
        """The menu buttons of a public board, and Lorenzo's turn in the text."""
        components = discord.ui.View(timeout=None)
        table = await service(self.bot).game(reply.game_id)
        if table is None:
            return components
        view = table.view(None)
        lorenzo = lorenzo_line(view, reply)
        if lorenzo is not None:
            reply.lines.append(lorenzo)
        if view["result"] is not None:
            return components
        language = await public_language(self.bot, self.bot.get_channel(table.row.channel_id), reply.game_id)
        for label, text in board_buttons(view):
            components.add_item(MorButton(reply.game_id, reply.version, text, translate(label, language)))
        components.add_item(MorButton(reply.game_id, reply.version, HAND, translate(Message("My leaders"), language),
                                      discord.ButtonStyle.secondary))
        if reply.acting or reply.mentions:
            components.add_item(SinceButton(reply.game_id))
        return components

    # ---------------------------------------------------------------- market
    @app_commands.command(name="market", description="Take a row or column of marbles from the market.")
    @app_commands.describe(line="row-1..row-3 (top to bottom) or col-1..col-4 (left to right); the list shows what each gives")
    async def market(self, interaction: discord.Interaction, line: str) -> None:
        await self.begin(interaction, f"market {line.strip().lower()}")

    @market.autocomplete("line")
    async def market_lines(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await self.own_seat(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        view = table.view(None)
        return matching([(Message("{line}: {gains}", line=name, gains=line_gains(view, seat, name)), name)
                         for name in LINES], current, interaction)

    # ---------------------------------------------------------------- buy
    @app_commands.command(name="buy", description="Buy the top card of a deck (the list shows what you can afford).")
    @app_commands.describe(card="A card you can afford now, with its cost after discounts",
                           slot="Which of your slots (1-3); asked when several fit",
                           pay="Which resources go first; asked when it makes a difference")
    @app_commands.choices(pay=[app_commands.Choice(name="warehouse first", value="wh"),
                               app_commands.Choice(name="strongbox first", value="sb")])
    async def buy(self, interaction: discord.Interaction, card: str,
                  slot: app_commands.Range[int, 1, 3] | None = None, pay: str | None = None) -> None:
        try:
            table = await self.playing(interaction)
            deck = deck_for(table.view(None), card.strip().lower())
        except (TableError, IllegalAction) as error:
            return await report_error(interaction, error)
        if slot is None and pay is None:
            text = f"buy {deck} ?"
            seat = table.seat_of(interaction.user.id)
            if table.is_acting(seat):
                variants = [a for a in table.actions(seat) if a["type"] == "buy" and a["deck"] == deck]
                if len(variants) <= 1:  # one way to buy it, or none: the engine says why
                    text = table.game.notation(variants[0]) if variants else f"buy {deck}"
        else:
            text = " ".join(["buy", deck, *([f"slot:{slot}"] if slot else []), *([f"pay:{pay}"] if pay else [])])
        await proceed(interaction, table, text, expected_version=None, edit=False)

    @buy.autocomplete("card")
    async def buyable(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await self.own_seat(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        cards = table.view(seat)["you"]["affordable"]
        return matching([(card_label(c["id"], c["cost"]), c["deck"]) for c in cards], current, interaction)

    # ---------------------------------------------------------------- produce, leader, arrange, end
    @app_commands.command(name="produce", description="Activate production: choose your powers, then any choices.")
    async def produce(self, interaction: discord.Interaction) -> None:
        await self.begin(interaction, "produce ?")

    @app_commands.command(name="leader", description="Play a leader from your hand, or discard it for 1 faith.")
    @app_commands.describe(action="Play it (if you meet its requirement) or discard it (+1 faith)",
                           leader="One of your own leaders (only you see this list)")
    @app_commands.choices(action=[app_commands.Choice(name="play", value="play"),
                                  app_commands.Choice(name="discard", value="discard")])
    async def leader(self, interaction: discord.Interaction, action: str, leader: str) -> None:
        await self.begin(interaction, f"leader {action} {leader.strip()}")

    @leader.autocomplete("leader")
    async def own_leaders(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await self.own_seat(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        hand = table.view(seat)["you"]["hand"]
        return matching([(leader_label(leader["id"]), leader["id"]) for leader in hand], current, interaction)

    @app_commands.command(name="arrange", description="Rearrange your warehouse depots (on your turn; nothing is lost).")
    @app_commands.describe(layout="The new layout, e.g. d1:coin d2:2stone; leave empty to choose from a list")
    async def arrange(self, interaction: discord.Interaction, layout: str | None = None) -> None:
        await self.begin(interaction, f"arrange {layout.strip()}" if layout else "arrange ?")

    @arrange.autocomplete("layout")
    async def arrangements(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await self.own_seat(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        try:
            question = ask(table.view(seat), table.actions(seat), "arrange ?")
        except IllegalAction:
            return []
        return matching([(o.label, o.token) for o in question.options], current, interaction)

    @app_commands.command(name="end", description="End your turn (after your main action).")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.begin(interaction, "end")

    # ---------------------------------------------------------------- information
    @app_commands.command(name="board", description="The board now (only you see it), and one player's area in words.")
    @app_commands.describe(player="A player whose area to describe")
    async def board(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        async def reply() -> Reply:
            table = await self.playing(interaction)
            status = await service(self.bot).status(interaction.channel_id)
            if player is not None:
                seat = table.seat_of(player.id)
                if seat is None:
                    raise TableError("{display_name} is not playing at this table.",
                                     display_name=player.display_name)
                status.lines[:0] = [*area_lines(table, seat), line("")]
            return status

        await respond(interaction, reply, public=False)

    @app_commands.command(name="card", description="A card, large: development cards c1..c48, leaders L1..L16.")
    @app_commands.describe(card="Type a colour, a resource or an id (c12, L5)")
    async def card(self, interaction: discord.Interaction, card: str) -> None:
        async def reply() -> Reply:
            ident = card.strip()
            ident = ident.lower() if ident.lower() in CARDS else "L" + ident[1:] if ident[:1] in "lL" else ident
            if ident in CARDS:
                details = card_label(ident)
            elif ident in LEADERS:
                details = leader_label(ident)
            else:
                raise TableError("There is no card '{card}': development cards are c1..c48, leaders "
                                 "L1..L16.",
                                 card=card)
            image = await service(self.bot).card_image(KEY, ident, reader_language(interaction))
            return Reply(private=[line(details)], private_image=image)

        await respond(interaction, reply, public=False)

    @card.autocomplete("card")
    async def card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = [(card_label(c), c) for c in CARDS] + [(leader_label(i), i) for i in LEADERS]
        return matching(names, current, interaction)

    @app_commands.command(name="log", description="What happened so far, move by move (only you see it).")
    @app_commands.describe(moves="How many of the latest moves (default 20)")
    async def log(self, interaction: discord.Interaction, moves: app_commands.Range[int, 1, 200] = 20) -> None:
        async def reply() -> Reply:
            await self.playing(interaction)
            entries = [f"{number}. {text}" for number, text in await service(self.bot).log(interaction.channel_id)]
            lines: list[str] = []
            for entry in reversed(entries[-moves:]):
                if sum(len(text) + 1 for text in lines) + len(entry) > LOG_LIMIT:
                    break
                lines.insert(0, entry)
            return Reply(private=[line("\n".join(lines) if lines else Message("No moves yet."))])

        await respond(interaction, reply, public=False)

    @app_commands.command(name="rules", description="Short rules help by topic, with the rule IDs.")
    @app_commands.describe(topic="What you want to know about")
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in RULE_TOPICS])
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        async def reply() -> Reply:
            if topic is None:
                overview = [rule_lines(t, reader_language(interaction)) for t in ("turn", "market", "end")]
                more = line("More: `/mor rules topic:` " + ", ".join(RULE_TOPICS))
                return Reply(private=[part for entry in [*overview, more] for part in (entry, line(""))][:-1])
            return Reply(private=[rule_lines(topic, reader_language(interaction))])

        await respond(interaction, reply, public=False)


async def setup(bot: BottegaBot) -> None:
    await bot.add_cog(MorCommands(bot))
    bot.add_dynamic_items(MorButton, MorSelect)
