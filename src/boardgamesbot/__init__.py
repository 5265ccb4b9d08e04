"""BoardGamesBot: faithful digital Tikal and Cartographers, and computer players for them."""

__version__ = "0.1.0"
