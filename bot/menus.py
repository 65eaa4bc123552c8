"""The guided menu, built from the engine's descriptions of a seat's legal moves (no Discord here).

Each legal move comes with a :class:`games.core.Description` whose ``group`` is its menu path,
e.g. (black family member, towers, green-3). :func:`screen` shows one level of that tree: the
groups and moves under the path chosen so far, the most useful first and the moves that need a
confirmation last, in pages that respect Discord's limits (25 options a select, 100 characters a
label). A level with a single group is passed through, and a path that leads to one move shows
that move's preview (what it costs, what it gives, why it needs a confirmation) for the Confirm
button. Values are short: ``g:<group key>`` or ``m:<index of the move>``; a menu is only ever
answered at the board version it was built for, so the indexes stay those of the same list.

Everything is written in the reader's language (``language``: the member's Discord language, as
these menus and suggestions are private): the engines' texts are messages the catalogues
translate; a suggestion's value stays the notation, so the move log is the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import Description, Message

from i18n import ENGLISH, translate

OPTION_LIMIT = 25
"""Options in one select (Discord's limit)."""
TEXT_LIMIT = 100
"""Characters in an option's label, value or description (Discord's limit)."""
GROUP = "g:"
MOVE = "m:"
SOME_RISKY = Message("some need a confirmation")
"""The note of a group some of whose moves ask for a confirmation."""


@dataclass(frozen=True)
class Choice:
    """One option of the menu's select."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Screen:
    """One page of one level of the guided menu, or the preview of the one move it leads to."""

    path: tuple[str, ...]
    title: str
    choices: list[Choice] = field(default_factory=list)
    page: int = 0
    pages: int = 1
    move: int | None = None
    """The index of the move previewed (then ``choices`` is empty)."""


class MenuGone(LookupError):
    """The path names a group that no legal move is in any more."""


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def screen(moves: list[Description], path: tuple[str, ...] = (), page: int = 0, language: str = ENGLISH) -> Screen:
    """The menu level at ``path`` (group keys chosen so far), page ``page``, in ``language``.

    >>> from games.core import Step
    >>> tower = Step("towers", "Towers")
    >>> moves = [Description("green-1: Farm", (tower,)), Description("green-2: Mine", (tower,)),
    ...          Description("Discard a leader", destructive="gone for good"), Description("Pass")]
    >>> top = screen(moves)
    >>> [(c.value, c.label) for c in top.choices]
    [('g:towers', 'Towers (2)'), ('m:3', 'Pass'), ('m:2', 'Discard a leader')]
    >>> screen(moves, ("towers",)).title, screen(moves[:1]).move
    ('Towers', 0)
    """
    while True:
        under = [(i, d) for i, d in enumerate(moves) if tuple(s.key for s in d.group[: len(path)]) == path]
        if not under:
            raise MenuGone(path)
        deeper = {d.group[len(path)].key for _, d in under if len(d.group) > len(path)}
        if len(deeper) == 1 and all(len(d.group) > len(path) for _, d in under):
            path = (*path, deeper.pop())  # a level with one group asks nothing
            continue
        break
    title = path_title(under[0][1], len(path), language)
    if len(under) == 1 and len(under[0][1].group) == len(path):
        return Screen(path, title, move=under[0][0])
    choices = _choices(under, len(path), language)
    pages = max(1, -(-len(choices) // OPTION_LIMIT))
    page = min(max(page, 0), pages - 1)
    return Screen(path, title, choices[page * OPTION_LIMIT : (page + 1) * OPTION_LIMIT], page, pages)


def path_title(found: Description, depth: int, language: str) -> str:
    """The labels of the first ``depth`` levels of ``found``'s menu path: 'Black family member › Towers'."""
    return " › ".join(translate(step.label, language) for step in found.group[:depth])


def _choices(under: list[tuple[int, Description]], depth: int, language: str) -> list[Choice]:
    """The groups and moves one level down, in the engine's order, the moves that need a
    confirmation last."""
    groups: dict[str, list[Description]] = {}
    labels: dict[str, str] = {}
    leaves: list[tuple[int, Description]] = []
    order: list[tuple[bool, int, Choice | str]] = []
    for index, found in under:
        if len(found.group) == depth:
            leaves.append((index, found))
            order.append((bool(found.destructive), len(order), _move_choice(index, found, language)))
            continue
        step = found.group[depth]
        if step.key not in groups:
            groups[step.key], labels[step.key] = [], step.label
            order.append((False, len(order), step.key))
        groups[step.key].append(found)
    out = []
    for _, _, item in sorted(order, key=lambda entry: entry[:2]):
        if isinstance(item, Choice):
            out.append(item)
            continue
        inside = groups[item]
        risky = "⚠ " + translate(SOME_RISKY, language) + " — " if any(d.destructive for d in inside) else ""
        label = translate(labels[item], language)
        out.append(Choice(GROUP + item, clip(f"{label} ({len(inside)})"), clip(risky + _sample(inside, language))))
    return out


def _move_choice(index: int, found: Description, language: str) -> Choice:
    note = f"⚠ {translate(found.destructive, language)}" if found.destructive else _costs(found, language)
    return Choice(f"{MOVE}{index}", clip(translate(found.label, language)), clip(note))


def _sample(inside: list[Description], language: str) -> str:
    names = [translate(d.label, language) for d in inside[:3]]
    return "; ".join(names) + ("; …" if len(inside) > 3 else "")


def _costs(found: Description, language: str) -> str:
    if not found.cost and not found.gain:
        return ""
    return translate(found.preview(), language)


def preview(found: Description, language: str = ENGLISH) -> str:
    """The text above a Confirm button, in ``language``: the move, what it costs and gives, and any warning."""
    lines = [translate(found.label, language), translate(found.preview(), language)]
    if found.destructive:
        lines.append(translate(Message("⚠ Are you sure? {reason}", reason=found.destructive), language))
    return "\n".join(lines)


def suggestions(described: list[tuple[str, Description]], typed: str,
                language: str = ENGLISH) -> list[tuple[str, str]]:
    """Autocomplete entries ``(label, notation)`` for what the player typed (matched against the
    label in ``language`` and the notation): descriptive labels, the engine's order (most useful
    first), the moves that need a confirmation last.

    >>> moves = [("leader discard x", Description("Discard X", destructive="gone")), ("pass", Description("Pass"))]
    >>> suggestions(moves, "")
    [('Pass', 'pass'), ('⚠ Discard X — leader discard x', 'leader discard x')]
    """
    wanted = typed.strip().lower()
    labelled = [(notation, d, translate(d.label, language)) for notation, d in described if len(notation) <= TEXT_LIMIT]
    found = [(notation, d, label) for notation, d, label in labelled
             if wanted in notation.lower() or wanted in label.lower()]
    found.sort(key=lambda item: (bool(item[1].destructive), not item[0].lower().startswith(wanted)))
    out = []
    for notation, d, shown in found:
        mark = "⚠ " if d.destructive else ""
        label = f"{mark}{shown}"
        tail = f" — {notation}" if notation.lower() != shown.lower() else ""
        room = TEXT_LIMIT - len(tail)
        out.append((clip(label, room) + tail if room > 20 else clip(label), notation))
    return out[:OPTION_LIMIT]
