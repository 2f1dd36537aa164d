"""Live play: the websocket endpoint, the connections a room tells, the messages a connection
may send (docs/protocol.md), and the patches it is sent."""
