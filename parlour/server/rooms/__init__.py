"""Rooms: a room and its parts (the lobby, the play, the bot and timer driver, the table's
log, the snapshots, the reactions), and the hub that holds the rooms of this process."""
