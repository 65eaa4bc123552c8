"""Every card of every game by its id, for the tests that draw each card."""

from __future__ import annotations


def card_ids(key: str) -> list[str]:
    """The ids of every card, leader and tile ``key`` can draw on its own (``/<game> card``)."""
    if key == "mor":
        from games.mor.data import CARDS, LEADERS
        return [*CARDS, *LEADERS]
    if key == "lim":
        from games.lim.data import CARDS, EXCOMMUNICATIONS, LEADERS
        return [str(no) for no in CARDS] + list(LEADERS) + list(EXCOMMUNICATIONS)
    from games.opera.data import DATA
    return [*DATA.trade, *DATA.buildings, *DATA.worksites, *DATA.abilities]
