"""The Eternal Frost's table: the board map, hero boards, tracks and the docked battle."""
