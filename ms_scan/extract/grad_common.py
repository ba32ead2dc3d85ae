"""What the second-order extractor (grads.py) and its resolver's mixins (grad_paths, grad_expand, grad_values,
grad_project, grad_summaries) share: the fact dataclasses, the bounds and API lists, the pass-time records of
functions and classes, small libcst helpers and the per-site path state. Leaf module (imports none of them), so
there is no import cycle; nothing here resolves a name or follows a call.
"""
from __future__ import annotations

import contextlib
import re
import sys
from dataclasses import dataclass, field

import libcst as cst

from ms_scan.extract.receivers import MODULE_METHODS_RETURNING_MODULE
from ms_scan.extract.visitor import dotted_name
from ms_scan.extract.walk import _children as _field_children, _node_info
from ms_scan.facts import SECTIONS_ARG, SPLIT_SIZE_PARAM, UNKNOWN_ARG

# torch calls that are differentiation machinery, not ops on the path
_AUTOGRAD_PREFIXES = ("torch.autograd.", "torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd",
                      "torch.func.hessian", "torch.func.vjp", "torch.func.jvp", "torch.func.vmap",
                      "torch.func.linearize")
_FUNCTIONAL_CALL = ("torch.func.functional_call", "torch.nn.utils.stateless.functional_call")
# gradient checkpointing: `checkpoint(block, h)` runs block(h) (recomputed in the backward, double backward included)
_CHECKPOINTS = ("torch.utils.checkpoint.checkpoint", "torch.utils.checkpoint.checkpoint_sequential")
# (and the parametrisations, which return the module they are given: its forward is the module's)
_WRAPPERS = ("torch.nn.DataParallel", "torch.nn.parallel.DistributedDataParallel", "torch.compile",
             "torch.jit.script", "torch.jit.trace", "torch.nn.utils.spectral_norm", "torch.nn.utils.weight_norm",
             "torch.nn.utils.parametrizations.spectral_norm", "torch.nn.utils.parametrizations.weight_norm",
             "torch.nn.utils.parametrizations.orthogonal")
_CONTAINERS = ("torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict")
_HESSIAN_LIKE = {"torch.autograd.functional.hessian": "hessian", "torch.autograd.functional.hvp": "hvp",
                 "torch.autograd.functional.vhp": "vhp", "torch.func.hessian": "func.hessian"}
# (grad_and_value returns the gradient with the value: its first element is the derivative)
_FUNC_TRANSFORMS = ("torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd", "torch.func.grad_and_value")
# outer transforms that differentiate the function they are given (`jvp(grad(f), (x,), (v,))`, forward over
# reverse; `vjp(jacrev(f), x)`): nested around one of _FUNC_TRANSFORMS, second order. Not `vmap` (no derivative).
_FUNC_OUTER = _FUNC_TRANSFORMS + ("torch.func.jvp", "torch.func.vjp", "torch.func.linearize")
# forward-mode transforms that evaluate their function at once and return (value, tangent): `r, r_x = jvp(u, (x,),
# (v,))`. The function runs on the path of whatever reads the pair; the tangent is a derivative, so a backward of
# a loss computed from it differentiates the function twice (reverse over forward).
_FUNC_EVALUATING = ("torch.func.jvp", "torch.func.linearize")
# the transforms that differentiate every argument of their function (no argnums) and run it where they are called:
# those above, and vjp (`out, pullback = vjp(f, x)`: the pullback's result is f's derivative, grad_paths.pullback_of)
_FUNC_EVERY_ARG = _FUNC_EVALUATING + ("torch.func.vjp",)
_COPY_LIKE = ("copy.deepcopy", "deepcopy", "copy.copy")
_FUNCTORCH_ALIASES = ("grad", "jacrev", "jacfwd", "hessian", "vmap", "vjp", "jvp", "functional_call",
                      "grad_and_value")
_ELEMENT_OF = ("enumerate", "zip", "reversed", "list", "tuple", "iter", "sorted")  # their values are elements
_LIST_GROWERS = ("append", "extend", "insert", "add_module")
# `model.parameters()`, `[m.weight for m in model.modules() if ...]`: the inputs are model's weights
_PARAMETER_METHODS = ("parameters", "named_parameters", "modules", "named_modules", "children", "named_children")
# calls that create tensors or read metadata: never differentiated, so never on a path
_NOT_ON_PATH = frozenset({
    "torch.randn", "torch.rand", "torch.randint", "torch.zeros", "torch.ones", "torch.empty", "torch.full",
    "torch.arange", "torch.linspace", "torch.tensor", "torch.as_tensor", "torch.ones_like", "torch.zeros_like",
    "torch.randn_like", "torch.rand_like", "torch.empty_like", "torch.full_like", "torch.Tensor.size",
    "torch.Tensor.detach", "torch.Tensor.requires_grad_", "torch.Tensor.dim", "torch.Tensor.numel",
    "torch.Tensor.item", "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
    "torch.triu_indices", "torch.tril_indices", "torch.randperm", "torch.randint_like", "torch.eye",
    "torch.multinomial", "torch.Tensor.multinomial",
    "torch.nn.Module.parameters", "torch.nn.Module.named_parameters", "torch.nn.Module.buffers",
    "torch.nn.Module.named_buffers", "torch.nn.Module.children", "torch.nn.Module.named_children",
    "torch.nn.Module.modules", "torch.nn.Module.named_modules",
    "torch.jit.is_tracing", "torch.jit.is_scripting", "torch.compiler.is_compiling",
    "torch.is_grad_enabled", "torch.get_default_dtype", "torch.finfo", "torch.iinfo", "torch.is_tensor",
    "torch.is_floating_point", "torch.Tensor.is_floating_point", "torch.Tensor.type_as", "torch.Tensor.to",
    "torch.Tensor.cpu", "torch.Tensor.cuda", "torch.Tensor.contiguous", "torch.Tensor.get_device",
})  # .to / .type_as / .contiguous: a cast or a copy, whose double gradient is the identity
# grad-mode switches (context managers and decorators), by their last name under torch / torch.autograd
_GRAD_MODE_NAMES = ("no_grad", "inference_mode", "enable_grad", "set_grad_enabled")
# A grad whose inputs and outputs are a helper's parameters is sliced again in the helper's callers, to any
# depth: each call site is lifted at most once per site (the cycle guard), and at most MAX_LIFTS call sites per
# site are sliced, so the cost stays bounded on big projects with many callers.
# ops whose results are booleans or indices (`mask.all()`, `logits.argmax(-1)`): never differentiated
_NON_DIFFERENTIABLE = frozenset({
    "all", "any", "isnan", "isinf", "isfinite", "isneginf", "isposinf", "argmax", "argmin", "argsort", "eq", "ne",
    "lt", "le", "gt", "ge", "equal", "logical_and", "logical_or", "logical_not", "logical_xor", "bool", "long",
    "int", "signbit", "is_nonzero", "count_nonzero", "bucketize", "searchsorted",
})
MAX_LIFTS = 64
# ProjectCallee.param of a hook's class (grad_project.hook_callee) and the slot of the "arg" summaries of a file
# handing an instance of a project class to another project class's construction (grad_summaries.hook_summaries)
HOOK = "~hook"
MIXIN = "^sub"  # the param of a "member" callee a mixin lacks: the member of the classes deriving from it elsewhere
# the param of an "instance" callee for another file's base class of a class of this file without a forward
# (grad_expand._expand_class): "<OVERRIDDEN><m1>,<m2>", the methods this file's class overrides, whose base versions
# ms_scan.project leaves out of the base's summary (the path through them is the override's, expanded here)
OVERRIDDEN = "^over:"


