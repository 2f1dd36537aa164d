"""Several server processes sharing rooms: the pub/sub bus, the connections relayed to a
room's owner, and the front that hands each connection to the worker owning its room.

A process alone never loads this package."""
