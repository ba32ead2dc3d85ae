"""Second-order support per MindSpore release: the bprop registry, the 2.10 runtime probe, and the chain
torch API -> MindSpore API -> primitive(s). Reads JSON/CSV under mappings/bprop/ only; never imports mindspore.
"""
from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ms_scan.datafiles import mappings_dir
from ms_scan.facts import SECTIONS_ARG, SPLIT_SIZE_PARAM, UNKNOWN_ARG
from ms_scan.tables.mapping import load_table, release_key

# Probe outcomes that mean "the double gradient does not work" in a mode (stage second-order only:
# a forward that has no kernel is a backend gap, reported by MS105, not a second-order one).
DEFECTS = ("fails", "no-kernel", "zeros", "wrong")
# Outcomes tied to the probed device (a missing CPU kernel says nothing about Ascend).
DEVICE_ONLY = ("no-kernel",)
# torch's defaults for the arguments that select a primitive in api_primitives.csv: when a call leaves
# one out, torch's default decides which MindSpore branch the port must take.
TORCH_SELECTOR_DEFAULTS = {"approximate": "none", "mode": "nearest"}
# torch's signatures: the selector arguments a call may pass by position (GradOp.args keeps a literal
# positional argument as "#<position>"): F.pad(x, p, "reflect"), nn.Upsample(None, 2, "bilinear")
TORCH_SELECTOR_POSITIONS = {
    "torch.nn.functional.pad": {2: "mode"},
    "torch.nn.functional.interpolate": {3: "mode"},
    "torch.nn.functional.upsample": {3: "mode"},
    "torch.nn.Upsample": {2: "mode"},
    "torch.nn.GELU": {0: "approximate"},
}
_COND_ITEM = re.compile(r"(\w+)=('[^']*'|\"[^\"]*\"|[^,()\s]+)")


# ---------------------------------------------------------------------------------------- registry
def bprop_releases() -> list[str]:
    base = mappings_dir() / "bprop"
    return sorted((p.name for p in base.iterdir() if (p / "bprop_registry.json").is_file()),
                  key=release_key)


def _bprop_release(release: str) -> str:
    """The registry release to use: the same X.Y, else the newest one not newer, else the oldest."""
    have = bprop_releases()
    if release in have:
        return release
    older = [r for r in have if release_key(r) <= release_key(release)]
    return older[-1] if older else have[0]


@lru_cache(maxsize=None)
def load_registry(release: str) -> dict:
    path = mappings_dir() / "bprop" / _bprop_release(release) / "bprop_registry.json"
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass(frozen=True, slots=True)
class ProbeCase:
    id: str
    api: str  # the MindSpore expression the probe ran, e.g. "ops.ReduceSum(keep_dims=False)(x, 1)"
    prims: tuple[str, ...]
    outcome: str  # ok | fails | no-kernel | zeros | wrong | ran
    stage: str  # forward | first-order | second-order
    detail: str
    attrs: tuple = ()  # ((primitive, ((attribute, value), ...)), ...) the probed API set (PadV3 mode=edge)


@dataclass(frozen=True)
class Probe:
    release: str
    device: str  # lower case, e.g. "cpu"
    by_prim: dict  # primitive -> [(mode, ProbeCase)]
    by_api: dict  # "mindspore.ops.mse_loss" -> [(mode, ProbeCase)]


def _probe_api_name(expr: str) -> str:
    head = expr.split("(", 1)[0].strip()
    return head if head.startswith("mindspore.") else f"mindspore.{head}"


@lru_cache(maxsize=None)
def load_probe(release: str) -> Probe | None:
    path = mappings_dir() / "bprop" / release / "probe.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    by_prim: dict = {}
    by_api: dict = {}
    for c in data["cases"]:
        for mode, res in c["modes"].items():
            detail = res.get("detail", "")
            attrs = tuple((p, tuple(sorted(a.items()))) for p, a in sorted(c.get("attrs", {}).items()))
            case = ProbeCase(c["id"], c["api"], tuple(c.get("prims", ())), res["outcome"],
                             res.get("stage", ""), detail if isinstance(detail, str) else str(detail), attrs)
            if len(case.prims) == 1:  # composite cases say nothing about one primitive alone
                by_prim.setdefault(case.prims[0], []).append((mode, case))
                if attrs:  # about one attribute branch of the primitive (PadV3 mode=reflect): by_prim judges it
                    continue  # with the call's attributes; by API it would taint ops.pad's other modes
            by_api.setdefault(_probe_api_name(c["api"]), []).append((mode, case))
    return Probe(data.get("release", release), str(data.get("device", "")).lower(), by_prim, by_api)