def overridden_step(via: str, methods: set) -> bool:
    """A summary op's `via` passes through one of `methods` (`self.encode -> FourierField.encode`)."""
    return any(step.rpartition(".")[2] in methods for step in via.split(" -> ") if "." in step)
MAX_DEPTH = 400  # recursion steps (about six per nested module); cycles are cut by the visiting sets
MAX_STEPS = 20000  # call expansions per site or summary: a bound on the work, met only by huge graphs
MAX_MEMBER_STEPS = 50000  # call expansions for all member summaries of one file
# hops through names, parameters, calls and returns when looking for what an expression is bound to: the
# literals of a create_graph flag, the torch.func transform a value comes from, the owners of a helper's weights
MAX_BINDING_HOPS = 6
MAX_LEARNER_HOPS = 4  # the same for the learn2learn learner whose adapt() is a site (first_order literals)
MAX_CLASS_HOPS = 8  # wrappers (DataParallel(...), `.module`) and aliases followed to the class of an instance
# a GradOp.when field read as a list that a loop runs through (`for name in cfg.blocks: BLOCKS[name]`): the
# entry is picked when the list holds its key (ms_scan.project)
LIST_FIELD = "[]"


def list_field(field: str) -> tuple[str, str | None] | None:
    """(the list, the row step) of a GradOp.when field a loop runs through: "blocks[]" -> ("blocks", None), the
    strings the list holds; "spec[2]" -> ("spec", "2"), element 2 of each row (`for kind, width, act in spec:`);
    "blocks[act]" -> ("blocks", "act"), each row's "act" (`for b in blocks: ACT[b["act"]]`). None for a field read
    as one value."""
    if field.endswith(LIST_FIELD):
        return field[:-len(LIST_FIELD)], None
    base, sep, step = field[:-1].rpartition("[") if field.endswith("]") else ("", "", "")
    return (base, step) if sep and base and step.replace("_", "a").isalnum() else None


def row_field(field: str, step) -> str:
    """list_field's field for the list `field` names, its rows' element `step` (None: the list's own strings)."""
    return field + (LIST_FIELD if step is None else f"[{step}]")


def row_keys(held, step: str | None) -> set[str]:
    """The reprs of the table keys a list a loop runs through gives (list_field's step: element k or key of each
    row); {"?"} when one is not a string (a row element None is no key: `ACT[act]() if act else nn.Identity()`)."""
    if not isinstance(held, (list, tuple)):
        return {"?"}
    out = set()
    for row in held:
        if step is not None:
            if step.isdigit() and isinstance(row, (list, tuple)) and int(step) < len(row):
                row = row[int(step)]
            elif not step.isdigit() and isinstance(row, dict):
                if step not in row:
                    continue  # (`layer["name"]` of a row without "name": a KeyError, no entry picked)
                row = row[step]
            else:
                return {"?"}
            if row is None:
                continue
        if not isinstance(row, str):
            return {"?"}
        out.add(repr(row))
    return out


def constant_refs(field: str) -> list[tuple[str, str]] | None:
    """(module, name) of each module constant a GradOp.when field "&<module>:<name>+...[]" (or "...[<step>]",
    list_field) loops over (grad_values.looped_constants); None for any other field."""
    listed = list_field(field) if field.startswith("&") else None
    if listed is None:
        return None
    return [(module, name) for module, _, name in (ref.partition(":") for ref in listed[0][1:].split("+"))]


def template_ref(text: str) -> tuple[str, str, str] | None:
    """(module, name, what follows the braces) of a name or API template holding "{&<module>:<name>}" (the
    constant of another module whose string fills it in ms_scan.project: grad_project.module_getattr,
    grad_expand.getattr_constant); None when the text holds none."""
    head, brace, ref = text.partition("{&")
    if not brace:
        return None
    inner, _, rest = ref.partition("}")
    module, _, name = inner.partition(":")
    return module, name, rest


def is_template(api: str) -> bool:
    """An op's API still to be filled in by ms_scan.project (template_ref's or param_template's braces)."""
    return "{&" in api or "{@" in api


def param_template(text: str) -> tuple[str, str] | None:
    """(class part, parameter) of an API template "torch.nn.{@<module>:<callee>:<index>:<default>|<param>}"
    (grad_expand.getattr_constant: `getattr(nn, name)` with name a parameter other files' calls give; the class
    part as in GradOp.when); None when the text holds none."""
    _, brace, inner = text.partition("{@")
    if not brace:
        return None
    cls_part, _, param = inner.partition("}")[0].rpartition("|")
    return cls_part, param


def class_part_fields(cls_part: str) -> tuple[str, str, str, str]:
    """(module, class or function, parameter index, default) of a class part "<module>:<callee>:<index>:<default>"
    (the default may hold ":", as "&mod:NAME"); missing fields are ""."""
    module, cls, index, default = (cls_part.split(":", 3) + ["", "", ""])[:4]
    return module, cls, index, default


