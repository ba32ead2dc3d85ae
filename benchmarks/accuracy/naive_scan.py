"""The naive baseline: regex spellings (`torch.x(`, `F.x(`, `nn.X(`, any `.tensor_method(`), no scopes or types.

Emits ms-scan's JSON shape. Usage: python naive_scan.py DIR > scan.json (imports torch once for its name lists).
"""
from __future__ import annotations

import json
import os
import re
import sys

QUALIFIED = re.compile(r"(?<![\w.])(torch(?:\.\w+)+)\s*\(")
SHORT = re.compile(r"(?<![\w.])(F|nn|init)((?:\.\w+)+)\s*\(")
METHOD = re.compile(r"(?<=[\w)\]])\.(\w+)\s*\(")
PREFIX = {"F": "torch.nn.functional", "nn": "torch.nn", "init": "torch.nn.init"}


def tensor_method_names() -> set[str]:
    import torch  # only for the list of names; the scan itself reads text

    return {n for n in dir(torch.Tensor) if not n.startswith("_") and callable(getattr(torch.Tensor, n, None))}


def scan_text(text: str, methods: set[str]):
    """Yields (line, api) for every call spelling that looks like torch."""
    for lineno, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        if not code.strip():
            continue
        spans = []
        for m in QUALIFIED.finditer(code):
            spans.append(m.span())
            yield lineno, m.group(1)
        for m in SHORT.finditer(code):
            spans.append(m.span())
            yield lineno, PREFIX[m.group(1)] + m.group(2)
        for m in METHOD.finditer(code):
            if any(a <= m.start() < b for a, b in spans):
                continue  # already reported as torch.x.y( / F.x(
            if m.group(1) in methods:
                yield lineno, "torch.Tensor." + m.group(1)


def scan(root: str, methods: set[str], files=None) -> dict:
    findings = []
    paths = files or sorted(
        os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".py")
    )
    for path in paths:
        try:
            text = open(path, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError):
            continue
        if "torch" not in text:
            continue
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        for line, api in sorted(set(scan_text(text, methods))):
            findings.append({"path": rel, "line": line, "torch_api": api, "code": "NAIVE"})
    return {"schema_version": 1, "tool": "naive_scan", "findings": findings}


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    json.dump(scan(sys.argv[1], tensor_method_names()), sys.stdout, indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
