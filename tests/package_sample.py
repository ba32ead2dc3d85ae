"""A fixed sample of the second-order package fixtures, for the tests that scan them all as one folder."""
from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def sampled_packages(dest: Path, offset: int, stride: int = 3) -> Path:
    """A fixed one-in-`stride` sample (from `offset`) of the second-order package fixtures, copied into
    dest as one folder. The whole-folder equality tests scan this instead of all of them at once
    (a minute a test); each test takes another offset, so together they still cover most packages."""
    packages = sorted(p for p in (FIXTURES / "second_order_pkg").iterdir() if p.is_dir())
    for package in packages[offset::stride]:
        shutil.copytree(package, dest / package.name)
    return dest
