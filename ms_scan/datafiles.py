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
