"""Every rule's own VALID/INVALID examples, run through the whole scanner (Fixit-style self-tests)."""
from __future__ import annotations

import pytest

from ms_scan.rules import all_rules

CASES = [(r.code, "invalid", ex) for r in all_rules() for ex in r.invalid] + \
        [(r.code, "valid", ex) for r in all_rules() for ex in r.valid]


@pytest.mark.parametrize("code,expect,source", CASES, ids=[f"{c}-{e}-{i}" for i, (c, e, _) in enumerate(CASES)])
def test_rule_example(code, expect, source, run_scan, write_tree):
    root = write_tree({"case.py": source})
    got = {f.code for f in run_scan(root, ms_version="2.10").findings}
    assert (code in got) == (expect == "invalid"), got


def test_every_rule_has_an_invalid_example_or_is_io_only():
    io_only = {"MS002", "MS003", "MS004", "MS101", "MS104", "MS105",  # need files/tables, tested elsewhere
               "MS901"}  # needs --report-unused-suppressions: tests/test_suppress_baseline.py
    missing = [r.code for r in all_rules() if not r.invalid and r.code not in io_only]
    assert missing == []