def _probe_applies(probe: Probe, target: str | None) -> bool:
    return target is None or target == probe.device


def _attrs_agree(case: ProbeCase, primitive: str, attrs: dict | None) -> bool:
    """False when the case ran `primitive` with an attribute value other than `attrs` gives (a PadV3 probed in
    mode edge says nothing about PadV3 in mode constant); True when either side does not say."""
    if not attrs:
        return True
    for prim, items in case.attrs:
        if prim == primitive:
            return all(str(attrs.get(k, v)) == str(v) for k, v in items)
    return True


def probe_defects(primitive: str, release: str, mode: str, target: str | None,
                  attrs: dict | None = None) -> list[ProbeCase]:
    """Probe cases for `primitive` in `mode` whose double gradient failed, returned zeros or wrong values.

    Only the release that was probed, and only for the probed device or an unspecified target; with `attrs`,
    only cases that ran the primitive with those attribute values."""
    probe = load_probe(release)
    if probe is None or not _probe_applies(probe, target):
        return []
    return [c for m, c in probe.by_prim.get(primitive, ())
            if m == mode and _is_defect(c, probe, target) and _attrs_agree(c, primitive, attrs)]


def probe_api_defects(ms_api: str, release: str, mode: str, target: str | None) -> list[ProbeCase]:
    """As probe_defects, for a probe case run on a whole MindSpore API (e.g. mindspore.ops.mse_loss)."""
    probe = load_probe(release)
    if probe is None or not _probe_applies(probe, target):
        return []
    return [c for m, c in probe.by_api.get(ms_api, ()) if m == mode and _is_defect(c, probe, target)]


def _is_defect(case: ProbeCase, probe: Probe, target: str | None) -> bool:
    if case.outcome not in DEFECTS or case.stage != "second-order":
        return False
    return case.outcome not in DEVICE_ONLY or target == probe.device


def matching_branch(entry: dict, attrs: dict | None) -> dict | None:
    """The registry entry's attribute branch (`branches`, from a bprop that compares a string attribute of
    its primitive with literals) that the primitive's attributes select; None when `attrs` do not give
    that attribute (then the union, the entry's own verdict, holds)."""
    if not attrs:
        return None
    for b in entry.get("branches", ()):
        value = attrs.get(b["attr"])
        if value is None:
            continue
        if "values" in b and str(value) in b["values"]:
            return b
        if "values_not" in b and str(value) not in b["values_not"]:
            return b
    return None


def second_order_verdict(primitive: str, release: str, mode: str = "graph",
                         target: str | None = None, attrs: dict | None = None) -> tuple[bool | None, list[str], str]:
    """(ok, missing grad primitives, evidence) for differentiating `primitive` twice.

    evidence "source": the static registry decides (its bprop emits primitives without a bprop); "probe":
    the registry says yes (or does not know) but the runtime probe of this release/mode/device failed.
    ok is None when neither knows the primitive. `attrs` are the primitive's attributes the API sets
    (`ApiPrims.attrs_for`, e.g. {"mode": "constant"} for PadV3): when the bprop branches on one of them, the
    branch it selects decides instead of the union of all branches (the 2.0 Graph view, whose body may be
    the Python one, keeps the union)."""
    reg = load_registry(release)
    entry = reg["primitives"].get(primitive)
    ok: bool | None = None
    missing: list[str] = []
    if entry is not None:
        view = entry.get("modes", {}).get(mode, entry)  # 2.0 keeps a PyNative and a Graph view
        ok = view.get("second_order", entry.get("second_order"))
        missing = list(view.get("missing", entry.get("missing", ())))
        branch = matching_branch(entry, attrs) if view.get("lang", entry.get("lang")) == entry.get("lang") else None
        if branch is not None:
            ok, missing = branch["second_order"], list(branch["missing"])
    if ok is False:
        return False, missing, "source"
    probe = load_probe(release)
    if probe is not None and _probe_applies(probe, target):
        cases = [c for m, c in probe.by_prim.get(primitive, ()) if m == mode and _attrs_agree(c, primitive, attrs)]
        if any(_is_defect(c, probe, target) for c in cases):
            return False, [], "probe"
        if ok is None and any(c.outcome in ("ok", "ran") for c in cases):
            return True, [], "probe"
    return ok, missing, "source"