# ------------------------------------------------------------------------------------------- facts
@dataclass(slots=True)
class GradOp:
    """A torch API on a second-order path: where it is written (constructor or call) and how it is reached."""

    api: str  # canonical torch API, e.g. torch.nn.AvgPool2d, torch.nn.functional.gelu
    line: int
    column: int
    end_line: int
    end_column: int
    args: tuple = ()  # ((keyword, literal value), ...) from the constructor or call
    via: str = ""  # e.g. "critic(x_hat) -> Critic.forward -> self.main"
    confidence: str = "high"
    path: str = ""  # file the op is written in when not the site's own (reached across files), else ""
    also: tuple = ()  # other files' sites that reach the same op ("train.py:9"), set by ms_scan.project
    # the table entry this op is on the path by, when the key is a config field no construction in the file
    # names (`ACTS[cfg.act]`): "<module>:<Class>:<index>:<default>|<field>=<key>|<key>,<key>..." (the class part
    # empty when cfg's class is not known here); ms_scan.project drops the op when the other files' configs
    # name other keys of the table. Keys after "~" are Python literals ("~True,False": an arm of `a if cfg.flag
    # else b`, grad_expand's IfExp), not strings
    when: str = ""


def unique_ops(ops: list) -> list:
    """One op per node (line, column, api), the first met, sorted; when that one is conditional (GradOp.when), an op
    reached there under another condition is kept too (a block that both a loop's list and a head's key may pick:
    either condition puts it on the path)."""
    groups: dict[tuple, dict] = {}
    for op in ops:
        group = groups.setdefault((op.path, op.line, op.column, op.api), {})
        if not group or op.when and "" not in group:
            group.setdefault(op.when, op)
    return sorted((op for g in groups.values() for op in g.values()), key=lambda o: (o.path, o.line, o.column, o.api))


def hydra_items(node) -> tuple[list, cst.SimpleString | None]:
    """([(key, value)] of a dict display's string keys, its `_target_` string node or None): a hydra-style node as
    `instantiate` reads it."""
    items = [(el.key.evaluated_value, el.value) for el in node.elements if isinstance(el, cst.DictElement) and
             isinstance(el.key, cst.SimpleString) and isinstance(el.key.evaluated_value, str)] \
        if isinstance(node, cst.Dict) else []
    target = next((v for k, v in items if k == "_target_" and isinstance(v, cst.SimpleString)), None)
    return items, target if target is not None and isinstance(target.evaluated_value, str) else None


def _target_nodes(v, path: str) -> list:
    """(string node, path) of each `"_target_": "<dotted name>"` of a hydra-style config display, with the path of
    the dict holding it: ".stem[]" (any element of the list under "stem"), ".head"."""
    out = []
    if isinstance(v, cst.Dict):
        for el in v.elements:
            if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
                continue
            key = el.key.evaluated_value
            if key == "_target_" and isinstance(el.value, cst.SimpleString):
                out.append((el.value, path))
            elif isinstance(key, str) and key.isidentifier():
                out += _target_nodes(el.value, f"{path}.{key}")
    elif isinstance(v, (cst.List, cst.Tuple)):
        for el in v.elements:
            if isinstance(el, cst.Element):
                out += _target_nodes(el.value, f"{path}[]")
    return out


def under_path(path: str, prefix: str) -> bool:
    """A _target_nodes path at or under prefix (".stem[]" under ".stem" and ""; not ".stems")."""
    return path == prefix or path.startswith((prefix + ".", prefix + "["))


def when_safe(*texts: str, also: str = "") -> bool:
    """Whether these texts can stand in a GradOp.when string: none holds its separators `,` and `|` (nor `also`)."""
    bad = set(",|" + also)
    return not any(bad & set(t) for t in texts)


@dataclass(slots=True)
class ProjectCallee:
    """A name imported from another project module met on a derivative path (`from .models import Critic`)."""

    module: str  # dotted module the name is imported from
    name: str  # the name in that module
    role: str  # instance: the result of calling it is called (a model class, a factory) | call: it is called
    via: str  # the path up to the name, e.g. "critic"
    confidence: str  # high | medium (reached through a guessed class)
    text: str  # the site's `unresolved` entry that stands for it (dropped once resolved across files)
    # set when the name was guessed from a parameter's name: the `unresolved` entry to give instead when the
    # class turns out not to be an nn.Module (or several candidates with this guess are)
    guess: str = ""
    # role "param": a parameter of this file's public function `name` (`Cls` for `Cls.__init__`, `Cls.meth`)
    # that is called as a model but never bound in the file, as "index:param" ("-1:param" keyword-only), or
    # "index:param:attr" when a member of it is called; ms_scan.project follows the arguments other files pass
    param: str = ""
    # the argument slots ("1", "y", comma-joined) of the call that depend on the differentiated inputs, when
    # only some do: the derivative path is the part of the callee's forward those arguments reach ("": all)
    live: str = ""


# methods returning the objects they are given, wrapped for the devices (`accelerator.prepare(model, opt)`,
# Lightning Fabric's `fabric.setup(model, opt)`): calling what they return runs the module given
PASSING_THROUGH = frozenset({"prepare", "setup", "setup_module", "prepare_model"})


def call_tag(call: cst.Call, fn: "_Fn") -> str:
    """A call's name within its file, the same in every extraction of the same source: "<fn.qual>#<index>"."""
    return f"{fn.qual}#{next((i for i, c in enumerate(fn.calls) if c is call), -1)}"


def registration_key(name: str, decorator) -> str | None:
    """The key a registry decorator holds what it registers (named `name`) under: its literal argument
    (`@register("msd")`, `name="msd"`); a decorator given no argument, that name (`@BLOCKS.register`); None when
    not a literal string."""
    args = decorator.args if isinstance(decorator, cst.Call) else ()
    given = next((a.value for a in args if a.keyword is None or a.keyword.value in ("name", "key")), None)
    key = _literal(given) if given is not None else None if args else name
    return key if isinstance(key, str) else None


def template_config(text: str) -> ProjectCallee | None:
    """The "config" ProjectCallee that has the module of a "{&<module>:<name>}" template (template_ref)
    summarised, so that ms_scan.project can read the constant filling it; None for a text without one."""
    ref = template_ref(text)
    return ProjectCallee(ref[0], ref[1].partition(".")[0], "config", "", "high", "") if ref is not None else None


@dataclass(slots=True)
class ModelSummary:
    """What calling a module-level class instance or function of a file puts on a derivative path."""

    name: str  # class or function name at module level
    role: str  # instance (a class's forward, a factory's returned model) | call (a function's body)
    ops: list[GradOp] = field(default_factory=list)
    project: list[ProjectCallee] = field(default_factory=list)  # further project names it reaches
    unresolved: list[str] = field(default_factory=list)
    # an "arg:<slot>" summary: the call it is of ("<function qual>#<index of the call in it>", call_tag), for the
    # construction of a function's result that returns its parameter (`maybe_ddp(Critic(cfg))`: ms_scan.project)
    at: str = ""


