"""Lorenzo il Magnifico (Cranio Creations): basic and advanced game for 2 to 4 players."""

from games.core import OptionSpec

from .engine import LorenzoIlMagnifico

GAME = LorenzoIlMagnifico(
    key="lim",
    title="Lorenzo il Magnifico",
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("advanced", "Advanced game: leader draft and advanced personal bonus tiles.", False),
        OptionSpec(
            "leader_types",
            "How to read Lucrezia Borgia and Lorenzo de' Medici: 'rulebook' (once per round) or "
            "'published' (permanent, as printed on the cards).",
            "rulebook",
            ("rulebook", "published"),
        ),
    ),
)

__all__ = ["GAME"]
