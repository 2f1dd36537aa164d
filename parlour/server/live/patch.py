"""What changed between two snapshots, as a JSON Patch (RFC 6902: add, remove, replace).

A connection is sent its whole snapshot once, then only the patch from the snapshot it
has to its new one. The patch is computed from that connection's own two snapshots and
nothing else, so it can tell no more than the new snapshot does.

Objects are compared key by key, and equal parts skipped whole (``==`` on dicts and
lists runs in C). A list that grew at its end, or lost its first lines and grew (the
table's log, which keeps its last lines), becomes removes at the front and adds at the
end; another list of the same length is compared item by item; any other list is
replaced, as is any part changed more than ``DEPTH`` levels down. (Python's ``==``
takes ``1`` and ``True``, or ``0``, ``0.0`` and ``False``, for equal: a value that turned
from one into the other in place would not be patched. No snapshot field changes its type
so.)

>>> diff({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2, 3], "c": None})
[{'op': 'add', 'path': '/b/-', 'value': 3}, {'op': 'add', 'path': '/c', 'value': None}]
>>> diff({"log": ["x", "y", "z"]}, {"log": ["y", "z", "w"]})
[{'op': 'remove', 'path': '/log/0'}, {'op': 'add', 'path': '/log/-', 'value': 'w'}]
>>> diff({"a/b": {"c": 1}}, {"a/b": {}})
[{'op': 'remove', 'path': '/a~1b/c'}]
>>> diff([1], {"x": 1})
[{'op': 'replace', 'path': '', 'value': {'x': 1}}]
"""

from __future__ import annotations

import functools
from typing import Any

Op = dict[str, Any]

DEPTH = 2
"""How deep a patch reaches into objects: a part changed deeper down is replaced whole at
this depth (``/play/view``, ``/room/seats``); a list's items count one level more (a log's
changed line, ``/room/log/11``). Comparing item by item in Python cost more CPU than
encoding the bigger part in C, and the frames came out hardly bigger (each operation
names its path)."""
SHIFT_TRIES = 8
"""How many lines a list may lose at its front and still be patched rather than replaced."""


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON values)."""
    ops: list[Op] = []
    if type(old) is dict and type(new) is dict:
        _diff_dict(old, new, "", ops, DEPTH - 1)
    elif not (old is new or (old == new and type(old) is type(new))):
        _changed(old, new, "", ops, DEPTH)
    return ops


@functools.lru_cache(maxsize=1024)  # a snapshot's keys are few, and in every patch
def pointer(key: str) -> str:
    """One step of a JSON Pointer (RFC 6901): ``~`` and ``/`` escaped."""
    return "/" + key.replace("~", "~0").replace("/", "~1")


def _changed(old: Any, new: Any, path: str, ops: list[Op], depth: int) -> None:
    """Add the operations for two values that differ."""
    if depth > 0 and isinstance(old, dict) and isinstance(new, dict):
        _diff_dict(old, new, path, ops, depth - 1)
    elif isinstance(old, list) and isinstance(new, list):
        _diff_list(old, new, path, ops, depth)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


_MISSING = object()


def _diff_dict(old: dict[str, Any], new: dict[str, Any], path: str, ops: list[Op],
               depth: int) -> None:
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": path + pointer(key)})
    for key, value in new.items():
        was = old.get(key, _MISSING)
        if was is _MISSING:
            ops.append({"op": "add", "path": path + pointer(key), "value": value})
        elif was is value:
            continue
        elif depth > 0 and type(was) is dict and type(value) is dict:
            # Key by key at once: comparing them whole first would compare each part twice.
            _diff_dict(was, value, path + pointer(key), ops, depth - 1)
        # Most parts of a snapshot did not change: skip them without a call.
        elif not (was == value and type(was) is type(value)):
            _changed(was, value, path + pointer(key), ops, depth)


def _diff_list(old: list[Any], new: list[Any], path: str, ops: list[Op], depth: int) -> None:
    if old and len(old) <= len(new) and old == new[:len(old)]:  # grew at its end: usual
        ops.extend({"op": "add", "path": path + "/-", "value": v} for v in new[len(old):])
        return
    for shift in range(1, min(len(old) - 1, SHIFT_TRIES) + 1):
        kept = len(old) - shift
        # Compare one item before comparing whole slices: most shifts fail at the first.
        if kept <= len(new) and old[shift] == new[0] and old[shift:] == new[:kept]:
            ops.extend({"op": "remove", "path": path + "/0"} for _ in range(shift))
            ops.extend({"op": "add", "path": path + "/-", "value": v} for v in new[kept:])
            return
    if depth >= 0 and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if not (a is b or (a == b and type(a) is type(b))):
                _changed(a, b, f"{path}/{i}", ops, depth - 1)
    else:
        ops.append({"op": "replace", "path": path, "value": new})