# ------------------------------------------------------------------------- API -> primitive(s)
@dataclass(frozen=True, slots=True)
class ApiPrims:
    ms_api: str
    primitives: tuple[str, ...]
    condition: str  # the api_primitives.csv condition that was selected ("" when none)
    how: str  # table | table-any-condition | name-variant:<api> | name-heuristic
    confidence: str  # high | medium | low
    # primitive -> its attributes the IR shows, for attributes a bprop branches on (api_primitives.csv
    # `prim_attrs`): (("PadV3", (("mode", "constant"),)),); empty when none or when no one condition was selected
    attrs: tuple = ()

    def attrs_for(self, primitive: str) -> dict | None:
        """{attribute: value} of `primitive` in this API (pass to second_order_verdict); None when unknown."""
        for prim, items in self.attrs:
            if prim == primitive:
                return dict(items)
        return None


@lru_cache(maxsize=None)
def _api_primitive_file():
    """The newest api_primitives.csv (2.10's), None when there is none."""
    files = sorted((mappings_dir() / "bprop").glob("*/api_primitives.csv"), key=lambda p: release_key(p.parent.name))
    return files[-1] if files else None


@lru_cache(maxsize=None)
def _api_primitive_csv() -> tuple[dict, ...]:
    """The rows of the newest api_primitives.csv."""
    path = _api_primitive_file()
    if path is None:
        return ()
    with open(path, newline="", encoding="utf-8") as fh:
        return tuple(csv.DictReader(fh))


@lru_cache(maxsize=None)
def _api_primitive_rows() -> dict:
    """ms_api -> {condition: [primitive, ...]} from the newest api_primitives.csv (2.10)."""
    out: dict = {}
    for r in _api_primitive_csv():
        out.setdefault(r["ms_api"], {}).setdefault(r["args_condition"], []).append(r["primitive"])
    return out


@lru_cache(maxsize=None)
def _api_primitive_attrs() -> dict:
    """(ms_api, args_condition) -> ((primitive, ((attr, value), ...)), ...) from the `prim_attrs` column
    ("mode=constant"; several joined by ';')."""
    out: dict = {}
    for r in _api_primitive_csv():
        raw = (r.get("prim_attrs") or "").strip()
        if raw:
            items = tuple(tuple(kv.split("=", 1)) for kv in raw.split(";") if "=" in kv)
            key = (r["ms_api"], r["args_condition"])
            out[key] = out.get(key, ()) + ((r["primitive"], items),)
    return out


def _attrs(ms_api: str, cond: str, exact: bool) -> tuple:
    return _api_primitive_attrs().get((ms_api, cond), ()) if exact else ()


def api_primitive_release() -> str:
    path = _api_primitive_file()
    return path.parent.name if path is not None else ""


def _parse_condition(cond: str) -> dict:
    items = {}
    for key, raw in _COND_ITEM.findall(cond):
        raw = raw.strip()
        if raw[:1] in "'\"":
            items[key] = raw[1:-1]
        elif raw in ("True", "False"):
            items[key] = raw == "True"
        else:
            items[key] = raw
    return items


def _same(cond_value, call_value) -> bool:
    if call_value == UNKNOWN_ARG:  # (not known: no one condition is the call's)
        return False
    if isinstance(cond_value, bool) and isinstance(call_value, str):
        # torch spells GELU's choice as a string, MindSpore's nn.GELU as a bool (True = tanh)
        return cond_value == (call_value.lower() not in ("none", "", "false"))
    return str(cond_value) == str(call_value)


