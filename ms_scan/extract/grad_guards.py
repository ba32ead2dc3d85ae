"""Tests over config values that guard a call (`if CONFIG["loss"]["r1_gamma"] > 0:`, `if cfg.train.r1:`): the
guard as a small JSON tree whose leaves are config reads (grad_dicts.DictRef) and literals, and the truth values it
takes once those reads are known (in this file, or in ms_scan.project with the other files' "config" summaries).
A guard that is not provably false changes nothing; nothing here follows a derivative path.
"""
from __future__ import annotations

import ast
import json
import operator

import libcst as cst

from ms_scan.extract.grad_common import (
    MAX_BINDING_HOPS, MAX_CLASS_HOPS, _NOLIT, _Fn, ProjectCallee, _children, _literal, _subscript_key, _walk, enclosing,
    param_default, param_owner_of, read_chain, returned, walk_into_defs,
)
from ms_scan.extract.grad_dicts import DictRef
from ms_scan.extract.grad_project import _init_param
from ms_scan.extract.grad_unroll import evaluate
from ms_scan.extract.scope import PROJECT
from ms_scan.extract.visitor import dotted_name
from ms_scan.extract.walk import _children as _field_children, _node_info

BACKED = "backed|"  # the param of a "flag" callee: a site kept when a caller differentiates the function's result
REACH = "reach|"  # ProjectCallee.param prefix of a "flag" callee that says when a site runs at all (reach_callee)
DETACHED = "detached|"  # ProjectCallee.param of a "flag" callee: a function that returns a site's gradient, whose
# calls in its own file read the value only detached; the site is first order unless another file calls or names it
PARAM = "param"  # a guard leaf ["v", [PARAM, ...]]: a parameter of a public function, its calls in other files unseen
MAX_PRODUCT = 64  # value pairs one comparison weighs (more: not known)
_OPS = {cst.Equal: "==", cst.NotEqual: "!=", cst.LessThan: "<", cst.LessThanEqual: "<=", cst.GreaterThan: ">",
        cst.GreaterThanEqual: ">=", cst.In: "in", cst.NotIn: "not in", cst.Is: "is", cst.IsNot: "is not"}
_APPLY = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
          ">=": operator.ge, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
          "is": lambda a, b: a is b or a == b and type(a) is type(b) and a in (None, True, False),
          "is not": lambda a, b: not (a is b or a == b and type(a) is type(b) and a in (None, True, False))}
_UNKNOWN = ["?"]
_KEY_READS = ("sorted", "list", "len", "set", "tuple")  # `choices=sorted(MODELS)`: a table's keys, no entry


def _parses(v) -> bool:
    """`<parser>.parse_args(...)`."""
    return isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and v.func.attr.value == "parse_args"


def _all_false(guards: list | None) -> bool:
    """Some guards, each provably false from this file alone (a use under each never runs)."""
    return bool(guards) and all(g is not None and guard_truths(g, local_read) == {False} for g in guards)


def guard_truths(tree, read) -> set | None:
    """The truth values a guard tree takes; `read(text)` gives the reprs a config read holds (None: not known).
    None when not known."""
    kind = tree[0]
    if kind == "not":
        inner = guard_truths(tree[1], read)
        return {not t for t in inner} if inner is not None else None
    if kind in ("and", "or"):
        parts = [guard_truths(t, read) for t in tree[1]]
        decisive = kind == "or"  # (a True operand decides an `or`, a False one an `and`)
        if any(p == {decisive} for p in parts):
            return {decisive}
        if any(p is None for p in parts):
            return None
        return {not decisive} if all(p == {not decisive} for p in parts) else {True, False}
    values = _values(tree, read)
    if values is None:
        return None
    try:
        return {bool(v) for v in values}
    except Exception:  # noqa: BLE001 (a value whose truth is not plain)
        return None


def _values(tree, read) -> list | None:
    kind = tree[0]
    if kind == "any":  # (a parameter: the values its calls give it, each call's own tree)
        out: list = []
        for t in tree[1]:
            got = _values(t, read)
            if got is None:
                return None
            out += got
        return out
    try:
        if kind == "c":
            return [ast.literal_eval(tree[1])]
        if kind == "v":
            got = read(tree[1])
            return [ast.literal_eval(v) for v in got] if got else None
        if kind == "cmp":
            left, right = _values(tree[2], read), _values(tree[3], read)
            if left is None or right is None or len(left) * len(right) > MAX_PRODUCT:
                return None
            return [_APPLY[tree[1]](a, b) for a in left for b in right]
    except Exception:  # noqa: BLE001 (a repr that is no literal, a comparison of unlike types)
        return None
    if kind in ("not", "and", "or"):
        truths = guard_truths(tree, read)
        return sorted(truths) if truths is not None else None
    return None


