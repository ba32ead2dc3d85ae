"""What a name or value of the file is, read without running it: the file's class an expression is an instance
of, the arguments the file's calls bind to a parameter, what containers and dict-like tables hold, and the class
an unbound model parameter's name or annotation designates. Lookups only: no op is emitted here.
"""
from __future__ import annotations

import contextlib

import libcst as cst

from ms_scan.extract.grad_common import (
    _GENERIC_MODEL_WORDS, LIST_FIELD, MAX_BINDING_HOPS, MAX_CLASS_HOPS, _NOLIT, _ROLE_WORDS, _FUNC_TRANSFORMS,
    _WRAPPERS, _Cls, _Fn, _arg, _code,
    _attr_name, _kw, _literal, _name_tokens, _partial_of, _role_words, _subscript_key, _target_names, _unchain,
    _values_of, _walk, binding, enclosing, param_default, param_owner_of, read_chain, refs, returned, sole_return,
    is_abstract, item_of, list_field, row_field, self_attr_values, union_or_none, when_safe,
)
from ms_scan.extract.grad_dicts import UNKNOWN, literal_reprs
from ms_scan.extract.grad_guards import _parses
from ms_scan.extract.grad_unroll import Table, bind_target, case_tests, evaluate, picked, reachable_returns, unroll
from ms_scan.extract.visitor import dotted_name

_ABSENT = object()  # a key a `**` dict does not hold (splat_value): the parameter's default


def _row_item(row, at: tuple):
    """Element `at` (a position path) of a literal row (a tuple, not a Table); _NOLIT when it has none."""
    for i in at:
        if not isinstance(row, tuple) or isinstance(row, Table) or not -len(row) <= i < len(row):
            return _NOLIT
        row = row[i]
    return row


