"""A fixed sample of the second-order package fixtures, for the tests that scan them all as one folder."""
from __future__ import annotations

import os
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


def sampled_single_files(dest: Path, offset: int, stride: int = 2) -> Path:
    """A fixed one-in-`stride` sample (from `offset`) of the single-file second-order fixtures (their scripts), copied
    into dest as one folder, for the whole-folder tests as sampled_packages."""
    scripts = sorted((FIXTURES / "second_order").glob("*.py"))
    dest.mkdir(parents=True, exist_ok=True)
    for script in scripts[offset::stride]:
        shutil.copy(script, dest / script.name)
    return dest


def sampled_fixture_files(files: list) -> list:
    """A fixed sample of a sorted corpus for the exactness tests that extract every file twice: of the second-order
    fixtures (900 files of much the same shape), a third of the package files and half the single files; every
    other file."""
    pkg, single = "second_order_pkg", os.path.join("fixtures", "second_order", "")
    return [f for i, f in enumerate(files) if pkg in str(f) and i % 3 == 0 or single in str(f) and i % 2 == 0 or
            pkg not in str(f) and single not in str(f)]