def local_read(text: str) -> set | None:
    """read() for a guard of this file alone: the values shown here (["=", values]); another file's: not known."""
    ref = json.loads(text)
    return set(ref[1]) if ref[0] == "=" and ref[1] and "?" not in ref[1] else None


def _subtrees(tree) -> list:
    return tree[1] if tree[0] in ("and", "or", "any") else tree[2:] if tree[0] == "cmp" else tree[1:2] if tree[0] == "not" \
        else []


def _has_read(tree) -> bool:
    return tree[0] == "v" or any(_has_read(t) for t in _subtrees(tree))


def guard_imports(tree) -> list[tuple[str, str]]:
    """(module, name) of the other files' config dicts a guard tree reads."""
    out = []
    subtrees = _subtrees(tree)
    if tree[0] == "v":
        ref = json.loads(tree[1])
        if ref[0] == PARAM:  # (what its default and this file's calls read)
            subtrees = param_trees(ref)
        elif ref[0] not in ("=", "{}"):
            out.append((ref[0], ref[1]))
    for t in subtrees:
        out += [r for r in guard_imports(t) if r not in out]
    return out


def param_trees(ref: list) -> list:
    """The guard trees a PARAM ref ([PARAM, module, function, index, name, default tree or None, trees of the
    defining file's calls]) holds: its default's, then each call's."""
    return [t for t in (ref[5], *ref[6]) if t is not None]


def param_leaves(tree) -> list:
    """The PARAM refs a guard tree reads (param_trees), those inside them too."""
    out = []
    subtrees = _subtrees(tree)
    if tree[0] == "v":
        ref = json.loads(tree[1])
        if ref[0] == PARAM:
            out.append(ref)
            subtrees = param_trees(ref)
    for t in subtrees:
        out += param_leaves(t)
    return out


def method_reach_of(callee) -> bool:
    """`callee` is the "reach" callee of a site in a method (_Guards.method_reach), whose other files' calls are
    the `self.<method>(...)` of the classes deriving from its class."""
    return callee.role == "flag" and callee.param.startswith(REACH) and '"method": true' in callee.param