class _Values:
    """_Resolver's lookups: classes, bound arguments, container items, guessed model classes."""

    # ---------------------------------------------------------------- the file's class of an expression
    def class_of(self, owner, fn: _Fn, depth: int = 0) -> _Cls | None:
        """The file's class an expression is an instance of (self, or a name bound to Cls(...))."""
        if isinstance(owner, cst.Name):
            for f in enclosing(fn):  # `self` of the enclosing method, also inside a nested def
                if f.self_name and owner.value == f.self_name and f.cls is not None:
                    return self._instance_cls.get(id(f.cls), f.cls)  # (a subclass's instance: instance_of)
                if owner.value in f.params or owner.value in f.assigns:
                    break
            found = self.lookup_assigns(fn, owner.value)
            if found:
                for v in found[0]:
                    cls = self.value_class(v, found[1], depth)
                    if cls is not None:
                        return cls
        if isinstance(owner, cst.Attribute) and owner.attr.value == "module" and depth < MAX_CLASS_HOPS:
            inner = self.class_of(owner.value, fn, depth + 1)  # `netD.module`: what DataParallel wraps
            if inner is None or not any(self.class_members(inner, "module")):
                return inner
        if isinstance(owner, cst.Attribute) and isinstance(owner.value, cst.Name):
            outer = self.class_of(owner.value, fn, depth)
            method, values = self.class_members(outer, owner.attr.value) if outer is not None else (None, [])
            for v, ctx in values if method is None else ():  # (an in-file base's `self.cfg = cfg` too)
                cls = self.value_class(v, ctx, depth)
                if cls is None and isinstance(v, cst.Name) and self.param_of(ctx, v.value) and \
                        not any(f.self_name == v.value for f in enclosing(ctx)):
                    cls = self.passed_class(v.value, ctx, depth + 1)  # `self.cfg = cfg`: what every call passes
                if cls is not None:
                    return cls
        return None

    def class_attr_values(self, owner, attr: str, fn: _Fn, depth: int = 0) -> list | None:
        """(value, function) of the class attribute `attr` (`act = nn.PReLU` in a class body) that a name bound to
        the file's class, or to an instance of it, reads (`cfg.act()`, `cfg` a parameter whose callers pass `Config`
        or whose default is `Config` / `Config()`), or `self.cfg` holding such a name; None when a binding is no
        such class or has no such attribute, or when attr is a method."""
        if depth > MAX_CLASS_HOPS or depth == 0 and self.attr_set_anywhere(attr):  # (`Cfg.act = nn.ELU` later)
            return None
        if isinstance(owner, cst.Attribute) and isinstance(owner.value, cst.Name):  # `self.cfg.act`
            outer = self.class_of(owner.value, fn)
            method, values = self.class_members(outer, owner.attr.value) if outer is not None else (None, [])
            if method is not None or not values:
                return None
            out = []
            for v, ctx in values:
                got = self.class_attr_values(v, attr, ctx, depth + 1) if isinstance(v, cst.Name) else None
                if got is None:
                    return None
                out += got
            return out or None
        if not isinstance(owner, cst.Name):
            return None
        cls = self.names_class(owner.value, fn)
        if cls is not None:
            method, values = self.class_members(cls, attr)
            default = dict(cls.fields or ()).get(attr)
            if method is None and not values and default is not None:  # `WokConfig.act`: a dataclass's default
                return [(default, self.ex._module_fn)]
            return values if method is None and values else None
        found = self.lookup_assigns(fn, owner.value)
        bound = [(v, found[1]) for v in found[0]] if found is not None else \
            self.args_or_default(fn, owner.value) if self.param_of(fn, owner.value) else []
        out = []
        for v, ctx in bound:
            made = self.constructed_class(v)
            if made is not None:
                method, values = self.class_members(made, attr)
                got = values if method is None and values else None
            else:
                got = self.class_attr_values(v, attr, ctx, depth + 1) if isinstance(v, cst.Name) else None
            if got is None:
                return None
            out += got
        return out or None

    def value_class(self, v, ctx: _Fn, depth: int) -> _Cls | None:
        """The file's class a value is an instance of: `Critic()`, `DataParallel(Critic())`, `nn.DataParallel(m)`
        with m such an instance, an alias of one."""
        cls = self.constructed_class(v)
        if cls is not None or depth >= MAX_CLASS_HOPS:
            return cls
        v = _unchain(v)
        if isinstance(v, cst.Call) and v.args and self.torch_api(v) in _WRAPPERS:
            return self.value_class(v.args[0].value, ctx, depth + 1)
        if isinstance(v, cst.Name) or isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name):
            return self.class_of(v, ctx, depth + 1)  # (`t = self.table`: what the instance holds there)
        if isinstance(v, cst.IfExp):
            return self.optional_class(v, ctx, depth + 1)
        if isinstance(v, cst.Call) and v.args and not v.args[0].star and v.args[0].keyword is None and \
                (self.ex._ext_path(v.func) or "") == "dataclasses.replace":  # `replace(MetaConfig(), lr=...)`
            return self.value_class(v.args[0].value, ctx, depth + 1)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Name):  # `cfg = paper_config()`: what it returns
            d = self.lookup_def(ctx, v.func.value)
            returns = returned(d.node.body) if d is not None and d.cls is None and \
                isinstance(d.node, cst.FunctionDef) else []
            classes = {id(c): c for c in (self.value_class(r, d, depth + 1) if r is not None else None
                                          for r in returns)}
            return next(iter(classes.values())) if len(classes) == 1 and None not in classes.values() else None
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Subscript):
            return self.picked_class(v.func, ctx)
        made = self.registry_lookup(v) if isinstance(v, cst.Call) else v
        if made is not v and isinstance(made.func, cst.Subscript):  # `LOSSES.build(config["loss"])`
            return self.registry_class(made.func, ctx)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute):  # `self.build_model()`: the one class
            owner = self.class_of(v.func.value, ctx, depth + 1)  # its method (or, left to subclasses, theirs)
            method = self.class_members(owner, v.func.attr.value)[0] if owner is not None else None
            if method is not None:
                made = {id(c): c for m in self.dispatched(owner, v.func.attr.value, method)
                        for c in self.returned_classes(m)}
                return next(iter(made.values())) if len(made) == 1 else None
        return None

    def optional_class(self, v: cst.IfExp, ctx: _Fn, depth: int) -> _Cls | None:
        """`Penalty(gamma) if gamma > 0 else None`: an optional instance, the class of its one arm that is not
        None (a call of the instance runs only when it was built); for two arms, their class when both are
        instances of the same one (`REG[k](n) if k == "hutchinson" else REG[k]()`). None otherwise."""
        arms = [a for a in (v.body, v.orelse) if not (isinstance(a, cst.Name) and a.value == "None")]
        classes = [self.value_class(a, ctx, depth) for a in arms]
        return classes[0] if classes and all(c is classes[0] for c in classes) else None

    def picked_class(self, item: cst.Subscript, ctx: _Fn) -> _Cls | None:
        """`REGULARISERS[HPARAMS["regulariser"]]` (table_picks): the one class of the file those keys pick; None
        otherwise."""
        items, table_fn = self.table_picks(item, ctx)
        classes = {id(c): c for c in (self.names_class(x.value, table_fn) if isinstance(x, cst.Name) else None
                                      for x in items)}
        return next(iter(classes.values())) if len(classes) == 1 and None not in classes.values() else None

    def registry_class(self, item: cst.Subscript, ctx: _Fn) -> _Cls | None:
        """The one class of the file among a registry's entries (registry_lookup's `LOSSES[cfg["type"]]`) that
        the key picks, or when its values are not known, that the file's configs name (type_names); None when they
        name none or several."""
        names = self.key_choices(item, ctx) or self.type_names()  # (`cfg["generator"]["type"]` of a display)
        classes = self.registered_classes(item, ctx, names)
        return next(iter(classes.values())) if len(classes) == 1 else None

    def registered_classes(self, item: cst.Subscript, ctx: _Fn, names: set) -> dict:
        """id -> class, for the file's classes among a registry's entries (`LOSSES[...]`) registered under one of
        `names`."""
        values = self.container_values(item.value, ctx) or []
        return {id(c): c for v, f in values if id(v) in self.ex.registered and
                self.ex.registered_keys.get(id(v)) in names and isinstance(v, cst.Name)
                for c in [self.names_class(v.value, f)] if c is not None}

    def table_picks(self, item, ctx: _Fn) -> tuple[list, _Fn]:
        """The entries `T[k]` reads, T bound once to a dict display and k a key of known literal values
        (key_choices), with the function T is bound in; ([], ctx) otherwise."""
        found = self.lookup_assigns(ctx, item.value.value) if isinstance(item, cst.Subscript) and \
            isinstance(item.value, cst.Name) else None
        if found is None or len(found[0]) != 1 or not isinstance(found[0][0], cst.Dict):
            return [], ctx
        return [x for k in self.key_choices(item, ctx) or () for x in self.keyed_elements(found[0][0], k)], found[1]

    def constructed_class(self, v) -> _Cls | None:
        """`Critic(...)`, `Critic().to(device).eval()`, `Critic.from_config(c)`: the file's class the value is an
        instance of."""
        v = _unchain(v)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in self.ex._classes:
            return self.ex._classes[v.func.value]
        if isinstance(v, cst.Call):
            made = self.factory_class(v.func, None)
            return made if isinstance(made, _Cls) else None
        return None

    def returned_classes(self, f: _Fn) -> list[_Cls]:
        """The file's classes a module-level factory returns instances of: `return KimCNN(cfg)`, or
        `return ENCODERS[cfg.kind](cfg)` with ENCODERS a module-level table of this file's classes (any item:
        the key is not known here). [] when any return is something else."""
        out, top = [], self.ex._module_fn
        values = returned(f.node.body) if isinstance(f.node, cst.FunctionDef) else []
        for v in values:
            cls = self.constructed_class(v) if v is not None else None
            if cls is not None:
                out.append(cls)
                continue
            v = _unchain(v) if v is not None else None
            table = v.func.value if isinstance(v, cst.Call) and isinstance(v.func, cst.Subscript) else None
            bound = top.assigns.get(table.value, []) if isinstance(table, cst.Name) else []
            # a registry a decorator fills (`MODELS = {}` + `@register("gru")`): the registered classes too
            registered = [b for b in bound if id(b) in self.ex.registered]
            bound = [b for b in bound if id(b) not in self.ex.registered]
            items = [x for b in bound for x in self.table_items(b)] + registered
            if not items or len(bound) != 1 or not all(isinstance(x, cst.Name) and x.value in self.ex._classes
                                                       for x in items):
                return []
            out.extend(self.ex._classes[x.value] for x in items)
        return list({id(c): c for c in out}.values())

    def factory_class(self, func, fn: _Fn | None):
        """`Cls.from_config(...)`, `Cls._from_config(...)`, `Cls.from_pretrained(...)`, or any classmethod of the
        file's class called on it: the class whose instance it returns (a _Cls, or a project import's
        (module, name)); None for anything else."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        attr, owner = func.attr.value, func.value.value
        factory_name = attr.startswith(("from_", "_from_"))
        cls = self.ex._classes.get(owner)
        if cls is not None and (fn is None or self.names_class(owner, fn) is cls):
            method = cls.methods.get(attr)
            if factory_name and method is None or method is not None and self.class_method(method) and \
                    any(d.decorator.value == "classmethod" for d in method.node.decorators
                        if isinstance(d.decorator, cst.Name)):
                return cls
            return None
        if factory_name and fn is not None:
            target = self.project_target(func.value, fn)
            if target is not None and target[1][:1].isupper():
                return target
        return None

    def passed_class(self, name: str, fn: _Fn, depth: int = 0) -> _Cls | None:
        """The file's class a parameter is an instance of at every call of this file that binds it (through
        parameters passed on: `adapt(head, x, cfg)` in `meta_step(cfg)` called with `cfg = MetaConfig(...)`).
        None when a call binds something else, or no call binds it."""
        if depth > MAX_CLASS_HOPS or not self.param_of(fn, name):
            return None
        found = set()
        for a, f in self.caller_args(fn, name):
            cls = self.value_class(a, f, depth)
            if cls is None and isinstance(a, cst.Name):
                cls = self.passed_class(a.value, f, depth + 1)
            if cls is None:
                return None
            found.add(cls)
        return found.pop() if len(found) == 1 else None

    def field_bindings(self, cls: _Cls, attr: str) -> list | None:
        """What a dataclass field of the file's class takes: at each construction of the class in this file
        (`MetaConfig(second_order=False)`, or positionally) the argument, else the field's default, and
        `dataclasses.replace(c, second_order=...)`; a list of (expression or None, _Fn). None when the class is
        not a dataclass with that field, a construction passes `*args`/`**kw`, or the file assigns `x.attr`."""
        names = [n for n, _ in cls.fields or ()]
        if attr not in names or any(k.endswith("." + attr) and not (f.cls is not None and f.cls is not cls and
                                                                    k == f"{f.self_name}.{attr}")
                                    for f in self.all_fns() for k in f.assigns):
            return None  # (`self.nonlin = ...` in another class's method sets that instance's attribute, not cfg's)
        default = dict(cls.fields)[attr]
        out, replaced = [], set()
        for c, f in self.calls_named("replace"):
            if any(a.star == "**" for a in c.args):
                return None
            given = _kw(c, attr)
            if given is not None:
                out.append((given, f))
                if c.args and c.args[0].keyword is None and isinstance(c.args[0].value, cst.Call):
                    replaced.add(id(c.args[0].value))  # `replace(MetaConfig(), act=...)`: that default never read
        for c, f in self.calls_named(cls.name):
            if isinstance(c.func, cst.Name) and self.names_class(cls.name, f) is cls and id(c) not in replaced:
                arg = _arg(c, names.index(attr), attr)
                if arg is None and any(a.star for a in c.args):
                    parsed = self.parsed_splat(c, f, attr)  # `Config(**vars(args))`: the command line's default
                    if parsed is None:
                        return None
                    arg, f = parsed if parsed[0] is not None else (None, f)
                out.append((arg, f) if arg is not None else (default, self.ex._module_fn))
        return out or None

    def parsed_splat(self, c: cst.Call, f: _Fn, attr: str) -> tuple | None:
        """For a construction whose only star argument is the parsed command line as a dict (`**vars(args)`,
        `**{k: v for k, v in vars(ap.parse_args()).items()}`): (the `add_argument` default of `attr`, the module)
        when the parser has that option, (None, None) when it has not (the field keeps its default); None
        otherwise (another star argument, an option whose name or default is not known)."""
        stars = [a for a in c.args if a.star]
        if len(stars) != 1 or stars[0].star != "**":
            return None
        v = stars[0].value
        if isinstance(v, cst.DictComp) and len(v.for_in.target.elements if isinstance(v.for_in.target, cst.Tuple)
                                              else ()) == 2 and v.for_in.inner_for_in is None and not v.for_in.ifs:
            k_name, v_name = (_target_names(e.value) for e in v.for_in.target.elements)
            it = v.for_in.iter
            if not (k_name and v_name and _code(v.key) == k_name[0] and _code(v.value) == v_name[0] and
                    isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and
                    it.func.attr.value == "items" and not it.args):
                return None
            v = it.func.value  # (`{k: v for k, v in vars(args).items()}`: vars(args) itself)
        if not (isinstance(v, cst.Call) and dotted_name(v.func) == "vars" and len(v.args) == 1):
            return None
        parsed = v.args[0].value
        if not (_parses(parsed) or isinstance(parsed, cst.Name) and self.parsed_name(parsed.value, f, 0)):
            return None
        dests = self.argparse_dests()
        if dests is None:
            return None
        if attr not in dests:
            return None, None
        default = self.argparse_default(attr)
        return (default, self.ex._module_fn) if default is not None else None

    def argparse_dests(self) -> set | None:
        """The names `args.<x>` the file's `add_argument` calls give; None when one is not a literal."""
        out = set()
        for c, _ in self.calls_named("add_argument"):
            dest = _kw(c, "dest")
            if dest is not None:
                if not isinstance(_literal(dest), str):
                    return None
                out.add(_literal(dest))
                continue
            names = [_literal(a.value) for a in c.args if a.keyword is None and not a.star]
            if not names or not all(isinstance(n, str) for n in names) or any(a.star for a in c.args):
                return None
            longs = [n for n in names if n.startswith("--")]
            out.add((longs[0] if longs else names[0]).lstrip("-").replace("-", "_"))
        return out

    def reaching_value(self, fn: _Fn, name: str, at: cst.CSTNode, unpacked: bool = False):
        """The one value of `name` that reaches `at` in fn's body, when a plain `name = v` precedes it in a block
        that holds it and nothing between assigns name (`kd = ...; grad(kd, ...)` in a loop that rebinds kd
        after the grad); None when that is not plain (the flow-insensitive bindings apply then). `unpacked`: also
        `a, name = v` (the value unpacked, v itself: ex._unpacked says which element)."""
        body = self.ex._module_node.body if fn is self.ex._module_fn and self.ex._module_node is not None else \
            fn.node.body.body if isinstance(fn.node, cst.FunctionDef) and \
            isinstance(fn.node.body, cst.IndentedBlock) else None
        chain = []  # (the statements of a block, the index of the one holding `at`), outermost first
        while body:
            i = next((k for k, st in enumerate(body) if any(n is at for n in _walk(st))), None)
            if i is None:
                return None
            chain.append((body, i))
            st = body[i]
            if isinstance(st, cst.SimpleStatementLine):
                break
            if isinstance(st, (cst.FunctionDef, cst.ClassDef)):
                return None
            while isinstance(st, cst.If) and isinstance(st.orelse, cst.If) and \
                    not any(n is at for n in _walk(st.body)):  # (an `elif` branch holds it)
                st = st.orelse
            inner = [b for b in (getattr(st, "body", None), getattr(st, "orelse", None)) if b is not None]
            inner = [b.body if isinstance(b, cst.Else) else b for b in inner]
            body = next((b.body for b in inner if isinstance(b, cst.IndentedBlock) and
                         any(n is at for n in _walk(b))), None)
        for body, i in reversed(chain):
            for st in reversed(body[:i]):
                target = st.body[0].targets[0].target if isinstance(st, cst.SimpleStatementLine) and \
                    len(st.body) == 1 and isinstance(st.body[0], cst.Assign) and len(st.body[0].targets) == 1 else None
                if isinstance(target, cst.Name) and target.value == name or unpacked and \
                        isinstance(target, cst.Tuple) and name in _target_names(target) and \
                        all(isinstance(e.value, cst.Name) for e in target.elements):
                    return st.body[0].value
                if any(name in _target_names(n.target) for n in _walk(st)
                       if isinstance(n, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr))) or \
                        any(name in _target_names(t.target) for n in _walk(st) if isinstance(n, cst.Assign)
                            for t in n.targets):
                    return None
            if isinstance(body[i], (cst.For, cst.While)) and body is not chain[-1][0]:
                return None  # the loop's later statements rebind it for the next round
        return None

    def free_reads(self, d: _Fn, depth: int = 0) -> frozenset:
        """The names a function of the file reads from its enclosing scopes (a closure's or a module-level
        function's globals: `def batch_loss(): return F.nll_loss(model(X), y)` reads model, X, y), also through
        the file's functions it calls by name; its own parameters and locals left out."""
        memo = self._free_reads
        if id(d) in memo:
            return memo[id(d)]
        memo[id(d)] = frozenset()  # a recursion adds nothing
        body = d.node.body if isinstance(d.node, (cst.FunctionDef, cst.Lambda)) else None
        own = set(d.params) | {k for k in d.assigns if "." not in k}
        out = {r for r in refs(body) if r.partition(".")[0] not in own} if body is not None else set()
        for r in list(out) if depth < MAX_BINDING_HOPS else ():
            inner = self.lookup_def(d, r) if "." not in r and self.lookup_assigns(d, r) is None and \
                not self.param_of(d, r) else None
            if inner is not None and inner is not d:
                out |= self.free_reads(inner, depth + 1)
        memo[id(d)] = frozenset(out)
        return memo[id(d)]

    def closure_names(self, fn: _Fn, names: set, among: set) -> set:
        """The functions visible from fn (bound by `def` or a named lambda, not rebound there), of the names
        `among`, whose bodies read one of `names` from outside (free_reads): calling one computes from them."""
        out = set()
        for name in among:
            d = self.lookup_def(fn, name) if "." not in name and binding(fn, name)[0] is None else None
            if d is not None and self.free_reads(d) & names:
                out.add(name)
        return out

    # ---------------------------------------------------------------- parameters and the calls that bind them
    def param_of(self, fn: _Fn, name: str) -> bool:
        return binding(fn, name)[0] == "param"

    def caller_args(self, fn: _Fn, name: str) -> list[tuple[cst.BaseExpression, _Fn]]:
        """One hop of interprocedural binding: the argument given for parameter `name` at calls of fn."""
        owner = param_owner_of(fn, name)
        if owner is None:
            return []
        out = []
        for c, f in self.calls_of(owner):
            a = self.param_arg(owner, c, name)
            if a is not None:
                out.append((a, f))
        return out

    def args_or_default(self, fn: _Fn, name: str, skip=None) -> list[tuple[cst.BaseExpression, _Fn]]:
        """caller_args, with the parameter's default (read where the def is written) for the calls of this file
        that leave it out (`Mlp(d)` with `act_layer=partial(nn.GELU, approximate="tanh")`); `skip(call, caller)`:
        calls left out."""
        owner = param_owner_of(fn, name)
        if owner is None:
            return []
        default = param_default(owner.node, name) if isinstance(owner.node, cst.FunctionDef) else None
        out = []
        for c, f in self.calls_of(owner):
            if skip is not None and skip(c, f):
                continue
            a = self.param_arg(owner, c, name)
            if a is not None:
                out.append((a, f))
            elif default is not None and not any(x.star for x in c.args):
                out.append((default, owner.parent or self.ex._module_fn))
            elif (held := self.splat_arg(c, f, name)) is not None:  # `Net(**MODEL)`, MODEL a dict of this file
                if held[0] is not None or default is not None:
                    out.append(held if held[0] is not None else (default, owner.parent or self.ex._module_fn))
        return out

    def every_call_args(self, owner: _Fn, name: str) -> list[tuple[cst.BaseExpression, _Fn]] | None:
        """args_or_default when it answers for every call of the file (none leaves the parameter to a star
        argument nor to a `**` dict not known); None when a call is not accounted for, or there is none."""
        passed = self.args_or_default(owner, name)
        return passed if passed and len(passed) == len(self.calls_of(owner)) else None

    def copy_of(self, v) -> str | None:
        """The name a value copies (`dict(cfg)`, `copy.deepcopy(cfg)`, `cfg.copy()`); None for anything else."""
        if not isinstance(v, cst.Call):
            return None
        if isinstance(v.func, cst.Attribute) and v.func.attr.value == "copy" and not v.args:
            arg = v.func.value
        elif (self.ex._ext_path(v.func) or dotted_name(v.func)) in ("copy.deepcopy", "copy.copy", "dict") and \
                len(v.args) == 1 and v.args[0].keyword is None and not v.args[0].star:
            arg = v.args[0].value
        else:
            return None
        return arg.value if isinstance(arg, cst.Name) else None

    def splat_value(self, c: cst.Call, f: _Fn, name: str, depth: int = 0):
        """What a call's only `**` argument passes for parameter `name`, the dict evaluated (`Net(**cfg["model"])`
        with cfg a config every call gives, const_value): the value; _ABSENT when the dict has no such key (the
        default then); _NOLIT when not known (a `*` argument, a dict not known)."""
        stars = [x for x in c.args if x.star]
        if len(stars) != 1 or stars[0].star != "**":
            return _NOLIT
        held = evaluate(stars[0].value, {}, lambda n: self.const_value(f, n, depth + 1))
        if not isinstance(held, Table):
            return _NOLIT
        found = held.lookup(name)
        return _ABSENT if found is _NOLIT else found

    def splat_arg(self, c: cst.Call, f: _Fn, name: str) -> tuple | None:
        """(value, function) a call's only star argument, `**D` with D bound once to a dict display of this file
        with string keys, passes for parameter `name`; (None, None) when D has no such key (the default then);
        None when not known."""
        stars = [x for x in c.args if x.star]
        if len(stars) != 1 or stars[0].star != "**" or not isinstance(stars[0].value, cst.Name):
            return None
        found = self.lookup_assigns(f, stars[0].value.value)
        d = found[0][0] if found is not None and len(found[0]) == 1 else None
        if not isinstance(d, cst.Dict) or not all(isinstance(e, cst.DictElement) and isinstance(_literal(e.key), str)
                                                 for e in d.elements):
            return None
        return next(((e.value, found[1]) for e in d.elements if _literal(e.key) == name), (None, None))

    def param_arg(self, fn: _Fn, call: cst.Call, name: str) -> cst.BaseExpression | None:
        """The argument a call gives parameter `name` of fn (a config read, `train(json.load(f))`: the display it
        stands for, GradExtractor.arg_configs); None when it gives none."""
        if _partial_of(call) == fn.name:  # `partial(u_scalar, model=net)`: the arguments after the function
            call = call.with_changes(args=call.args[1:])
        a = _arg(call, fn.params.index(name), name)
        if a is None and id(call) in self.registry_built():
            a = self.splat_item(call, name)
        return self.ex.arg_configs.get(id(a), a) if a is not None else None

    def splat_item(self, call: cst.Call, name: str) -> cst.BaseExpression | None:
        """`cfg["act_cfg"]` for parameter act_cfg of the class a registry builds from `**cfg` (registry_builder's
        call: mmcv passes the config's other keys as keywords); None when the call has no one `**` argument."""
        stars = [a.value for a in call.args if a.star == "**"]
        if len(stars) != 1:
            return None
        key = (id(call), name)
        if key not in self._splat_items:
            self._splat_items[key] = item_of(stars[0], cst.SimpleString(repr(name)))
        return self._splat_items[key]

    def calls_of(self, owner: _Fn) -> list[tuple[cst.Call, _Fn]]:
        """Calls of a function of this file: `helper(...)` where the name resolves to it, or
        `self.method(...)` from another method of the same class; only the one an expansion entered it by, while
        that lasts (bound_call)."""
        if id(owner) in self._bound:
            return [self._bound[id(owner)]]
        out = []
        key = owner.cls.name if owner.name == "__init__" and owner.cls is not None else owner.name
        if owner.cls is None:  # `partial(u_scalar, model=net)` binds u_scalar's parameters as a call does
            out += [(c, f) for c, f in self.calls_named("partial") if _partial_of(c) == owner.name and
                    self.lookup_def(f, owner.name) is owner]
        # `reg = partial(r1, gamma=5.0)` ... `reg(D, real)`, also through a table of partials (`REG["r1"](D, real)`)
        out += [(c, f) for c, f, p, ctx in self.partial_calls() if self.partial_target(p, ctx) is owner]
        if owner.cls is None:  # `grad(support_loss, argnums=1)(net, params, batch)`
            out += [(c, f) for c, f, d in self.transformed_calls() if d is owner]
        if owner.cls is None or owner.name == "__init__":  # `STEPS[name](models, opts, batch)` with `STEPS =
            # {"d_step": d_step, ...}`; `MODELS[args.model]()` of a table or registry holding owner's class
            out += [(c, f) for c, f, table, ctx in self.table_calls() if self.dispatches_to(table, ctx, owner)]
            if owner.name == "__init__":  # `build_from_cfg(cfg, MODELS)` (registry_builder): `MODELS[..](**cfg)`
                out += [(c, f) for c, f in self.registry_built().values() if self.dispatches_to(c.func.value, f, owner)
                        and self.key_may_pick(c.func, f, owner.cls)]
        if owner.cls is None and id(owner) not in self._passing:  # `penalty_fn(critic, real, fake)` in
            self._passing.add(id(owner))  # `def fit(critic, gen, penalty_fn)`, `fit(..., penalty_fn=gp)`
            try:
                out += [(c, f) for c, f in self.param_calls() if self.passed_fn(f, c.func.value, owner)]
                # `for w, fn in PENALTIES: fn(disc, real)` with `PENALTIES = [(10.0, r1), ...]`
                out += [(c, f) for c, f in self.loop_calls() if self.loops_over(f, c.func.value, owner)]
            finally:
                self._passing.discard(id(owner))
        for c, f in self.calls_named(key):
            func = c.func
            if owner.cls is None:
                if isinstance(func, cst.Name) and func.value == owner.name and \
                        self.lookup_def(f, owner.name, c) is owner:
                    out.append((c, f))
            elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                    isinstance(func.value, cst.Name) and f.cls is owner.cls and \
                    func.value.value == f.self_name:
                out.append((c, f))
            elif owner.name == "__init__" and isinstance(func, cst.Name) and func.value == owner.cls.name:
                out.append((c, f))  # `Sampler(model)` binds __init__'s parameters
            elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                    isinstance(func.value, cst.Name) and self.class_method(owner) and \
                    self.names_class(func.value.value, f) is owner.cls:
                out.append((c, f))  # `Ops.d(y, x)`: a staticmethod/classmethod called on its class
            elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                    isinstance(func.value, cst.Name) and owner.name != "forward" and \
                    (owner.cls.torch_module == "no" and self.local_instance(func.value.value, f) is owner.cls or
                     owner.cls.torch_module != "no" and self.class_of(func.value, f) is owner.cls):
                # a method on a module-level or local instance: `BLOCKS.build("glu", 4)` with `BLOCKS =
                # Registry("blocks")`, `opt.step(closure)` with `opt = DiagNewton(model.parameters())`,
                # `physics.residual(model, t)` with `model, physics = Net(cfg), Physics()` (an nn.Module's)
                out.append((c, f))
            elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                    isinstance(func.value, cst.Call) and self.constructed_class(func.value) is owner.cls:
                out.append((c, f))  # `Trainer(max_epochs=3).fit(module, loader)`: on the instance built there
        if owner.name == "__init__" and owner.cls is not None:  # `return cls(cfg.widths, block)` in a
            for m in owner.cls.methods.values():  # `@classmethod def from_config(cls, cfg)` of the class
                node = m.node
                if isinstance(node, cst.FunctionDef) and node.params.params and \
                        any(dotted_name(d.decorator) == "classmethod" for d in node.decorators) and any(
                        isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and
                        self.names_class(c.func.value.value, f) is owner.cls for c, f in self.calls_named(m.name)):
                    # (called in this file: `Critic.from_config(cfg)`; another file's call binds it there)
                    first = node.params.params[0].name.value
                    if first not in m.assigns:
                        out += [(c, f) for c, f in self.calls_named(first) if isinstance(c.func, cst.Name) and f is m]
        if owner.name == "__call__" and owner.cls is not None and owner.cls.torch_module == "no":
            out += self.instance_calls(owner.cls)  # `grad(y, x)` with `grad = Grad()`: a plain callable object
        if owner.name == "forward" and owner.cls is not None and owner.cls.torch_module != "no" and \
                not self.class_members(owner.cls, "__call__")[0]:  # `gp(critic, real, fake)`, gp = GradientPenalty()
            out += self.instance_calls(owner.cls)
        if owner.name == "__init__" and owner.cls is not None:  # `Sub(cfg)` of an in-file subclass that inherits it
            for sub in self.ex._classes.values():
                if sub is not owner.cls and self.class_members(sub, "__init__")[0] is owner:
                    out += [(c, f) for c, f in self.calls_named(sub.name) if isinstance(c.func, cst.Name) and
                            c.func.value == sub.name and self.names_class(sub.name, f) is sub]
        if owner.name == "__init__" and owner.cls is not None:  # `super().__init__(model, **kw)` in the __init__ of
            for c, f in self.calls_named("__init__"):  # a subclass whose next __init__ is this one
                func = c.func
                if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and \
                        isinstance(func.value.func, cst.Name) and func.value.func.value == "super" and \
                        f.name == "__init__" and f.cls is not None and self.super_init(f.cls) is owner:
                    out.append((c, f))
        return out

    def super_init(self, cls: _Cls) -> _Fn | None:
        """The __init__ `super().__init__(...)` in cls's __init__ runs, when it is of this file: that of cls's first
        base of the file that has one (its own or inherited)."""
        for b in cls.bases:
            base = self.ex._classes.get(b)
            init = self.init_of(base) if base is not None else None
            if init is not None:
                return init
        return None

    def local_instance(self, name: str, fn: _Fn) -> _Cls | None:
        """The file's class a name seen from fn (a local, or a module-level name) is bound to an instance of, by one
        `name = Cls(...)`; else None."""
        found = self.lookup_assigns(fn, name)
        return self.ex.instance_class(found[0]) if found is not None else None

    def param_calls(self) -> list[tuple[cst.Call, _Fn]]:
        """The file's calls of a parameter (`penalty_fn(critic, real, fake)`, the function never assigning it):
        each runs whatever function the callers pass for it (indexed once per file)."""
        if self._param_calls is None:
            self._param_calls = [(c, f) for f in self.all_fns() for c in f.calls
                                 if isinstance(c.func, cst.Name) and self.param_of(f, c.func.value) and
                                 self.lookup_assigns(f, c.func.value) is None]
        return self._param_calls

    def partial_calls(self) -> list[tuple[cst.Call, _Fn, cst.Call, _Fn]]:
        """The file's calls of a `functools.partial(g, ...)` (through a name bound once to it, or a table item:
        `reg = REG["r1"]` with `REG = {"r1": partial(r1, gamma=5.0)}`), each as a call of g with the partial's
        arguments first (`r1(D, real, gamma=5.0)`), with its function, the partial and the partial's function
        (indexed once per file)."""
        if self._partial_calls is None:
            self._partial_calls = out = []  # (a table read while indexing sees the calls found so far)
            for f in self.all_fns():
                for c in f.calls:
                    func, ctx = c.func, f
                    if isinstance(func, cst.Name) and not self.param_of(f, func.value):
                        found = self.lookup_assigns(f, func.value)
                        func, ctx = (found[0][0], found[1]) if found is not None and len(found[0]) == 1 else (None, f)
                    held = [(func, ctx)]
                    if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name) and \
                            self.lookup_assigns(ctx, func.value.value) is not None:  # (a table bound here)
                        key = _subscript_key(func)
                        held = [(x, c2) for t, c2 in self.container_values(func.value, ctx) or ()
                                for x in self.keyed_elements(t, key if isinstance(key, str) else None)]
                    for p, pctx in held:
                        if isinstance(p, cst.Call) and dotted_name(p.func) in ("partial", "functools.partial") and \
                                p.args and p.args[0].keyword is None and not any(a.star for a in p.args):
                            merged = c.with_changes(func=p.args[0].value, args=(*[a for a in p.args[1:]
                                                                                  if a.keyword is None],
                                                                                *c.args,
                                                                                *[a for a in p.args[1:]
                                                                                  if a.keyword is not None]))
                            out.append((merged, f, p, pctx))
        return self._partial_calls

    def partial_target(self, p: cst.Call, ctx: _Fn) -> _Fn | None:
        """The function of the file a partial binds: `partial(r1, ...)`, `partial(Penalties.r1, ...)` (a static
        method called on its class)."""
        g = p.args[0].value
        if isinstance(g, cst.Name):
            return self.lookup_def(ctx, g.value) if self.lookup_assigns(ctx, g.value) is None else None
        if isinstance(g, cst.Attribute) and isinstance(g.value, cst.Name):
            cls = self.names_class(g.value.value, ctx)
            method = cls.methods.get(g.attr.value) if cls is not None else None
            return method if method is not None and self.class_method(method) else None
        return None

    def transformed_calls(self) -> list[tuple[cst.Call, _Fn, _Fn]]:
        """The file's calls of a torch.func transform of one of its functions (`grad(support_loss, argnums=1)(net,
        params, batch)`, `vmap(f)(x)`): the transformed function takes the call's arguments as a call of it does
        (with the call's function and the function transformed; indexed once per file)."""
        if self._transformed_calls is None:
            self._transformed_calls = []
            for f in self.all_fns():
                for c in f.calls:
                    t = c.func
                    if isinstance(t, cst.Call) and t.args and isinstance(t.args[0].value, cst.Name) and \
                            self.ex._callee_api.get(id(t)) in _FUNC_TRANSFORMS + ("torch.func.vmap",) and \
                            self.lookup_assigns(f, t.args[0].value.value) is None:
                        d = self.lookup_def(f, t.args[0].value.value)
                        if d is not None and isinstance(d.node, cst.FunctionDef):
                            self._transformed_calls.append((c, f, d))
        return self._transformed_calls

    def loop_calls(self) -> list[tuple[cst.Call, _Fn]]:
        """The file's calls of a loop target (`fn(disc, real)` in `for w, fn in PENALTIES:`): each runs the
        functions the rows hold (indexed once per file)."""
        if self._loop_calls is None:
            self._loop_calls = []
            for f in self.all_fns():
                for c in f.calls:
                    if isinstance(c.func, cst.Name) and not self.param_of(f, c.func.value):
                        found = self.lookup_assigns(f, c.func.value)
                        if found is not None and len(found[0]) == 1 and id(found[0][0]) in self.ex._loop_iters:
                            self._loop_calls.append((c, f))
        return self._loop_calls

    def loops_over(self, fn: _Fn, name: str, target: _Fn) -> bool:
        """Loop target `name` (seen from fn) takes the function `target` in some row: an element of the
        displays the loop runs through, or the element at the target's position in each row."""
        found = self.lookup_assigns(fn, name)
        it, ctx = found[0][0], found[1]
        els = self.row_elements(it, name, ctx) if (id(it), name) in self.ex._row_index else self.loop_rows(it, ctx)
        return any(isinstance(e, cst.Name) and self.lookup_assigns(c, e.value) is None and
                   self.lookup_def(c, e.value) is target for e, c in els or ())

    def default_class(self, expr, fn: _Fn) -> _Cls | None:
        """The file's class a parameter's default constructs (`def fisher_penalty(model, x, grad=Grad())`)."""
        if not (isinstance(expr, cst.Name) and self.param_of(fn, expr.value)):
            return None
        owner = self.param_owner(fn, expr.value)
        default = param_default(owner.node, expr.value) if isinstance(owner.node, cst.FunctionDef) else None
        return self.constructed_class(default) if default is not None else None

    def passed_fn(self, fn: _Fn, name: str, target: _Fn) -> bool:
        """Parameter `name` of fn is given the function `target` by reference (`fit(..., penalty_fn=gp)`, or its
        default `penalty_fn=gp`) by some call of this file."""
        return any(isinstance(a, cst.Name) and self.lookup_assigns(caller, a.value) is None and
                   self.lookup_def(caller, a.value) is target for a, caller in self.args_or_default(fn, name))

    def instance_calls(self, cls: _Cls) -> list[tuple[cst.Call, _Fn]]:
        """The file's calls of an instance of cls (`reg(x, y)`, `self.reg(x, y)` with the instance bound to
        `JacobianReg()` there): each runs cls's forward on the call's arguments (calls_of leaves them out: its
        users read a method's callers as methods or functions)."""
        if id(cls) not in self._instance_calls:
            out = []
            for f in self.all_fns():
                for c in f.calls:
                    func = c.func
                    if isinstance(func, cst.Name) and func.value in self.ex._classes or \
                            not isinstance(func, (cst.Name, cst.Attribute)) or self.torch_api(c) is not None:
                        continue
                    if self.class_of(func, f) is cls or self.default_class(func, f) is cls:
                        out.append((c, f))
            self._instance_calls[id(cls)] = out
        return self._instance_calls[id(cls)]

    def table_calls(self) -> list[tuple[cst.Call, _Fn, cst.Name, _Fn]]:
        """The file's calls of a table's item, with the table and the function T is read in: `T[k](...)`, and
        `step(...)` with the name bound only to `T[k]` (`step = STEPS[name]`), T a name (indexed once per file)."""
        if self._table_calls is None:
            out = []
            for f in self.all_fns():
                for c in f.calls:
                    func, ctx = c.func, f
                    if isinstance(func, cst.Name):
                        found = self.lookup_assigns(f, func.value)
                        func, ctx = (found[0][0], found[1]) if found is not None and len(found[0]) == 1 else (None, f)
                    if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name):
                        out.append((c, f, func.value, ctx))
            self._table_calls = out
        return self._table_calls

    def registry_built(self) -> dict:
        """The calls registry builds make (`MODELS[cfg["type"]](**cfg)` for `MODELS.build(cfg)`, registry_lookup),
        for every call of the file: made once, before the first is asked for, so that which calls construct a class
        does not depend on which of them an expansion met first."""
        if not self._registry_scanned:
            self._registry_scanned = True
            for f in self.all_fns():
                for c in f.calls:
                    self.registry_lookup(c)
        return self._registry_built

    def key_may_pick(self, item: cst.Subscript, fn: _Fn, cls: _Cls) -> bool:
        """False when the key of a registry read (`MODELS[cfg["generator"]["type"]]`) has known string values
        (key_choices) and none of them is the key cls is registered under; True otherwise."""
        keys = self.key_choices(item, fn)
        return not keys or id(cls) in self.registered_classes(item, fn, keys)

    def dispatches_to(self, table: cst.Name, fn: _Fn, owner: _Fn) -> bool:
        """`table`, as seen from fn, is bound only to dict/list/tuple displays of this file's functions, one of
        them owner (a dispatch table of step functions: calling an item calls owner with the same arguments). For
        a class's __init__, the displays (and a registry decorator's entries: `MODELS = {}` + `@register("net")`)
        hold the class: `MODELS[args.model]()` constructs it."""
        found = self.lookup_assigns(fn, table.value)
        if found is None or not found[0]:
            return False
        unpicked = self.unpicked_entries() if found[1] is self.ex._module_fn else ()  # (an entry no read picks)
        init = owner.cls if owner.name == "__init__" else None
        if init is not None:
            held = found[0] + ([v for v, _ in self.registered_items(table.value)] if found[1] is self.ex._module_fn
                               else [])  # (`MODELS.register_module()` on it, MODELS a Registry of this file)
            return any(isinstance(x, cst.Name) and x.value == init.name and
                       self.names_class(x.value, found[1]) is init and id(x) not in unpicked
                       for v in held for x in ([v] if id(v) in self.ex.registered else self.table_items(v)))
        hit = False
        for v in found[0]:
            if isinstance(v, cst.Dict):
                items = [e.value for e in v.elements if isinstance(e, cst.DictElement)]
            elif isinstance(v, (cst.List, cst.Tuple)):
                items = [e.value for e in v.elements if isinstance(e, cst.Element)]
            else:
                return False
            hit = hit or any(id(x) not in unpicked and (x is owner.node or isinstance(x, cst.Name) and
                             x.value == owner.name and self.lookup_def(found[1], x.value) is owner) for x in items)
        return hit

    def calls_named(self, name: str) -> list[tuple[cst.Call, _Fn]]:
        """The file's calls `name(...)` and `x.name(...)` with their functions (indexed once per file)."""
        if self._calls_by_name is None:
            index: dict[str, list] = {}
            for f in self.all_fns():
                for c in f.calls:
                    func = c.func
                    key = func.value if isinstance(func, cst.Name) else \
                        func.attr.value if isinstance(func, cst.Attribute) else None
                    if key is not None:
                        index.setdefault(key, []).append((c, f))
            self._calls_by_name = index
        return self._calls_by_name.get(name, [])

    @contextlib.contextmanager
    def bound_call(self, owner: _Fn | None, call: cst.Call, caller: _Fn, force: bool = False):
        """While expanding what `call` (written in caller) builds or returns: owner, the class's __init__ or the
        factory it calls, is taken to be called by it only (calls_of), so that a table key or a factory its
        parameters give (`ACTS[act]` in `mlp(d, h, act)`, `NONLIN[nonlin]()` in `Block(d, nonlin)`,
        `act_factory()` in `make_block(d, nn.ReLU6)`) is this call's, not every call's. Only for functions with
        such parameters (context_params): the memos of a body's ops hold the bindings (_bound_sig), so such a
        body is expanded again for each call that builds it. `force`: bound whatever its parameters (none_tested)."""
        if owner is None or not force and not self.context_params(owner):
            yield
            return
        old, sig = self._bound.get(id(owner)), self._bound_sig
        self._bound[id(owner)] = (call, caller)
        self._bound_sig = tuple(t for t in sig if t[0] in ("instance", "enum")) + \
            tuple(sorted((k, id(c)) for k, (c, _) in self._bound.items()))
        try:
            yield
        finally:
            if old is None:
                del self._bound[id(owner)]
            else:
                self._bound[id(owner)] = old
            self._bound_sig = sig

    @contextlib.contextmanager
    def instance_of(self, cls: _Cls):
        """While expanding an instance of cls: `self` in the methods cls inherits from its in-file bases is cls's
        instance (class_of), so that `self.act_cls()` in the base's __init__ builds the class attribute cls sets
        (`class HardSDF(SDFNet): act_cls = nn.Hardswish`). Part of the memos' bindings (_bound_sig)."""
        bases = self.class_chain(cls)[1:]
        if not bases or any(id(b) in self._instance_cls for b in bases):
            yield
            return
        sig = self._bound_sig
        for b in bases:
            self._instance_cls[id(b)] = cls
        self._bound_sig = sig + (("instance", id(cls)),)
        try:
            yield
        finally:
            for b in bases:
                del self._instance_cls[id(b)]
            self._bound_sig = sig

    @contextlib.contextmanager
    def choosing(self, choices: dict):
        """While expanding one element of an unrolled list (container_elements): its conditionals take the arm and
        its loop-name table keys the value that round picked (grad_unroll.picked). Part of the memos' bindings."""
        if not choices:
            yield
            return
        old, sig = self._choices, self._bound_sig
        self._choices = {**old, **choices}
        self._bound_sig = sig + tuple(("choice", k, id(v) if isinstance(v, cst.CSTNode) else v)
                                      for k, v in sorted(choices.items(), key=lambda kv: kv[0]))
        try:
            yield
        finally:
            self._choices, self._bound_sig = old, sig

    def init_of(self, cls: _Cls) -> _Fn | None:
        """The __init__ that constructing cls runs (its own or an in-file base's)."""
        return self.class_members(cls, "__init__")[0]

    def nested_fns(self, f: _Fn) -> list[_Fn]:
        """The functions defined inside f, at any depth (also the methods of a class f defines)."""
        if self._nested is None:
            self._nested = {}
            for g in self.all_fns():
                for e in enclosing(g.parent):
                    self._nested.setdefault(id(e), []).append(g)
        return self._nested.get(id(f), [])

    def context_params(self, f: _Fn) -> frozenset:
        """f's parameters whose argument decides what the instance or value a call of f builds runs: read in a
        subscript's key (`ACTS[act]`, `NONLIN[cfg.act]`), called (`act_factory()`), stored by __init__ in an
        attribute a method of the class reads so (`self.kind = kind` ... `OPS[self.kind]`, `self.act = act` ...
        `self.act(x)`), or passed on to such a parameter of a function or class of the file (`Block(d, nonlin)`);
        memoised."""
        memo = self._context_params
        if id(f) in memo:
            return memo[id(f)]
        memo[id(f)] = frozenset()  # a recursion adds nothing
        if not isinstance(f.node, cst.FunctionDef) or not f.params:
            return memo[id(f)]
        params = set(f.params)
        deciding = self.deciding
        out = {r.partition(".")[0] for r in deciding(f)} & params
        if f.cls is not None and f.self_name and f.name == "__init__":
            stored = {k.partition(".")[2]: {r.partition(".")[0] for v in vs for r in refs(v)} & params
                      for k, vs in f.assigns.items() if k.startswith(f.self_name + ".") and k.count(".") == 1}
            stored = {k: v for k, v in stored.items() if v}
            for m in (m for c in self.class_chain(f.cls) for m in c.methods.values()) if stored else ():
                if m.self_name and isinstance(m.node, cst.FunctionDef):
                    for r in deciding(m):
                        head, _, attr = r.partition(".")
                        if head == m.self_name and attr.partition(".")[0] in stored:
                            out |= stored[attr.partition(".")[0]]
        for g in self.nested_fns(f):  # `def make_block(act_cls): class Block(nn.Module): ... self.act = act_cls()`
            out |= {r.partition(".")[0] for r in deciding(g)} & params - set(g.params)
        for c in f.calls:
            callee = self.callee_fn(c, f)
            for q in self.context_params(callee) if callee is not None else ():
                a = self.param_arg(callee, c, q)
                out |= {r.partition(".")[0] for r in refs(a)} & params if a is not None else set()
        memo[id(f)] = frozenset(out)
        return memo[id(f)]

    def deciding(self, fn: _Fn) -> set:
        """What fn reads as a table key, a test (`if name == "elu": return nn.ELU()`, a match's subject), a name
        looked up with getattr or a loop's iterable (`for i, w in enumerate(widths)`), and what it calls (names and
        `self.attr` reads); memoised."""
        memo = self._deciding
        if id(fn) not in memo:
            out = set()
            for n in _walk(fn.node.body):
                if isinstance(n, cst.Subscript) and len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index):
                    out |= refs(n.slice[0].slice.value)
                elif isinstance(n, (cst.If, cst.IfExp)):
                    out |= refs(n.test)
                elif isinstance(n, cst.Match):  # `match name: case "elu": return nn.ELU()` (and its guards)
                    out |= refs(n.subject)
                    out |= {r for c in n.cases if c.guard is not None for r in refs(c.guard)}
                elif isinstance(n, cst.For):
                    out |= refs(n.iter)
                elif isinstance(n, cst.Call) and dotted_name(n.func) == "getattr" and len(n.args) >= 2:
                    out |= refs(n.args[1].value)
            for c in fn.calls:  # `ACTS.build(cfg)`: its entry picked by `cfg["type"]` (registry_lookup)
                made = self.registry_lookup(c)
                if made is not c and isinstance(made.func, cst.Subscript):
                    out |= refs(made.func.slice[0].slice.value)
            memo[id(fn)] = out | {dotted_name(c.func) for c in fn.calls if dotted_name(c.func) is not None}
        return memo[id(fn)]

    def callee_fn(self, c: cst.Call, f: _Fn) -> _Fn | None:
        """The file's function (`mlp(...)`) or class __init__ (`Block(...)`) a call in f runs, by its name."""
        if not isinstance(c.func, cst.Name):
            return None
        name = c.func.value
        cls = self.names_class(name, f)
        if cls is not None:
            return self.init_of(cls)
        return self.lookup_def(f, name, c) if binding(f, name)[0] is None else None

    def mapped_function(self, c: cst.Call, fn: _Fn):
        """The function `map(f, xs, ...)` (the builtin: no function or name of fn's scopes called so) applies; None
        for any other call."""
        func = c.func
        if isinstance(func, cst.Name) and func.value == "map" and len(c.args) >= 2 and not c.args[0].star and \
                c.args[0].keyword is None and self.lookup_def(fn, "map") is None and binding(fn, "map")[0] is None:
            return c.args[0].value
        return None

    def function_defs(self, expr, fn: _Fn, depth: int = 0) -> list[_Fn] | None:
        """The file's functions a value called as a function can be: a def's name (a local def returned by a factory
        of the file, `adapt = make_adapt(model, ...)` with `def make_adapt(...): def adapt(...): ...; return adapt`),
        the function of a `partial(f, ...)`, and for a parameter what every call of the file passes
        (`make_meta_step(model, opt, adapt, ...)`). None when any binding is something else."""
        if depth > MAX_BINDING_HOPS or expr is None:
            return None
        if isinstance(expr, cst.Call) and (p := _partial_of(expr)) is not None:
            return self.function_defs(cst.Name(p), fn, depth + 1)
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and \
                (d := self.callee_fn(expr, fn)) is not None and d.cls is None and isinstance(d.node, cst.FunctionDef):
            held = [(v, d) for v in returned(d.node.body)]  # (what the factory returns)
        elif not isinstance(expr, cst.Name):
            return None
        elif (kind := binding(fn, expr.value))[0] == "assign":
            found = self.lookup_assigns(fn, expr.value)
            held = [(v, found[1]) for v in found[0]] if found is not None else None
        elif kind[0] == "param":
            held = self.every_call_args(kind[1], expr.value)
        else:
            d = self.lookup_def(fn, expr.value)
            return [d] if d is not None and d.cls is None and isinstance(d.node, cst.FunctionDef) else None
        outs = [self.function_defs(v, c, depth + 1) if v is not None else None for v, c in held or [(None, fn)]]
        return [x for o in outs for x in o] if None not in outs else None

    @staticmethod
    def class_method(fn: _Fn) -> bool:
        """A staticmethod or classmethod: called on the class, its parameters (past `cls`) are the arguments."""
        return isinstance(fn.node, cst.FunctionDef) and any(
            dotted_name(d.decorator) in ("staticmethod", "classmethod") for d in fn.node.decorators)

    def names_class(self, name: str, fn: _Fn) -> _Cls | None:
        """The file's class a bare name designates in fn (not shadowed by a local or a parameter)."""
        if name not in self.ex._classes or self.lookup_assigns(fn, name) is not None or self.param_of(fn, name):
            return None
        return self.ex._classes[name]

    @staticmethod
    def param_owner(fn: _Fn, name: str) -> _Fn:
        return param_owner_of(fn, name) or fn

    # ---------------------------------------------------------------- members, containers and tables
    def class_members(self, cls: _Cls, attr: str) -> tuple[_Fn | None, list]:
        """(method, attribute values) that `attr` names on the file's class or its in-file bases; a name set
        by `setattr(self, f"layer{i}", ...)` is held as `layer*`, and `attr` may be such a prefix itself."""
        values = []
        for c in self.class_line(cls, by_name=True):  # lazy: the walk stops at the first class that has attr
            if attr in c.methods and not values:
                return c.methods[attr], []
            if attr.endswith("*"):
                values += [x for k, vs in c.attrs.items() if k.rstrip("*").startswith(attr[:-1]) for x in vs]
            else:
                values += c.attrs.get(attr, [])
                values += [x for k, vs in c.attrs.items() if k.endswith("*") and attr.startswith(k[:-1]) for x in vs]
            if values:
                return None, values
        return None, []

    def subclass_members(self, cls: _Cls, attr: str) -> list[tuple[_Fn | None, list]]:
        """class_members of `attr` on the file's classes deriving from cls, for a member cls lacks (a mixin's
        `def smooth(self, x): return self.smoother(x)`: `self` is an instance of a class that mixes it in and sets
        `self.smoother`). Empty when cls has it, or no subclass of this file does."""
        subs = self._subclasses
        if id(cls) not in subs:
            subs[id(cls)] = [c for c in self.ex._classes.values() if c is not cls and
                             any(b is cls for b in self.class_chain(c))]
        own = self.class_members(cls, attr)
        if not subs[id(cls)] or own[1] or own[0] is not None and not is_abstract(own[0].node):
            return []  # (a method left to subclasses, `raise NotImplementedError`: what each of them has)
        return [got for got in (self.class_members(c, attr) for c in subs[id(cls)]) if any(got)]

    def dispatched(self, cls: _Cls, attr: str, method: _Fn) -> list[_Fn]:
        """The methods a call `self.<attr>(...)` of cls runs: `method` (cls's own, class_members), or for one left to
        subclasses (`raise NotImplementedError`: is_abstract) each in-file subclass's override, when there is one."""
        overrides = [m for m, _ in self.subclass_members(cls, attr) if m is not None] \
            if is_abstract(method.node) else []
        return list({id(m): m for m in overrides}.values()) or [method]  # (one override a subclass inherits: once)

    def chain_attrs(self, cls: _Cls) -> dict:
        """attribute -> [(value, function assigning it)] over cls and its in-file bases (class_chain order)."""
        attrs: dict = {}
        for c in self.class_chain(cls):
            for k, vs in c.attrs.items():
                attrs.setdefault(k, []).extend(vs)
        return attrs

    def class_chain(self, cls: _Cls) -> list[_Cls]:
        """cls and its in-file base classes, breadth first (the order a member is looked up in)."""
        return list(self.class_line(cls))

    def class_line(self, cls: _Cls, by_name: bool = False):
        """The one walk over a class's in-file bases: cls, then its bases breadth first, each once (a cycle
        ends). Lazy, so a lookup that finds its member stops the walk. `by_name`: a class is passed over when
        one of the same name was met (class_members' rule: a class shadowing an in-file base of its own name,
        `class Encoder(Encoder)` in a function, does not look into that base); else only the same record is."""
        classes, todo, seen = self.ex._classes, [cls], set()
        while todo:
            c = todo.pop(0)
            key = c.name if by_name else id(c)
            if key in seen:
                continue
            seen.add(key)
            yield c
            todo.extend(classes[b] for b in c.bases if b in classes)

    def builtin_getattr(self, v, fn: _Fn, two: bool = False) -> bool:
        """`getattr(obj, name)` or `getattr(obj, name, default)` (with `two`, only the former), the builtin (no
        function of the file named so), its object and name given plainly (no `*`, no keyword)."""
        return isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value == "getattr" and \
            (len(v.args) == 2 if two else 2 <= len(v.args) <= 3) and \
            not any(a.star or a.keyword for a in v.args[:2]) and self.lookup_def(fn, "getattr") is None

    def getattr_target(self, v: cst.Call, fn: _Fn) -> tuple[cst.BaseExpression, str] | None:
        """`getattr(self, "critic")`, `getattr(self, name)` with `name = "critic"`, `getattr(self, f"layer{i}")`:
        (owner, attribute name; a computed one as its literal prefix + "*")."""
        if not self.builtin_getattr(v, fn):
            return None
        owner, name = v.args[0].value, v.args[1].value
        attr = _attr_name(name)
        if attr is None and isinstance(name, cst.Name):
            found = self.lookup_assigns(fn, name.value)
            names = {_attr_name(x) for x in found[0]} if found else set()
            if len(names) == 1:
                attr = names.pop()
        return (owner, attr) if attr is not None else None

    def getattr_choices(self, v: cst.Call, fn: _Fn) -> tuple[cst.BaseExpression, list[str]] | None:
        """`getattr(self, name)` with name a loop target or parameter whose strings are known (`for name in
        self.order:`, order a literal tuple default): (owner, each attribute name); None otherwise."""
        if not self.builtin_getattr(v, fn, two=True):
            return None
        names = self.literal_choices(v.args[1].value, fn, lambda x: isinstance(x, str))
        if not names or not all(n.isidentifier() for n in names):
            return None
        return v.args[0].value, sorted(names)

    def container_values(self, container, fn: _Fn) -> list | None:
        if isinstance(container, (cst.Dict, cst.Call)) and self.is_dict_value(container):
            return [(container, fn)]  # `nn.ModuleDict({...})[act]`, `{"elu": F.elu, ...}[name]` looked up in place
        if isinstance(container, cst.Call) and isinstance(container.func, cst.Name) and \
                container.func.value == "globals" and not container.args and self.lookup_def(fn, "globals") is None \
                and binding(fn, "globals")[0] is None:
            return [(self.globals_table(), self.ex._module_fn)]  # `globals()[name]()`
        if isinstance(container, cst.Name):
            found = self.lookup_assigns(fn, container.value)
            if found and found[1] is self.ex._module_fn:  # and what registering functions put in it
                return [x for v in found[0] for x in self.instantiated_entries(v) or [(v, found[1])]] + \
                    self.registered_items(container.value)
            if found is None and self.param_of(fn, container.value):  # `def build(plan, spec=LAYER_SPEC)`: the
                out = []  # tables its callers pass (its default where they leave it out), when all are known
                for v, ctx in self.args_or_default(fn, container.value):
                    got = self.container_values(v, ctx) if isinstance(v, cst.Name) and v.value != container.value \
                        else [(v, ctx)] if isinstance(v, cst.Dict) else None
                    if not got or not all(isinstance(x, cst.Dict) for x, _ in got):
                        return None
                    out += got
                return out or None
            return [(v, found[1]) for v in found[0]] if found else None
        if isinstance(container, cst.Attribute):
            cls = self.class_of(container.value, fn)
            if cls is not None:
                method, values = self.class_members(cls, container.attr.value)
                return values if values else None
        return None

    def instantiated_entries(self, v) -> list | None:
        """`ACT2FN = ClassInstantier(ACT2CLS)`, a dict subclass of this file whose `__getitem__` returns a call
        (`cls(**kwargs)` of the entry, or of its `(cls, kwargs)` pair: Hugging Face's activation table): the
        container values of the table it is given, each built when looked up (instantiated). None for any other
        value."""
        if not isinstance(v, cst.Call) or not isinstance(v.func, cst.Name) or len(v.args) != 1 or v.args[0].star or \
                v.args[0].keyword is not None:
            return None
        cls = self.names_class(v.func.value, self.ex._module_fn)
        getitem = cls.methods.get("__getitem__") if cls is not None else None
        if getitem is None or not any(b.rpartition(".")[2] in ("dict", "OrderedDict") for b in cls.bases):
            return None
        returns = self.returned_values(getitem)
        if not returns or not all(isinstance(r, cst.Call) for r in returns):
            return None
        return self.container_values(v.args[0].value, self.ex._module_fn)

    def instantiated_ids(self) -> frozenset:
        """ids of the entries of this file's instantiated_entries tables (the class of a `(cls, kwargs)` pair): a
        name among them, looked up, is an instance of that class."""
        if self._instantiated is None:
            self._instantiated = frozenset(
                id(x.elements[0].value) if isinstance(x, cst.Tuple) and x.elements else id(x)
                for vs in self.ex._module_fn.assigns.values() for v in vs
                for table, _ in self.instantiated_entries(v) or () for x in self.keyed_elements(table, None))
        return self._instantiated

    def globals_table(self) -> cst.Dict:
        """`globals()` as a table of this file's module-level functions and classes, each under its name."""
        if self._globals_table is None:
            names = [*self.ex._module_fn.defs, *(c for c in self.ex._classes if self.names_class(c, self.ex._module_fn))]
            self._globals_table = cst.Dict([cst.DictElement(cst.SimpleString(repr(n)), cst.Name(n)) for n in names])
        return self._globals_table

    def registered_items(self, table: str) -> list:
        """The entries a module-level table gets from a function of this file that stores its parameters in it
        (`def register(name, fn): BLOCKS[name] = fn`): each call's argument for the value (`register("glu",
        _glu)`), held under the call's literal key (a call whose key is not a string literal adds nothing)."""
        memo = self._registered_items.get(table)
        if memo is not None:
            return memo
        out = [(item, self.ex._module_fn) for item in self.ex.registry_items.get(table, ())]
        for target, value, f, _ in self.ex._item_sets:
            if f is self.ex._module_fn or not isinstance(target.value, cst.Name) or target.value.value != table or \
                    not isinstance(value, cst.Name) or table in f.params or not self.param_of(f, value.value) or \
                    any(id(v) not in self.ex._item_values for v in f.assigns.get(table, ())):
                continue
            k = target.slice[0].slice.value if len(target.slice) == 1 and \
                isinstance(target.slice[0].slice, cst.Index) else None
            for c, caller in self.calls_of(f):
                arg = self.param_arg(f, c, value.value)
                key = _literal(self.param_arg(f, c, k.value) if isinstance(k, cst.Name) and
                               self.param_of(f, k.value) else k) if k is not None else _NOLIT
                if arg is not None and isinstance(key, str):
                    self.ex._keyed[id(arg)] = key
                    out.append((arg, caller))
        self._registered_items[table] = out
        return out

    def is_dict_value(self, v) -> bool:
        v = _unchain(v)
        if isinstance(v, cst.Dict) or _keyed_comprehension(v) or self.class_keyed_pairs(v) is not None:
            return True
        if isinstance(v, cst.Call):
            name = (self.torch_api(v) or dotted_name(v.func) or "").rpartition(".")[2]
            return name in ("ModuleDict", "dict", "OrderedDict", "ParameterDict")
        return False

    def pairs_value(self, v):
        """`dict(_PAIRS)` with `_PAIRS = [("relu", nn.ReLU), ...]` bound once at module level: that literal
        list (or dict) of pairs; anything else as it is."""
        if isinstance(v, cst.Name):
            values = self.ex._module_fn.assigns.get(v.value, [])
            if len(values) == 1 and isinstance(values[0], (cst.List, cst.Tuple, cst.Dict)):
                return values[0]
        return v

    def bound_key(self, expr: cst.Subscript, fn: _Fn) -> str | None:
        """The string key of `d[k]` through simple constant bindings: a literal, a name bound once to one, or
        `cfg.kind` with `cfg` bound once to a call given `kind="msd"` (a config built where it is used)."""
        key = _subscript_key(expr)
        if key is not None or len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return key
        k = expr.slice[0].slice.value
        attr = k.attr.value if isinstance(k, cst.Attribute) and isinstance(k.value, cst.Name) else None
        name = k.value.value if attr is not None else k.value if isinstance(k, cst.Name) else None
        found = self.lookup_assigns(fn, name) if name is not None else None
        if found is None and attr is None and name is not None and self.param_of(fn, name):
            # `def main(arch="surrogate-8")`: the one string every call of the function in this file gives it
            values = self.literal_choices(k, fn, lambda x: isinstance(x, str))
            return values.pop() if values is not None and len(values) == 1 else None
        if found is None or len(found[0]) != 1:
            return None
        v = found[0][0]
        if attr is not None:
            if not isinstance(v, cst.Call):
                return None
            if self.parsed_args(k, fn):  # `args.model` of `ap.parse_args()`: the one string its default gives
                values = self.literal_choices(k, fn, lambda x: isinstance(x, str))
                return values.pop() if values is not None and len(values) == 1 else None
            v = _kw(v, attr)
        lit = _literal(v) if v is not None else None
        return lit if isinstance(lit, str) else None

    def const_value(self, fn: _Fn, name, depth: int = 0):
        """The literal value (int, string, tuple or Table of them) a name has in fn (grad_unroll.evaluate's
        names): bound once to such a value, or a parameter every call of its function in this file gives the same
        one (its default where a call leaves it out), or `args.x` of the parsed command line (its `add_argument`
        default: `nargs="+", default=[...]`, what runs given no option); for a call (`name` a cst.Call),
        made_value; _NOLIT otherwise (no call here, two values)."""
        if depth > MAX_BINDING_HOPS:
            return _NOLIT
        if isinstance(name, cst.Call):
            return self.made_value(fn, name, depth)
        head, _, attr = name.partition(".")
        if attr:  # `self.use_elu`: every value the class assigns it (those an if on the construction leaves)
            cls = self.class_of(cst.Name(head), fn) if any(f.self_name == head for f in enclosing(fn)) else None
            method, values = self.class_members(cls, attr) if cls is not None and "." not in attr else (None, [])
            if cls is None and "." not in attr:  # `Model.HEADS`, a class attribute of a settings class
                values = self.class_attr_values(cst.Name(head), attr, fn) or []
            if cls is None and not values and "." not in attr and self.parsed_name(head, fn, 0):
                default = self.argparse_default(attr)  # `args.variant`: what runs given no option
                return evaluate(default, {}, lambda n: self.const_value(self.ex._module_fn, n, depth + 1)) \
                    if default is not None else _NOLIT
            found = {evaluate(v, {}, lambda n, c=c: self.const_value(c, n, depth + 1))
                     for v, c in self.reachable(values)} if method is None and values else {_NOLIT}
            return found.pop() if len(found) == 1 else _NOLIT
        found = self.lookup_assigns(fn, name)
        copied = found is not None and len(found[0]) == 1 and name in found[1].params and \
            self.copy_of(found[0][0]) == name  # `cfg = dict(cfg)` of a parameter: what the calls pass
        if found is not None and not copied:
            if len(found[0]) != 1 or id(found[0][0]) in self.ex._loop_iters:
                return _NOLIT  # (a loop target holds one element of what it runs through at a time)
            ctx = found[1]
            return evaluate(found[0][0], {}, lambda n: self.const_value(ctx, n, depth + 1))
        if not copied and not self.param_of(fn, name):
            return _NOLIT
        owner = self.param_owner(fn, name)
        calls = self.calls_of(owner)
        if not calls or not isinstance(owner.node, cst.FunctionDef) or \
                any(a.star == "*" for c, _ in calls if id(c) not in self.registry_built() for a in c.args):
            return _NOLIT
        default = param_default(owner.node, name)
        values = set()
        for call, caller in calls:
            arg = self.param_arg(owner, call, name)
            splat = self.splat_value(call, caller, name, depth) if arg is None and \
                id(call) not in self.registry_built() and any(a.star for a in call.args) else _ABSENT
            if splat is not _ABSENT:  # (`Net(**cfg["model"])`: the dict's key; `R[cfg["type"]](**cfg)` a registry
                v = splat  # builds: each parameter's key of cfg, splat_item)
            else:
                ctx = caller if arg is not None else owner.parent or owner
                v = evaluate(arg if arg is not None else default, {},
                             lambda n, c=ctx: self.const_value(c, n, depth + 1)) \
                    if arg is not None or default is not None else _NOLIT
            if v is _NOLIT:
                return _NOLIT
            values.add(v)
        return values.pop() if len(values) == 1 else _NOLIT

    def returned_values(self, f: _Fn) -> list:
        """The values f returns that can run with the literal each of its parameters takes at every call of this
        file (or the call an expansion entered it by, bound_call): an if/elif chain on a parameter
        (`get_activation(name)`) returns only the picked branch's value (grad_unroll.reachable_returns)."""
        node = f.node
        if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock) or \
                id(f) not in self.ex.branching:
            return returned(node.body) if node is not None else []
        env = {}
        tested = {r for path in self.guards(f).values() for test, _ in path for r in refs(test)}
        for p in f.params:
            if p in f.assigns or p not in tested:
                continue
            found = self.literal_choices(cst.Name(p), f, lambda x: True)
            if found is not None and len(found) == 1:
                env[p] = next(iter(found))
        if not env:
            return returned(node.body)
        return reachable_returns(node.body.body, env, lambda n: self.const_value(f, n))

    def member_elements(self, cls: _Cls, attr: str) -> list | None:
        """The layers, in order, of a container attribute a method builds empty and grows
        (`self.layers = nn.ModuleList()` then `self.layers.append(...)` in a loop, grad_unroll), as (expression,
        method, choices); the elements of a container display it is assigned once (container_elements); None
        otherwise."""
        method, values = self.class_members(cls, attr)
        if method is not None or not values:
            return None
        if len(values) == 1:
            return self.container_elements(*values[0])
        homes = {id(ctx): ctx for _, ctx in values}
        if len(homes) != 1:
            return None
        m = next(iter(homes.values()))
        if not m.self_name or not isinstance(m.node, cst.FunctionDef) or not isinstance(m.node.body, cst.IndentedBlock):
            return None
        items = unroll(m.node.body.body, f"{m.self_name}.{attr}", lambda n: self.const_value(m, n))
        return [(e, m, chosen) for e, chosen in items] if items is not None else None

    def made_value(self, fn: _Fn, call: cst.Call, depth: int = 0):
        """The Table a config construction of the file is (`Config(model=ModelCfg(act="elu"))`, a dataclass of the
        file: its fields from the call's arguments, else their defaults; `SimpleNamespace(act="elu")`); _NOLIT for
        anything else."""
        const = lambda n: self.const_value(fn, n, depth + 1)  # noqa: E731
        merged = self.merged_arg(call, fn)
        if merged is not None:  # `deep_update(json.loads(EXPERIMENT), json.loads(args.override))`, no override
            return evaluate(merged[0], {}, const)
        if (self.ex._ext_path(call.func) or "") == "dataclasses.replace" and call.args and \
                call.args[0].keyword is None and not call.args[0].star:
            # `replace(GanConfig(), **ABLATIONS[args.ablation], lr=1e-3)`: the config with those fields changed
            got = evaluate(call.args[0].value, {}, const)
            fields = dict(got) if isinstance(got, Table) else None
            for a in call.args[1:] if fields is not None else ():
                given = evaluate(a.value, {}, const)
                if a.star == "**" and isinstance(given, Table):
                    fields.update(given)
                elif a.keyword is not None and not a.star:
                    fields[a.keyword.value] = given
                else:
                    return _NOLIT
            return Table(fields.items()) if fields is not None else _NOLIT
        if any(a.star for a in call.args):
            return _NOLIT
        if (self.ex._ext_path(call.func) or "") in ("copy.deepcopy", "copy.copy", "dict") and len(call.args) == 1 \
                and call.args[0].keyword is None:  # `copy.deepcopy(cfg["model"])`: the value copied
            got = evaluate(call.args[0].value, {}, const)
            return got if isinstance(got, Table) else _NOLIT
        if (dotted_name(call.func) or "").rpartition(".")[2] == "SimpleNamespace" and \
                all(a.keyword is not None for a in call.args):
            return Table((a.keyword.value, evaluate(a.value, {}, const)) for a in call.args)
        cls = self.names_class(call.func.value, fn) if isinstance(call.func, cst.Name) else None
        if cls is None and isinstance(call.func, cst.Name):
            return self.returned_value(fn, call, depth)
        if cls is None or cls.fields is None:
            return _NOLIT
        given = self.field_args(cls, call)
        out = []
        for n, default in cls.fields:
            v = given.get(n)
            if v is None and isinstance(default, cst.Call) and _kw(default, "default_factory") is not None:
                v = cst.Call(func=_kw(default, "default_factory"))  # `field(default_factory=ModelCfg)`
            if v is None and default is None:  # `field(default_factory=lambda: ["conv", "down"])`
                v = self.factory_default(cls, n)
            value = evaluate(v, {}, const) if v is not None else \
                evaluate(default, {}, lambda x: self.const_value(self.ex._module_fn, x, depth + 1)) \
                if default is not None else _NOLIT
            out.append((n, value))
        return Table(out)

    def returned_value(self, fn: _Fn, call: cst.Call, depth: int):
        """The value a call of a module-level function of this file whose body is one `return expr` gives, its
        parameters bound to the call's arguments or their defaults (`env_flag("FIRST_ORDER", "1")` returning
        `os.environ.get(name, default).lower() in ("1", "true")`); _NOLIT for anything else."""
        target = self.callee_fn(call, fn)
        node = target.node if target is not None and target.parent is self.ex._module_fn and \
            target.cls is None else None
        value = sole_return(node)
        if value is None:
            return _NOLIT
        const = lambda n: self.const_value(fn, n, depth + 1)  # noqa: E731
        top = lambda n: self.const_value(self.ex._module_fn, n, depth + 1)  # noqa: E731
        env = {}
        for p in target.params:
            arg = self.param_arg(target, call, p)
            default = param_default(node, p)
            v = evaluate(arg, {}, const) if arg is not None else evaluate(default, {}, top) \
                if default is not None else _NOLIT
            if v is _NOLIT:
                return _NOLIT
            env[p] = v
        return evaluate(value, env, top)

    @staticmethod
    def field_args(cls: _Cls, call: cst.Call) -> dict:
        """field name -> the argument a construction of the dataclass cls gives it, by keyword or by position."""
        names = [n for n, _ in cls.fields]
        given = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        given.update({names[i]: a.value for i, a in enumerate(a for a in call.args if a.keyword is None)
                      if i < len(names)})
        return given

    def factory_default(self, cls: _Cls, name: str):
        """The list or tuple display a module-level dataclass's field gets from `field(default_factory=lambda:
        [...])` (made_value's default of such a field); None for anything else."""
        body = self.ex._module_node.body if self.ex._module_node is not None else ()
        node = next((n for n in body if isinstance(n, cst.ClassDef) and n.name.value == cls.name), None)
        for stmt in node.body.body if node is not None and self.ex._classes.get(cls.name) is cls else ():
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and \
                        small.target.value == name and isinstance(small.value, cst.Call) and \
                        (dotted_name(small.value.func) or "").rpartition(".")[2] == "field":
                    made = _kw(small.value, "default_factory")
                    body = made.body if isinstance(made, cst.Lambda) and not made.params.params else None
                    return body if isinstance(body, (cst.List, cst.Tuple)) else None
        return None

    def guards(self, f: _Fn, defs: bool = False) -> dict:
        """id(node) -> [(test, taken)] for the calls and assigned values of f under `if` statements and conditional
        expressions: the tests over them, each with the branch the node is in (True: the body). With `defs`, for
        the functions f defines instead (`if not enabled: return fn` before `def wrapped(...)`)."""
        memo = self._guards
        if (id(f), defs) in memo:
            return memo[id(f), defs]
        out: dict = {}
        memo[id(f), defs] = out
        if id(f) not in self.ex.branching:  # (GradExtractor.visit_If / visit_IfExp)
            return out
        stack = [(f.node.body if isinstance(f.node, (cst.FunctionDef, cst.Lambda)) else self.ex._module_node, ())] \
            if f.node is not None or f is self.ex._module_fn else []
        while stack:
            node, path = stack.pop()
            if node is None or isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node is not f.node:
                if defs and path and isinstance(node, cst.FunctionDef):
                    out[id(node)] = path
                continue
            if path and not defs and isinstance(node, (cst.Call, cst.BaseExpression)):
                out[id(node)] = path
            if isinstance(node, (cst.If, cst.IfExp)):
                stack += [(node.test, path), (node.body, path + ((node.test, True),)),
                          (node.orelse, path + ((node.test, False),))]
                continue
            if isinstance(node, cst.Match):  # its cases as an if/elif chain (grad_unroll.case_tests)
                stack.append((node.subject, path))
                before = path
                for case, body, fail, _ in case_tests(node):
                    stack.append((case.body, before + (((body, True),) if body is not None else ())))
                    if fail is not None:
                        before = before + ((fail, False),)
                continue
            if isinstance(node, (cst.IndentedBlock, cst.Module)):
                after = path  # `if stage != "train" or self.weight <= 0: return`: what follows runs when it is false
                for stmt in node.body:
                    stack.append((stmt, after))
                    if _exits(stmt):
                        after = after + ((stmt.test, False),)
                continue
            stack.extend((k, path) for k in node.children)
        return out

    def reachable(self, values: list) -> list:
        """(value, function) pairs whose enclosing if tests the literals in reach do not decide against
        (`if activation == "elu": self.act = nn.ELU()` with the construction passing "hswish"; const_value, under
        the calls bound_call binds)."""
        def against(test, taken, ctx) -> bool:
            if id(test) in self._testing:  # `if self._disc is None: self._disc = D()`: the test reads the value
                return False  # it guards, not decided
            self._testing.add(id(test))
            try:
                got = self.none_test(test, ctx)  # `if weights is None:` with a dict of fast weights passed
                got = evaluate(test, {}, lambda n: self.const_value(ctx, n)) if got is None else got
                if not isinstance(got, bool):  # `if name in ("norm", "ln")` with name a loop target: each value
                    got = self.over_loop_values(test, ctx)
            finally:
                self._testing.discard(id(test))
            return isinstance(got, bool) and got is not taken

        return [(v, ctx) for v, ctx in values
                if not any(against(test, taken, ctx) for test, taken in self.guards(ctx).get(id(v), ()))]

    def none_test(self, test, fn: _Fn) -> bool | None:
        """`name is None` (False) / `name is not None` (True) for a name that is surely not None in fn
        (not_none): a parameter every call of its function here gives a container (`net.forward(x, fast_weights)`
        with `fast_weights = OrderedDict(...)`), or a local bound only to such values; None when not decided."""
        tested = _none_comparison(test)
        if tested is None or not self.not_none(test.left, fn, 0):
            return None
        return tested[1]

    def none_tested(self, f: _Fn, call: cst.Call, caller: _Fn) -> bool:
        """Whether f (a forward) tests a parameter `is None` / `is not None` in an `if` that this call decides: it
        leaves the parameter to its default None, or passes a value surely not None (not_none)."""
        if not isinstance(f.node, cst.FunctionDef) or id(f) not in self.ex.branching or \
                any(a.star for a in call.args):
            return False
        for path in self.guards(f).values():
            for test, _ in path:
                tested = _none_comparison(test)
                if tested is None or tested[0] not in f.params:
                    continue
                arg = self.param_arg(f, call, tested[0])
                default = param_default(f.node, tested[0])
                if arg is None and isinstance(default, cst.Name) and default.value == "None" or \
                        arg is not None and self.not_none(arg, caller, 0):
                    return True
        return False

    def not_none(self, v, fn: _Fn, depth: int) -> bool:
        """Whether an expression surely holds no None: a container display or comprehension, `dict(...)` /
        `OrderedDict(...)` / `list(...)`, a number or string, or a name bound only to such values in fn (a parameter:
        by every call of its function here, none leaving it to a default of None)."""
        if depth > MAX_BINDING_HOPS:
            return False
        if isinstance(v, (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp,
                          cst.GeneratorExp, cst.SimpleString, cst.Integer, cst.Float)):
            return True
        if isinstance(v, cst.Call):
            name = dotted_name(v.func) or ""
            return name.rpartition(".")[2] in ("dict", "OrderedDict", "list", "tuple", "set", "defaultdict")
        if not isinstance(v, cst.Name):
            return False
        found = self.lookup_assigns(fn, v.value)
        if found is not None:
            return bool(found[0]) and all(self.not_none(x, found[1], depth + 1) for x in found[0])
        if not self.param_of(fn, v.value):
            return False
        owner = self.param_owner(fn, v.value)
        if not isinstance(owner.node, cst.FunctionDef) or any(a.star for c, _ in self.calls_of(owner) for a in c.args):
            return False
        passed = self.every_call_args(owner, v.value)
        return passed is not None and all(self.not_none(a, ctx, depth + 1) for a, ctx in passed)

    def over_loop_values(self, test, ctx: _Fn):
        """The one truth value a test takes for every value of the one loop target it reads whose values are known
        (literal_choices: the strings a loop runs through); None when they differ or are not known."""
        looped = [n for n in sorted(refs(test)) if (found := self.lookup_assigns(ctx, n)) is not None and
                  len(found[0]) == 1 and id(found[0][0]) in self.ex._loop_iters]
        values = self.literal_choices(cst.Name(looped[0]), ctx, lambda x: True) if len(looped) == 1 else None
        if not values:
            return None
        outs = {evaluate(test, {looped[0]: v}, lambda n: self.const_value(ctx, n)) for v in values}
        return outs.pop() if len(outs) == 1 and all(isinstance(o, bool) for o in outs) else None

    def container_elements(self, v, ctx: _Fn) -> list | None:
        """The layers, in order, an nn.Sequential / nn.ModuleList construction holds, as (expression, function,
        choices): its arguments, a list display, a comprehension over a literal range, or a list the function
        builds in loops (`nn.Sequential(*layers)`, grad_unroll), with the arms and keys each round picks
        (grad_unroll.picked's choices, for choosing). None when not shown (an OrderedDict, keywords, a list grown
        elsewhere)."""
        v = _unchain(v)
        api = self.torch_api(v) if isinstance(v, cst.Call) else None
        if api not in ("torch.nn.Sequential", "torch.nn.ModuleList") or any(a.keyword for a in v.args):
            return None
        args = v.args
        ordered = api == "torch.nn.Sequential" and len(args) == 1 and not args[0].star and \
            self.ordered_dict_name(args[0].value, ctx)  # `nn.Sequential(layers)`, `layers = OrderedDict()` filled
        if api == "torch.nn.Sequential" and not any(a.star for a in args) and not ordered:
            if len(args) == 1 and isinstance(args[0].value, cst.Call) and \
                    (dotted_name(args[0].value.func) or "").rpartition(".")[2] in ("OrderedDict", "dict"):
                return None
            return [(a.value, ctx, {}) for a in args]
        if len(args) != 1 or args[0].star not in ("", "*") or \
                (api == "torch.nn.Sequential") != (args[0].star == "*" or ordered):
            return None
        inner = args[0].value
        const = lambda n: self.const_value(ctx, n)  # noqa: E731
        if isinstance(inner, (cst.List, cst.Tuple)):
            if any(isinstance(el, cst.StarredElement) for el in inner.elements):
                return None
            return [(el.value, ctx, {}) for el in inner.elements]
        if isinstance(inner, (cst.ListComp, cst.GeneratorExp)):
            comp = inner.for_in
            if comp.inner_for_in is not None or comp.ifs:
                return None
            rounds = evaluate(comp.iter, {}, const)
            if not isinstance(rounds, (tuple, list)):
                return None
            out = []
            for value in rounds:
                env: dict = {}
                bind_target(comp.target, value, env)
                e, chosen = picked(inner.elt, env, const)
                out.append((e, ctx, chosen))
            return out
        if ordered and isinstance(inner, cst.Call):  # `nn.Sequential(build_layers(variant))`: the dict it fills
            d = self.lookup_def(ctx, inner.func.value) if isinstance(inner.func, cst.Name) else None
            name = self.returned_ordered_dict(d) if d is not None else None
            items = unroll(d.node.body.body, name, lambda n: self.const_value(d, n)) if name is not None else None
            return [(e, d, chosen) for e, chosen in items] if items is not None else None
        if isinstance(inner, cst.Name):
            found = self.lookup_assigns(ctx, inner.value)
            f = found[1] if found is not None else None
            body = self.ex._module_node.body if f is self.ex._module_fn and self.ex._module_node is not None else \
                f.node.body.body if f is not None and isinstance(f.node, cst.FunctionDef) and \
                isinstance(f.node.body, cst.IndentedBlock) else None
            items = unroll(body, inner.value, lambda n: self.const_value(f, n)) if body is not None else None
            return [(e, f, chosen) for e, chosen in items] if items is not None else None
        return None

    def ordered_dict_name(self, expr, fn: _Fn) -> bool:
        """Whether expr is a name fn's scope binds to an empty `OrderedDict()` (the layers its item assignments put
        in, in order: grad_unroll.unroll), or a call of a function of the file returning such a name."""
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
            d = self.lookup_def(fn, expr.func.value)
            return d is not None and self.returned_ordered_dict(d) is not None
        found = self.lookup_assigns(fn, expr.value) if isinstance(expr, cst.Name) else None
        return found is not None and any(isinstance(x, cst.Call) and not x.args and
                                         (dotted_name(x.func) or "").rpartition(".")[2] == "OrderedDict"
                                         for x in found[0])

    def returned_ordered_dict(self, d: _Fn) -> str | None:
        """The name a function of the file returns (its only return) when its body binds it to `OrderedDict()`."""
        if not isinstance(d.node, cst.FunctionDef) or not isinstance(d.node.body, cst.IndentedBlock):
            return None
        values = returned(d.node.body)
        if len(values) != 1 or not isinstance(values[0], cst.Name) or not self.ordered_dict_name(values[0], d):
            return None
        return values[0].value

    def index_value(self, expr, fn: _Fn, depth: int = 0) -> int | None:
        """The non-negative int `expr` is (`model[4]`, `model[layer_idx]`): a literal, a name every assignment
        of which gives the same one, or a parameter every call of its function in this file gives the same one
        (its default when a call leaves it out). None otherwise (no call, a starred call, two values)."""
        values = self.literal_choices(expr, fn, lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
                                      depth)
        return values.pop() if values is not None and len(values) == 1 else None

    def literal_choices(self, expr, fn: _Fn, ok, depth: int = 0) -> set | None:
        """The literals `expr` can be, each passing `ok`: a literal, a name bound only to such (each assignment),
        or a parameter of a file function bound by every call of it in this file (its default when a call
        leaves it out: `EnergyMLP(act="gelu_tanh")` makes `act` "gelu_tanh"). None when any is not known (no
        call, a starred call, a value that is not such a literal)."""
        lit = _literal(expr)
        if lit is _NOLIT and (isinstance(expr, cst.Subscript) or isinstance(expr, cst.Attribute) and not isinstance(
                expr.value, cst.Name)) and depth <= MAX_CLASS_HOPS:  # (`act.name`: attribute_choices asks)
            held = self.enum_choices(expr, fn, depth)  # `Act[name]`, `cfg.act.name` (grad_enums)
            if held is not _NOLIT:
                return held if held and all(ok(h) for h in held) else None
        if isinstance(expr, cst.FormattedString) and depth <= MAX_CLASS_HOPS:
            return self.fstring_choices(expr, fn, ok, depth)
        if lit is _NOLIT and isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and \
                depth <= MAX_CLASS_HOPS:
            held = self.attribute_choices(expr, fn, ok, depth)
            if held is not _NOLIT:
                return held
        if lit is _NOLIT and isinstance(expr, cst.Attribute) and self.parsed_args(expr, fn):
            default = self.argparse_default(expr.attr.value)  # `parser.parse_args().profile`: no option given
            return self.literal_choices(default, self.ex._module_fn, ok, depth + 1) if default is not None else None
        if lit is _NOLIT and isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Attribute) and \
                isinstance(expr.value.value, cst.Name) and depth <= MAX_CLASS_HOPS:
            held = self.field_choices(expr.value, expr.attr.value, fn, ok, depth)  # `self.cfg.act`
            if held is not _NOLIT:
                return held
        if lit is _NOLIT and isinstance(expr, cst.Attribute) and depth <= MAX_CLASS_HOPS:
            held = self.attr_tree_choices(expr, fn, ok)  # `cfg.model.act`, cfg = EasyDict({...}) / OmegaConf.load(...)
            if held is not _NOLIT:
                return held
        if lit is _NOLIT and not isinstance(expr, cst.Name) and expr is not None and depth <= MAX_CLASS_HOPS:
            # `CONFIG["act"]`, `SPEC[0][1]`: a value of the file's constant tables (const_value)
            lit = evaluate(expr, {}, lambda n: self.const_value(fn, n, depth + 1))
            lit = lit if isinstance(lit, (str, int, float, bool)) or lit is None else _NOLIT
            if lit is _NOLIT and isinstance(expr, cst.Subscript):
                rows = self.row_choices(expr, fn, depth)  # `ACTS[row["name"]]` over a literal list of row dicts
                if rows is not None:
                    return rows if rows and all(ok(v) for v in rows) else None
        if lit is not _NOLIT or not isinstance(expr, cst.Name) or depth > MAX_CLASS_HOPS:
            return {lit} if lit is not _NOLIT and ok(lit) else None
        found = self.lookup_assigns(fn, expr.value)
        parts = []
        if found is not None:  # (the target of one loop, bound nowhere else: each element of what it runs through)
            parts = [(self.element_choices(v, found[1], ok, depth + 1) if len(found[0]) == 1 else None)
                     if id(v) in self.ex._loop_iters else
                     self.literal_choices(v, found[1], ok, depth + 1) for v in found[0]]
        elif self.param_of(fn, expr.value):
            owner = self.param_owner(fn, expr.value)
            calls = self.calls_of(owner)
            if not calls or not isinstance(owner.node, cst.FunctionDef) or \
                    any(a.star == "*" for c, _ in calls for a in c.args):
                return None
            default = param_default(owner.node, expr.value)
            for call, caller in calls:
                arg = self.param_arg(owner, call, expr.value)
                if arg is None and any(a.star for a in call.args):  # `Net(**MODEL)`: MODEL's key, else not known
                    held = self.splat_arg(call, caller, expr.value)
                    if held is None:  # (`Net(**cfg["model"])`: the key of the dict it evaluates to)
                        got = self.splat_value(call, caller, expr.value, depth)
                        if got is _ABSENT:
                            parts.append(self.literal_choices(default, owner, ok, depth + 1)
                                         if default is not None else None)
                        elif isinstance(got, (str, int, float, bool)) or got is None:
                            parts.append({got} if ok(got) else None)
                        else:
                            return None  # (not known, or no literal)
                        continue
                    arg, caller = held if held[0] is not None else (None, caller)
                parts.append(self.literal_choices(arg, caller, ok, depth + 1) if arg is not None else
                             self.literal_choices(default, owner, ok, depth + 1) if default is not None else None)
        return union_or_none(parts)

    def attr_tree_choices(self, expr: cst.Attribute, fn: _Fn, ok):
        """literal_choices of an attribute read of a dict of this file wrapped in an attribute tree (`cfg.model.act`
        with `cfg = EasyDict({...})`, `OmegaConf.create(...)`, a config file read as one: config_text): the
        literals held there (None when one is not known or fails `ok`); _NOLIT for any other attribute."""
        ref = self.dict_ref(expr, fn)
        if ref is None or not ref.attrs or not ref.path:
            return _NOLIT
        values = self.dict_values(ref)
        if not values or UNKNOWN in values:
            return None if values is not None else _NOLIT
        lits = literal_reprs(values)
        return set(lits) if lits is not None and all(ok(lit) for lit in lits) else None

    def fstring_choices(self, expr: cst.FormattedString, fn: _Fn, ok, depth: int) -> set | None:
        """literal_choices of an f-string (`f"head_{self.active}"`): each string its holes' known literals make (at
        most 16); None when a hole has a format spec or conversion, or its values are not known."""
        texts = {""}
        for part in expr.parts:
            if isinstance(part, cst.FormattedStringText):
                texts = {t + part.value for t in texts}
                continue
            if part.format_spec is not None or part.conversion is not None:
                return None
            values = self.literal_choices(part.expression, fn, lambda v: isinstance(v, (str, int)), depth + 1)
            if not values or any(isinstance(v, bool) for v in values):
                return None
            texts = {t + str(v) for t in texts for v in values}
            if len(texts) > 16:
                return None
        return texts if all(ok(t) for t in texts) else None

    def sequence_displays(self, seq, fn: _Fn, depth: int = 0, kinds: tuple = (cst.List, cst.Tuple, cst.Set)) \
            -> list | None:
        """The list, tuple or set displays (each with its function) a sequence a loop runs through can be: a display;
        `list(x)` / `tuple(x)` / `sorted(x)` of one; a name bound only to such; `self.x` or a SimpleNamespace's attribute
        holding one; a parameter (what every call of the file passes, its default where a call leaves it out);
        `cfg.acts` with cfg a construction of the file's dataclass (the argument, else the field's default or
        `field(default_factory=lambda: [...])`). None when any is not known. With kinds=(cst.Dict,): the dict
        displays a dict can be, the same way."""
        if depth > MAX_CLASS_HOPS or seq is None:
            return None
        if isinstance(seq, kinds):
            return None if any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in seq.elements) \
                else [(seq, fn)]
        if isinstance(seq, cst.Call) and dotted_name(seq.func) in ("list", "tuple", "sorted", "reversed") and \
                len(seq.args) == 1 and seq.args[0].keyword is None and not seq.args[0].star and \
                self.lookup_def(fn, seq.func.value) is None and cst.Dict not in kinds:
            return self.sequence_displays(seq.args[0].value, fn, depth + 1, kinds)
        held = []
        if isinstance(seq, cst.Name):
            found = self.lookup_assigns(fn, seq.value)
            if found is not None:
                held = [(v, found[1]) for v in found[0]]
            elif self.param_of(fn, seq.value):
                held = self.args_or_default(fn, seq.value)
        elif isinstance(seq, cst.Attribute) and isinstance(seq.value, cst.Name):
            owner, attr = seq.value, seq.attr.value
            cls = self.class_of(owner, fn) if any(f.self_name == owner.value for f in enclosing(fn)) else None
            if cls is not None:
                method, values = self.class_members(cls, attr)
                held = list(values) if method is None else []
            else:
                held = list(self.namespace_attr(owner, attr, fn) or ()) or self.field_values(owner, attr, fn, depth)
        if not held:
            return None
        out = []
        for v, ctx in held:
            got = self.sequence_displays(v, ctx, depth + 1, kinds) if v is not None else None
            if got is None:
                return None
            out += got
        return out

    def loop_rows(self, it, fn: _Fn) -> list | None:
        """(row, function) of each row a loop over `it` takes: the elements of the displays it can be, or for
        `d.values()` / the `d` of `d.items()` the values of the dict displays d can be. None when not known."""
        base = _values_of(it)
        if base is not None or id(it) in self.ex._dict_rows:
            shown = self.sequence_displays(it if base is None else base, fn, kinds=(cst.Dict,))
        else:
            shown = self.sequence_displays(it, fn)
        return None if shown is None else [(e.value, c) for display, c in shown for e in display.elements]

    @staticmethod
    def element_at(row, at: tuple[int, ...]):
        """The element of a (nested) tuple or list display at position `at`; None when the row is no such display."""
        for i in at:
            if not (isinstance(row, (cst.Tuple, cst.List)) and i < len(row.elements) and
                    not any(isinstance(e, cst.StarredElement) for e in row.elements)):
                return None
            row = row.elements[i].value
        return row

    def row_elements(self, it, name: str, fn: _Fn) -> list | None:
        """(element, function) a name of a tuple loop target over `it` takes in each row (`for cls, kw in
        SPEC.values()`: each row's first element); None when a row is not a display of the right length."""
        at = self.ex._row_index.get((id(it), name))
        rows = self.loop_rows(it, fn) if at is not None else None
        if rows is None:
            return None
        out = []
        for row, c in rows:
            el = self.element_at(row, at)
            if el is None:
                return None
            out.append((el, c))
        return out

    def itemgetter_elements(self, f, seqs: list, fn: _Fn) -> list | None:
        """(element, function) of each row `map(operator.itemgetter(i), rows)` takes (each row's element i, the
        rows known displays: loop_rows); None for any other function, or when a row is not a display that long."""
        if not (isinstance(f, cst.Call) and self.ex._ext_path(f.func) == "operator.itemgetter" and len(f.args) == 1
                and len(seqs) == 1 and not f.args[0].star and not f.args[0].keyword and not seqs[0].star):
            return None
        at = _literal(f.args[0].value)
        rows = self.loop_rows(seqs[0].value, fn) if isinstance(at, int) and not isinstance(at, bool) else None
        picked = [(self.element_at(row, (at,)), c) for row, c in rows or ()]
        return picked if rows is not None and all(e is not None for e, _ in picked) else None

    def field_values(self, owner: cst.Name, attr: str, fn: _Fn, depth: int) -> list:
        """(value, function) of field `attr` of each construction of the file's dataclass that `owner` (a name or
        parameter) is bound to: the construction's argument, else the field's default (a `field(default_factory=
        lambda: [...])`'s display). [] when any binding is no such construction."""
        found = self.lookup_assigns(fn, owner.value)
        values = [(v, found[1]) for v in found[0]] if found is not None else \
            self.args_or_default(fn, owner.value) if self.param_of(fn, owner.value) else []
        out = []
        for v, ctx in values:
            if isinstance(v, cst.Name) and depth < MAX_CLASS_HOPS:
                got = self.field_values(v, attr, ctx, depth + 1)
                if not got:
                    return []
                out += got
                continue
            cls = self.names_class(v.func.value, ctx) if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) \
                else None
            if cls is None or cls.fields is None or any(a.star for a in v.args):
                return []
            if attr not in dict(cls.fields):
                return []
            given = self.field_args(cls, v).get(attr)
            if given is not None:
                out.append((given, ctx))
                continue
            default = dict(cls.fields)[attr]
            made = self.factory_default(cls, attr) if default is None else default
            if made is None:
                return []
            out.append((made, self.ex._module_fn))
        return out

    def element_choices(self, seq, fn: _Fn, ok, depth: int) -> set | None:
        """literal_choices of the elements of a sequence a loop runs through (`for act in cfg.acts:`, `zip(widths,
        ACTS)`): those of every display sequence_displays finds. None when any element is not known."""
        shown = self.sequence_displays(seq, fn, depth)
        if not shown or any(not display.elements for display, _ in shown):
            return None
        return union_or_none(self.literal_choices(e.value, ctx, ok, depth + 1)
                             for display, ctx in shown for e in display.elements)

    def row_choices(self, expr: cst.Subscript, fn: _Fn, depth: int) -> set | None:
        """`row["name"]` (or `row["a"]["b"]`, `layer[1]`) with `row` the target of a loop over a literal sequence of
        dicts or tuples (`for row in SPEC`, `for i, layer in enumerate(arch)` with arch a parameter every call binds
        to a constant, through const_value): what each row holds there. A row without the key never reaches the read
        (it would raise) and counts for nothing; so does a row for which an `if` over the read is false (`elif
        layer[0] == "act": ACTS[layer[1]]`, the loop's names bound to that row). None when a row or a value is not
        known."""
        keys = []
        root = expr
        while isinstance(root, cst.Subscript):
            if len(root.slice) != 1 or not isinstance(root.slice[0].slice, cst.Index):
                return None
            keys.insert(0, _literal(root.slice[0].slice.value))
            root = root.value
        if not isinstance(root, cst.Name) or any(k is _NOLIT for k in keys):
            return None
        found = self.lookup_assigns(fn, root.value)
        if found is None or len(found[0]) != 1 or id(found[0][0]) not in self.ex._loop_iters:
            return None
        it = found[0][0]

        def const(n):
            return self.const_value(found[1], n, depth + 1)
        seq = evaluate(it, {}, const)
        if not isinstance(seq, tuple) or isinstance(seq, Table):
            return None
        names = {name: at for (i, name), at in self.ex._row_index.items() if i == id(it)} or {root.value: ()}
        tests = self.guards(fn).get(id(expr), ()) if found[1] is fn else ()
        out = set()
        for row in seq:
            env = {}
            for name, at in names.items():
                v = _row_item(row, at)
                if v is not _NOLIT:
                    env[name] = v
            if root.value not in env:
                return None
            if any(isinstance(got := evaluate(test, env, const), bool) and got is not taken for test, taken in tests):
                continue  # (a row the `if` over the read turns away)
            v = env[root.value]
            for k in keys:
                v = v.lookup(k) if isinstance(v, Table) else _row_item(v, (k,)) if isinstance(v, tuple) and \
                    isinstance(k, int) else None
                if v is None:
                    return None  # (a value not known)
                if v is _NOLIT:
                    break  # (a key the row lacks)
            else:
                if not (isinstance(v, (str, int, float, bool)) or v is None):
                    return None  # (a value not known)
                out.add(v)
        return out

    def attribute_choices(self, expr: cst.Attribute, fn: _Fn, ok, depth: int):
        """literal_choices of `self.act_name` (every value the class assigns the attribute, `self.act_name = act`
        in __init__ taking what its constructions pass), of `cfg.act` with cfg a `SimpleNamespace(act=...)`
        (namespace_attr) and of `args.act` with `args = parser.parse_args()` (the `default=` of the file's
        `add_argument("--act", ...)`, what the script runs when given no option); _NOLIT for any other attribute."""
        held = self.enum_choices(expr, fn, depth)  # `Act.GELU`, `act.value` (grad_enums)
        if held is not _NOLIT:
            return held if held and all(ok(h) for h in held) else None
        owner, attr = expr.value, expr.attr.value
        cls = self.class_of(owner, fn) if any(f.self_name == owner.value for f in enclosing(fn)) else None
        if cls is not None:
            method, values = self.class_members(cls, attr)
            if method is not None or not values:
                return _NOLIT
            return union_or_none(self.literal_choices(v, ctx, ok, depth + 1) for v, ctx in values)
        held = self.namespace_attr(owner, attr, fn)
        if held:  # `cfg.act`, cfg (or the argument every call gives it) a `SimpleNamespace(act="prelu", ...)`
            return union_or_none(self.literal_choices(v, ctx, ok, depth + 1) if v is not None else None
                                 for v, ctx in held)
        held = self.class_attr_values(owner, attr, fn)
        if held:  # `cfg.act`, cfg the file's `class Cfg: act = "prelu"` or an instance of it
            return union_or_none(self.literal_choices(v, ctx, ok, depth + 1) for v, ctx in held)
        if not self.parsed_args(expr, fn):
            return self.field_choices(owner, attr, fn, ok, depth)
        default = self.argparse_default(attr)
        return self.literal_choices(default, self.ex._module_fn, ok, depth + 1) if default is not None else None

    def field_choices(self, owner, attr: str, fn: _Fn, ok, depth: int):
        """literal_choices of `cfg.act` / `self.cfg.act`, cfg an instance of the file's dataclass (bound here, held by
        the instance, or passed by every caller): what its constructions give the field (`Config(act=args.act)`:
        the argparse default), its default where they leave it out; _NOLIT when owner is no such instance."""
        cls = self.class_of(owner, fn) or (self.passed_class(owner.value, fn) if isinstance(owner, cst.Name) else None)
        values = self.field_bindings(cls, attr) if cls is not None and cls.fields else None
        if values is None:
            return _NOLIT
        return union_or_none(self.literal_choices(v, ctx, ok, depth + 1) if v is not None else None
                             for v, ctx in values)

    def argparse_default(self, attr: str) -> cst.BaseExpression | None:
        """The `default=` of the file's one `add_argument` for `args.<attr>` (False / True for a store_true /
        store_false flag without one); None when there is not exactly one such call with a default, or the file
        sets `<x>.<attr>` on anything but an instance (`args.primitives = args.primitives[:3]`)."""
        if f".{attr}" in self.module_attr_writes():
            return None
        defaults = []
        for c, _ in self.calls_named("add_argument"):
            names = [_literal(a.value) for a in c.args if a.keyword is None]
            dest = _kw(c, "dest")
            flags = {n.lstrip("-").replace("-", "_") for n in names if isinstance(n, str)}
            if (_literal(dest) == attr) if dest is not None else attr in flags:
                given = _kw(c, "default")
                if isinstance(given, cst.Attribute) and isinstance(given.value, cst.Name) and \
                        given.value.value in self.ex._classes:  # `default=Config.act`: that dataclass field's default
                    given = dict(self.ex._classes[given.value.value].fields or ()).get(given.attr.value, given)
                action = _literal(_kw(c, "action")) if _kw(c, "action") is not None else None
                defaults.append(given if given is not None else
                                cst.Name("False") if action == "store_true" else cst.Name("True")
                                if action == "store_false" else None)
        given = self.parser_default(attr)
        if given is not None:  # (`parser.set_defaults(...)` wins over every argument's own default)
            return given if given is not _NOLIT else None
        return defaults[0] if len(defaults) == 1 else None

    def parser_default(self, attr: str):
        """The literal the file's `parser.set_defaults(...)` calls give `args.<attr>` (`set_defaults(loss=cfg.loss)`,
        `set_defaults(**{k: v for k, v in vars(cfg.model).items() if ...})`, evaluated where they are written),
        as an expression; None when none of them gives it, _NOLIT when one may but what is not known."""
        found = None
        for c, f in self.calls_named("set_defaults"):
            const = lambda n, f=f: self.const_value(f, n)  # noqa: E731
            for a in c.args:
                if a.keyword is not None and a.keyword.value == attr:
                    v = evaluate(a.value, {}, const)
                elif a.star == "**":
                    table = evaluate(a.value, {}, const)
                    if not isinstance(table, Table):
                        return _NOLIT
                    v = table.lookup(attr)
                    if v is _NOLIT:
                        continue
                else:
                    continue
                if not (v is None or isinstance(v, (bool, int, float, str))):
                    return _NOLIT
                if found is not None and found != repr(v):
                    return _NOLIT  # (two calls giving it different values)
                found = repr(v)
        return cst.parse_expression(found) if found is not None else None

    def key_choices(self, expr: cst.Subscript, fn: _Fn) -> set | None:
        """The string keys `d[k]` can be looked up with: bound_key's one key, or for `d[cfg.kind]` with `cfg` an
        instance of the file's dataclass (bound here or passed by every caller) the literal strings its
        constructions give `kind` (field_bindings). None when any is not a literal string."""
        key = self.bound_key(expr, fn)
        if key is not None:
            return {key}
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return None
        k = expr.slice[0].slice.value
        if id(k) in self._choices:  # `ACTS[arg]()` in an unrolled loop's round (choosing)
            return {self._choices[id(k)]} if isinstance(self._choices[id(k)], str) else None
        if isinstance(k, cst.Name):  # `NONLINEARITIES[act]`, `act` a parameter every call of the file binds
            return self.literal_choices(k, fn, lambda v: isinstance(v, str)) or self.looped_choices(k, fn, expr)
        if not (isinstance(k, cst.Attribute) and isinstance(k.value, cst.Name)):
            # `ACTS[cfg.model.act]`, `ACTS[cfg.get("act", "elu").lower()]`: a string of the file's constants
            return self.literal_choices(k, fn, lambda v: isinstance(v, str))
        held = self.attribute_choices(k, fn, lambda v: isinstance(v, str), 0)  # `ACTS[self.act_name]`, `args.act`
        if held is not _NOLIT:
            return held
        cls = self.class_of(k.value, fn) or self.passed_class(k.value.value, fn) or \
            self.annotated_config(k.value.value, fn)
        values = self.field_bindings(cls, k.attr.value) if cls is not None else None
        out = set()
        for v, ctx in values or ():  # (a literal, or what `Config(act=args.act)` passes: the argparse default)
            got = self.literal_choices(v, ctx, lambda x: isinstance(x, str)) if v is not None else None
            if not got:
                return None
            out |= got
        return out or None

    def looped_choices(self, k: cst.Name, fn: _Fn, at: cst.CSTNode) -> set | None:
        """key_choices of a table key (read at `at`) that is the target of the loop around it (`for name in
        ["conv_hswish", "down"]:`, `for name in cfg.blocks:` with cfg a construction of the file's dataclass, its
        list field's default or the list a construction passes): the strings the iterable holds, through the
        file's constants (const_value). None when the name is bound other than by loops, or any element is not a
        known string."""
        found = self.lookup_assigns(fn, k.value) if not self.param_of(fn, k.value) else None
        if found is None or not all(id(v) in self.ex._loop_iters for v in found[0]):
            return None
        ctx = found[1]
        it = found[0][0] if len(found[0]) == 1 else self.loop_iter_at(ctx, k.value, at)
        if it is None:
            return None
        seqs = [evaluate(it, {}, lambda n: self.const_value(ctx, n))]
        if seqs[0] is _NOLIT and isinstance(it, cst.Attribute) and isinstance(it.value, cst.Name):
            tables = self.param_tables(it.value.value, ctx)  # `cfg.blocks`, cfg a config object passed down
            seqs = [t.lookup(it.attr.value) for t in tables or ()] or seqs
        elif seqs[0] is _NOLIT and isinstance(it, cst.Name) and self.param_of(ctx, it.value) and \
                (owner := param_owner_of(ctx, it.value)) is not None:
            # `OPS[name](c) for name in primitives`: the lists every call of the file passes (`hp.primitives`)
            passed = self.every_call_args(owner, it.value)
            seqs = [evaluate(a, {}, lambda n, f=f: self.const_value(f, n)) for a, f in passed] \
                if passed is not None else [_NOLIT]
        out: set = set()
        for seq in seqs:
            if not isinstance(seq, tuple) or isinstance(seq, Table) or not seq or \
                    not all(isinstance(s, str) for s in seq):
                return None
            out.update(seq)
        return out

    def loop_iter_at(self, fn: _Fn, name: str, at: cst.CSTNode):
        """The iterable of the innermost `for name in ...:` of fn's body around `at`; None when there is none."""
        body = self.ex._module_node.body if fn is self.ex._module_fn and self.ex._module_node is not None else \
            fn.node.body.body if isinstance(fn.node, cst.FunctionDef) and \
            isinstance(fn.node.body, cst.IndentedBlock) else ()
        best = None
        for st in body:
            for n in _walk(st):
                if isinstance(n, cst.For) and _target_names(n.target) == [name] and \
                        any(x is at for x in _walk(n.body)) and \
                        (best is None or any(x is n for x in _walk(best.body))):
                    best = n
        return best.iter if best is not None else None

    def param_tables(self, name: str, fn: _Fn, depth: int = 0) -> list | None:
        """The config objects (Tables, made_value) a parameter holds: at each call of this file, the argument (a
        construction of the file's dataclass, or a parameter of the caller, followed there) or the default it leaves
        in place; a function the file never calls runs with its default (`def main(cfg=Config()):`). None when one
        is not known."""
        owner = param_owner_of(fn, name)
        if owner is None or depth > MAX_CLASS_HOPS or not isinstance(owner.node, cst.FunctionDef):
            return None
        passed = self.args_or_default(owner, name)
        if not passed and not self.calls_of(owner):
            default = param_default(owner.node, name)
            passed = [(default, owner.parent or self.ex._module_fn)] if default is not None else []
        if not passed:
            return None
        out = []
        for a, f in passed:
            got = [self.made_value(f, a)] if isinstance(a, cst.Call) else \
                self.param_tables(a.value, f, depth + 1) if isinstance(a, cst.Name) and self.param_of(f, a.value) \
                else [evaluate(a, {}, lambda n, f=f: self.const_value(f, n))]
            if not got or not all(isinstance(t, Table) for t in got):
                return None
            out.extend(got)
        return out

    def key_field(self, expr: cst.Subscript, fn: _Fn, depth: int = 0) -> tuple[str, str] | None:
        """For `d[cfg.act]` whose key no construction in this file names (key_choices is None): (class part,
        field) of GradOp.when: the class part "<module>:<Class>:<index>:<default>" when cfg is an instance of the
        file's dataclass with that field (another file's calls bind it, or leave the default), else "" (only the
        field's name is known). A key that is a parameter every call of the file binds to the same `cfg.<field>`
        (`ACTS[act]` in `Block(d, cfg.act)`) reads that field. None otherwise."""
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return None
        return self._key_field(expr.slice[0].slice.value, fn, depth)

    def _key_field(self, k, fn: _Fn, depth: int) -> tuple[str, str] | None:
        if depth > MAX_CLASS_HOPS:
            return None
        if isinstance(k, cst.Subscript):  # `ACTS[cfg["encoder"]["act"]]`: the field "cfg.encoder.act"
            held = self.param_path(k, fn)
            if held is not None:
                return self.key_path_field(held[0], held[1], fn, depth)
            row = _subscript_key(k) if isinstance(k.value, cst.Name) else None
            looped = self.looped_field(k.value, fn) if isinstance(row, str) and when_safe(row, also="&+:=[]. ") \
                else None
            if looped is not None and looped[1] is None:  # `for layer in spec: ACTS[layer["name"]]`: each row's
                return self.row_key_field(looped[0], row, fn, depth)  # "name" (list_field "spec[name]")
            return self.imported_key(k, fn)
        if isinstance(k, (cst.Attribute, cst.Call)):  # `cfg.model.act`, `getattr(cfg.model, "act", "tanh")`
            held = self.param_attr_path(k, fn)
            if held is not None and len(held[1]) > 1:
                return self.key_path_field(held[0], held[1], fn, depth)
            if held is not None and isinstance(k, cst.Call):  # `getattr(cfg, "act")`: as `cfg.act`
                k = cst.Attribute(value=cst.Name(held[0]), attr=cst.Name(held[1][0]))
        consts = self.constant_key(k, fn) or self.looped_constants(k, fn)
        if consts is not None:  # `BLOCKS[config.BLOCK]`; `for name in names: BLOCKS[name]`, names another module's
            return consts
        looped = self.looped_field(k, fn)
        if looped is not None:  # `for name in cfg.blocks: BLOCKS[name]`: any string of the list field
            return self.row_key_field(looped[0], looped[1], fn, depth)
        held = self.held_key(k, fn)
        if held is not None:  # `ACTS[self.act_name]`, `self.act_name = act` (or `cfg["act"]`) in __init__
            return self._key_field(held[0], held[1], depth + 1)
        if isinstance(k, cst.Name) and self.param_of(fn, k.value):
            passed = self.caller_args(fn, k.value) + self.super_init_args(fn, k.value)
            if not passed:
                return self.open_key(fn, k.value)
            found = {self._key_field(a, f, depth + 1) for a, f in passed}
            return found.pop() if len(found) == 1 and None not in found else None
        if isinstance(k, cst.Attribute) and isinstance(k.value, cst.Name) and self.project_made(k.value.value, fn):
            return "", k.attr.value  # `cfg = get_config([])` (or `TrainConfig()`) of another file: its field
        if isinstance(k, cst.Attribute) and self.config_field(k.value, fn):
            return "", k.attr.value  # `s = self.spec` ... `ACTS[s.act]`, spec a dataclass field: what configs give act
        if not (isinstance(k, cst.Attribute) and isinstance(k.value, cst.Name) and self.param_of(fn, k.value.value)):
            return None
        cls = self.class_of(k.value, fn) or self.passed_class(k.value.value, fn)
        if cls is None:
            return "", k.attr.value
        names = [n for n, _ in cls.fields or ()]
        if k.attr.value not in names or not self.ex.module:
            return None
        default = _literal(dict(cls.fields)[k.attr.value]) if dict(cls.fields)[k.attr.value] is not None else _NOLIT
        if not isinstance(default, str) or ":" in default or "|" in default:
            return None
        return f"{self.ex.module}:{cls.name}:{names.index(k.attr.value)}:{default}", k.attr.value

    def config_field(self, v, fn: _Fn) -> bool:
        """`self.spec` (or a name fn binds once to it) with `spec` a field without a default of the dataclass
        whose method fn is (`spec: SurrogateSpec`, the layers built in `__post_init__`): a config given at
        construction, whose own fields the other files' configs say."""
        if isinstance(v, cst.Name) and not self.param_of(fn, v.value):
            found = self.lookup_assigns(fn, v.value)
            v = found[0][0] if found is not None and len(found[0]) == 1 and found[1] is fn else None
        if not (isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name)):
            return False
        owner = next((f for f in enclosing(fn) if f.self_name == v.value.value and f.cls is not None), None)
        fields = dict(owner.cls.fields or ()) if owner is not None else {}
        return v.attr.value in fields and fields[v.attr.value] is None

    def project_made(self, name: str, fn: _Fn) -> bool:
        """Whether `name` is bound once in fn, not a parameter, to a call of another project module's function or
        class (`cfg = get_config([])`, `cfg = TrainConfig()`): what its attributes hold, the configs say."""
        found = self.lookup_assigns(fn, name) if not self.param_of(fn, name) else None
        made = found[0][0] if found is not None and len(found[0]) == 1 else None
        return isinstance(made, cst.Call) and isinstance(made.func, (cst.Name, cst.Attribute)) and \
            self.project_target(made.func, found[1]) is not None

    def held_sequence(self, it, fn: _Fn):
        """(the sequence, its function) a loop's iterable names: `self.keys` with `self.keys =
        list(hparams.HEAD_KEYS)` the one value its class assigns -> `hparams.HEAD_KEYS`; `list(x)` / `tuple(x)` ->
        x; anything else as it is."""
        if isinstance(it, cst.Attribute) and isinstance(it.value, cst.Name) and \
                any(f.self_name == it.value.value for f in enclosing(fn)):
            cls = self.class_of(it.value, fn)
            method, values = self.class_members(cls, it.attr.value) if cls is not None else (None, [])
            if method is None and len(values) == 1:
                it, fn = values[0]
        if isinstance(it, cst.Call) and dotted_name(it.func) in ("list", "tuple") and len(it.args) == 1 and \
                it.args[0].keyword is None and not it.args[0].star:
            it = it.args[0].value
        return it, fn

    def imported_key(self, k: cst.Subscript, fn: _Fn) -> tuple[str, str] | None:
        """_key_field of a table key read from another project module's config dict (`LOSSES[CFG["loss"]]` with
        `from config import CFG`): the field "&<module>:<name>.<key>...[]", the one string held there read as a
        one-key list (ms_scan.project's constant_list). None otherwise."""
        ref = self.dict_ref(k, fn)
        if ref is None or ref.root[0] != "import" or any(ref.gets) or not ref.path or \
                not all(isinstance(p, str) and p.isidentifier() for p in ref.path):
            return None
        module, name = ref.root[1], ref.root[2]
        if not when_safe(module, name, also="&+:=[]."):
            return None
        return "", f"&{module}:{name}.{'.'.join(ref.path)}{LIST_FIELD}"

    def constant_key(self, k, fn: _Fn) -> tuple[str, str] | None:
        """_key_field of a table key that is a module-level name of another project module (`BLOCKS[config.BLOCK]`,
        `BLOCKS[BLOCK]` with `from config import BLOCK`): the field "&<module>:<name>[]" of looped_constants, read
        as the one-key list the string constant is (ms_scan.project). None otherwise."""
        target = self.project_target(k, fn) if isinstance(k, (cst.Name, cst.Attribute)) else None
        if target is None or not when_safe(*target, also="&+:=[]"):
            return None
        return "", f"&{target[0]}:{target[1]}{LIST_FIELD}"

    def looped_constants(self, k, fn: _Fn) -> tuple[str, str] | None:
        """_key_field of a table key that is the target of fn's one loop over a module-level name of another
        project module (`for name in config.TRUNK_BLOCKS:`), or over a parameter every call binds to such a name
        (`build_mlp(1, config.TRUNK_BLOCKS, ...)`; the names all its calls pass, since an op is written once for
        all of them): the field "&<module>:<name>+...[]" (GradOp.when), read by ms_scan.project in those files' "config"
        summaries (grad_dicts.constant_lists). None otherwise."""
        found = self.lookup_assigns(fn, k.value) if isinstance(k, cst.Name) and \
            not self.param_of(fn, k.value) else None
        if found is None or len(found[0]) != 1 or id(found[0][0]) not in self.ex._loop_iters:
            return None
        it, ctx = found[0][0], found[1]
        at = self.ex._row_index.get((id(it), k.value), ())
        if len(at) > 1:
            return None
        passed = [(it, ctx)]
        if isinstance(it, cst.Name) and self.param_of(ctx, it.value):
            # every call of the file, not only the one an expansion entered by: an op met once stands for all
            owner = param_owner_of(ctx, it.value)
            bound = self._bound.pop(id(owner), None) if owner is not None else None
            try:
                passed = self.args_or_default(ctx, it.value)
            finally:
                if bound is not None:
                    self._bound[id(owner)] = bound
        refs = set()
        for a, f in passed:
            a, f = self.held_sequence(a, f)
            target = self.project_target(a, f) if isinstance(a, (cst.Name, cst.Attribute)) else None
            if target is None or not when_safe(*target, also="&+:=[]"):
                return None
            refs.add(f"{target[0]}:{target[1]}")
        return ("", row_field("&" + "+".join(sorted(refs)), str(at[0]) if at else None)) if refs else None

    def annotated_config(self, name: str, fn: _Fn) -> _Cls | None:
        """The file's dataclass a parameter is annotated with (`def __init__(self, cfg: BoardConfig)`), the
        annotation taken at its word where class_of / passed_class find no binding to go by (`DeflectionNet(cfg)`
        in `main(cfg=BoardConfig())`): the class whose constructions in this file say what its fields hold.
        None otherwise."""
        node = fn.node if isinstance(fn.node, cst.FunctionDef) and self.param_of(fn, name) else None
        param = next((p for p in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params)
                      if p.name.value == name), None) if node is not None else None
        ann = param.annotation.annotation if param is not None and param.annotation is not None else None
        if not isinstance(ann, cst.Name):
            return None
        cls = self.names_class(ann.value, fn)
        return cls if cls is not None and cls.fields else None

    def row_key_field(self, it, step: str | None, fn: _Fn, depth: int) -> tuple[str, str] | None:
        """_key_field of a key taken from each element (or each row's `step`, list_field) of the list `it` a loop
        runs through: that list's field as a list field; None when it is not known or is a list's element itself."""
        got = self._key_field(it, fn, depth + 1)
        return (got[0], row_field(got[1], step)) if got is not None and list_field(got[1]) is None else None

    def looped_field(self, k, fn: _Fn) -> tuple[cst.Attribute | cst.Name | cst.Subscript, str | None] | None:
        """A table key that is the target of fn's one loop over a parameter's field (`for name in cfg.blocks:`,
        `cfg["blocks"]`, `enumerate(cfg.blocks)`; fn binding `name` nowhere else) or over a parameter (`for name
        in names:`): (that field read (`cfg.blocks`) or parameter, whose list the key runs through; the row step
        of list_field: "2" for the third name of a tuple target, `for kind, width, act in spec:`, else None). None
        otherwise."""
        if not isinstance(k, cst.Name) or self.param_of(fn, k.value):
            return None
        found = self.lookup_assigns(fn, k.value)
        if found is None or found[1] is not fn or len(found[0]) != 1 or id(found[0][0]) not in self.ex._loop_iters:
            return None
        it = found[0][0]
        at = self.ex._row_index.get((id(it), k.value), ())
        if isinstance(it, cst.Call) and dotted_name(it.func) == "enumerate" and len(it.args) == 1 and \
                at[:1] == (1,):  # `for i, name in enumerate(cfg.blocks)`, `for i, (kind, act) in enumerate(spec)`
            it, at = it.args[0].value, at[1:]
        if len(at) > 1:
            return None
        step = str(at[0]) if at else None
        if isinstance(it, cst.Attribute) and isinstance(it.value, cst.Name) and self.param_of(fn, it.value.value):
            return it, step
        if isinstance(it, cst.Name) and self.param_of(fn, it.value):  # `for kind in kinds:`, the list a parameter
            return it, step
        if isinstance(it, cst.Subscript) and self.param_path(it, fn) is not None:  # `for name in cfg["blocks"]`
            return it, step
        return None

    @staticmethod
    def held_key(k, fn: _Fn) -> tuple[cst.BaseExpression, _Fn] | None:
        """A table key read from the instance (`self.act_name`) that one assignment of the class sets: (that value,
        the method assigning it), the key's field then read from there. None otherwise."""
        held = self_attr_values(k, fn)
        return held[0] if held and len(held) == 1 and held[0][0] is not None else None

    def key_path_field(self, name: str, path: tuple, fn: _Fn, depth: int) -> tuple[str, str] | None:
        """_key_field of `param[k1][k2]`: open_key's class part with the field "<param>.<k1>.<k2>" (ms_scan.project
        reads it in the config dict the construction passes), through this file's calls that pass the parameter
        on whole or as a part (`Encoder(cfg["model"])`), or a row of a list a loop runs through (`for spec in
        blocks: make_block(cin, spec)`: the field "blocks[k1]", list_field)."""
        passed = self.caller_args(fn, name) + self.super_init_args(fn, name)
        if not passed:
            # `def main(cfg=CFG)` run as `main()`: the key another file's dict holds (imported_key's field)
            default = self.default_dict_key(fn, name, path)
            if default is not None and when_safe(default[0][1][1:], also="+=[]"):
                return "", default[0][1] + LIST_FIELD
            got = self.open_key(fn, name)
            return (got[0], ".".join((got[1],) + path)) if got is not None else None
        found = set()
        for a, f in passed:
            looped = self.looped_field(a, f) if len(path) == 1 and depth < MAX_CLASS_HOPS else None
            if looped is not None and looped[1] is None and isinstance(path[0], (str, int)):
                # `for spec in blocks: make_block(cin, spec)`, `ACTS[spec["act"]]`: each row's "act" (list_field)
                found.add(self.row_key_field(looped[0], str(path[0]), f, depth)
                          if when_safe(str(path[0]), also="&+:=[]. ") else None)
                continue
            held = (a.value, ()) if isinstance(a, cst.Name) and self.param_of(f, a.value) else \
                self.param_path(a, f) or self.param_attr_path(a, f)
            found.add(self.key_path_field(held[0], held[1] + path, f, depth + 1)
                      if held is not None and depth < MAX_CLASS_HOPS else None)
        return found.pop() if len(found) == 1 and None not in found else None

    def param_attr_path(self, v, fn: _Fn, hops: int = 0) -> tuple[str, tuple] | None:
        """(parameter, key path) of an attribute-tree read of a parameter fn never rebinds: `cfg.model.act`,
        `getattr(cfg.model, "act", "tanh")` (the default is not kept: a config without the key leaves every table
        entry), `cfg["model"].act`, `m.act` with `m = cfg.model` the one binding of a local; the parameter is no
        method's own instance (`self.act`). None otherwise."""
        v, steps = read_chain(v, MAX_BINDING_HOPS + 4)
        if not steps or not all(key.isidentifier() for key, _, _ in steps) or \
                any(how == "getattr" for _, how, _ in steps) and self.lookup_def(fn, "getattr") is not None:
            return None  # (a key no attribute could name; a getattr of the file's own)
        bound = fn.assigns.get(v.value) if isinstance(v, cst.Name) and not self.param_of(fn, v.value) else None
        if bound is not None and len(bound) == 1 and bound[0] is not None and hops < MAX_BINDING_HOPS:
            held = self.param_attr_path(bound[0], fn, hops + 1)  # `m = cfg.model` ... `ACTS[m.act]`
            return (held[0], held[1] + tuple(key for key, _, _ in steps)) if held is not None else None
        if not isinstance(v, cst.Name) or not self.param_of(fn, v.value) or \
                any(f.self_name == v.value for f in enclosing(fn)) or v.value in fn.assigns:
            return None
        return v.value, tuple(key for key, _, _ in steps)

    def open_key(self, fn: _Fn, name: str) -> tuple[str, str] | None:
        """`NONLIN[activation]` with `activation` a parameter of a module-level class's __init__ (or of a public
        module-level function) that no call of this file binds: (class part, parameter) of GradOp.when, the class
        part "<module>:<Class or function>:<position>:<default>" ("" for no string default), so that
        ms_scan.project reads the key at the other files' constructions (the one that built the instance, when
        the path names it). None otherwise."""
        owner = self.param_owner(fn, name)
        if not self.ex.module or not isinstance(owner.node, cst.FunctionDef):
            return None
        if owner.cls is not None:
            callee = owner.cls.name if owner.name == "__init__" and self.ex._classes.get(owner.cls.name) is owner.cls \
                and owner.cls.name in self.ex.class_decls else None
        else:
            callee = owner.name if owner.parent is self.ex._module_fn and not owner.name.startswith("_") else None
        if callee is None:
            return None
        default = param_default(owner.node, name)
        lit = _literal(default) if default is not None else None
        lit = lit if isinstance(lit, str) and ":" not in lit and "|" not in lit and "," not in lit else ""
        target = self.project_target(default, self.ex._module_fn) if isinstance(default, (cst.Name, cst.Attribute)) \
            else None
        if target is not None and when_safe(*target, also="&:"):  # `layers=config.LAYERS`: another file's constant
            lit = f"&{target[0]}:{target[1]}"  # (a list a loop runs through, ms_scan.project.passed_lists)
        return f"{self.ex.module}:{callee}:{owner.params.index(name)}:{lit}", name

    def super_init_args(self, fn: _Fn, name: str) -> list[tuple[cst.BaseExpression, _Fn]]:
        """The argument given for `__init__` parameter `name` by the `super().__init__(...)` calls of the
        file's subclasses (caller_args' calls are the class's own constructions)."""
        owner = param_owner_of(fn, name)
        if owner is None or owner.name != "__init__" or owner.cls is None:
            return []
        out = []
        for c, f in self.calls_named("__init__"):
            func = c.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and \
                    dotted_name(func.value.func) == "super" and not func.value.args and f.cls is not None and \
                    f.cls is not owner.cls and any(b is owner.cls for b in self.class_chain(f.cls)):
                a = self.param_arg(owner, c, name)
                if a is not None:
                    out.append((a, f))
        return out

    def keyed_elements(self, v, key: str | None) -> list:
        """The values a dict-like value holds under `key` (all of them for None)."""
        if id(v) in self.ex._keyed:
            return [v] if key is None or self.ex._keyed[id(v)] == key else []
        if id(v) in self.ex._loop_keyed:
            if key is None:
                return [v]
            name, row, table = self.ex._loop_keyed[id(v)]
            memo = self._keyed_entries.get((id(v), key))
            if memo is None:  # `heads[task] = build_head(spec, ch)` in `for task, spec in specs.items()`
                binds = {name: cst.SimpleString(repr(key))}
                if row is not None:
                    binds[row] = item_of(table, cst.SimpleString(repr(key)))
                memo = self._keyed_entries[(id(v), key)] = [v, v.visit(_Bind(binds))]
            return [memo[1]]
        v = _unchain(v)
        out = []
        if isinstance(v, cst.Dict):
            for el in v.elements:
                if isinstance(el, cst.DictElement):
                    k = _literal(el.key)
                    if key is None or k == key:
                        out.append(el.value)
        elif isinstance(v, cst.Call) and self.is_dict_value(v):
            for a in v.args:
                if a.keyword is not None:
                    if key is None or a.keyword.value == key:
                        out.append(a.value)
                else:
                    out.extend(self.keyed_elements(self.pairs_value(a.value), key))
        elif isinstance(v, (cst.List, cst.Tuple)):  # OrderedDict([("D", m), ...])
            for el in v.elements:
                if isinstance(el.value, cst.Tuple) and len(el.value.elements) == 2:
                    k = _literal(el.value.elements[0].value)
                    if key is None or k == key:
                        out.append(el.value.elements[1].value)
        elif (pairs := self.class_keyed_pairs(v)) is not None:  # `{c.name: c for c in (CrossEntropyTask, ...)}`
            out += [x for k, x in pairs if key is None or k == key]
        elif _keyed_comprehension(v):  # `{name: BUILDERS[name](**cfg[name]) for name in ("branch", "trunk")}`
            it = v.for_in.iter
            keys = [_literal(e.value) for e in it.elements] if isinstance(it, (cst.List, cst.Tuple)) and \
                not any(isinstance(e, cst.StarredElement) for e in it.elements) else None
            if key is None or keys is None or any(not isinstance(k, str) for k in keys):
                out.append(v.value)  # (every entry, or a key among keys not known: the element as written)
            elif key in keys:  # the element with the loop target bound to that key
                memo = self._keyed_entries.setdefault((id(v), key), [v, _bind_name(v.value, v.key.value, key)])
                out.append(memo[1])
        return out

    def literal_keys(self, v) -> list[str]:
        if id(v) in self.ex._keyed:
            return [self.ex._keyed[id(v)]]
        v = _unchain(v)
        pairs = self.class_keyed_pairs(v)
        if pairs is not None:
            return [k for k, _ in pairs]
        if isinstance(v, cst.Dict):
            return [k for el in v.elements if isinstance(el, cst.DictElement)
                    for k in [_literal(el.key)] if isinstance(k, str)]
        if isinstance(v, cst.Call) and self.is_dict_value(v):
            return [a.keyword.value for a in v.args if a.keyword is not None] + \
                [k for a in v.args if a.keyword is None for k in self.pair_keys(self.pairs_value(a.value))]
        return []

    def class_keyed_pairs(self, v) -> list[tuple[str, cst.Name]] | None:
        """(key, class name) of each entry of `{c.name: c for c in (CrossEntropyTask, FocalTask)}` (a dict
        comprehension over a list or tuple display of this file's classes, keyed by a string attribute each class
        body sets, or by `c.__name__`); None for anything else, or when a key is not one known string."""
        if not (isinstance(v, cst.DictComp) and v.for_in.inner_for_in is None and isinstance(v.for_in.target, cst.Name)
                and isinstance(v.value, cst.Name) and v.value.value == v.for_in.target.value and
                isinstance(v.key, cst.Attribute) and isinstance(v.key.value, cst.Name) and
                v.key.value.value == v.value.value and isinstance(v.for_in.iter, (cst.List, cst.Tuple))):
            return None
        attr, out = v.key.attr.value, []
        for e in v.for_in.iter.elements:
            cls = self.ex._classes.get(e.value.value) if isinstance(e, cst.Element) and \
                isinstance(e.value, cst.Name) else None
            if cls is None:
                return None
            if attr == "__name__":
                out.append((cls.name, e.value))
                continue
            method, values = self.class_members(cls, attr)
            keys = {_literal(x) for x, _ in values}
            if method is not None or len(keys) != 1 or not isinstance(next(iter(keys)), str):
                return None
            out.append((keys.pop(), e.value))
        return out

    def pair_keys(self, v) -> list[str]:
        """The literal keys of what `dict(...)` / `OrderedDict(...)` is given: a dict, or a list of pairs."""
        if isinstance(v, (cst.List, cst.Tuple)):
            return [k for el in v.elements if isinstance(el.value, cst.Tuple) and len(el.value.elements) == 2
                    for k in [_literal(el.value.elements[0].value)] if isinstance(k, str)]
        return self.literal_keys(v)

    def table_items(self, v) -> list:
        """The items of a module-level table of classes or factories (`{"relu": nn.ReLU, "gelu": partial(nn.GELU,
        ...)}`, `[MLP, ResNet]`, `dict(mlp=MLP)`, `{"pool": lambda C: nn.AvgPool2d(3)}`); [] when any item is not
        a reference to something callable (a config dict of numbers and strings is no table)."""
        if id(v) in self.ex._keyed and id(v) not in self.ex.registered:
            # `BLOCKS["glu"] = _glu`, or registered_items' `register("glu", _glu)` (a decorator's entries: common_ops)
            items = [v]
        elif self.is_dict_value(v) and not (isinstance(_unchain(v), cst.Call) and self.torch_api(_unchain(v))):
            items = self.keyed_elements(v, None)
        elif isinstance(v, (cst.List, cst.Tuple)):
            items = [el.value for el in v.elements if not isinstance(el, cst.StarredElement)]
        else:
            return []

        def ref(x) -> bool:
            if isinstance(x, cst.Lambda):  # `"avg_pool_3x3": lambda C: nn.AvgPool2d(3, 1, 1)`: a factory
                return True
            if isinstance(x, cst.Call):
                return dotted_name(x.func) in ("partial", "functools.partial") and bool(x.args) and \
                    dotted_name(x.args[0].value) is not None
            if isinstance(x, cst.Name):
                return x.value not in ("None", "True", "False")
            return isinstance(x, cst.Attribute) and dotted_name(x) is not None
        return items if items and all(ref(x) for x in items) else []

    # ---------------------------------------------------------------- unbound model parameters
    def module_classes(self) -> dict[str, _Cls]:
        """The file's nn.Module classes that have a forward (their own or a base's in this file)."""
        if self._module_classes is None:
            classes = self.ex._classes

            def has_forward(c: _Cls, seen=()) -> bool:
                return "forward" in c.methods or "torch.nn.Sequential" in c.torch_bases or any(
                    b in classes and b not in seen and has_forward(classes[b], (*seen, b)) for b in c.bases)

            self._module_classes = {n: c for n, c in classes.items()
                                    if c.torch_module in ("yes", "maybe") and has_forward(c)}
        return self._module_classes

    def summarised_classes(self) -> dict[str, _Cls]:
        """The classes other files' calls of an instance run: module_classes, and the file's plain classes whose
        instances are called (`__call__` of their own or of an in-file base: a loss object, a curvature helper)."""
        mods = self.module_classes()
        return {**mods, **{n: c for n, c in self.ex._classes.items() if n not in mods and
                           self.class_members(c, "__call__")[0] is not None}}

    def root_classes(self) -> dict[str, _Cls]:
        """Module classes no other module class builds or subclasses: the file's top-level models."""
        mods = self.module_classes()
        inner = set()
        for other in mods.values():
            inner.update(b for b in other.bases if b in mods)
            for m in other.methods.values():
                for c in m.calls:
                    if isinstance(c.func, cst.Name) and c.func.value in mods and c.func.value != other.name:
                        inner.add(c.func.value)
        return {n: c for n, c in mods.items() if n not in inner}

    def guess_class(self, name: str) -> _Cls | None:
        """A parameter called as a model, never bound in this file: the module class its name designates
        (`critic` -> CondCritic, `netD`/`D` -> Discriminator or a *Critic), or for a generic name
        (`model`, `net`) the file's only top-level model. None unless exactly one class fits."""
        mods = self.module_classes()
        if not mods:
            return None
        same = [c for n, c in mods.items() if n.lower() == name.lower()]
        if len(same) == 1:  # `D` for class D
            return same[0]
        words = _role_words(name)
        roots = self.root_classes()
        if not words:
            return next(iter(roots.values())) if len(roots) == 1 and _name_tokens(name) else None
        match = {n: c for n, c in mods.items() if any(w in n.lower() for w in words)}
        if len(match) > 1:
            match = {n: c for n, c in match.items() if n in roots}
        return next(iter(match.values())) if len(match) == 1 else None

    def annotated_class(self, fn: _Fn, name: str):
        """The class a parameter's annotation names (`critic: Critic`, `model: "models.Net"`): the file's _Cls,
        a project import's (module, name), or None."""
        node = fn.node
        if not isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return None
        for p in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
            if p.name.value != name or not isinstance(p, cst.Param) or p.annotation is None:
                continue
            ann = p.annotation.annotation
            if isinstance(ann, cst.SimpleString):
                try:
                    ann = cst.parse_expression(ann.evaluated_value)
                except Exception:  # noqa: BLE001 - a string annotation that is not an expression
                    return None
            if isinstance(ann, cst.Name) and ann.value in self.ex._classes:
                return self.ex._classes[ann.value]
            target = self.project_target(ann, fn.parent or fn)
            return target if target is not None and target[1][:1].isupper() else None
        return None

    def model_like(self, name: str, fn: _Fn) -> bool:
        """A parameter that stands for a model: called in its function (`critic(x)`), or named like one."""
        toks = _name_tokens(name)
        if any(t in _ROLE_WORDS or t in _GENERIC_MODEL_WORDS - {"f", "fn", "the", "my", "m"} for t in toks) or \
                name.lower().endswith(("net", "model", "critic", "disc", "encoder", "decoder")):
            return True
        return any(isinstance(c.func, cst.Name) and c.func.value == name for c in fn.calls)


