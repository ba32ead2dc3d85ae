"""MS3xx: ops on a second-order path (gradient penalty, MAML, hessian, PINN) whose MindSpore primitive
cannot be differentiated twice in the selected release, mode and target. Reads grad facts only.
"""
from __future__ import annotations

from ms_scan.extract.grads import GradOp, GradSite
from ms_scan.findings import Finding
from ms_scan.rules import RuleInfo, register
from ms_scan.shims.catalog import shims_for
from ms_scan.tables.bprop import (
    TORCH_SELECTOR_DEFAULTS, ApiPrims, Chain, probe_api_defects, probe_defects, second_order_verdict, selector_args,
    torch_chain,
)

_GP = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
       "class D(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
       "        self.fc = nn.Linear(4, 4)\n\n    def forward(self, x):\n        return {body}\n\n"
       "d = D()\nx = torch.randn(2, 4, requires_grad=True)\n"
       "g = torch.autograd.grad(d(x).sum(), x, create_graph=True)[0]\n{after}")

OP_LACKS = register(RuleInfo(
    "MS301", "op-lacks-second-order", "error",
    "An op on a second-order path (grad with create_graph=True, hessian, MAML, gradient penalty) maps to a "
    "MindSpore primitive whose bprop emits a primitive with no bprop: the double gradient fails.",
    valid=(_GP.format(body="torch.tanh(self.fc(x))", after="gp = (F.log_softmax(g, -1) ** 2).sum()\n"),
           "import torch\nimport torch.nn.functional as F\nx = torch.randn(3, requires_grad=True)\n"
           "y = F.log_softmax(x, 0).sum()\ng = torch.autograd.grad(y, x)[0]\n"),
    invalid=(_GP.format(body="F.log_softmax(self.fc(x), -1)", after=""),),
))
UNRESOLVED = register(RuleInfo(
    "MS302", "second-order-path-unresolved", "note",
    "A second-order site whose derivative path could not be followed (a model from a factory, a parameter "
    "never bound in the file, a third-party module): check its ops for second-order support by hand.",
    valid=(_GP.format(body="torch.tanh(self.fc(x))", after=""),),
    invalid=("import torch\n\ndef penalty(critic, x):\n    x.requires_grad_(True)\n"
             "    return torch.autograd.grad(critic(x).sum(), x, create_graph=True)[0]\n",),
))
RUNTIME = register(RuleInfo(
    "MS303", "second-order-runtime-defect", "warning",
    "The static registry says the op supports second order, but the runtime probe of this release, mode "
    "and device observed a failure, silent zeros or wrong values for its double gradient.",
    valid=(_GP.format(body="torch.sigmoid(self.fc(x))", after=""),),
    invalid=(_GP.format(body="torch.gather(self.fc(x), 1, torch.zeros(2, 1, dtype=torch.long))", after=""),),
))

UNKNOWN_SUPPORT = register(RuleInfo(
    "MS304", "second-order-support-unknown", "note",
    "An op on a second-order path whose double-gradient support is unknown: neither a mapping row nor a known "
    "MindSpore primitive says what a port would run. Check that op by hand (the path itself was followed).",
    valid=(_GP.format(body="torch.tanh(self.fc(x))", after=""),),
    invalid=(_GP.format(body="self.fc(x)", after="").replace("nn.Linear(4, 4)", "nn.LazyLinear(4)"),),
))

_SITE_WORDS = {
    "grad": "`torch.autograd.grad(create_graph=True)`", "backward": "`backward(create_graph=True)`",
    "hessian": "`torch.autograd.functional.hessian`", "hvp": "`torch.autograd.functional.hvp`",
    "vhp": "`torch.autograd.functional.vhp`", "jacobian": "`jacobian(create_graph=True)`",
    "vjp": "`torch.autograd.functional.vjp(create_graph=True)`",
    "jvp": "`torch.autograd.functional.jvp(create_graph=True)`",
    "func.hessian": "`torch.func.hessian`", "higher": "`higher` inner-loop step",
    "learn2learn": "`learn2learn` MAML adapt",
}
_OUTCOME_WORDS = {"fails": "fails", "no-kernel": "has no kernel", "zeros": "silently returns zeros",
                  "wrong": "returns wrong values"}