@dataclass(slots=True)
class GradSite:
    """A place where something is differentiated twice, with the ops on its derivative path."""

    # grad | backward | hessian | hvp | vhp | jacobian | vjp | jvp | func.hessian | func.<outer>(<inner>) | higher
    # | learn2learn
    kind: str
    api: str  # what is written there, e.g. torch.autograd.grad, Tensor.backward, higher.step
    line: int
    column: int
    end_line: int
    end_column: int
    certainty: str  # definite (literal create_graph=True / always second order) | possible (an expression)
    function: str  # enclosing function, "<module>" at top level
    ops: list[GradOp] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # callees on the path that could not be resolved
    resolved: bool = True  # False: no path from inputs to outputs was found at all
    reason: str = ""
    project: list[ProjectCallee] = field(default_factory=list)  # to follow across files


@dataclass(slots=True)
class GradFacts:
    path: str
    sites: list[GradSite] = field(default_factory=list)
    snippets: dict[int, str] = field(default_factory=dict)


# ------------------------------------------------------------------------------ pass-time records
class _Fn:
    __slots__ = ("name", "qual", "node", "parent", "cls", "self_name", "params", "assigns", "calls",
                 "defs", "with_index")

    def __init__(self, name, qual, node, parent, cls, self_name, params):
        self.name, self.qual, self.node, self.parent = name, qual, node, parent
        self.cls, self.self_name, self.params = cls, self_name, params
        self.assigns: dict[str, list] = {}  # name or "self.x" -> value expressions
        self.calls: list[cst.Call] = []
        self.defs: dict[str, _Fn] = {}
        self.with_index: dict[str, tuple[cst.BaseExpression, int]] = {}  # `as (a, b)` element -> (item, i)


class _Cls:
    __slots__ = ("name", "methods", "attrs", "torch_module", "bases", "torch_bases", "fields")

    def __init__(self, name, torch_module="no", bases=(), torch_bases=()):
        self.name = name
        self.torch_module = torch_module  # "yes" | "maybe" | "no" (visitor.ClassInfo verdict)
        self.bases = bases  # base class names as written
        self.torch_bases = torch_bases  # canonical torch APIs among the bases (torch.nn.Sequential ...)
        self.methods: dict[str, _Fn] = {}
        self.attrs: dict[str, list[tuple[cst.BaseExpression, _Fn]]] = {}
        self.fields: list[tuple[str, cst.BaseExpression | None]] | None = None  # a dataclass's (field, default)


def enclosing(fn: _Fn | None):
    """fn, then each function that encloses it, out to the module (`parent` links; a method's parent is the
    function its class sits in). The one walk up the scopes: name lookups and "which method is this in" use it."""
    while fn is not None:
        yield fn
        fn = fn.parent


def binding(fn: _Fn, name: str) -> tuple[str | None, _Fn | None]:
    """Where `name` is bound as seen from fn: ("assign", f) for the innermost enclosing function that assigns it,
    ("param", f) if a parameter binds it first (a parameter shadows the outer scopes), (None, None) if neither.
    An assignment in the same function wins over a parameter of that function (`x = x.float()`)."""
    for f in enclosing(fn):
        if name in f.assigns:
            return "assign", f
        if name in f.params:
            return "param", f
    return None, None


def param_owner_of(fn: _Fn, name: str) -> _Fn | None:
    """The innermost function, fn or one enclosing it, that has a parameter `name` (assignments not looked at)."""
    return next((f for f in enclosing(fn) if name in f.params), None)


def _dataclass_fields(node: cst.ClassDef) -> list[tuple[str, cst.BaseExpression | None]] | None:
    """The fields of a `@dataclass` class in order, each with its default (`= x`, `field(default=x)`; None
    without one or with a default_factory); None for any other class."""
    if not any((dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
               .rpartition(".")[2] == "dataclass" for d in node.decorators) and \
            not any((dotted_name(b.value) or "").rpartition(".")[2] == "NamedTuple" for b in node.bases):
        return None  # (a `class Nets(NamedTuple)` has fields too)
    out = []
    for stmt in node.body.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name) or \
                    "ClassVar" in (dotted_name(small.annotation.annotation) or ""):
                continue
            default = small.value
            if isinstance(default, cst.Call) and (dotted_name(default.func) or "").rpartition(".")[2] == "field":
                default = _kw(default, "default")
            out.append((small.target.value, default))
    return out


def _literal(node: cst.BaseExpression):
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.Float):
        return float(node.value)
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        v = _literal(node.expression)
        return -v if isinstance(v, (int, float)) and not isinstance(v, bool) else _NOLIT
    return _NOLIT


_NOLIT = object()


def _nested_literal(node: cst.BaseExpression, depth: int = 0):
    """_literal, or a dict / list / tuple display of such (nested), as the Python value; _NOLIT otherwise."""
    lit = _literal(node)
    if lit is not _NOLIT or depth > 4:
        return lit
    if isinstance(node, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in node.elements):
        items = [_nested_literal(e.value, depth + 1) for e in node.elements]
        return _NOLIT if any(v is _NOLIT for v in items) else tuple(items) if isinstance(node, cst.Tuple) else items
    if isinstance(node, cst.Dict) and all(isinstance(e, cst.DictElement) for e in node.elements):
        pairs = [(_literal(e.key), _nested_literal(e.value, depth + 1)) for e in node.elements]
        if any(k is _NOLIT or v is _NOLIT or not isinstance(k, (str, int)) for k, v in pairs):
            return _NOLIT
        return dict(pairs)
    return _NOLIT


def literal_list(node) -> tuple | None:
    """A non-empty list or tuple display of literal strings (`["conv_relu6", "pool"]`, the table keys a loop over
    it runs through): the tuple of them; else literal_rows' rows; None for any other value."""
    if isinstance(node, (cst.List, cst.Tuple)) and node.elements and \
            all(isinstance(e, cst.Element) and isinstance(_literal(e.value), str) for e in node.elements):
        return tuple(_literal(e.value) for e in node.elements)
    return literal_rows(node)


def literal_repr(v) -> str:
    """repr of a literal_list value, a row element not known (Ellipsis) written `...` so ast.literal_eval reads it."""
    if v is ...:
        return "..."
    if isinstance(v, tuple):
        return f"({literal_repr(v[0])},)" if len(v) == 1 else f"({', '.join(map(literal_repr, v))})"
    if isinstance(v, list):
        return f"[{', '.join(map(literal_repr, v))}]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{literal_repr(k)}: {literal_repr(x)}" for k, x in v.items()) + "}"
    return repr(v)


