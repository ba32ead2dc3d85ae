"""`--format json`: the machine-readable report (schema documented in README.md). Deterministic."""
from __future__ import annotations

import json

from ms_scan import __version__

SCHEMA_VERSION = 2


def document(result, summary: dict) -> dict:
    s = result.settings
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "ms-scan", "version": __version__},
        "target": {"mindspore": result.release, "backend": s.target, "mode": s.mode},
        "summary": summary,
        "checklist": [{k: row.get(k) for k in ("item", "value", "path", "line", "mindspore")}
                      for row in result.checklist],
        "findings": [f.to_dict() for f in result.findings],
    }


def render(result, summary: dict, out, options: dict) -> None:
    """Indented, except one finding per line: json's indenting encoder is pure Python, and a model
    zoo has a hundred thousand findings; one line each is also what a diff or `grep` wants."""
    doc = document(result, summary)
    findings = doc.pop("findings")
    head = json.dumps(doc, indent=2, ensure_ascii=False)
    lines = ",\n".join("    " + json.dumps(f, ensure_ascii=False) for f in findings)
    out.write(head[:-2] + ',\n  "findings": [' + (f"\n{lines}\n  ]" if findings else "]") + "\n}\n")