_MODE_WORDS = {"graph": "GRAPH_MODE", "pynative": "PyNative mode"}


def _site_words(site: GradSite) -> str:
    words = _SITE_WORDS.get(site.kind)
    outer, _, inner = site.kind.partition("(func.")
    if words is None and inner and outer in ("backward", "grad"):  # `backward(func.grad)`
        words = (f"`{'torch.autograd.grad' if outer == 'grad' else 'backward'}` of a loss computed from a "
                 f"`torch.func.{inner.rstrip(')')}` result")
    words = words or f"`{site.kind}`"
    return words + (" (create_graph is an expression: possibly second order)" if site.certainty == "possible"
                    else "")


def _conf(*levels: str) -> str:
    order = ("low", "medium", "high")
    return min(levels, key=order.index)


def _all_ok(ap: ApiPrims, release: str, mode: str, target: str | None) -> bool:
    return all(second_order_verdict(p, release, mode, target, ap.attrs_for(p))[0] is True for p in ap.primitives) and \
        not probe_api_defects(ap.ms_api, release, mode, target)


def _shim(op: GradOp) -> dict | None:
    """The catalogue's second-order-safe shim for this torch API and arguments, if any."""
    args = selector_args(op.api, dict(op.args))
    for key, default in TORCH_SELECTOR_DEFAULTS.items():
        args.setdefault(key, args.get("**", default))  # (a `**kwargs` may set it: not known)
    best = None
    for entry in shims_for(op.api):
        if not entry.get("second_order_safe"):
            continue
        cond = entry.get("condition", "")
        if "approximate=" in cond and f"approximate='{args.get('approximate')}'" not in cond:
            continue
        rank = 0 if entry.get("family") == "second-order" else 1
        if best is None or rank < best[0]:
            best = (rank, entry)
    return best[1] if best else None


def _replacement(op: GradOp, chain: Chain, release: str, mode: str, target: str | None) -> tuple[str, dict | None]:
    parts = []
    for alt in chain.alternatives:
        if chain.how == "mapping-backend-fallback" and alt.ms_api == chain.mapped_api:
            continue  # the mapped API does not run on this target
        if _all_ok(alt, release, mode, target):
            parts.append(f"use `{alt.ms_api}` ({'+'.join(alt.primitives)}: second order works)")
            break
    shim = _shim(op)
    shim_ref = None
    if shim is not None:
        shim_ref = {"name": shim["name"], "import_path": shim["import_path"]}
        parts.append(f"or the shim `{shim['import_path']}` ({shim['exact_note']})" if parts
                     else f"use the shim `{shim['import_path']}` ({shim['exact_note']})")
    if not parts:
        parts.append("rewrite the op from primitives that have second-order bprops, or move it off the "
                     "double-backward path")
    return "; ".join(parts), shim_ref


def _primitive_guess(prims: ApiPrims) -> str:
    """Words for a primitive that no api_primitives.csv row of the API itself gives ("" when one does):
    the rule never guesses silently, and such findings are at most medium confidence."""
    if prims.how == "name-heuristic":
        return (" (primitive guessed from the API's name: api_primitives.csv has no row for "
                f"`{prims.ms_api}`, so check it by hand)")
    if prims.how == "table-any-condition":
        return (" (the arguments that pick its variant are not known here, e.g. a `**kwargs`: the primitives of "
                "every variant are taken)")
    if prims.how.startswith("name-variant:"):
        return (f" (primitives taken from the row of `{prims.how.partition(':')[2]}`, assumed to run the same "
                f"primitives: api_primitives.csv has no row for `{prims.ms_api}`)")
    return ""