class _Guards:
    """_Resolver's guards over config values (call_guard, reach_callee)."""

    def guard_tree(self, test, fn: _Fn, depth: int = 0) -> list:
        """A test as a guard tree: ["and"|"or", [trees]], ["not", tree], ["cmp", op, tree, tree], ["v", text] (a
        config read: DictRef.text for another file's dict, ["=", values] for one of this file), ["c", repr] (a
        literal, or a name of this file bound to one) and ["?"] (anything else)."""
        if depth > 16:
            return _UNKNOWN
        if isinstance(test, cst.BooleanOperation):
            kind = "and" if isinstance(test.operator, cst.And) else "or"
            return [kind, [self.guard_tree(test.left, fn, depth + 1), self.guard_tree(test.right, fn, depth + 1)]]
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return ["not", self.guard_tree(test.expression, fn, depth + 1)]
        if isinstance(test, cst.Comparison):
            parts, left = [], test.left
            for target in test.comparisons:
                op = _OPS.get(type(target.operator))
                if op is None:
                    return _UNKNOWN
                parts.append(["cmp", op, self.guard_tree(left, fn, depth + 1),
                              self.guard_tree(target.comparator, fn, depth + 1)])
                left = target.comparator
            return parts[0] if len(parts) == 1 else ["and", parts]
        lit = _literal(test)
        if lit is not _NOLIT:
            return ["c", repr(lit)]
        if isinstance(test, (cst.Tuple, cst.List, cst.Set)):
            items = [_literal(e.value) if isinstance(e, cst.Element) else _NOLIT for e in test.elements]
            return ["c", repr(tuple(items))] if _NOLIT not in items else _UNKNOWN
        if isinstance(test, (cst.Subscript, cst.Attribute, cst.Call, cst.Name)):
            ref = self.dict_ref(test, fn)
            if ref is not None and not ref.path and ref.root[0] == "import" and ref.root[2].isidentifier():
                return ["v", ref.text()]  # `self.cfg.PENALTY`, cfg a config module (dict_ref's module_value)
            if ref is not None and ref.path:
                if ref.root[0] == "import":
                    return ["v", ref.text(False, self.import_extra(ref))]
                values = self.dict_values(ref)
                return ["v", json.dumps(["=", sorted(values)])] if values else _UNKNOWN
            chain = self.import_chain(test, fn)
            if chain is not None:  # `cfg.train.r1` with cfg another file's attribute tree of a dict
                return ["v", chain.text()]
            if isinstance(test, cst.Name) and self.lookup_assigns(fn, test.value) is not None:
                v = evaluate(test, {}, lambda n: self.const_value(fn, n))  # `USE_R1 = False` of this file
                if v is None or isinstance(v, (bool, int, float, str)):
                    return ["c", repr(v)]
            target = self.project_target(test, fn)
            if target is not None and target[1].isidentifier():
                # `config.CURVATURE_WEIGHT`, another module's constant (its "config" summary, rebinding included)
                return ["v", DictRef(("import", *target), (), ()).text()]
            if self.parsed_args(test, fn):  # `args.penalty`: the add_argument default, what runs given no option
                values = self.literal_choices(test, fn, lambda v: v is None or isinstance(v, (bool, int, float, str)))
                if values:
                    return ["v", json.dumps(["=", sorted(map(repr, values))])]
            if isinstance(test, cst.Attribute) and isinstance(test.value, cst.Name) and \
                    any(f.self_name == test.value.value for f in enclosing(fn)):
                # `self.weight`: what the instance is built with
                v = self.const_value(fn, f"{test.value.value}.{test.attr.value}")
                if v is None or isinstance(v, (bool, int, float, str)):
                    return ["c", repr(v)]
            held = self.stored_param_field(test, fn)
            if held is not None:
                # `self.cfg.gp_weight`, self.cfg stored by the constructor from its parameter: what each
                # construction of the file passes there, read at the field (`Agent(cfg)`, `cfg.gp_weight`)
                init, name = held
                passed = self.every_call_args(init, name)
                trees = [self.guard_tree(test.with_changes(value=arg), f, depth + 4) for arg, f in passed or ()]
                if trees and _UNKNOWN not in trees:
                    return ["any", trees]
                if not self.calls_of(init) and self.ex.module and not init.cls.name.startswith("_"):
                    # built in other files only (`SAC(cfg)` in train.py): what their constructions pass
                    return self.param_leaf(init, init.cls.name, name, None, [], (test.attr.value,))
            if isinstance(test, cst.Attribute) and isinstance(test.value, cst.Name) and \
                    (self.lookup_assigns(fn, test.value.value) is not None or self.param_of(fn, test.value.value)
                     and self.calls_of(param_owner_of(fn, test.value.value))):
                # `cfg.polish`, cfg the file's dataclass built here (`Cfg(iters=...)`), or a parameter its calls
                # give one (the default where they leave it out: `def main(cfg=TrainCfg())`): what they give
                values = self.literal_choices(test, fn, lambda v: v is None or isinstance(v, (bool, int, float, str)))
                if values is not None and len(values) == 1:
                    return ["c", repr(next(iter(values)))]
            if isinstance(test, cst.Name):
                return self.param_guard(test.value, fn, depth) or _UNKNOWN
            held = self.param_path(test, fn) if isinstance(test, cst.Subscript) else None
            if held is not None:  # `cfg["curvature_every"]`, cfg a parameter: what the dict each call passes holds
                return self.param_guard(held[0], fn, depth, held[1]) or _UNKNOWN
        return _UNKNOWN

    def call_off(self, call: cst.Call, caller: _Fn) -> bool:
        """The call sits under a guard this file shows false (`if self.cfg.action_penalty > 0:` with 0.0): it never
        runs, so it binds no parameter and hands nothing to a site."""
        return _all_false([self.call_guard(call, caller)])

    def stored_param_field(self, test, fn: _Fn) -> tuple[_Fn, str] | None:
        """(constructor, parameter) of `self.cfg.<field>` (or `a.<field>` with `a = self.cfg`) in a method whose
        class's constructor stores its parameter as `self.cfg = cfg` and nothing else assigns self.cfg; None
        otherwise."""
        member = self.self_member(test.value, fn) if isinstance(test, cst.Attribute) else None
        return _init_param(fn.cls, member.attr.value) if member is not None else None

    def param_guard(self, name: str, fn: _Fn, depth: int, path: tuple = ()) -> list | None:
        """`exact` in `_exact(...) if exact else _fd(...)`, a parameter of a module-level function that nothing
        there rebinds: the values its calls give it, the default where one leaves it out (`exact=CFG.exact`).
        ["any", trees of this file's calls] when they are all its calls (a private function, a file seen
        alone); else a read ms_scan.project answers with the other files' calls ("called" summaries) too:
        ["v", [PARAM, module, function, index, name, default tree or None, trees of this file's calls]]. With
        `path` (`cfg["curvature_every"]`), what the config dict each call passes holds under it (no default
        counted), the ref's last element the path."""
        if depth > 12 or self.lookup_assigns(fn, name) is not None or not self.param_of(fn, name):
            return None
        owner = param_owner_of(fn, name)
        if owner is None or owner.cls is not None or owner.parent is not self.ex._module_fn or \
                not isinstance(owner.node, cst.FunctionDef) or \
                any(p.name.value == name for p in (owner.node.params.star_arg, owner.node.params.star_kwarg)
                    if isinstance(p, cst.Param)):
            return None
        default = param_default(owner.node, name) if not path else None
        default_tree = self.guard_tree(default, owner, depth + 4) if default is not None else None
        here = []
        for call, caller in self.calls_of(owner):
            arg = self.param_arg(owner, call, name)
            if arg is None and (default_tree is None or any(a.star for a in call.args)):
                return None
            tree = self.path_tree(arg, caller, path) if path else \
                self.guard_tree(arg, caller, depth + 4) if arg is not None else default_tree
            if tree is None:
                return None
            here.append(tree)
        if not self.ex.module or owner.name.startswith("_"):
            return ["any", here] if here else None
        return self.param_leaf(owner, owner.name, name, default_tree, here, path)

    def param_leaf(self, owner: _Fn, callee: str, name: str, default_tree, here: list, path: tuple = ()) -> list:
        """The guard leaf ms_scan.project answers with the other files' calls of `callee` (this module's function,
        or the class whose constructor `owner` is): ["v", [PARAM, module, callee, index, name, default tree,
        trees of this file's calls, (path)]], index -1 for a keyword-only parameter (matched by name only)."""
        index = -1 if name in {p.name.value for p in owner.node.params.kwonly_params} else owner.params.index(name)
        return ["v", json.dumps([PARAM, self.ex.module, callee, index, name, default_tree, here] +
                                ([list(path)] if path else []))]

    def path_tree(self, arg, fn: _Fn, path: tuple) -> list | None:
        """The guard leaf of `arg[k1][k2]...` for a config dict a call passes (dict_ref); None when not known."""
        ref = self.dict_ref(arg, fn) if arg is not None else None
        if ref is None or ref.attrs:
            return None
        ref = DictRef(ref.root, ref.path + tuple(path), ref.gets + ("",) * len(path), ref.attrs)
        if ref.root[0] == "import":
            return ["v", ref.text(False, self.import_extra(ref))]
        values = self.dict_values(ref)
        return ["v", json.dumps(["=", sorted(values)])] if values else None

    def parsed_args(self, expr, fn: _Fn) -> bool:
        """`args.x` with args bound once in fn's scope to `<parser>.parse_args()`, or a parameter every call of the
        file binds to such a name (`SearchNet(hp)` in `main` with `hp = get_parser().parse_args()`, through
        constructors and helpers)."""
        return isinstance(expr, cst.Attribute) and (isinstance(expr.value, cst.Name) and
                                                    self.parsed_name(expr.value.value, fn, 0) or
                                                    isinstance(expr.value, cst.Call) and _parses(expr.value))

    def parsed_name(self, name: str, fn: _Fn, depth: int) -> bool:
        found = self.lookup_assigns(fn, name)
        if found is None:
            owner = param_owner_of(fn, name) if self.param_of(fn, name) else None
            if owner is None or depth >= MAX_CLASS_HOPS or any(f.self_name == name for f in enclosing(fn)):
                return False
            passed = self.every_call_args(owner, name)
            return passed is not None and \
                all(isinstance(a, cst.Name) and self.parsed_name(a.value, f, depth + 1) for a, f in passed)
        v = found[0][0] if len(found[0]) == 1 else None
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and depth < MAX_CLASS_HOPS:
            d = self.lookup_def(found[1], v.func.value)  # `args = parse_args()`, a function returning the parse
            rets = returned(d.node.body) if d is not None and isinstance(d.node, cst.FunctionDef) else []
            return bool(rets) and all(map(_parses, rets))
        return _parses(v)

    def import_chain(self, expr, fn: _Fn):
        """`cfg.train.r1`, `getattr(cfg.meta, "mode", "maml")`, `hp.reg["w"]` with cfg a name imported from
        another project module (dict_ref leaves attribute reads of it out: its file's "config" summary says
        whether it is a dict or an attribute tree of one): a DictRef of it; None otherwise."""
        expr, steps = read_chain(expr, MAX_BINDING_HOPS + 4)
        path = [key for key, _, _ in steps]
        gets = [self.default_text(default, fn) if default is not None else "" for _, _, default in steps]
        found = self.lookup_assigns(fn, expr.value) if isinstance(expr, cst.Name) else None
        if found is not None and len(found[0]) == 1 and isinstance(found[0][0], cst.Name):
            expr, fn = found[0][0], found[1]  # `cfg = CONFIG` ... `cfg.gp_weight`
        if not path or not isinstance(expr, cst.Name) or self.lookup_assigns(fn, expr.value) is not None or \
                self.param_of(fn, expr.value):
            return None
        b = self.project_binding(expr.value)
        if b is None or b[0] != PROJECT:
            return None
        return DictRef(("import", b[1][0], b[1][1]), tuple(path), tuple(gets), True)

    def call_guard(self, node, fn: _Fn, defs: bool = False) -> list | None:
        """The conjunction of the `if` tests over a call of fn (a test whose else-branch holds it, negated), as a
        guard tree; None when none of them reads a config value. With `defs`, over a def in fn."""
        path = self.guards(fn, defs).get(id(node), ())
        trees = [self.guard_tree(test, fn) if taken else ["not", self.guard_tree(test, fn)] for test, taken in path]
        trees = [t for t in trees if _has_read(t) or t[0] in ("c", "any") or t[0] == "not" and t[1][0] in ("c", "any")
                 or guard_truths(t, local_read) == {False}]  # (`if ... or self.weight <= 0: return` over it)
        return (trees[0] if len(trees) == 1 else ["and", trees]) if trees else None

    def reach_callee(self, call: cst.Call, fn: _Fn) -> ProjectCallee | bool | None:
        """Whether a second-order site runs at all, by the guards over it: False when a guard of this file is
        provably false (`if CONFIG["r1_gamma"] > 0:` with 0.0 in the dict); a "flag" ProjectCallee (param REACH +
        {"self": guard, "calls": guards of this file's calls of its module-level function, or None when one is
        not guarded or the function is used otherwise}) when the other files' configs or calls ("called"
        summaries, their "!" guard) decide (ms_scan.project._decide_flags); None when nothing can."""
        own = self.call_guard(call, fn)
        if own is not None and guard_truths(own, local_read) == {False}:
            return False
        if self.lambda_never_called(fn):
            return False
        inner, outer = fn, []
        while inner.parent is not None and inner.parent is not self.ex._module_fn:
            # `if not enabled: return fn` before `def wrapped(...)` in a decorator factory: the guards over the def
            over = self.call_guard(inner.node, inner.parent, defs=True)
            if over is not None:
                outer.append(over)
            inner = inner.parent
        if outer:
            own = ["and", [own, *outer]] if own is not None else outer[0] if len(outer) == 1 else ["and", outer]
            if guard_truths(own, local_read) == {False}:
                return False
        if fn.cls is not None and fn.parent is self.ex._module_fn and isinstance(fn.node, cst.FunctionDef):
            return self.method_reach(fn, own)
        calls, script = None, False
        guards = self.use_guards(fn)
        if guards is not None:
            if all(g is not None for g in guards):
                calls = guards
                if _all_false(guards) and \
                        (fn.name.startswith("_") or not self.ex.module):
                    return False  # (a private helper, or a file seen alone: this file's calls are all its calls)
                # never called nor named here (nor decorated: a registry may hold it): dead code of a script
                script = not guards and not fn.node.decorators and self.runs_code()
                if script and (fn.name.startswith("_") or not self.ex.module):  # unless other files call it
                    return False  # (a library file's functions stay)
        if own is None and calls is None or not self.ex.module:
            return None
        spec = json.dumps({"self": own, "calls": calls, **({"script": True} if script else {})})
        return ProjectCallee(self.ex.module or "", fn.name, "flag", "", "high", "", "", REACH + spec)

    def use_guards(self, fn: _Fn) -> list | None:
        """For a module-level function, the guards over each call and other name of it in this file (None for a use
        under no guard that reads a config); None for any other function or a name under no guard at all."""
        named = self.reference_guards(fn) if fn.cls is None and fn.parent is self.ex._module_fn and \
            isinstance(fn.node, cst.FunctionDef) else None
        if named is None:
            return None
        unpicked = self.unpicked_entries()  # (`partial(r1, ...)` in an entry no read picks: no call)
        return [self.call_guard(c, f) for c, f in self.calls_of(fn)
                if not (c.args and id(c.args[0].value) in unpicked)] + named

    def used_dead(self, fn: _Fn) -> bool:
        """fn, a module-level function, is used in this file, each time under a guard provably false (`if
        CFG.regularizer == "grad_norm": ... grad_norm_penalty(...)` with "energy_l2" set): it runs here never."""
        guards = self.use_guards(fn)
        return _all_false(guards)

    def never_runs(self, fn: _Fn) -> bool:
        """The module-level function around fn (or fn) is used_dead, and no other file calls it (a private helper,
        or a file seen alone)."""
        while fn.parent is not None and fn.parent is not self.ex._module_fn:
            fn = fn.parent
        return (not self.ex.module or fn.name.startswith("_")) and self.used_dead(fn)

    def lambda_never_called(self, fn: _Fn) -> bool:
        """fn is a lambda bound to a name of the function around it (`exact_hessian = lambda f: jacfwd(jacrev(f))`)
        that this function reads only to call it, each call under a guard provably false (`if cfg.polish:`, the
        dataclass default False): the lambda never runs."""
        owner, name = fn.parent, fn.name
        if not isinstance(fn.node, cst.Lambda) or owner is None or not isinstance(owner.node, cst.FunctionDef) or \
                len(owner.assigns.get(name, ())) != 1:
            return False
        reads = [n for n in _walk(owner.node.body) if isinstance(n, cst.Name) and n.value == name]
        calls = [c for c in owner.calls if isinstance(c.func, cst.Name) and c.func.value == name]
        if not calls or len(reads) != len(calls) + 1:  # (+ the assignment's target)
            return False
        guards = [self.call_guard(c, owner) for c in calls]
        return _all_false(guards)

    @staticmethod
    def reach_reads(reach: ProjectCallee) -> list[ProjectCallee]:
        """What a reach callee's guards need of the other files besides their configs: for each parameter they
        read (param_guard), the function's callers (a reach callee that decides nothing, so that the scan's
        rounds summarise the files calling it) and the config dicts its default reads."""
        spec = json.loads(reach.param[len(REACH):])
        trees = [t for t in [spec["self"], *(spec["calls"] or ()), *spec.get("built", ())] if t is not None]
        out = []
        for ref in (ref for t in trees for ref in param_leaves(t)):
            out.append(ProjectCallee(ref[1], ref[2], "flag", "", "high", "", "", REACH + '{"self": null, "calls": null}'))
            out += [ProjectCallee(m, n, "config", "", "high", "", "") for m, n in guard_imports(
                ["any", param_trees(ref)])]
        return out

    def method_reach(self, fn: _Fn, own: list | None) -> ProjectCallee | None:
        """reach_callee for a site in a method of a module-level class: "calls" are the guards over the file's
        `self.<method>(...)` calls in the class or an in-file subclass (None when the file names the method
        otherwise, `getattr(self, "<method>")` included); "method" has ms_scan.project add the other files'
        (their "selfcall" and "attrs" summaries). Only for a mixin (a class with no bases: the classes mixing
        it in call it) or a method its own class calls under guards; None for any other."""
        guards: list | None = []
        for node, f, owner, call in self.attribute_refs():
            if node.attr.value != fn.name:
                continue
            if call is None or owner is None or not (isinstance(node.value, cst.Name) and
                                                     node.value.value == owner.self_name) or \
                    not any(c is fn.cls for c in self.class_chain(owner.cls)):
                guards = None
                break
            guards.append(self.call_guard(call, f))
        if guards is not None and (None in guards or any(isinstance(n, cst.SimpleString) and _literal(n) == fn.name
                                                         for n in _walk(self.ex._module_node))):
            guards = None
        mixin = fn.cls.bases in ((), ("object",))
        built = self.construction_guards(fn)
        unbuilt = built is None and self.never_built(fn.cls)
        if unbuilt and not self.ex.module:  # `SHARPNESS = {"exact": ExactSharpness, "fd": ...}` with
            return False  # `SHARPNESS[RUN["sharpness"]]` picking "fd": no instance, the method never runs
        if not self.ex.module or own is None and built is None and not unbuilt and \
                (guards is None or not (mixin or guards)):
            return None
        # ("built": [] for a class never built, unless another file builds, subclasses or names it: ms_scan.project;
        # "entries": the registry entries a class built nowhere in its file is, `@register("sparse")`: built where
        # another file calls the table under that key)
        held = self.function_tables(classes=True).get(fn.cls.name) if built == [] and \
            self.ex._classes.get(fn.cls.name) is fn.cls else None
        spec = json.dumps({"self": own, "calls": guards, "method": True,
                           **({"built": built} if built else {"built": []} if unbuilt else {}),
                           **({"entries": held} if held and all(key for _, _, key in held) else {})})
        return ProjectCallee(self.ex.module, f"{fn.cls.name}.{fn.name}", "flag", "", "high", "", "", REACH + spec)

    def construction_guards(self, fn: _Fn) -> list | None:
        """The guards over this file's constructions of the method's class (`cbs.append(CurvatureReport(...))` under
        `if cfg["curvature_every"] > 0:`): the instance, and so the method, exists only where one holds
        (ms_scan.project adds that no other file builds, subclasses or names the class). None when the file names
        the class otherwise (a table, a default, a subclass's base), or a construction is under no guard or an
        unknown one; [] when the file builds none."""
        name = fn.cls.name
        built = {id(c.func): (c, f) for f in self.all_fns() for c in f.calls
                 if isinstance(c.func, cst.Name) and c.func.value == name}
        if any(id(n) not in built for n, _ in self.name_uses(name)):
            return None  # (named otherwise: `TABLE = {"report": CurvatureReport}`, `class Sub(CurvatureReport)`)
        guards = [self.call_guard(c, f) for c, f in built.values()]
        return None if None in guards else guards

    def name_uses(self, name: str) -> list:
        """(Name node, whether it is a class's base) for each place the file writes `name`, in functions and classes
        too, but a class statement's own name (one walk of the file, kept for every name)."""
        if self._name_uses is None:
            self._name_uses, own, bases = {}, set(), set()
            for n in walk_into_defs(self.ex._module_node):  # (pre-order: a ClassDef before its name and bases)
                if isinstance(n, cst.ClassDef):
                    own.add(id(n.name))
                    bases.update(id(b.value) for b in n.bases)
                elif isinstance(n, cst.Name) and id(n) not in own:
                    self._name_uses.setdefault(n.value, []).append((n, id(n) in bases))
        return self._name_uses.get(name, [])

    def attribute_refs(self) -> list:
        """Every attribute read `x.name` of the file, once, as (node, the function whose own code holds it, the
        method's function whose `self` is in scope there or None, the call it is the callee of or None)."""
        if self._attribute_refs is not None:
            return self._attribute_refs
        self._attribute_refs = out = []
        for f in self.all_fns():
            root = self.ex._module_node if f is self.ex._module_fn else f.node
            if root is None:
                continue
            owner = next((g for g in enclosing(f) if g.cls is not None and g.self_name), None)
            calls = {id(c.func): c for c in f.calls}
            stack = [root]
            while stack:
                n = stack.pop()
                if n is not root and isinstance(n, (cst.FunctionDef, cst.Lambda)) and id(n) in self._fn_nodes():
                    continue  # (the code of a function of its own)
                if isinstance(n, cst.Attribute):
                    out.append((n, f, owner, calls.get(id(n))))
                stack.extend(n.children)
        return out

    def _fn_nodes(self) -> set:
        if self._fn_node_ids is None:
            self._fn_node_ids = {id(f.node) for f in self.all_fns() if f.node is not None}
        return self._fn_node_ids

    def runs_code(self) -> bool:
        """The file is a script: an `if __name__ == "__main__":` block or a call, loop or `with` at module level
        (not a library module, whose functions other code would call)."""
        for stmt in self.ex._module_node.body:
            if isinstance(stmt, cst.If) and "__name__" in {n.value for n in _walk(stmt.test) if isinstance(n, cst.Name)}:
                return True
            if isinstance(stmt, (cst.For, cst.While, cst.With)):
                return True
            if isinstance(stmt, cst.SimpleStatementLine) and any(
                    isinstance(s, cst.Expr) and isinstance(s.value, cst.Call) for s in stmt.body):
                return True
        return False

    def unpicked_entries(self) -> set:
        """id() of the names in the entries of a module-level dict display T that no read of T picks: every read
        of T in the file is `T["key"]` with a literal key (`reg = REG["none"]`), and this entry's key is none of
        them (`"r1": partial(r1_penalty, gamma=5.0)`): naming a function there does not run it."""
        if self._unpicked is not None:
            return self._unpicked
        self._unpicked = out = set()
        top = self.ex._module_fn
        tables = {k: vs[0] for k, vs in top.assigns.items() if "." not in k and len(vs) == 1 and
                  isinstance(vs[0], cst.Dict) and all(isinstance(e, cst.DictElement) and
                                                      isinstance(_literal(e.key), str) for e in vs[0].elements)}
        if not tables:
            return out
        keys: dict[str, set] = {k: set() for k in tables}
        keyed, other = set(), {k: 0 for k in tables}
        fns = {id(f.node): f for f in self.all_fns() if f.node is not None}
        stack = [(self.ex._module_node, self.ex._module_fn)]
        while stack:  # (every node, in the function it is in: pre-order, a subscript before the name it reads)
            n, f = stack.pop()
            if n.__class__ is cst.FunctionDef:
                f = fns.get(id(n))
            if n.__class__ is cst.Subscript and n.value.__class__ is cst.Name and n.value.value in tables:
                key = self.table_keys(n, f) if f is not None else None
                if key is not None:
                    keys[n.value.value] |= key
                    keyed.add(id(n.value))
            elif n.__class__ is cst.Call and len(n.args) == 1 and n.args[0].value.__class__ is cst.Name and \
                    n.args[0].value.value in tables and not n.args[0].star and dotted_name(n.func) in _KEY_READS:
                keyed.add(id(n.args[0].value))  # `choices=sorted(MODELS)`: its keys, no entry run
            elif n.__class__ is cst.Attribute and n.value.__class__ is cst.Name and n.value.value in tables and \
                    n.attr.value == "keys":
                keyed.add(id(n.value))
            elif n.__class__ is cst.Name and n.value in tables and id(n) not in keyed:
                other[n.value] += 1
            kids = _children(n) if n.__class__ is not cst.FunctionDef and n.__class__ is not cst.ClassDef else \
                list(_field_children(n, _node_info(n.__class__)[0]))  # (into the definitions _children skips)
            stack.extend((c, f) for c in reversed(kids))
        for name, table in tables.items():
            if other[name] != 1 or not keys[name]:  # (read otherwise than `T["key"]`: the assignment's target only)
                continue
            for e in table.elements:
                if _literal(e.key) not in keys[name]:
                    out.update(id(n) for n in _walk(e.value) if isinstance(n, cst.Name))
                    out.add(id(e.value))  # (`"none": lambda c, r, f: ...`, a function of its own: grads.visit_Assign)
        return out

    def table_keys(self, node: cst.Subscript, fn: _Fn) -> set | None:
        """The string keys `T[key]` can read in fn: a literal (`REG["none"]`), or a value of the file's constants
        (`STEPS[CFG["penalty"]]`, a name bound to one: literal_choices); None when not known."""
        key = _subscript_key(node)
        if isinstance(key, str):
            return {key}
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        return self.literal_choices(node.slice[0].slice.value, fn, lambda v: isinstance(v, str))

    def reference_guards(self, fn: _Fn) -> list | None:
        """The guards over the names of fn that are no calls of it (`partial(r1, ...)`, a table, a callback), each
        as a call's (`residual = residual_autograd if CFG["exact_derivs"] else residual_fd`: the function runs only
        where that branch is taken); [] when the module names fn only by calling it; None when one such name is
        under no guard, or in code of no function of this file (a class body)."""
        called = {id(c.func) for c, _ in self.calls_of(fn)} | self.unpicked_entries()

        def names(root, prune: bool) -> list:
            out, stack = [], [root]
            while stack:
                n = stack.pop()
                if prune and n is not root and isinstance(n, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                    continue
                if n is fn.node:
                    stack.extend(c for c in n.children if c is not n.name)
                    continue
                if isinstance(n, cst.Name) and n.value == fn.name and id(n) not in called:
                    out.append(n)
                stack.extend(n.children)
            return out
        every = names(self.ex._module_node, False)
        if not every:
            return []
        out = []
        for f in self.all_fns():  # (each function's own code, for the `if` tests over the name there)
            root = self.ex._module_node if f is self.ex._module_fn else f.node
            for n in names(root, True) if root is not None else ():
                guard = self.call_guard(n, f)
                if guard is None:
                    return None
                out.append(guard)
        return out if len(out) == len(every) else None
