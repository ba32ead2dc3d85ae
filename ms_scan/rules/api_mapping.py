"""MS1xx: each torch API use checked against the selected release's mapping table."""
from __future__ import annotations

from functools import lru_cache

from ms_scan.facts import ApiUse
from ms_scan.findings import Finding
from ms_scan.rules.shim_advice import pick as pick_shim
from ms_scan.rules import RuleInfo, register
from ms_scan.tables.mapping import Lookup, MappingTable

CONSISTENT = register(RuleInfo(
    "MS100", "api-consistent", "note",
    "The API has a MindSpore counterpart that behaves the same: rename only.",
    valid=("import torch\ny = torch.topk(x, 3)\n",),
    invalid=("import torch.nn as nn\nlayer = nn.Conv2d(3, 8, 3)\n",),
))
MISSING = register(RuleInfo(
    "MS101", "api-missing", "error",
    "The API has no MindSpore counterpart in the selected release: replace it (equivalent API, "
    "composition or a shim).",
))
DIFFERS = register(RuleInfo(
    "MS102", "api-differs", "warning",
    "A MindSpore counterpart exists but differs (parameters, defaults, dtypes or behaviour).",
    valid=("import torch.nn as nn\nlayer = nn.Conv2d(3, 8, 3)\n",),
    invalid=("import torch.nn.functional as F\ny = F.interpolate(x, scale_factor=2)\n",),
))
UNKNOWN = register(RuleInfo(
    "MS103", "api-unknown", "warning",
    "The API is in no mapping table for the selected release: check it by hand.",
    valid=("import torch\nx = torch.cat([a, b])\n",),
    invalid=("import torch\nx = torch.definitely_not_an_api(a)\n",),
))
NOT_APPLICABLE = register(RuleInfo(
    "MS104", "api-not-applicable", "note",
    "A framework switch with no MindSpore counterpart (device, JIT, CUDA checks): drop or replace it "
    "as advised.",
))
ARGUMENT = register(RuleInfo(
    "MS106", "argument-differs", "warning",
    "An argument the code passes is unsupported, renamed or behaves differently in MindSpore.",
    valid=("import torch.nn.functional as F\ny = F.interpolate(x, scale_factor=2)\n",),
    invalid=("import torch.nn.functional as F\ny = F.interpolate(x, scale_factor=2, antialias=True)\n",),
))
BACKEND = register(RuleInfo(
    "MS105", "api-backend-unsupported", "error",
    "The MindSpore counterpart exists but not on the selected backend (--target).",
))

_RULE = {"consistent": CONSISTENT, "missing": MISSING, "differs": DIFFERS, "unknown": UNKNOWN,
         "not-applicable": NOT_APPLICABLE}
# The official table's "general difference parameters": framework plumbing MindSpore does not need
GENERAL_PARAMS = frozenset({"out", "layout", "device", "requires_grad", "pin_memory", "memory_format",
                            "stable", "sparse_grad", "size_average", "reduce", "inplace",
                            "non_blocking", "generator"})
BACKEND_NAMES = {"ascend": "Ascend", "gpu": "GPU", "cpu": "CPU"}
_DIFF_WORDS = {"param_name": "parameter names differ", "param_count": "parameters differ in number or order",
               "dtype": "parameter data types differ", "default": "default values differ",
               "function": "behaviour differs", "other": "differs",
               "unverified": "a same-named MindSpore API exists; its parameters were not checked"}


def describe_params(params: str) -> str:
    out = []
    for item in filter(None, params.split(";")):
        name, _, kind = item.partition("=")
        if kind == "missing":
            out.append(f"`{name}` unsupported")
        elif kind.startswith("renamed:"):
            out.append(f"`{name}` is `{kind.split(':', 1)[1]}`")
        elif kind:
            out.append(f"`{name}` ({kind.split(':')[0]})")
        else:
            out.append(f"`{name}`")
    return ", ".join(out)