def _keyed_comprehension(v) -> bool:
    """`{name: ... for name in ...}`: a dict comprehension keyed by its one loop's target name."""
    return isinstance(v, cst.DictComp) and v.for_in.inner_for_in is None and isinstance(v.for_in.target, cst.Name) \
        and isinstance(v.key, cst.Name) and v.key.value == v.for_in.target.value


class _Bind(cst.CSTTransformer):
    """Every read of a variable of `binds` replaced by its node."""

    def __init__(self, binds: dict):
        super().__init__()
        self.binds = binds

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        return self.binds.get(original.value, updated)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        return updated.with_changes(attr=original.attr)  # (`x.name` names no variable)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg):
        return updated.with_changes(keyword=original.keyword)  # (nor does a keyword)


def _bind_name(expr, name: str, value: str):
    """expr with every read of the variable `name` replaced by the string literal `value`."""
    return expr.visit(_Bind({name: cst.SimpleString(repr(value))}))


def _exits(stmt) -> bool:
    """`if <test>: return` (or raise / continue / break) with no else: the statements after it in the block run
    only where the test is false."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None:
        return False
    body = stmt.body.body
    last = body[-1] if body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return isinstance(last, (cst.Return, cst.Raise, cst.Continue, cst.Break))


def _none_comparison(test) -> tuple[str, bool] | None:
    """(name, whether `is not`) of a test `name is None` / `name is not None`; None for any other test."""
    if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and len(test.comparisons) == 1):
        return None
    op, other = test.comparisons[0].operator, test.comparisons[0].comparator
    if not (isinstance(op, (cst.Is, cst.IsNot)) and isinstance(other, cst.Name) and other.value == "None"):
        return None
    return test.left.value, isinstance(op, cst.IsNot)