def literal_rows(node) -> tuple | None:
    """A list or tuple display of rows, each a list or tuple display of literals or a dict display of literals
    under string keys (`[("concatsquash", 32, "hswish"), ...]`, `[{"kind": "conv", "act": "prelu"}, ...]`): the
    tuple of those rows (tuples, dicts), whose element k or key each loop over it reads (list_field); an element
    that is no literal (`("dense", {"out_dim": N_WAY})`) is Ellipsis, not known (row_keys: no key). None for any
    other value."""
    if not isinstance(node, (cst.List, cst.Tuple)) or not node.elements:
        return None
    rows = []
    for el in node.elements:
        row = el.value if isinstance(el, cst.Element) else None
        if isinstance(row, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in row.elements):
            got = tuple(_nested_literal(e.value) for e in row.elements)  # (`("tcn", {"dilation": 2})`)
        elif isinstance(row, cst.Dict) and all(isinstance(e, cst.DictElement) for e in row.elements):
            got = {_literal(e.key): _literal(e.value) for e in row.elements}
            if not all(isinstance(k, str) for k in got):
                return None
            got = got if len(got) == len(row.elements) else None
        else:
            return None
        if got is None:
            return None
        rows.append({k: ... if v is _NOLIT else v for k, v in got.items()} if isinstance(got, dict) else
                    tuple(... if v is _NOLIT else v for v in got))
    return tuple(rows)


def _arg(call: cst.Call, pos: int, name: str) -> cst.BaseExpression | None:
    found = _kw(call, name)
    if found is not None:
        return found
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[pos].value if pos is not None and pos < len(positional) else None


def item_of(value: cst.BaseExpression, key: cst.BaseExpression) -> cst.Subscript:
    """`value[key]`, a node made for a read the file spells otherwise (a name unpacked out of value, a registry's
    `REG.build(key, ...)`): no node of the file, no position of its own."""
    return cst.Subscript(value=value, slice=[cst.SubscriptElement(cst.Index(key))])


def _kw(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for a in call.args:
        if a.keyword is not None and a.keyword.value == name:
            return a.value
    return None


def _grad_off(api: str | None, node: cst.BaseExpression) -> bool | None:
    """What a grad-mode switch written as `node` (`torch.no_grad()`, `torch.set_grad_enabled(False)`,
    `@torch.inference_mode()`) does to the code under it, `api` being its canonical name: True, builds no graph
    (nothing computed there is differentiated, so nothing there is on a derivative path); False, builds one
    (`enable_grad`, `set_grad_enabled(True)`, an argument that is not a literal: taken as on); None, not a switch."""
    if api is None or not api.startswith("torch.") or api.rpartition(".")[2] not in _GRAD_MODE_NAMES:
        return None
    name = api.rpartition(".")[2]
    if name == "enable_grad":
        return False
    if name == "no_grad":
        return True
    flag = None
    if isinstance(node, cst.Call):
        flag = _arg(node, 0, "mode")
    if name == "inference_mode":
        return flag is None or _literal(flag) is True
    return flag is not None and _literal(flag) is False  # set_grad_enabled(False)


def _literal_args(call: cst.Call) -> tuple:
    """The call's arguments that may select a primitive: keywords (a non-literal one as UNKNOWN_ARG) and
    literal positional arguments as ("#<position>", value) (tables.bprop maps torch's positions to names); a
    `**kwargs` as ("**", UNKNOWN_ARG): any selector it may hold is not known."""
    out = []
    positional = True
    for i, a in enumerate(call.args):
        if a.star == "**":
            out.append(("**", UNKNOWN_ARG))
        if a.star:
            positional = False  # positions after *args are unknown
            continue
        v = _literal(a.value)
        if a.keyword is not None:
            out.append((a.keyword.value, UNKNOWN_ARG if v is _NOLIT else v))
        elif positional and v is not _NOLIT:
            out.append((f"#{i}", v))
    return tuple(out)


def sections_args(api: str, call: cst.Call, fn: _Fn | None) -> tuple:
    """(("#<position>" or the keyword, SECTIONS_ARG),) when `call` of the split API `api` is given a list of section
    sizes that _literal_args leaves out: a list, tuple or comprehension display, `list(...)`/`tuple(...)`, or a name
    or `self.<attr>` every binding of which is one; () otherwise."""
    spec = SPLIT_SIZE_PARAM.get(api)
    if spec is None or fn is None or any(a.star for a in call.args):
        return ()
    pos, keyword = spec
    key = keyword if _kw(call, keyword) is not None else f"#{pos}"  # (no *args: positions are _literal_args')
    arg = _arg(call, pos, keyword)
    return ((key, SECTIONS_ARG),) if arg is not None and _is_sections(arg, fn, MAX_BINDING_HOPS) else ()


def _is_sections(expr: cst.BaseExpression, fn: _Fn, hops: int) -> bool:
    if isinstance(expr, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    if isinstance(expr, cst.Call):
        return dotted_name(expr.func) in ("list", "tuple")
    if hops <= 0:
        return False
    if isinstance(expr, cst.Name):
        kind, f = binding(fn, expr.value)
        values = f.assigns.get(expr.value) if kind == "assign" else None
        return bool(values) and all(v is not None and _is_sections(v, f, hops - 1) for v in values)
    held = self_attr_values(expr, fn)
    return bool(held) and all(v is not None and _is_sections(v, f, hops - 1) for v, f in held)


def _children(node: cst.CSTNode):
    cls = node.__class__  # (libcst's node classes are ABCs: isinstance costs a metaclass hook per call)
    if cls is cst.Attribute or cls is cst.Arg:
        return [node.value]
    if cls is cst.FunctionDef or cls is cst.ClassDef:
        return []
    # `node.children` rebuilds the child list through a visitor on every read: walk's field reading gives the same
    # nodes in the same order at a fraction of the cost
    return list(_field_children(node, _node_info(cls)[0]))


# the ProjectCallee roles of a parameter its own file does not bind (followed into what the callers pass), and with
# "flag" (a create_graph parameter) those ms_scan.project follows into the files that call the callee
PARAM_ROLES = ("param", "lift", "hold", "back")
CALLER_ROLES = PARAM_ROLES + ("flag",)
# the "called" summary's entry that names the config field keying a table call (`PENALTIES[cfg.penalty](...)`,
# grad_project.table_key_field): "[]=<class part>|<field>"
TABLE_KEY = "[]="
# a "called" summary's slot value read from a parameter of the classmethod making the call (`cls(act=cfg["act"])` in
# `from_config(cls, cfg)`): METHOD_READ + JSON [module, "<Class>.<method>", index, param, path, gets], what the other
# files' calls of that method pass there (ms_scan.project._config_keys' method_key)
METHOD_READ = "%"


def table_key_field(entries: list[str]) -> str | None:
    """"<class part>|<field>" of the TABLE_KEY entry of a "called" summary's entries, None without one."""
    return next((x[len(TABLE_KEY):] for x in entries if x.startswith(TABLE_KEY)), None)


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(_children(n)))


def chain_root(expr):
    """What an attribute / subscript chain starts from (`model.blocks[0].conv` -> `model`); expr itself otherwise."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr


def walk_into_defs(node: cst.CSTNode):
    """_walk, also into the functions and classes defined in node (pre-order: a definition before its parts)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        kids = _children(n) if n.__class__ is not cst.FunctionDef and n.__class__ is not cst.ClassDef else \
            list(_field_children(n, _node_info(n.__class__)[0]))
        stack.extend(reversed(kids))


def refs(node: cst.CSTNode) -> set[str]:
    """Names an expression reads (plus `a.b` for attribute reads on a name); not attribute or keyword names, nor
    the parameters of a lambda in it (`f = lambda q: energy(q)` reads energy, not q)."""
    out, stack = set(), [node]
    while stack:
        n = stack.pop()
        if isinstance(n, cst.Name):
            out.add(n.value)
        elif isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name):
            out.add(f"{n.value.value}.{n.attr.value}")
        elif isinstance(n, cst.Lambda):
            out |= _free_in_lambda(n, refs)
            continue
        stack.extend(_children(n))
    return out


