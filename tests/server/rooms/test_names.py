"""A seat may not take a name that reads as another seat's on the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.server.rooms.names import looks_alike

LOOK_ALIKES = ["Ann", "ann", "ANN", "\u0410nn", "Àñn", "Ａｎｎ", " Ann  ", "A\u0301nn"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_guest_may_not_take_a_name_that_looks_like_the_hosts(kit: Any, db: Path,
                                                                name: str) -> None:
    """Before: a guest could sit as "Аnn" (a Cyrillic А) beside the host's "Ann"."""
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
        guest = kit.connect(client, code)
        reply = guest.request({"type": "sit", "seat": 1, "name": name})
        assert reply["type"] == "error"
        assert reply["message"].endswith("looks like 'Ann' at seat 1: please choose a name"
                                         " the table can tell apart")
        assert guest.last["room"]["seats"][1]["name"] is None  # nothing changed
        assert guest.request({"type": "sit", "seat": 1, "name": "Anne"})["type"] == "ok"
        # A person may keep (or recase) their own name.
        assert host.request({"type": "sit", "seat": 0, "name": "ANN"})["type"] == "ok"


def test_a_bots_name_and_the_classic_look_alikes_are_refused(kit: Any, db: Path) -> None:
    """A bot's name is its seat's name too; "I" and "l", and a dotless "ı", read alike."""
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, "take-your-pick")
        host = kit.connect(client, code, token)
        assert host.request({"type": "add_bot", "seat": 0, "bot": "random"})["type"] == "ok"
        assert host.request({"type": "sit", "seat": 1, "name": "Bill"})["type"] == "ok"
        assert host.last["room"]["seats"][0]["name"] == "Robin"  # a person's name
        guest = kit.connect(client, code)
        for name, like in (("R\u043ebin", "Robin"), ("BiII", "Bill"),
                           ("B\u0131ll", "Bill")):
            reply = guest.request({"type": "sit", "seat": 2, "name": name})
            assert reply["message"].startswith(f"{name!r} looks like {like!r}"), reply
        assert guest.request({"type": "sit", "seat": 2, "name": "Billie"})["type"] == "ok"


def test_names_that_differ_are_told_apart() -> None:
    for a, b in (("Ann", "Anna"), ("Bob", "Rob"), ("Mia", "Mio"), ("Zoë", "Zoe Two"),
                 ("李", "季"), ("Ann", "Nan")):
        assert not looks_alike(a, b), (a, b)
