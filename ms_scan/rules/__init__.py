"""Rules: pure functions of per-file facts + tables + settings -> findings.

Each rule class carries its code, name, default severity, a one-line summary and VALID/INVALID
examples (Fixit-style); tests/test_rule_examples.py runs every example through the whole scanner.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleInfo:
    code: str
    name: str
    severity: str
    summary: str
    valid: tuple[str, ...] = ()  # code that must NOT produce this finding
    invalid: tuple[str, ...] = ()  # code that MUST produce it
    help_uri: str = ""


REGISTRY: dict[str, RuleInfo] = {}


def register(info: RuleInfo) -> RuleInfo:
    if info.code in REGISTRY:
        raise ValueError(f"duplicate rule code {info.code}")
    REGISTRY[info.code] = info
    return info


def all_rules() -> list[RuleInfo]:
    from ms_scan.rules import (  # noqa: F401  (registration side effect)
        api_mapping, checklist, dynamic_shape, scanner, second_order, suppression)
    return [REGISTRY[c] for c in sorted(REGISTRY)]
