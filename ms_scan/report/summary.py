"""Numbers every report shows: API counts by status, findings by severity/code, the readiness score.

The migration-readiness score is the mean, over the distinct APIs the project uses, of
consistent / not-applicable = 1, differs = 0.75, unknown = 0.5, missing = 0, as a percentage.
"""
from __future__ import annotations

from collections import Counter

from ms_scan.findings import Finding

STATUS_WEIGHT = {"consistent": 1.0, "not-applicable": 1.0, "differs": 0.75, "unknown": 0.5,
                 "missing": 0.0}
STATUS_ORDER = ("consistent", "differs", "missing", "not-applicable", "unknown")


def summarize(result) -> dict:
    findings: list[Finding] = [f for f in result.findings if not f.suppressed]
    # the score counts network code only: data-pipeline APIs need no MindSpore operator
    api_findings = [f for f in findings if f.code.startswith("MS1") and f.torch_api and f.status
                    and f.context != "data"]
    worst: dict[str, str] = {}
    rank = {s: i for i, s in enumerate(("consistent", "not-applicable", "differs", "unknown", "missing"))}
    for f in api_findings:
        prev = worst.get(f.torch_api)
        if prev is None or rank[f.status] > rank[prev]:
            worst[f.torch_api] = f.status
    distinct = Counter(worst.values())
    uses = Counter(f.status for f in api_findings)
    score = None
    if worst:
        score = round(100 * sum(STATUS_WEIGHT[s] for s in worst.values()) / len(worst), 1)
    return {
        "files": result.files,
        "files_with_torch": result.files_with_torch,
        "files_unparsed": len({f.path for f in findings if f.code < "MS100"}),
        "apis_total": len(api_findings),
        "apis_distinct": len(worst),
        "status": {s: distinct.get(s, 0) for s in STATUS_ORDER},
        "uses_by_status": {s: uses.get(s, 0) for s in STATUS_ORDER},
        "score": score,
        "findings": len(findings),
        "suppressed": sum(1 for f in result.findings if f.suppressed),
        "baselined": sum(1 for f in findings if f.baseline),
        "by_severity": {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "note")},
        "by_code": dict(sorted(Counter(f.code for f in findings).items())),
    }