def _free_in_lambda(n: cst.Lambda, reads) -> set[str]:
    """What a lambda's body reads (`reads`: refs or refs_besides) that its parameters do not bind."""
    bound = {p.name.value for p in (*n.params.posonly_params, *n.params.params, *n.params.kwonly_params)}
    for star in (n.params.star_arg, n.params.star_kwarg):
        if isinstance(star, cst.Param):
            bound.add(star.name.value)
    return {r for r in reads(n.body) if r.partition(".")[0] not in bound} | \
        set().union(*(reads(p.default) for p in (*n.params.params, *n.params.kwonly_params) if p.default is not None))


# calls whose result carries no derivative of what they read: a forward reach (what depends on a grad's inputs)
# does not pass through them
_GRAPH_CUTS = frozenset({
    "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like", "randint_like", "new_zeros",
    "new_ones", "new_empty", "new_full", "detach", "size", "numel", "dim", "item", "argmax", "argmin",
})


# tensor attributes that carry no derivative of the tensor: `list(x.shape)`, `x.device` read x's metadata only
_META_ATTRS = frozenset({"shape", "ndim", "dtype", "device", "is_cuda", "requires_grad"})


def refs_besides(node: cst.CSTNode, members: frozenset = frozenset()) -> set[str]:
    """The names an expression reads differentiably (refs, not looking into the arguments of a _GRAPH_CUTS call),
    not counting the callee of a call of one of `members` (`("self", "featurizer")`: other submodules than the
    one whose weights a grad differentiates, `self.featurizer(x)` reads x only)."""
    out, stack = set(), [node]
    while stack:
        n = stack.pop()
        if isinstance(n, cst.Name):
            out.add(n.value)
        elif isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name):
            out.add(f"{n.value.value}.{n.attr.value}")
        elif isinstance(n, cst.Lambda):
            out |= _free_in_lambda(n, lambda b: refs_besides(b, members))
            continue
        kids = _children(n)
        if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and isinstance(n.func.value, cst.Name) \
                and (n.func.value.value, n.func.attr.value) in members:
            kids = [k for k in kids if k is not n.func]
        if isinstance(n, cst.Call) and (n.func.attr.value if isinstance(n.func, cst.Attribute) else
                                        n.func.value if isinstance(n.func, cst.Name) else "") in _GRAPH_CUTS:
            kids = []  # `torch.zeros_like(s)`, `s.size(0)`, `s.detach()`: reads s, but not differentiably
        if isinstance(n, cst.Attribute) and n.attr.value in _META_ATTRS:
            kids = []  # `x.shape`: its size, not its value
        stack.extend(kids)
    return out


def calls_besides(node: cst.CSTNode) -> list[cst.Call]:
    """The calls under `node` whose results it reads differentiably: not those inside a _GRAPH_CUTS call
    (`vmap(grad(f))(z).detach()`), as refs_besides; otherwise as calls_in, in the same order."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        kids = _children(n)
        if isinstance(n, cst.Call):
            if (n.func.attr.value if isinstance(n.func, cst.Attribute) else
                    n.func.value if isinstance(n.func, cst.Name) else "") in _GRAPH_CUTS:
                continue
            out.append(n)
        stack.extend(reversed(kids))
    return out


def sole_return(node) -> cst.BaseExpression | None:
    """The value of a def whose body is one `return <value>` statement (a docstring aside); None otherwise."""
    if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return None
    body = [s for s in node.body.body if not (isinstance(s, cst.SimpleStatementLine) and isinstance(
        s.body[0], cst.Expr) and isinstance(s.body[0].value, cst.SimpleString))]
    first = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) else None
    return first.value if isinstance(first, cst.Return) else None


def returned(body: cst.CSTNode) -> list:
    """The values of the `return` statements under `body` (None for a bare `return`)."""
    return [n.value for n in _walk(body) if isinstance(n, cst.Return)]


def tuple_slots(returns: list, top: int) -> bool:
    """Every one of a function's returned values is a tuple display whose elements up to index `top` stand at their
    own places (no starred element among them): `return head(fz), fz, z` (or a list `return [G, D]`) read element by
    element."""
    return bool(returns) and all(isinstance(r, (cst.Tuple, cst.List)) and len(r.elements) > top and
                                 not any(isinstance(e, cst.StarredElement) for e in r.elements[:top + 1])
                                 for r in returns)


def yielded(body: cst.CSTNode) -> list:
    """What a generator function hands out, for `nn.Sequential(*layers(widths))` with `def layers(...): yield
    nn.Linear(a, b)`: the values of its `yield`s, and for `yield from xs` xs itself (whose elements they are).
    Nested functions and classes are not entered; a bare `yield` gives nothing."""
    out = []
    for n in _walk(body):
        if isinstance(n, cst.Yield) and n.value is not None:
            out.append(n.value.item if isinstance(n.value, cst.From) else n.value)
    return out


def spread(assigns: dict, names: set, members: frozenset = frozenset()) -> set:
    """`names` grown, in place, by every name assigned from one of them, to a fixpoint (flow-insensitive:
    `assigns` is name -> the values assigned to it anywhere in scope); `members` as refs_besides."""
    changed = True
    while changed:
        changed = False
        for name, values in assigns.items():
            if name not in names and any(refs_besides(v, members) & names for v in values):
                names.add(name)
                changed = True
    return names


def param_default(node: cst.FunctionDef, name: str):
    """The default expression of parameter `name` of a def (None: no default, or no such parameter)."""
    return next((p.default for p in (*node.params.params, *node.params.kwonly_params, *node.params.posonly_params)
                 if p.name.value == name), None)


def _is_weight(attr: str) -> bool:
    """An attribute that names a module's own weight (`weight`, `bias`, `weight_ih_l0`)."""
    return attr in ("weight", "bias") or attr.startswith(("weight_", "bias_"))


