"""Several server processes sharing rooms: the pub/sub bus and the rooms' owners, and the
connections relayed to a room's owner when one reaches another process. A proxy in front
sends each room's connections to one process (``deploy/haproxy.cfg``), which takes the
room over.

A process alone never loads this package."""
