"""BoardGamesBot: faithful digital board games, and computer players for them (the games
themselves are the packages under `boardgamesbot.games`)."""

__version__ = "0.1.0"