def weight_owners(node: cst.CSTNode) -> set[str]:
    """The names whose weights an expression reads by attribute (`model.dec_conv.weight`, `net.blocks[0][0].bias`,
    `[m.fc.weight_ih_l0]`): the root name of each attribute/subscript chain ending in a weight or bias."""
    out = set()
    for n in _walk(node):
        if isinstance(n, cst.Attribute) and _is_weight(n.attr.value):
            root = chain_root(n.value)
            if isinstance(root, cst.Name) and root is not n.value:
                out.add(root.value)
    return out


def thunk_body(node) -> cst.BaseExpression | None:
    """The body of a lambda without parameters (`lambda: loss_fn(model(xb), yb)`, a closure handed to an
    optimiser), None for anything else."""
    if not isinstance(node, cst.Lambda):
        return None
    p = node.params
    return None if p.params or p.posonly_params or p.kwonly_params or isinstance(p.star_arg, cst.Param) or \
        p.star_kwarg is not None else node.body


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    return [n for n in _walk(node) if isinstance(n, cst.Call)]


_EMPTY = cst.Module([])


def _code(node: cst.CSTNode) -> str:
    text = _EMPTY.code_for_node(node)
    return text if len(text) <= 60 else text[:57] + "..."


def _unchain(v: cst.BaseExpression) -> cst.BaseExpression:
    """`Critic().to(device).eval()` -> `Critic()`: module methods that return the module itself."""
    while isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and \
            v.func.attr.value in MODULE_METHODS_RETURNING_MODULE:
        v = v.func.value
    return v


