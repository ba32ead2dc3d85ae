"""Where ms-scan's committed data lives: `mappings/` beside the package in a checkout, or inside an installed wheel."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def mappings_dir() -> Path:
    env = os.environ.get("MS_SCAN_MAPPINGS")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    checkout = here.parent / "mappings"
    if checkout.is_dir():
        return checkout
    installed = here / "_mappings"  # wheel layout (see pyproject: package-dir)
    return installed


@lru_cache(maxsize=None)
def dist_version(name: str) -> str | None:
    """The installed version of distribution `name` (None if not installed): the first
    `<name>-<version>.dist-info` (or `.egg-info`) folder on sys.path, where importlib.metadata finds it
    too. Importing importlib.metadata would cost every scan's start-up 25 ms (email, zipfile, csv...)."""
    import sys

    want = name.lower().replace("-", "_").replace(".", "_")
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip or a missing folder
            continue
        for folder in names:
            stem, _, ext = folder.rpartition(".")
            dist, sep, version = stem.partition("-")
            if (ext == "dist-info" or ext == "egg-info") and sep \
                    and dist.lower().replace("-", "_").replace(".", "_") == want:
                return version.partition("-")[0]  # egg-info: name-version-pyX.Y
    return None
