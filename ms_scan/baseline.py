"""Fingerprints and baseline files: accept today's findings, fail only on new ones.

A fingerprint hashes the code, path, torch API and the whitespace-normalised source line, plus the
occurrence index among findings that share all of those; never the line number, so edits elsewhere
in the file do not change it. SARIF's partialFingerprints use the same value.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ms_scan import __version__
from ms_scan.findings import Finding

BASELINE_VERSION = 1
FINGERPRINT_KEY = "msScanFingerprint/v1"  # the SARIF partialFingerprints key


class BaselineError(Exception):
    """The baseline file cannot be read or is not an ms-scan baseline (exit code 2)."""


def _normalise(snippet: str) -> str:
    return re.sub(r"\s+", " ", snippet).strip()


def assign_fingerprints(findings: list[Finding]) -> None:
    """Set f.fingerprint on every finding (findings must already be sorted by position: occurrences
    are counted per file, one file at a time, so memory stays bounded by the largest file)."""
    seen: dict[str, int] = {}
    path = None
    for f in findings:
        if f.path != path:
            seen.clear()  # every key holds the path: no key of one file matches another's
            path = f.path
        key = "\0".join((f.code, f.path, f.torch_api or "", _normalise(f.snippet) or f.name))
        n = seen.get(key, 0)
        seen[key] = n + 1
        f.fingerprint = hashlib.sha256(f"{key}\0{n}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def write(findings: list[Finding], path: str | Path) -> int:
    """Record every unsuppressed finding; return how many. Deterministic (sorted, no timestamps)."""
    entries = [{"fingerprint": f.fingerprint, "code": f.code, "path": f.path, "line": f.line,
                "torch_api": f.torch_api, "message": f.message}
               for f in findings if not f.suppressed]
    entries.sort(key=lambda e: (e["path"], e["line"], e["code"], e["fingerprint"]))
    doc = {"ms_scan_baseline": BASELINE_VERSION, "tool": {"name": "ms-scan", "version": __version__},
           "findings": entries}
    Path(path).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(entries)


def load(path: str | Path) -> set[str]:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"baseline {path}: no such file (create it with --write-baseline)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"baseline {path}: cannot read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise BaselineError(f"baseline {path}: not JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("ms_scan_baseline") != BASELINE_VERSION \
            or not isinstance(doc.get("findings"), list):
        raise BaselineError(f"baseline {path}: not an ms-scan baseline file (version {BASELINE_VERSION})")
    return {e["fingerprint"] for e in doc["findings"] if isinstance(e, dict) and "fingerprint" in e}


def apply(findings: list[Finding], fingerprints: set[str]) -> int:
    """Mark findings recorded in the baseline; return how many baseline entries no longer occur."""
    present = set()
    for f in findings:
        if f.fingerprint in fingerprints:
            f.baseline = True
            present.add(f.fingerprint)
    return len(fingerprints - present)