def _join(via: str, step: str) -> str:
    return f"{via} -> {step}" if via else step


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        return [f"{target.value.value}.{target.attr.value}"]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in _target_names(el.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    if isinstance(target, cst.Subscript):
        return _target_names(target.value)  # `d[k] = v` feeds d
    return []


def _iterated_pairs(target: cst.BaseExpression, value: cst.Call) -> list | None:
    """(name, iterable) pairs a tuple target takes from `enumerate(xs)`, `zip(xs, ys)`, `d.items()`: each name is
    an element of its iterable (None for other calls). Indexes and keys are left out."""
    els = [e.value for e in target.elements]
    func, args = value.func, [a.value for a in value.args if a.keyword is None and not a.star]
    if isinstance(func, cst.Name) and func.value == "enumerate" and len(els) == 2 and args:
        return [(els[1], args[0])]
    if isinstance(func, cst.Name) and func.value == "zip" and len(els) == len(args):
        return list(zip(els, args))
    if isinstance(func, cst.Attribute) and func.attr.value == "items" and len(els) == 2 and not args:
        return [(els[1], func.value)]
    return None


def _held_args(v: cst.Call, api: str) -> list:
    """The arguments a container holds (all of them) or a wrapper wraps (its module: the first positional or
    `module=`/`model=`; not `device_ids=[rank]`)."""
    if api in _CONTAINERS:
        return list(v.args)
    pos = [a for a in v.args if a.keyword is None and not a.star]
    return pos[:1] or [a for a in v.args if a.keyword is not None and a.keyword.value in ("module", "model", "obj",
                                                                                             "func")][:1]


def _partial_of(call: cst.Call) -> str | None:
    """The function name `partial(f, ...)` / `functools.partial(f, ...)` binds arguments of, else None."""
    if dotted_name(call.func) in ("partial", "functools.partial") and call.args and call.args[0].keyword is None \
            and isinstance(call.args[0].value, cst.Name):
        return call.args[0].value.value
    return None


def _values_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`OPS.values()` -> `OPS` (a loop over it takes every value the table holds); None for anything else."""
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "values":
        return node.func.value
    return None


def getattr_read(node) -> tuple[cst.BaseExpression, str, cst.BaseExpression | None] | None:
    """`getattr(obj, "name")` / `getattr(obj, "name", default)` with a literal name and plain positional arguments:
    (obj, name, default or None); None for anything else (the caller decides whether the builtin is shadowed)."""
    if not (isinstance(node, cst.Call) and dotted_name(node.func) == "getattr" and 2 <= len(node.args) <= 3) or \
            any(a.star or a.keyword for a in node.args):
        return None
    name = _literal(node.args[1].value)
    if not isinstance(name, str):
        return None
    return node.args[0].value, name, node.args[2].value if len(node.args) == 3 else None


def read_chain(node, limit: int) -> tuple[cst.BaseExpression, list[tuple[str, str, cst.BaseExpression | None]]]:
    """A config read taken apart (`cfg.model.act`, `cfg["model"].act`, `getattr(cfg.model, "act", "tanh")`): the
    expression it starts from and its steps, outermost last, each (key, "attr" | "item" | "getattr", getattr's
    default or None). The walk stops at anything else (an item key that is no literal string), and after `limit`
    steps."""
    steps = []
    for _ in range(limit):
        if isinstance(node, cst.Attribute):
            steps.insert(0, (node.attr.value, "attr", None))
            node = node.value
        elif isinstance(node, cst.Subscript) and (key := _subscript_key(node)) is not None:
            steps.insert(0, (key, "item", None))
            node = node.value
        elif (got := getattr_read(node)) is not None:
            steps.insert(0, (got[1], "getattr", got[2]))
            node = got[0]
        else:
            break
    return node, steps


def self_attr_values(expr, fn: _Fn) -> list | None:
    """`self.<attr>` read in a method (or a function nested in one): the (value, method) pairs the class assigns
    that attribute (_Cls.attrs; [] when it assigns none); None when `expr` is no such read."""
    if not (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name)):
        return None
    owner = next((f for f in enclosing(fn) if f.cls is not None and f.self_name == expr.value.value), None)
    return owner.cls.attrs.get(expr.attr.value, []) if owner is not None else None


def _subscript_key(node: cst.Subscript) -> str | None:
    """The literal string key of `d["k"]`, else None."""
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        v = _literal(node.slice[0].slice.value)
        return v if isinstance(v, str) else None
    return None


def _attr_name(node: cst.BaseExpression) -> str | None:
    """An attribute name given as a string: "critic" -> critic; a computed one as its literal prefix + "*":
    f"layer{i}", "layer%d" % i, "layer{}".format(i), "layer" + str(i) -> layer*."""
    v = _literal(node)
    if isinstance(v, str):
        return v if v.isidentifier() else None
    prefix = None
    if isinstance(node, cst.FormattedString) and node.parts and isinstance(node.parts[0], cst.FormattedStringText):
        prefix = node.parts[0].value
    elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        text = _literal(node.left)
        prefix = text.split("%", 1)[0] if isinstance(text, str) and "%" in text else None
    elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        prefix = _literal(node.left)
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format":
        text = _literal(node.func.value)
        prefix = text.split("{", 1)[0] if isinstance(text, str) and "{" in text else None
    return prefix + "*" if isinstance(prefix, str) and prefix.isidentifier() else None


# a model parameter's name -> words one of the file's class names must contain (GAN roles);
# generic names (`model`, `net`) designate the file's only top-level model
_ROLE_WORDS = {
    "d": {"disc", "critic"}, "disc": {"disc", "critic"}, "discriminator": {"disc", "critic"},
    "critic": {"critic", "disc"}, "g": {"gen"}, "gen": {"gen"}, "generator": {"gen"},
}
_GENERIC_MODEL_WORDS = frozenset({"model", "net", "network", "module", "mdl", "m", "f", "fn", "the", "my"})


def is_abstract(node) -> bool:
    """A method whose body does nothing but raise NotImplementedError (or is `...` / `pass`), after a docstring:
    `def build_model(self): raise NotImplementedError`, there for subclasses to override."""
    if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, (cst.IndentedBlock, cst.SimpleStatementSuite)):
        return False
    stmts = list(node.body.body)
    small = [s for st in stmts for s in (st.body if isinstance(st, cst.SimpleStatementLine) else [st])] \
        if isinstance(node.body, cst.IndentedBlock) else list(stmts)
    if small and isinstance(small[0], cst.Expr) and isinstance(small[0].value, (cst.SimpleString,
                                                                               cst.ConcatenatedString)):
        small = small[1:]
    if len(small) != 1:
        return False
    s = small[0]
    if isinstance(s, cst.Raise):
        exc = s.exc.func if isinstance(s.exc, cst.Call) else s.exc
        return isinstance(exc, cst.Name) and exc.value == "NotImplementedError"
    return isinstance(s, cst.Pass) or isinstance(s, cst.Expr) and isinstance(s.value, cst.Ellipsis)


def _is_property(node) -> bool:
    """A method decorated `@property` / `@functools.cached_property`: reading it gives what it returns."""
    return isinstance(node, cst.FunctionDef) and any(
        (dotted_name(d.decorator) or "").rpartition(".")[2] in ("property", "cached_property")
        for d in node.decorators)


def _live_text(live: frozenset | None) -> str:
    """ProjectCallee.live of a call's live argument slots ("" when all are)."""
    return ",".join(sorted(live)) if live else ""


def _name_tokens(name: str) -> list[str]:
    """`netD` -> [net, d], `critic_model` -> [critic, model], `D` -> [d]."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return [t.lower() for t in spaced.split("_") if t and not t.isdigit()]


def _role_words(name: str) -> set[str]:
    """What a model variable's name says its class is called: role words (`D` -> discriminator/critic
    spellings) and the name's own tokens of three letters or more, generic model words left out."""
    words: set[str] = set()
    for tok in _name_tokens(name):
        if tok in _ROLE_WORDS:
            words |= _ROLE_WORDS[tok]
        elif len(tok) >= 3 and tok not in _GENERIC_MODEL_WORDS:
            words.add(tok)
    return words



@contextlib.contextmanager
def _stack_room():
    """Python stack for MAX_DEPTH nested expansions (a few frames each), also outside the scan's workers."""
    old = sys.getrecursionlimit()
    if old < 8000:
        sys.setrecursionlimit(8000)
    try:
        yield
    finally:
        if old < 8000:
            sys.setrecursionlimit(old)


class _PathState:
    __slots__ = ("site", "visiting", "any_path", "guessed", "lifts", "steps", "done", "quiet", "live", "flag", "call",
                 "weights")

    def __init__(self, site: GradSite) -> None:
        self.site = site
        self.visiting: set = set()
        self.any_path = False
        self.lifts = 0  # caller call sites sliced (MAX_LIFTS)
        self.steps = 0  # call expansions (MAX_STEPS)
        self.done: set = set()  # functions and classes already expanded for this site (their ops do not vary)
        self.guessed = 0  # > 0 while expanding a class inferred for an unbound parameter
        self.quiet = 0  # > 0 inside a speculative lift (Resolver.lift(quiet=True))
        # the live argument slots of the call being expanded (Resolver.live_slots), taken by the first forward
        # or function it resolves to (or the project name it leads to); None: every argument is live
        self.live: frozenset | None = None
        # (call, caller) of the module call being expanded, taken with `live` by the forward it resolves to: bound to
        # it when that decides a parameter's `is None` test (Resolver.none_tested)
        self.call: tuple | None = None
        # (function, parameter, negated) when create_graph is a parameter of the site's function: the calls of it
        # that pass a literal turning it off run the grad first order, so their arguments are not on its path
        self.flag: tuple | None = None
        # the site differentiates weights (its inputs are a module's parameters, a MAML step): what a
        # parametrization computes from a weight (`register_parametrization(layer, "weight", P)`) is on its path
        self.weights = False


def union_or_none(parts) -> set | None:
    """The union of sets of candidate values, None when any part is unknown (None) or the union is empty."""
    out = set()
    for part in parts:
        if part is None:
            return None
        out |= part
    return out or None