def _select(groups: dict, kwargs: dict) -> tuple[list[str], str, bool]:
    """Pick the condition group(s) matching the call's literal arguments. (prims, condition, exact)."""
    if len(groups) == 1:
        cond, prims = next(iter(groups.items()))
        return prims, cond, True
    parsed = {c: _parse_condition(c) for c in groups}
    keys = {k for p in parsed.values() for k in p}
    selectors = {k for k in keys if len({str(p.get(k)) for p in parsed.values()}) > 1}
    # a torch default counts only where a condition spells it (interpolate's mode='nearest'); otherwise the
    # "(default)" row stands for it (pad's mode='constant' (default))
    call = {k: v for k, v in TORCH_SELECTOR_DEFAULTS.items()
            if k in selectors and any(_same(p.get(k), v) for p in parsed.values() if k in p)}
    call.update({k: v for k, v in kwargs.items() if k in selectors})
    if "**" in kwargs:  # `nn.GELU(**act_kwargs)`: each selector it does not name may be in there (not known)
        call.update({k: kwargs["**"] for k in selectors if k not in kwargs})
    hits = []
    for cond, p in parsed.items():
        ok = True
        for k in selectors:
            if k in call:
                ok = k in p and _same(p[k], call[k])
            else:
                ok = "(default)" in cond
            if not ok:
                break
        if ok:
            hits.append(cond)
    if len(hits) == 1:
        return groups[hits[0]], hits[0], True
    prims = sorted({p for g in groups.values() for p in g})
    return prims, "", False


def _snake(name: str) -> list[str]:
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    acronyms = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()  # NLLLoss -> nll_loss
    return list(dict.fromkeys([s, name.lower(), acronyms]))


def _class_functionals(name: str) -> list[str]:
    """Functional spellings of a Cell class: its snake-case name, and for a loss Cell also without the
    `_loss` suffix (mindspore.nn.CrossEntropyLoss.construct calls ops.cross_entropy; NLLLoss: ops.nll_loss)."""
    out = _snake(name)
    if name.endswith("Loss") and len(name) > 4:
        out += [s[:-len("_loss")] for s in out if s.endswith("_loss")]
    return list(dict.fromkeys(out))


# From this release on a Tensor method called with torch's arguments runs the `mint` function: the
# mapping tables list `mindspore.Tensor.gather` as torch.Tensor.gather's counterpart from 2.5 (before:
# `Tensor.gather_elements`), and 2.10's Tensor methods dispatch a torch-style call to the *_ext function
# (`Tensor.gather(dim, index)` -> mint.gather -> GatherD; the `ops.gather(x, indices, axis)` overload is
# the deprecated one).
TENSOR_METHODS_FOLLOW_MINT = "2.5"


def _name_variants(ms_api: str, release: str = "2.10") -> list[str]:
    """Documented heuristic: a class and its functional form use the same primitive(s).

    mindspore.mint.nn.AvgPool2d -> mindspore.mint.nn.functional.avg_pool2d; mindspore.nn.GELU ->
    mindspore.ops.gelu; mindspore.nn.CrossEntropyLoss -> mindspore.ops.cross_entropy; mindspore.Tensor.gather ->
    mindspore.mint.gather (2.5 on; before: ops first)."""
    head, _, last = ms_api.rpartition(".")
    out = []
    if head == "mindspore.mint.nn":
        out += [f"mindspore.mint.nn.functional.{s}" for s in _class_functionals(last)]
    elif head == "mindspore.nn":
        out += [f"mindspore.ops.{s}" for s in _class_functionals(last)]
    elif head == "mindspore.Tensor":
        both = [f"mindspore.ops.{last}", f"mindspore.mint.{last}"]
        out += both[::-1] if release_key(release) >= release_key(TENSOR_METHODS_FOLLOW_MINT) else both
    elif head == "mindspore.mint":
        out += [f"mindspore.mint.nn.functional.{last}"]
    return out


