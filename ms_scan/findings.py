"""The one finding model every rule produces and every report reads."""
from __future__ import annotations

from dataclasses import dataclass

SEVERITIES = ("note", "warning", "error")
CONFIDENCES = ("low", "medium", "high")
FAMILIES = {"0": "scanner", "1": "api-mapping", "2": "dynamic-shape", "3": "second-order", "4": "recipe",
            "9": "suppression"}


def severity_rank(severity: str) -> int:
    return SEVERITIES.index(severity)


def confidence_rank(confidence: str) -> int:
    return CONFIDENCES.index(confidence)


@dataclass(slots=True)
class Finding:
    code: str
    name: str
    severity: str
    confidence: str
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    torch_api: str | None = None
    kind: str | None = None  # call | attribute | subclass | decorator | reference
    status: str | None = None  # consistent | differs | missing | not-applicable | unknown
    ms_api: str | None = None
    note: str | None = None
    docs_url: str | None = None
    shim: dict | None = None
    snippet: str = ""
    suppressed: bool = False  # an `# ms-scan: ignore` comment covers it: kept, never counts for the exit code
    fingerprint: str = ""  # stable across unrelated edits (ms_scan/baseline.py); set by scan()
    baseline: bool = False  # recorded in the --baseline file: reported, never counts for the exit code
    context: str | None = None  # "network" | "data" (data-pipeline code needs no MindSpore operator)

    @property
    def counts(self) -> bool:
        """Whether the finding can fail the run (neither suppressed nor baselined)."""
        return not self.suppressed and not self.baseline

    @property
    def family(self) -> str:
        return FAMILIES.get(self.code[2], "other")

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code, self.torch_api or "")

    def to_dict(self) -> dict:
        """Field order as declared, plus `family`; cheap (asdict deep-copies, and reports call this per finding)."""
        d = {name: getattr(self, name) for name in self.__dataclass_fields__}
        if self.shim is not None:
            d["shim"] = dict(self.shim)
        d["family"] = self.family
        return d


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """`sorted(findings, key=Finding.sort_key)`, one path at a time: the sort keys of one file's findings
    exist at once, not a key tuple per finding of the whole scan (17 MiB at 125k findings)."""
    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        by_path.setdefault(f.path, []).append(f)
    out: list[Finding] = []
    for path in sorted(by_path):
        group = by_path.pop(path)
        group.sort(key=Finding.sort_key)
        out.extend(group)
    return out