def _where(release: str, mode: str, target: str | None) -> str:
    return f"MindSpore {release}, {_MODE_WORDS.get(mode, mode)}" + (f", {target.upper()}" if target else "")


def _op_findings(op: GradOp, site: GradSite, path: str, snippets: dict, release: str, mode: str,
                 target: str | None) -> list[Finding]:
    chain = torch_chain(op.api, dict(op.args), release, target)
    if chain.how == "mapping-off-target":
        return []  # no counterpart runs on the target (MS105 says so): what the port runs instead decides
    if chain.prims is None:
        return [_unknown_support(op, site, path, snippets, chain, release)]
    static_bad = []
    probe_bad = []
    for prim in chain.prims.primitives:
        attrs = chain.prims.attrs_for(prim)  # PadV3's mode: its bprop takes a branch by it
        ok, missing, evidence = second_order_verdict(prim, release, mode, target, attrs)
        if ok is False and evidence == "source":
            static_bad.append((prim, missing))
        elif ok is False:
            probe_bad.extend((prim, c) for c in probe_defects(prim, release, mode, target, attrs))
    probe_bad.extend((chain.ms_api, c) for c in probe_api_defects(chain.ms_api, release, mode, target))
    if not static_bad and not probe_bad:
        return []
    site_conf = "high" if site.certainty == "definite" else "medium"
    op_path = op.path or path  # an op reached across files is reported where it is written
    at = f"line {site.line}" if op_path == path else f"{path}:{site.line}"
    on = (f"on the second-order path of the {_site_words(site)} at {at}"
          + (f" (via {op.via})" if op.via else ""))
    route = f"`{chain.ms_api}`"
    if chain.how == "mapping-backend-fallback":
        route += f" (`{chain.mapped_api}` does not run on {target.upper()})"
    elif chain.how == "name-heuristic":
        route += " (guessed from the name: no mapping row)"
    guess = _primitive_guess(chain.prims)
    advice, shim = _replacement(op, chain, release, mode, target)
    out = []
    common = dict(path=op_path, line=op.line, column=op.column, end_line=op.end_line, end_column=op.end_column,
                  torch_api=op.api, kind="call", ms_api=chain.ms_api, snippet=snippets.get(op.line, ""))
    if static_bad:
        what = "; ".join(f"{p}'s bprop emits {', '.join(m) or 'a primitive'} with no bprop" for p, m in static_bad)
        conf = _conf(site_conf, op.confidence, chain.confidence, "medium" if guess else "high")
        out.append(Finding(
            code=OP_LACKS.code, name=OP_LACKS.name, severity=OP_LACKS.severity, confidence=conf,
            message=(f"`{op.api}` is {on}; its MindSpore counterpart {route} runs "
                     f"{'+'.join(p for p, _ in static_bad)}{guess}, which cannot be differentiated twice in "
                     f"{_where(release, mode, target)} ({what})"),
            note=advice, shim=shim, status="missing", **common))
    elif probe_bad:
        prim, case = probe_bad[0]
        if prim == chain.ms_api:  # the probe ran the API itself: no primitive involved
            guess = ""
        conf = _conf(site_conf, op.confidence, chain.confidence, "high" if target else "medium",
                     "medium" if guess else "high")
        out.append(Finding(
            code=RUNTIME.code, name=RUNTIME.name, severity=RUNTIME.severity, confidence=conf,
            message=(f"`{op.api}` is {on}; its MindSpore counterpart {route} runs {prim}{guess}, whose double "
                     f"gradient {_OUTCOME_WORDS.get(case.outcome, case.outcome)} in "
                     f"{_where(release, mode, target)} (runtime probe `{case.api}`)"),
            note=("use GRAPH_MODE (or @jit) for the second-order step, " if mode == "pynative" else "")
            + advice, shim=shim, status="differs", **common))
    return out