def _guess_primitive(ms_api: str, release: str) -> list[str]:
    """Last resort: a registry primitive whose name equals the API's last component, case and
    underscores aside (avg_pool2d -> AvgPool2D); `mint` prefers the ...Ext variant."""
    last = ms_api.rpartition(".")[2].replace("_", "").lower()
    if not last:
        return []
    names = {p.lower(): p for p in load_registry(release)["primitives"]}
    ext = ".mint." in ms_api
    if ".linalg." in ms_api:  # `linalg.inv` is the matrix inverse (MatrixInverse), not Inv (1/x)
        for pre in ("linalg", "matrix"):
            found = sorted(n for n in names if n.startswith(pre + last))
            bases = [n for n in found if not (n.endswith("ext") and n[:-3] in found)]
            base = pre + last if pre + last in names else bases[0] if len(bases) == 1 else None
            if base is not None:
                return [names[base + "ext"] if ext and base + "ext" in names else names[base]]
    if ext and last + "ext" in names:
        return [names[last + "ext"]]
    return [names[last]] if last in names else []


def api_primitives(ms_api: str, kwargs: dict | None = None, release: str = "2.10") -> ApiPrims | None:
    """The primitive(s) a MindSpore API runs, for a call with these literal arguments.

    Order: api_primitives.csv (GRAPH_MODE IR of the newest probed wheel; for other releases a best
    guess, medium confidence), then the class/functional name variant, then a primitive with the same
    name (low confidence). None when nothing matches."""
    kwargs = kwargs or {}
    rows = _api_primitive_rows()
    same_release = api_primitive_release() == release
    groups = rows.get(ms_api)
    if groups and ms_api.startswith("mindspore.Tensor.") and \
            release_key(release) < release_key(TENSOR_METHODS_FOLLOW_MINT) <= release_key(api_primitive_release()):
        groups = None  # the row records the torch-style dispatch of newer Tensor methods, absent in this release
    if groups:
        prims, cond, exact = _select(groups, kwargs)
        conf = "high" if exact and same_release else "medium"
        return ApiPrims(ms_api, tuple(prims), cond, "table" if exact else "table-any-condition", conf,
                        _attrs(ms_api, cond, exact))
    for alt in _name_variants(ms_api, release):
        groups = rows.get(alt)
        if groups:
            prims, cond, exact = _select(groups, kwargs)
            return ApiPrims(ms_api, tuple(prims), cond, f"name-variant:{alt}", "medium", _attrs(alt, cond, exact))
    guess = _guess_primitive(ms_api, release)
    if guess:
        return ApiPrims(ms_api, tuple(guess), "", "name-heuristic", "low")
    return None


def legacy_counterpart(ms_api: str) -> str | None:
    """The pre-`mint` spelling of a `mint` API (mint.nn.X -> nn.X, mint.nn.functional.x -> ops.x,
    mint.x -> ops.x): the usual fallback where `mint` has no kernel or no second-order bprop."""
    for prefix, repl in (("mindspore.mint.nn.functional.", "mindspore.ops."),
                         ("mindspore.mint.nn.", "mindspore.nn."), ("mindspore.mint.", "mindspore.ops.")):
        if ms_api.startswith(prefix):
            return repl + ms_api[len(prefix):]
    return None


def guessed_ms_api(torch_api: str) -> str | None:
    """Name heuristic for a torch API with no mapping row: torch.nn.X -> mindspore.nn.X,
    torch.nn.functional.x -> mindspore.ops.x, torch.x -> mindspore.ops.x, torch.Tensor.x -> mindspore.Tensor.x."""
    for prefix, repl in (("torch.nn.functional.", "mindspore.ops."), ("torch.Tensor.", "mindspore.Tensor."),
                         ("torch.nn.", "mindspore.nn."), ("torch.", "mindspore.ops.")):
        if torch_api.startswith(prefix):
            rest = torch_api[len(prefix):]
            return repl + rest if "." not in rest else None
    return None


@dataclass(frozen=True)
class Chain:
    """torch API -> the MindSpore API a port would use on the target -> its primitive(s)."""
    torch_api: str
    ms_api: str | None  # the API the verdict is about
    prims: ApiPrims | None
    mapped_api: str | None  # what the mapping table recommends (may differ from ms_api: backend)
    how: str  # how ms_api was reached: mapping | mapping-backend-fallback | mapping-off-target | name-heuristic
    confidence: str
    alternatives: tuple[ApiPrims, ...] = field(default=())  # other spellings, for replacement advice


def _min_conf(*levels: str) -> str:
    order = ("low", "medium", "high")
    return min(levels, key=order.index)


