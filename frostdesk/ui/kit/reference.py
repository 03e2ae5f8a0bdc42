"""What every game's card reference (the Cards tab of the rules dialog) shares: the table
style and the words for where a card comes from."""

from __future__ import annotations

import html

TABLE = ('<table width="100%" cellspacing="0" cellpadding="8" border="1" '
         'style="border-collapse: collapse; border-color: #7d8c9b;">')
SOURCE_TEXT = {"rulebook": "rulebook", "authored": "authored"}


def source(card_source: str) -> str:
    """A card's source as the reference shows it, escaped."""
    return html.escape(SOURCE_TEXT.get(card_source, card_source))
