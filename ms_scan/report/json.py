"""`--format json`: the machine-readable report (schema documented in README.md). Deterministic."""
from __future__ import annotations

import json

from ms_scan import __version__

SCHEMA_VERSION = 2


def document(result, summary: dict, findings: bool = True) -> dict:
    s = result.settings
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "ms-scan", "version": __version__},
        "target": {"mindspore": result.release, "backend": s.target, "mode": s.mode},
        "summary": summary,
        "checklist": [{k: row.get(k) for k in ("item", "value", "path", "line", "mindspore")}
                      for row in result.checklist],
    }
    if findings:
        doc["findings"] = [f.to_dict() for f in result.findings]
    return doc


def render(result, summary: dict, out, options: dict) -> None:
    """Indented, except one finding per line: json's indenting encoder is pure Python, and a model
    zoo has a hundred thousand findings; one line each is also what a diff or `grep` wants. Streamed
    line by line, so the findings are never held as dicts or text all at once."""
    head = json.dumps(document(result, summary, findings=False), indent=2, ensure_ascii=False)
    out.write(head[:-2] + ',\n  "findings": [')
    if not result.findings:
        out.write("]\n}\n")
        return
    encode = json.JSONEncoder(ensure_ascii=False).encode
    out.writelines((",\n    " if i else "\n    ") + encode(f.to_dict()) for i, f in enumerate(result.findings))
    out.write("\n  ]\n}\n")
