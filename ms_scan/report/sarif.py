"""`--format sarif`: SARIF 2.1.0 for code-scanning services (GitHub, Azure DevOps, IDE viewers).

The rule catalogue comes from all_rules(); partialFingerprints carry the baseline fingerprint;
suppressed findings keep their result with an inSource suppression; with a baseline, each result
says whether it is new. Deterministic: no timestamps, no absolute paths (uris relative to %SRCROOT%).
"""
from __future__ import annotations

import json
from urllib.parse import quote

from ms_scan import __version__
from ms_scan.baseline import FINGERPRINT_KEY

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "note": "note"}
MIGRATION_GUIDE_URI = "https://www.mindspore.cn/docs/en/master/migration_guide/overview.html"
PYTORCH_MAPPING_URI = "https://www.mindspore.cn/docs/en/master/note/api_mapping/pytorch_api_mapping.html"


def _help_uri(rule) -> str:
    if rule.help_uri:
        return rule.help_uri
    # the project has no rule pages of its own yet: the MindSpore page each family is about
    return PYTORCH_MAPPING_URI if rule.code.startswith("MS1") else MIGRATION_GUIDE_URI


def _rule(rule) -> dict:
    from ms_scan.findings import FAMILIES

    family = FAMILIES.get(rule.code[2], "other")
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary.split(": ")[0].rstrip(".") + "."},
        "fullDescription": {"text": rule.summary},
        "helpUri": _help_uri(rule),
        "help": {"text": rule.summary},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": ["pytorch-to-mindspore", family]},
    }


def _result(f, rule_index: dict[str, int], with_baseline: bool) -> dict:
    region = {"startLine": f.line, "startColumn": f.column,
              "endLine": max(f.end_line, f.line), "endColumn": max(f.end_column, 1)}
    if region["endLine"] == region["startLine"] and region["endColumn"] < region["startColumn"]:
        region["endColumn"] = region["startColumn"]
    if f.snippet:
        region["snippet"] = {"text": f.snippet}
    result = {
        "ruleId": f.code,
        "ruleIndex": rule_index[f.code],
        "level": LEVELS[f.severity],
        "message": {"text": f.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": quote(f.path, safe="/"), "uriBaseId": "%SRCROOT%"},
            "region": region}}],
        "partialFingerprints": {FINGERPRINT_KEY: f.fingerprint},
        "properties": {k: v for k, v in (
            ("confidence", f.confidence), ("family", f.family), ("torch_api", f.torch_api),
            ("status", f.status), ("ms_api", f.ms_api), ("note", f.note), ("docs_url", f.docs_url),
            ("shim", f.shim.get("import_path") if f.shim else None)) if v is not None},
    }
    if f.suppressed:
        result["suppressions"] = [{"kind": "inSource", "status": "accepted",
                                   "justification": "ms-scan: ignore comment"}]
    if with_baseline:
        result["baselineState"] = "unchanged" if f.baseline else "new"
    return result


def document(result, summary: dict) -> dict:
    from ms_scan.rules import all_rules

    rules = all_rules()
    rule_index = {r.code: i for i, r in enumerate(rules)}
    s = result.settings
    with_baseline = bool(s.baseline) or any(f.baseline for f in result.findings)
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "ms-scan", "version": __version__, "semanticVersion": __version__,
                "rules": [_rule(r) for r in rules]}},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The scan root."}}},
            "columnKind": "unicodeCodePoints",
            "properties": {"mindspore": result.release, "backend": s.target, "mode": s.mode,
                           "score": summary["score"],
                           "checklist": [{k: r.get(k) for k in ("item", "value", "path", "line", "mindspore")}
                                         for r in result.checklist]},
            "results": [_result(f, rule_index, with_baseline) for f in result.findings],
        }],
    }


def render(result, summary: dict, out, options: dict) -> None:
    json.dump(document(result, summary), out, indent=2, ensure_ascii=False)
    out.write("\n")
