"""`--format jsonl`: one JSON object per finding per line (JSON Lines), for corpus-wide surveys.

Each line is a finding of the JSON report's schema plus `mindspore` (the table's release) and
`tool_version`, so the files of many repositories concatenate into one table
(`pandas.read_json(path, lines=True)`). Streamed: findings are never held as text all at once.
"""
from __future__ import annotations

import json

from ms_scan import __version__


def render(result, summary: dict, out, options: dict) -> None:
    encode = json.JSONEncoder(ensure_ascii=False).encode
    extra = {"mindspore": result.release, "tool_version": __version__}
    out.writelines(encode(f.to_dict() | extra) + "\n" for f in result.findings)