def _unknown_support(op: GradOp, site: GradSite, path: str, snippets: dict, chain: Chain, release: str) -> Finding:
    """An op on the path whose primitives nobody knows (no mapping row and no api_primitives row, e.g.
    torch.nn.LazyLinear): said, at low confidence, instead of passing it over as if it were fine."""
    op_path = op.path or path
    at = f"line {site.line}" if op_path == path else f"{path}:{site.line}"
    if chain.mapped_api:
        why = (f"its MindSpore counterpart `{chain.mapped_api}` has no row in mappings/bprop/{release}/"
               "api_primitives.csv, so the primitives it runs are unknown")
    else:
        why = (f"it has no row in the {release} mapping table"
               + (f" and the name-guessed `{chain.ms_api}` no row in api_primitives.csv" if chain.ms_api else "")
               + ", so the primitives a port would run are unknown")
    return Finding(
        code=UNKNOWN_SUPPORT.code, name=UNKNOWN_SUPPORT.name, severity=UNKNOWN_SUPPORT.severity, confidence="low",
        message=(f"second-order support of `{op.api}` is unknown: it is on the second-order path of the "
                 f"{_site_words(site)} at {at}" + (f" (via {op.via})" if op.via else "") + f", but {why}"),
        note="check by hand that its MindSpore counterpart can be differentiated twice",
        path=op_path, line=op.line, column=op.column, end_line=op.end_line, end_column=op.end_column,
        torch_api=op.api, kind="call", ms_api=chain.ms_api, snippet=snippets.get(op.line, ""))


def check(path: str, grad_facts, snippets: dict[int, str], release: str, mode: str = "graph",
          target: str | None = None, snippets_of: dict[str, dict[int, str]] | None = None) -> list[Finding]:
    """Findings for one file's second-order sites (a list of GradSite, or GradFacts with .sites).

    An op another file holds (GradOp.path, set by ms_scan.project) is reported at its own file and line;
    `snippets_of` (path -> line -> text) gives its snippet."""
    sites: list[GradSite] = list(getattr(grad_facts, "sites", grad_facts))
    merged: dict[tuple, Finding] = {}
    extra_lines: dict[tuple, list[int]] = {}
    extra_sites: dict[tuple, set[str]] = {}
    out: list[Finding] = []
    for site in sites:
        if not site.resolved or site.unresolved:
            detail = (f"could not follow {', '.join(site.unresolved)}" if site.unresolved
                      else site.reason or "no path found")
            out.append(Finding(
                code=UNRESOLVED.code, name=UNRESOLVED.name, severity=UNRESOLVED.severity, confidence="low",
                message=(f"the derivative path of this {_site_words(site)} is not fully resolved ({detail}): "
                         "check the ops it differentiates twice by hand"),
                path=path, line=site.line, column=site.column, end_line=site.end_line,
                end_column=site.end_column, torch_api=site.api, kind="call",
                snippet=snippets.get(site.line, "")))
        for op in site.ops:
            op_snippets = snippets if not op.path or op.path == path else (snippets_of or {}).get(op.path, {})
            for f in _op_findings(op, site, path, op_snippets, release, mode, target):
                key = (f.path, f.code, f.line, f.column, f.torch_api)
                if key in merged:
                    extra_lines[key].append(site.line)
                    extra_sites[key].update(op.also)
                    continue
                merged[key] = f
                extra_lines[key] = []
                extra_sites[key] = set(op.also)
    for key, f in merged.items():
        more = sorted(set(extra_lines[key]))
        if more:
            where = "line(s)" if f.path == path else f"{path} line(s)"
            f.message += f"; also on the path of the site(s) at {where} {', '.join(map(str, more))}"
        if extra_sites[key]:  # sites in other files reaching the same op (ms_scan.project keeps one finding)
            f.message += f"; also on the path of the site(s) at {', '.join(sorted(extra_sites[key]))}"
        out.append(f)
    return sorted(out, key=Finding.sort_key)
