"""The server's routes: the pages, the HTTP API (see /docs) and the live websocket."""