def _no_forward_kernel(ms_api: str, kwargs: dict, release: str, target: str) -> bool:
    """The runtime probe of `release` on `target` could not even run `ms_api` (or its only primitive) forward:
    no kernel there (`mint.nn.functional.avg_pool1d` on CPU, which the mapping table lists for CPU), so a port
    to that device runs the legacy spelling instead."""
    probe = load_probe(release)
    if probe is None or target != probe.device:
        return False
    cases = [c for _, c in probe.by_api.get(ms_api, ())]
    prims = api_primitives(ms_api, kwargs, release)
    if prims is not None and len(prims.primitives) == 1:
        cases += [c for _, c in probe.by_prim.get(prims.primitives[0], ()) if _probe_api_name(c.api) == ms_api]
    return any(c.outcome == "no-kernel" and c.stage == "forward" for c in cases)


def selector_args(torch_api: str, args: dict | None) -> dict:
    """A call's literal arguments with the selectors it passes by position named as torch's signature names them
    (`nn.GELU("tanh")` -> approximate="tanh"); a keyword wins over a position."""
    out = dict(args or {})
    for pos, name in TORCH_SELECTOR_POSITIONS.get(torch_api, {}).items():
        if f"#{pos}" in out:
            out.setdefault(name, out[f"#{pos}"])
    if torch_api in SPLIT_SIZE_PARAM:  # the kind of split size, "int" or "list" (Slice where an int does not
        pos, keyword = SPLIT_SIZE_PARAM[torch_api]  # divide the axis, StridedSlice per section); unknown: the int row
        size = out.get(keyword, out.get(f"#{pos}"))
        if size == SECTIONS_ARG or isinstance(size, (list, tuple)):
            out["split_size_or_sections"] = "list"
        elif isinstance(size, int) and not isinstance(size, bool):
            out["split_size_or_sections"] = "int"
        else:
            out.pop("split_size_or_sections", None)  # unknown: the "(default)" row, an int size
    return out


def torch_chain(torch_api: str, kwargs: dict | None = None, release: str = "2.10",
                target: str | None = None) -> Chain:
    """Follow torch API -> MindSpore API (mapping table of `release`) -> primitive(s).

    When the mapped API does not run on `target` (a `mint` API is Ascend-only), the legacy spelling is
    what a port runs there, so the verdict is about that. Without a mapping row the name heuristic
    `guessed_ms_api` is used and the confidence is low."""
    kwargs = selector_args(torch_api, kwargs)
    table = load_table(release)
    look = table.lookup(torch_api, target)
    row = look.row
    mapped = row.ms_api if row is not None and row.ms_api else None
    how = "mapping"
    conf = "high"
    ms_api = mapped
    if mapped is None:
        ms_api = guessed_ms_api(torch_api)
        how, conf = "name-heuristic", "low"
    elif target and (row.backends and target not in {b.lower() for b in row.backends} or
                     _no_forward_kernel(mapped, kwargs, release, target)):
        legacy = legacy_counterpart(mapped)
        if legacy is not None and _no_forward_kernel(legacy, kwargs, release, target):
            how = "mapping-off-target"  # (`ops.einsum`, the legacy spelling, has no kernel there either)
        elif legacy is not None:
            ms_api, how = legacy, "mapping-backend-fallback"
        else:  # (`mindspore.nn.InstanceNorm1d`, GPU only: no counterpart runs on the target)
            how = "mapping-off-target"
    if ms_api is None:
        return Chain(torch_api, None, None, mapped, how, "low")
    prims = api_primitives(ms_api, kwargs, release)
    alts = []
    for alt in filter(None, {legacy_counterpart(ms_api), mapped} - {ms_api, None}):
        ap = api_primitives(alt, kwargs, release)
        if ap is not None:
            alts.append(ap)
    if prims is None:
        return Chain(torch_api, ms_api, None, mapped, how, "low", tuple(alts))
    return Chain(torch_api, ms_api, prims, mapped, how, _min_conf(conf, prims.confidence), tuple(alts))


def conditions_for(ms_api: str) -> dict:
    """{condition: [primitives]} rows of api_primitives.csv for one API (for replacement advice)."""
    return dict(_api_primitive_rows().get(ms_api, {}))
