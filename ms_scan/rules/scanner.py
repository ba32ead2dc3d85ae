"""MS0xx: files ms-scan could not read. They are reported, never silently dropped."""
from __future__ import annotations

from ms_scan.facts import FileFacts
from ms_scan.findings import Finding
from ms_scan.rules import RuleInfo, register

SYNTAX = register(RuleInfo(
    "MS001", "syntax-error", "error",
    "The file does not parse as Python 3 (syntax error or Python 2 code); its APIs were not scanned.",
    valid=("import torch\nx = torch.ones(1)\n",),
    invalid=("import torch\nprint 'python 2'\n", "import torch\ndef f(:\n"),
))
UNDECODABLE = register(RuleInfo(
    "MS002", "undecodable-file", "warning",
    "The file is not valid text in its declared encoding (default UTF-8); it was skipped.",
))
SKIPPED = register(RuleInfo(
    "MS003", "file-skipped", "note",
    "The file was skipped: binary content or over the size limit.",
))
ABORTED = register(RuleInfo(
    "MS004", "analysis-aborted", "warning",
    "Analysis of the file was stopped (time limit, recursion depth or a crashed worker).",
))
_BY_CODE = {r.code: r for r in (SYNTAX, UNDECODABLE, SKIPPED, ABORTED)}


def check(facts: FileFacts) -> list[Finding]:
    p = facts.problem
    if p is None:
        return []
    rule = _BY_CODE[p.code]
    return [Finding(code=rule.code, name=rule.name, severity=rule.severity, confidence="high",
                    message=p.message, path=facts.path, line=p.line, column=p.column,
                    end_line=p.line, end_column=p.column)]
