"""The HTTP side: the application's wiring, the API's routes, the pages, and the links to
rooms."""