@lru_cache(maxsize=65536)  # one string per distinct verdict, shared by every use it covers
def _message(api: str, look: Lookup, release: str) -> tuple[str, str | None]:
    row = look.row
    if row is None:
        return f"`{api}` is in no PyTorch→MindSpore mapping table for MindSpore {release}", None
    target = f"`{row.ms_api}`" if row.ms_api else "no counterpart"
    via = f" ({look.derived})" if look.derived else ""
    if look.status == "consistent":
        return f"`{api}` → {target}{via}", None
    if look.status == "differs":
        detail = _DIFF_WORDS.get(row.diff_kind, "differs")
        params = describe_params(row.params)
        note = f"{detail}: {params}" if params else detail
        return f"`{api}` → {target}{via}: {note}", note
    if look.status == "missing":
        advice = f": {row.advice}" if row.advice else ""
        return f"`{api}` has no MindSpore counterpart in {release}{advice}", row.advice or None
    # not-applicable
    advice = row.advice or "no MindSpore counterpart needed"
    return f"`{api}`: {advice}" + (f" (use {target})" if row.ms_api else ""), advice


def _argument_findings(use: ApiUse, row, path: str, snippet: str, release: str) -> list[Finding]:
    diffs = {}
    for item in filter(None, row.params.split(";")):
        name, _, kind = item.partition("=")
        diffs[name] = kind
    out = []
    for keyword, line, column in use.keyword_at:
        kind = diffs.get(keyword)
        if not kind or kind.startswith("default"):
            continue  # a differing default only matters when the argument is NOT passed
        severity = "note" if keyword in GENERAL_PARAMS else ARGUMENT.severity
        if kind == "missing":
            what = f"`{row.ms_api}` has no parameter `{keyword}` in {release}"
            if keyword not in GENERAL_PARAMS:
                severity = "error"
        elif kind.startswith("renamed:"):
            what = f"`{keyword}` is called `{kind.split(':', 1)[1]}` in `{row.ms_api}`"
            severity = "note"
        else:
            what = f"`{keyword}` of `{use.api}` differs in `{row.ms_api}` ({kind.split(':')[0]})"
        out.append(Finding(
            code=ARGUMENT.code, name=ARGUMENT.name, severity=severity, confidence=use.confidence,
            message=what, path=path, line=line, column=column, end_line=line,
            end_column=column + len(keyword), torch_api=use.api, kind="argument", status="differs",
            ms_api=row.ms_api or None, note=f"{keyword}={kind}", docs_url=row.docs_url or None,
            snippet=snippet))
    return out


@lru_cache(maxsize=65536)
def _with_shim(message: str, import_path: str) -> str:
    return f"{message}; shim: {import_path}"


def check(path: str, uses: list[ApiUse], snippets: dict[int, str], table: MappingTable,
          target: str | None = None) -> list[Finding]:
    findings = []
    for use in uses:
        look = table.lookup(use.api, target)
        rule = _RULE[look.status]
        status = look.status
        message, note = _message(use.api, look, table.release)
        row = look.row
        if row is not None and look.status in ("consistent", "differs") and target and row.backends \
                and target not in {b.lower() for b in row.backends}:
            rule = BACKEND
            status = "missing"  # a gap on this backend, as the migration guide counts it
            backends = "/".join(row.backends)
            note = f"{row.ms_api} supports {backends} only"
            message = (f"`{use.api}` → `{row.ms_api}` runs on {backends} only in MindSpore "
                       f"{table.release}, not on {BACKEND_NAMES[target]}")
        shim = None
        if status in ("missing", "differs", "unknown") and use.kind in ("call", "decorator"):
            shim = pick_shim(use.api, use.args, table.release)
            if shim is not None:
                message = _with_shim(message, shim["import_path"])
        snippet = snippets.get(use.line, "")
        findings.append(Finding(
            code=rule.code, name=rule.name, severity=rule.severity, confidence=use.confidence,
            message=message, path=path, line=use.line, column=use.column, end_line=use.end_line,
            end_column=use.end_column, torch_api=use.api, kind=use.kind, status=status,
            ms_api=(row.ms_api or None) if row else None, note=note,
            docs_url=(row.docs_url or None) if row else None, shim=shim, snippet=snippet))
        if row is not None and row.params and use.keyword_at:
            findings.extend(_argument_findings(use, row, path, snippet, table.release))
    return findings
