"""What a file offers the cross-file join (extract_model_summaries): for each module-level class, function,
member and table, the ops calling it puts on a path; for each call of another project module's callable, what
each argument is ("arg"/"lift"/"hold"/"called" summaries).
"""
from __future__ import annotations

import json
from dataclasses import replace

import libcst as cst

from ms_scan.extract.grad_common import (
    HOOK, _FUNCTIONAL_CALL, MAX_MEMBER_STEPS, _WRAPPERS, _Cls, _Fn, GradSite, ModelSummary, _PathState, ProjectCallee,
    _arg, _code, _literal, calls_in, param_default, refs, returned, _stack_room, _target_nodes, template_config, _unchain,
    TABLE_KEY, call_tag, literal_list, literal_repr, thunk_body, yielded, _partial_of, METHOD_READ, chain_root,
    hydra_items,
)
from ms_scan.extract.grad_guards import guard_imports
from ms_scan.extract.scope import EXTMOD, OTHER, PROJMOD, TORCH
from ms_scan.extract.visitor import dotted_name


_KEYS_ONLY = frozenset({"sorted", "list", "len", "set", "tuple", "enumerate"})  # builtins reading a dict's keys


class _Summaries:
    """_Resolver's ModelSummary builders, read by ms_scan/project.py."""

    # ---------------------------------------------------------------- the file's classes, functions, members, tables
    def target_apis(self, found: list) -> list[tuple[str, cst.CSTNode, str]]:
        """(torch API, string node, path) of each `_target_` string of _target_nodes that names a torch module class
        or function the catalog knows."""
        out = []
        for node, path in found:
            text = node.evaluated_value if isinstance(node, cst.SimpleString) else None
            api = self.ex.canonical(text) if isinstance(text, str) and text.startswith("torch.") else None
            if api is not None and self.kind(api) is not None:
                out.append((api, node, path))
        return out

    def summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Per module-level model class (its forward) and function (its body; a factory's returned model)."""
        with _stack_room():
            return self._summaries()

    def _summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        out = []
        mods = self.module_classes()
        for cls in self.summarised_classes().values():
            if cls.name in self.ex._classes and self.ex._classes[cls.name] is cls:
                out.append(self._summary(cls.name, "instance", lambda st, c=cls: self.expand_class(st, c, "", 0)))
                if cls.name in mods:
                    out.extend(self.input_summaries(cls))
        top = self.ex._module_fn
        for name, values in top.assigns.items():  # `MODEL = {"stem": [{"_target_": "torch.nn.ELU"}, ...]}`
            found = [t for v in values if "." not in name for t in _target_nodes(v, "")] if len(values) == 1 else []
            if found:
                out.append(self._summary(name, "targets", lambda st, found=found: [
                    self.emit(st, api, node, None, path) for api, node, path in self.target_apis(found)]))
        for name, f in top.defs.items():
            out.append(self._summary(name, "call", lambda st, f=f: self.expand_fn(st, f, f.qual, 0)))
            for i in self.member_owner_slots(f):
                # "call:@<i>.?": the body's slice from parameter i, a module of which only one submodule's weights
                # are differentiated; "?" stands for that submodule, which the other file's call names
                # (ms_scan.project puts it in the live parts of the project callees it reaches)
                summary, state = self._summary(name, f"call:@{i}.?", lambda st, f=f, i=i: self.expand_fn(
                    st, f, f.qual, 0, frozenset({str(i), f"@{i}.?"})))
                if any("?" in c.live for c in summary.project):
                    out.append((summary, state))
            if any(value is not None for value in returned(f.node.body)) or yielded(f.node.body):
                out.append(self._summary(name, "instance", lambda st, f=f: self.expand_returns(st, f, f.qual, 0)))
                # a factory returning a tuple display (`return Encoder(cfg), Decoder(cfg)`): "instance:>k", what its
                # k-th element runs, for another file's `enc, dec = build(cfg)` calling enc only (expand_unpacked)
                for k in range(self.tuple_returns(f)):
                    out.append(self._summary(name, f"instance:>{k}", lambda st, f=f, k=k: self.expand_returned_element(
                        st, f, k)))
                made = self.returned_classes(f)
                if made:  # a factory (`return MODELS[name](**kw)`): as input_summaries' "@*"
                    out.append(self._summary(name, "instance:@*", lambda st, f=f: (
                        setattr(st, "live", frozenset({"@*"})), self.expand_returns(st, f, f.qual, 0))))
                # and as its "instance:<slot>", where every class it may return names that input alike
                for i, p in self.common_inputs(made):
                    out.append(self._summary(name, f"instance:{i}", lambda st, f=f, p=p: (
                        setattr(st, "live", frozenset({p})), self.expand_returns(st, f, f.qual, 0))))
                # a factory returning an nn.Sequential of n layers: "instance:@#k" (0 < k < n), the layers from k on,
                # for another file's curvature over `model[k]`'s weights (ms_scan.project's called_index)
                for k in range(1, self.sequential_layers(f)):
                    out.append(self._summary(name, f"instance:@#{k}", lambda st, f=f, k=k: (
                        setattr(st, "live", frozenset({f"@#{k}"})), self.expand_returns(st, f, f.qual, 0))))
        for name, f in top.defs.items():  # `install_hooks(model, cfg)` in another file: the hooks it registers
            out += self.hook_registrations(name, f)
        for name, f in top.defs.items():  # `def register_penalty(key): def deco(fn): PENALTIES[key] = fn; ...`
            tables = {t for _, t in self.ex._param_stores(f) if "." not in t and t in top.assigns}
            if len(tables) == 1 and isinstance(f.node, cst.FunctionDef):  # another file's `@register_penalty("r1")`
                summary, state = self._summary(name, "registrar", lambda st: None)  # (grad_paths.function_tables)
                summary.unresolved = sorted(tables)
                out.append((summary, state))
        for name, entries in (self.function_tables(classes=True) if self.ex.module else {}).items():
            # `@register("input_grad") class InputGradTrainer(Trainer)`: the tables holding the class, whose
            # entries other files build (`TRAINERS[args.trainer](model)`: ms_scan.project's registry_entries)
            summary, state = self._summary(name, "entries", lambda st: None)
            summary.unresolved = [json.dumps(list(e)) for e in entries]
            out.append((summary, state))
        for name, values in top.assigns.items():  # `inner_net = nn.Sequential(...)`: a module-level instance
            if "." in name or name in top.defs or name in self.ex._classes:
                continue
            # (`register_block("glu", _glu)` at module level putting `_glu` in it: registered_items)
            values = values + [v for v, ctx in self.registered_items(name) if ctx is top]
            items = [x for v in values for x in self.table_items(v)]
            registered = [v for v in values if id(v) in self.ex.registered]
            if registered and not items:
                # a registry filled by a decorator (GradExtractor._record_registered), picked by a key another file
                # computes: what every registered class runs, whichever the key picks; under "NAME[key]" what the
                # class registered under that key runs, for a file that knows the key
                for role in ("call", "instance"):
                    out.append(self._summary(name, role, lambda st, n=name, xs=registered: self.expand_common(
                        st, xs, top, n)))
                    for x in registered:
                        key = self.ex.registered_keys.get(id(x))
                        if key is not None:
                            out.append(self._summary(f"{name}[{key}]", role, lambda st, n=name, x=x: self.expand_built(
                                st, x, top, cst.Call(func=x), n, 0, "high")))
                continue
            for key in sorted({k for v in values for k in self.literal_keys(v)}) if items else ():
                picked = [x for v in values for x in self.keyed_elements(v, key)]
                for role in ("call", "instance"):  # `MODELS["mlp"]`, or `MODELS[cfg.arch]` with a known key
                    out.append(self._summary(f"{name}[{key}]", role, lambda st, n=name, xs=picked: [self.expand_built(
                        st, x, top, x if isinstance(x, cst.Call) else cst.Call(func=x), n, 0, "high") for x in xs]))
            if items:  # `MODELS = {"mlp": MLP, ...}` used as `MODELS[arch](cfg)` in another file: any item
                for role in ("call", "instance"):
                    out.append(self._summary(name, role, lambda st, n=name, xs=items: [self.expand_built(
                        st, x, top, x if isinstance(x, cst.Call) else cst.Call(func=x), n, 0, "medium") for x in xs]))
                continue
            if not any(isinstance(_unchain(v), cst.Call) for v in values):
                continue
            made = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
            d = top.defs.get(_partial_of(made)) if made is not None and not any(a.star for a in made.args) else None
            if d is not None and isinstance(d.node, cst.FunctionDef):
                # `critic_block = partial(conv_norm_act, pad="reflect")` called in another file: what the factory
                # returns, its parameters bound by the partial's arguments (the table key `pad` picks)
                bound = cst.Call(func=made.args[0].value, args=made.args[1:])
                out.append(self._summary(name, "instance", lambda st, d=d, b=bound: self.bound_returns(st, d, b)))
            out.append(self._summary(name, "call", lambda st, n=name, vs=values: [
                self.expand_value(st, v, top, n, 0) for v in vs if isinstance(_unchain(v), cst.Call)]))
        for name, entries in self.config_entries():  # `CONFIG = {"hyper": {"second_order": False}}`
            summary, state = self._summary(name, "config", lambda st: None)
            summary.unresolved = entries
            out.append((summary, state))
        for name, entries in self.constant_entries():  # `FIRST_ORDER = True`, read as `config.FIRST_ORDER`
            summary, state = self._summary(name, "config", lambda st: None)
            summary.unresolved = entries
            out.append((summary, state))
        for name, entries in self.constant_lists():  # `TRUNK_BLOCKS = ("elu", "tanh")`, looped over in another file
            summary, state = self._summary(name, "config", lambda st: None)
            summary.unresolved = entries
            out.append((summary, state))
        writes = self.module_attr_writes() if self.ex.module else []
        if writes:  # `config.FIRST_ORDER = args.first_order`: that constant is not known
            summary, state = self._summary("", "sets", lambda st: None)
            summary.unresolved = writes
            out.append((summary, state))
        for name, entries in self.dataclass_entries() + self.argparse_entries():
            # `@dataclass class Cfg: blocks: list = field(...)`; `def get_config(argv): ... return p.parse_args(argv)`
            summary, state = self._summary(name, "fields", lambda st: None)
            summary.unresolved = entries
            out.append((summary, state))
        out.extend(self.member_summaries())
        if self.ex.module:
            try:
                out.extend(self.arg_summaries())
            except RecursionError:  # a pathological caller loses its argument summaries, not the file's models
                pass
            out.extend(self.hook_summaries() + self.duck_summaries())
            out.extend(self.reference_summaries())
            out.extend(self.classmethod_constructions())
            out.extend(self.attribute_summaries())
        return out

    def attribute_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Who may call another file's method (a mixin's, whose site ms_scan.project keeps unless every call of it
        is under a guard the configs make false): a "selfcall" summary "<module>:<class>.<name>" for each
        `self.name` or `super().name` in a method of a class of this file deriving from another file's class,
        `name` being no member of it or its in-file bases, its "!" the guard over the call (none: a call under no
        guard, or a reference whose holder may call it anywhere); one "attrs" summary listing every other
        attribute name the file reads (a method another file's object may hold) but the torch APIs and the
        members of imported modules."""
        out, names, based = [], set(), {}
        for node, f, owner, call in self.attribute_refs():
            name, base = node.attr.value, node.value
            own = owner is not None and isinstance(base, cst.Name) and base.value == owner.self_name
            if own and any(self.class_members(owner.cls, name)) or id(node) in self.uses:
                continue  # (the class's own member; a torch API)
            if isinstance(base, cst.Name) and self.imported_module(base.value, f):
                continue  # `F.relu`, `config.PENALTY`
            sup = isinstance(base, cst.Call) and isinstance(base.func, cst.Name) and base.func.value == "super"
            if owner is not None and (own or sup):
                cls = owner.cls
                if id(cls) not in based:  # (it, or an in-file base, derives from a class another file defines)
                    based[id(cls)] = bool(self.project_bases(cls))
                if based[id(cls)]:
                    guard = self.call_guard(call, f) if call is not None else None
                    summary, state = self._summary(f"{self.ex.module}:{cls.name}.{name}", "selfcall", lambda st: None)
                    summary.unresolved = [f"!={json.dumps(guard)}"] if guard is not None else []
                    out.append((summary, state))
                    reads = guard_imports(guard) if guard is not None else []
                    if reads:  # the other files' configs it reads: their files are summarised
                        out.append(self._summary(summary.name, "arg:&!", lambda st, rs=reads: st.site.project.extend(
                            ProjectCallee(m, n, "config", "", "high", "", "") for m, n in rs)))
                    continue
            names.add(name)
        if names:
            summary, state = self._summary("", "attrs", lambda st: None)
            summary.unresolved = sorted(names)
            out.append((summary, state))
        return out

    def imported_module(self, name: str, fn: _Fn) -> bool:
        """`name` is, where fn reads it, a module (or torch name) bound by an import of this file."""
        if self.lookup_assigns(fn, name) is not None or self.param_of(fn, name):
            return False
        b = self.ex.scopes.module.names.get(name)
        return b is not None and b.imported and b.kind in (TORCH, PROJMOD, EXTMOD, OTHER)

    def passed_configs(self, c: cst.Call, fn: _Fn) -> list[tuple[str, str]]:
        """The other project modules' classes (module, name) whose instances a call passes as a plain name
        (`Critic(cfg)` with `cfg` a parameter defaulting to `GANConfig()`, or bound once to it): their files are
        summarised (a "config" ProjectCallee: project.reached_callers), so that their dataclass defaults
        ("fields" summaries) say which registry entries a list field picks (GradOp.when "<field>[]")."""
        out = []
        for a in c.args:
            if a.star or not isinstance(a.value, cst.Name):
                continue
            name = a.value.value
            found = self.lookup_assigns(fn, name)
            values = found[0] if found is not None else []
            if found is None and self.param_of(fn, name) and isinstance(fn.node, cst.FunctionDef):
                default = param_default(fn.node, name)
                values = [default] if default is not None else []
            if len(values) != 1 or not isinstance(values[0], cst.Call):
                continue
            target = self.project_callee_of(values[0], found[1] if found is not None else fn)
            if target is not None and target[1][:1].isupper() and "." not in target[1] and target not in out:
                out.append(target)
        return out

    def passed_instances(self, c: cst.Call, fn: _Fn) -> list[tuple[str, str]]:
        """The other project modules' module-level names (module, name) whose value a call passes, whole or by a
        field (`Net.from_config(cfg)`, `Net(cfg.hidden, cfg.act)` with `cfg` a parameter defaulting to `CONFIG`, or
        bound once to it, CONFIG an instance another file builds): their files are summarised as passed_configs'
        are, so that the construction there and its dataclass's defaults ("called", "fields") say which entry a
        string field picks (ms_scan.project._listed_keys, scalar)."""
        out = []
        for a in c.args:
            root = a.value
            while isinstance(root, cst.Attribute):
                root = root.value
            if a.star or not isinstance(root, cst.Name):
                continue
            name = root.value
            found = self.lookup_assigns(fn, name)
            values, ctx = (found[0], found[1]) if found is not None else ([], fn)
            if found is None and self.param_of(fn, name) and isinstance(fn.node, cst.FunctionDef):
                default = param_default(fn.node, name)
                values = [default] if default is not None else []
            if len(values) != 1 or not isinstance(values[0], (cst.Name, cst.Attribute)):
                continue
            target = self.project_target(values[0], ctx)  # (`CONFIG`, `settings.CONFIG`)
            if target is not None and "." not in target[1] and target not in out:
                out.append(target)
        return out

    def common_inputs(self, classes: list[_Cls]) -> list[tuple[int, str]]:
        """(position, name) of each forward input that every one of `classes` names alike, when each forward takes
        several inputs and can be sliced from one (input_summaries); [] otherwise."""
        forwards = [c.methods.get("forward") or c.methods.get("__call__") for c in classes]
        if not forwards or None in forwards or any(len(f.params) < 2 or self.live_params(
                f, frozenset({f.params[0]})) is None for f in forwards):
            return []
        return [(i, p) for i, p in enumerate(forwards[0].params) if all(
            i < len(f.params) and f.params[i] == p for f in forwards)]

    def input_summaries(self, cls: _Cls) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "instance:<slot>" for a class whose forward takes several inputs: the part of the forward that
        one input reaches (its slice), for another file's `net(u, y)` whose derivative path goes through y
        only (ProjectCallee.live); one summary per parameter, under its position and under its name."""
        fwd = cls.methods.get("forward") or cls.methods.get("__call__")
        if fwd is None:
            return []
        slots = [(str(i), p) for i, p in enumerate(fwd.params)] if fwd.params and \
            self.live_params(fwd, frozenset({fwd.params[0]})) is not None else []
        # a forward returning a tuple display: also "instance:>k" / "instance:<slot>>k", the part that computes
        # its k-th element (another file's `energy, aux = net(z, pos)` differentiating energy only)
        outs = [""] + [f">{k}" for k in range(self.tuple_returns(fwd))]
        out = []
        # "instance:@*": the part of the forward that depends on its weights, for another file's call whose
        # arguments do not depend on the differentiated weights (Resolver.part_calls)
        out.append(self._summary(cls.name, "instance:@*", lambda st, c=cls: (
            setattr(st, "live", frozenset({"@*"})), self.expand_class(st, c, "", 0))))
        for k in outs:
            for i, p in slots + ([("", None)] if k else []):
                def expand(st, c=cls, live=frozenset(x for x in (p, k) if x)):
                    st.live = live
                    self.expand_class(st, c, "", 0)
                summary, state = self._summary(cls.name, f"instance:{i}{k}", expand)
                out += [(summary, state)] + ([(replace(summary, role=f"instance:{p}{k}"), state)] if p else [])
        returns = returned(fwd.node.body) if len(outs) > 1 else []  # (every one a tuple display: tuple_returns)
        for i in range(len(outs) - 1):  # "instance:^i>k": the part computing element k from element i (another
            for k in range(len(outs) - 1):  # file's `fake, ws = G(z)` ... `grad((fake * noise).sum(), ws)`)
                if i != k:
                    out.append(self._summary(cls.name, f"instance:^{i}>{k}", lambda st, f=fwd, i=i, k=k: [
                        self.slice(st, f, [r.elements[k].value], [r.elements[i].value]) for r in returns]))
        return out

    @staticmethod
    def member_owner_slots(f: _Fn) -> list[int]:
        """Positions of f's parameters (not rebound in f) whose members f calls (`net.predict(x)`,
        `net.module.predict(x)`) or that f calls (`net(x)`, `net.module(x)`: their forward)."""
        if not isinstance(f.node, cst.FunctionDef):
            return []
        out = set()
        for c in f.calls:
            owner = c.func.value if isinstance(c.func, cst.Attribute) and c.func.attr.value != "module" else c.func
            if isinstance(owner, cst.Attribute) and owner.attr.value == "module":
                owner = owner.value
            if isinstance(owner, cst.Name) and owner.value in f.params and owner.value not in f.assigns:
                out.add(f.params.index(owner.value))
        return sorted(out)

    def sequential_layers(self, f: _Fn) -> int:
        """How many layers the nn.Sequential f returns holds, when every return is such a call with positional
        layers only (no star, no OrderedDict), all of the same count; else 0."""
        sizes = set()
        for r in returned(f.node.body) if isinstance(f.node, cst.FunctionDef) else []:
            if not isinstance(r, cst.Call) or self.torch_api(r) != "torch.nn.Sequential" or \
                    any(a.star or a.keyword is not None for a in r.args):
                return 0
            sizes.add(len(r.args))
        return sizes.pop() if len(sizes) == 1 else 0

    def hook_registrations(self, name: str, f: _Fn) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "hooks:<slot>" (by position and by name) of a module-level function registering forward hooks on a
        parameter or its members (`model.stem.register_forward_pre_hook(make_edge_pad(2))`): the hooks' ops, on the
        path of the module another file hands it (grad_expand.name_hooks)."""
        if not isinstance(f.node, cst.FunctionDef):
            return []
        def attached(role: str, g: _Fn, param: str) -> None:
            calls, surgery = self.hooks_on(g, param), self.surgery_on(g, param)  # (and the modules it sets in)
            if calls or surgery:
                out.append(self._summary(name, role, lambda st: [self.expand_hook(st, c, h, "", 0) for c, h in calls]
                                         + [self.expand_surgery(st, surgery, "", 0)]))

        out = []
        for param in f.params:  # (on the parameter, its members, the modules a loop takes from it: hooks_on)
            for slot in (str(f.params.index(param)), param) if param not in f.assigns else ():
                attached(f"hooks:{slot}", f, param)
        g = self.returned_def(f)  # `def bn_to_gn(groups): def swap(m): ...; return swap`, for `model.apply(...)`
        if g is not None and g.params:
            attached("hooks:apply", g, g.params[0])
        return out

    def bound_returns(self, state, f: _Fn, call: cst.Call) -> None:
        """expand_returns of a module-level factory with its parameters bound by `call` (written at module level)."""
        with self.bound_call(f, call, self.ex._module_fn):
            self.expand_returns(state, f, f.qual, 0)

    def expand_returned_element(self, state, f: _Fn, k: int) -> None:
        """The k-th element of each tuple display f returns, expanded as a built value (tuple_returns)."""
        for r in returned(f.node.body):
            els = r.elements[:k + 1] if isinstance(r, (cst.Tuple, cst.List)) and len(r.elements) > k else ()
            if els and not any(isinstance(e, cst.StarredElement) for e in els):
                self.expand_value(state, els[k].value, f, f.qual, 1)

    @staticmethod
    def tuple_returns(f: _Fn) -> int:
        """How many elements every `return` of f gives as a tuple display (0: a return is not one, or one)."""
        returns = returned(f.node.body) if isinstance(f.node, cst.FunctionDef) else []
        sizes = {len(r.elements) if isinstance(r, (cst.Tuple, cst.List)) else 0 for r in returns}
        return min(sizes) if returns and min(sizes) >= 2 else 0

    def member_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """`Critic.features`, `Trainer.critic`, `Trainer.nets[D]`, `critic.embed` (a module-level instance):
        what calling a member of a module-level class's instance puts on a path (role "member"), for
        `critic.features(x)` in another file. Kept when empty (the member is known to add nothing); the work
        for all members of a file is bounded by MAX_MEMBER_STEPS."""
        owners = [(name, cls) for name, cls in self.ex._classes.items() if name in self.ex.class_decls]
        top = self.ex._module_fn
        for name, values in top.assigns.items():  # `critic = Critic()` at module level
            if "." not in name and name not in self.ex._classes:
                classes = {id(c): c for c in (self.constructed_class(v) for v in values) if c is not None}
                if len(classes) == 1:
                    owners.append((name, next(iter(classes.values()))))
                for v in values:  # `CRITICS["doppler"]` of a registry decorator: the class registered under the key
                    key = self.ex.registered_keys.get(id(v)) if id(v) in self.ex.registered else None
                    cls = self.ex._classes.get(v.value) if key is not None and isinstance(v, cst.Name) else None
                    if cls is not None and cls.name in self.ex.class_decls:
                        owners.append((f"{name}[{key}]", cls))
        out, spent = [], 0
        for name, f in top.defs.items():  # `def build_encoder(cfg): return ENCODERS[cfg.kind](cfg)`: a factory
            classes = self.returned_classes(f) if name not in self.ex._classes else []
            members = {m for cls in classes for c in self.class_chain(cls) for m in (*c.methods, *c.attrs)
                       if not (m.startswith("__") and m != "__call__") and not m.endswith("*")}
            for m in sorted(members):  # `build_encoder(cfg).forward_embeddings(e)`: what any class it builds runs
                if spent > MAX_MEMBER_STEPS:
                    return out
                summary, state = self._summary(f"{name}.{m}", "member", lambda st, cs=classes, a=m: [
                    self.expand_class_member(st, c, a, "", 0) for c in cs if self.has_member(c, a)])
                spent += state.steps
                out.append((summary, state))
        for owner, cls in owners:
            members = {m for c in self.class_chain(cls) for m in (*c.methods, *c.attrs)
                       if not (m.startswith("__") and m != "__call__") and not m.endswith("*")}
            for m in sorted(members):
                names = [m]
                _, values = self.class_members(cls, m)
                names += sorted({f"{m}[{k}]" for v, _ in values for k in self.literal_keys(v)})
                for member in names:
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{owner}.{member}", "member", lambda st, c=cls, a=member: (
                        self.expand_class_member(st, c, a, "", 0)))
                    spent += state.steps
                    out.append((summary, state))
        out += self.part_member_summaries(owners, spent)
        out += self.held_member_summaries(owners, {summary.name for summary, _ in out})
        return out + self.entry_member_summaries({(summary.name, summary.role) for summary, _ in out})

    def held_member_summaries(self, owners: list, built: set) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "member" `Owner.attr.meth`: a method of the file's class an attribute of a module-level class holds
        (`self.encoder = PressureEncoder()`; another file's `enc.embed(x)` with `model.module.encoder` passed for
        enc), as the member summary `PressureEncoder.meth` already built (`built`: the member summaries' names),
        named by a project callee, not expanded again. forward and dunder methods are the attribute's own
        member summary."""
        out = []
        for owner, cls in owners:
            if "[" in owner:
                continue
            for attr, values in sorted(self.chain_attrs(cls).items()):
                if "." in attr or attr.endswith("*") or not values:
                    continue
                held = {id(k): k for k in (self.built_class(v) for v, _ in values)}
                if len(held) != 1 or None in held.values():
                    continue
                k = next(iter(held.values()))
                for meth in sorted({m for c in self.class_chain(k) for m in c.methods}):
                    target = f"{k.name}.{meth}"
                    if meth.startswith("__") or meth == "forward" or target not in built:
                        continue
                    name = f"{owner}.{attr}.{meth}"
                    callee = ProjectCallee(self.ex.module, target, "member", f"{attr}.{meth}", "high", name)
                    out.append(self._pointer(name, "member", callee))
        return out

    def built_class(self, v) -> _Cls | None:
        """The file's class `v` builds an instance of: constructed_class, or a call of a module-level factory
        of the file returning instances of that one class only (`self.encoder = build_encoder(w, d)`)."""
        cls = self.constructed_class(v)
        v = _unchain(v)
        if cls is not None or not (isinstance(v, cst.Call) and isinstance(v.func, cst.Name)):
            return cls
        f = self.ex._module_fn.defs.get(v.func.value)
        classes = {id(c): c for c in self.returned_classes(f)} if f is not None else {}
        return next(iter(classes.values())) if len(classes) == 1 else None

    def entry_member_summaries(self, built: set) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "member" `TABLE[key].attr...`: a member of the instance a module-level table's entry builds
        (`ARCHS = {"ae": Autoencoder}`; another file's `ARCHS[arch](...)`, arch known there, whose member
        `.encoder` it passes on), as the member summary of the entry's class already built (`built`: the member
        summaries' (name, role)), named by a project callee, not expanded again; "member:@<attr>" too (the
        entry's forward from a submodule on, for a curvature over `model.head`'s weights). Only entries that
        are one class of the file."""
        out, top = [], self.ex._module_fn
        for table, values in sorted(top.assigns.items()):
            if "." in table or table in top.defs or table in self.ex._classes:
                continue
            for key in sorted({k for v in values for k in self.literal_keys(v)}):
                picked = [_unchain(x) for v in values for x in self.keyed_elements(v, key)]
                # `"surrogate-8": lambda: FoilSurrogate(8)`: the class the entry's lambda builds
                picked = [k.name if isinstance(x, cst.Lambda) and (k := self.built_class(x.body)) is not None else x
                          for x in picked]
                classes = {x.value if isinstance(x, cst.Name) else x for x in picked
                           if (x.value if isinstance(x, cst.Name) else x) in self.ex._classes}
                if len(picked) != 1 or len(classes) != 1 or "." in key:
                    continue
                cls = classes.pop()
                for target, role in sorted(b for b in built if b[0].startswith(f"{cls}.")):
                    name = f"{table}[{key}]{target[len(cls):]}"
                    callee = ProjectCallee(self.ex.module, target, "member", f"{table}[{key}]", "high", name,
                                           live=role.partition(":")[2])
                    out.append(self._pointer(name, role, callee))
        return out

    def part_member_summaries(self, owners: list, spent: int) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "member:@<attr>": a method of a module-level class with only the weights of its submodule `attr`
        differentiated (another file's `clf.classify(x)` over `clf.heads[task].parameters()`): what of the method
        runs from that submodule on (Resolver.part_calls), for each submodule a method reads, when it reads two
        or more; and, empty, for each submodule the class's other methods read that a method is known to miss
        (Resolver.method_misses: `embed` reading only `self.encoder`, another file differentiating `clf.head`'s
        weights). Built after the other member summaries, with what is left of MAX_MEMBER_STEPS."""
        out = []
        for owner, cls in owners:
            attrs = {k for c in self.class_chain(cls) for k in c.attrs if not k.endswith("*")}
            reads, calls = {}, {}
            for c in self.class_chain(cls):
                for m, f in sorted(c.methods.items()):
                    if not m.startswith("__") and f.self_name and m not in reads:
                        named = {r[len(f.self_name) + 1:].partition(".")[0] for r in refs(f.node.body)
                                 if r.startswith(f.self_name + ".")}
                        reads[m], calls[m] = named & attrs, named - attrs
            for m in reads:  # `def predict(self, x): return self.head(self.features(x))`: what features reads too
                work, seen = list(calls[m]), {m}
                while work:
                    n = work.pop()
                    if n in reads and n not in seen:
                        seen.add(n)
                        reads[m] |= reads[n]
                        work.extend(calls[n])
            reads = {m: sorted(r) for m, r in reads.items()}
            for m, read in reads.items():
                # a method reading none of a submodule another method reads (`def embed(self, x): return
                # self.encoder(x)` beside `self.head`): known to add nothing over that submodule's weights, kept empty
                others = sorted({a for n, r in reads.items() if n != m for a in r} - set(read))
                missed = [a for a in others if self.method_misses(cls, m, {a})] if read else []
                for attr in (read if len(read) >= 2 else []) + missed:
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(
                        f"{owner}.{m}", f"member:@{attr}", lambda st, k=cls, a=m, p=attr: (
                            setattr(st, "live", frozenset({"@" + p})), self.expand_class_member(st, k, a, "", 0)))
                    spent += state.steps
                    if summary.ops or summary.project or attr in missed:
                        out.append((summary, state))
        return out

    def has_member(self, cls: _Cls, attr: str) -> bool:
        method, values = self.class_members(cls, attr)
        return method is not None or bool(values)

    def expand_common(self, state, refs_: list, ctx, via: str) -> None:
        """What every one of `refs_` (registered classes, one of which a key not known here picks) runs; when they
        run different ops, that the entry is not known (the ops only some run are not on the path, not dropped)."""
        if self.common_ops(state, [lambda x=x: self.expand_built(state, x, ctx, cst.Call(func=x), via, 0, "medium")
                                   for x in refs_]):
            state.site.unresolved.append(f"{via}[?] (its registered entries run different ops: which one the key "
                                         "picks is not known)")

    def _summary(self, name: str, role: str, expand) -> tuple[ModelSummary, "_PathState"]:
        site = GradSite("summary", "", 0, 0, 0, 0, "definite", name)
        state = _PathState(site)
        expand(state)
        config = template_config(name)  # what `getattr(losses, config.LOSS)(D)` passes (grad_project.module_getattr)
        if config is not None:
            site.project.append(config)
        return ModelSummary(name, role, site.ops, site.project, site.unresolved), state

    def _pointer(self, name: str, role: str, callee: ProjectCallee) -> tuple[ModelSummary, "_PathState"]:
        """A summary that only points at `callee` (another summary already built), not expanded again."""
        return self._summary(name, role, lambda state: state.site.project.append(callee))

    # ---------------------------------------------------------------- arguments given to other files' callables
    def backed_calls(self) -> dict[int, set[str]]:
        """id() of the calls whose results a backward or grad of this file differentiates (what its outputs are
        computed from, through the names between) -> how: "" (the result), "()" (the function it returns, called:
        `force = make_force(model)` ... `force(x)`), "<i>" (element i of the tuple it returns, called: `energy_fn,
        force_fn = make_force_fn(model)` ... `force_fn(x)`)."""
        if self._backed is None:
            self._backed_pass()
        return self._backed

    def backed_args(self) -> dict[int, set[str]]:
        """id() of the calls handing a container (a name) that a backward or grad of this file then differentiates
        (`cb.on_before_backward(self, losses, batch)` ... `sum(losses.values()).backward()`) -> the slots it is
        given at (index among the positional arguments, or keyword)."""
        if self._backed_args is None:
            self._backed_pass()
        return self._backed_args

    def _backed_pass(self) -> None:
        """backed_calls and backed_args, from one walk back from each backward's or grad's output."""
        self._backed, self._backed_args = {}, {}
        for node, fn, kind, api, *_ in self.ex._first_order + self.ex._raw_sites:
            func = node.func
            out = func.value if isinstance(func, cst.Attribute) and func.attr.value == "backward" else \
                _arg(node, 0, "outputs" if kind == "grad" else "tensors")
            if out is None:
                continue
            names = set(refs(out))
            for e in [out] + self.trace_back(fn, names):
                for c in calls_in(e):
                    self._backed.setdefault(id(c), set()).add("")
                    found = self.lookup_assigns(fn, c.func.value) if isinstance(c.func, cst.Name) else None
                    for v in found[0] if found is not None else ():
                        if isinstance(v, cst.Call):
                            at = self.ex._unpacked.get(id(v), {}).get(c.func.value)
                            self._backed.setdefault(id(v), set()).add("()" if at is None else str(at))
            for c in fn.calls:
                if c is node or any(a.star for a in c.args):
                    continue
                positional = [a for a in c.args if a.keyword is None]
                for a in c.args:
                    if isinstance(a.value, cst.Name) and a.value.value in names:
                        slot = a.keyword.value if a.keyword is not None else str(positional.index(a))
                        self._backed_args.setdefault(id(c), set()).add(slot)

    def arg_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """What each argument this file passes to another project module's function, class or method puts on
        a path when the callee calls it as a model: name "<module>:<name>" as imported here (`Trainer` for
        `Trainer(model)`, `Trainer.fit` for `trainer.fit(model)`), role "arg:<index>" or "arg:<keyword>".
        An instance of one of this file's model classes is given as that class (so a member of it can be
        looked up too). Only arguments that lead somewhere are kept; the work is bounded by MAX_MEMBER_STEPS."""
        out, spent, made = [], 0, []
        for f in self.all_fns():
            for c in f.calls:
                out += self.instantiate_args(c, f)
                target = self.project_callee_of(c, f)
                if target is None and isinstance(c.func, cst.Name) and \
                        (cls := self.names_class(c.func.value, f)) is not None and cls.torch_module == "no":
                    # `DockCfg(lyap_nonlin="relu6")`, a config class of this file: the strings it is given decide
                    # the table entries other files' `ACTS[cfg.act]` pick (GradOp.when)
                    summary, state = self._summary(f"{self.ex.module}:{cls.name}", "called", lambda st: None)
                    summary.unresolved = [f"{k}={v}" for k, v in self.string_slots(c).items()] + [
                        f"{k}={v!r}" for k, v in self.literal_slots(c).items()] + (  # (and its flags)
                        ["*=1"] if any(a.star for a in c.args) else [])
                    out.append((summary, state))
                    continue
                if target is None and isinstance(c.func, cst.Attribute) and id(c) in self.backed_args():
                    # `cb.on_before_backward(self, losses, batch)` of a receiver not known here: by the method's name
                    summary, state = self._summary(f":?.{c.func.attr.value}", "called", lambda st: None)
                    summary.unresolved = [f"^@{slot}=1" for slot in sorted(self.backed_args()[id(c)])]
                    out.append((summary, state))
                if target is None:
                    continue
                made.append((c, f, target))
                summary, state = self._summary(f"{target[0]}:{target[1]}", "called", lambda st: None)
                summary.unresolved = [f"{k}={v!r}" for k, v in self.literal_slots(c).items()] + [
                    f"{k}={v}" for k, v in self.known_strings(c, f).items()] + [
                    f"#{k}={v}" for k, v in self.index_slots(c).items()]  # (ms_scan.project's called_index)
                if target[1].endswith("[?]"):  # `PENALTIES[cfg.penalty](...)`: the config field its key is
                    keyed = self.table_key_field(c.func, f)
                    if keyed is not None:
                        summary.unresolved.append(TABLE_KEY + keyed)
                for how in sorted(self.backed_calls().get(id(c), ())):  # `loss = barrier_losses(...);
                    summary.unresolved.append(f"^{how}=1")  # loss.backward()`: differentiated here (BACKED)
                for slot in sorted(self.backed_args().get(id(c), ())):  # `add_penalty(losses, x)` ...
                    summary.unresolved.append(f"^@{slot}=1")  # `sum(losses.values()).backward()`
                splat_ref = self.splat_import(c, f)
                if any(a.star == "*" for a in c.args):  # `step(*batch)`: the slots after it are not known
                    summary.unresolved.append("*=1")
                if any(a.star == "**" for a in c.args):  # `Net(**MODEL)`: the fields it passes are MODEL's keys
                    summary.unresolved.append("&**=" + (splat_ref.text(False, self.import_extra(splat_ref))
                                                        if splat_ref is not None else "?"))
                dicts = self.dict_slots(c, f)  # `hc["second_order"]`: what a config dict holds there
                summary.unresolved += [f"&{slot}={text}" for slot, text, _ in dicts]
                if splat_ref is not None:  # (its file summarised too, below)
                    dicts.append(("**", "", splat_ref))
                guard = self.call_guard(c, f)  # `if CONFIG["loss"]["r1_gamma"] > 0:` over the call (grad_guards)
                if guard is not None:
                    summary.unresolved.append(f"!={json.dumps(guard)}")
                    reads = guard_imports(guard)
                    if reads:  # the other files' dicts it reads: their files are summarised
                        out.append(self._summary(f"{target[0]}:{target[1]}", "arg:&!", lambda st, rs=reads: (
                            st.site.project.extend(ProjectCallee(m, n, "config", "", "high", "", "") for m, n in rs))))
                out.append((summary, state))  # the literal flags (`create_graph=True`) and strings this call passes
                for slot, _, ref in dicts:  # another file's dict: its file is summarised (project.reached_callers)
                    if ref is not None and ref.root[0] == "import":
                        out.append(self._summary(f"{target[0]}:{target[1]}", f"arg:&{slot}", lambda st, r=ref: (
                            st.site.project.append(ProjectCallee(r.root[1], r.root[2], "config", "", "high", "", "")))))
                pos = 0
                for a in c.args:
                    if a.star:
                        pos = -1  # `f(*args, ...)`: the positions after it are not known
                        continue
                    slot = a.keyword.value if a.keyword is not None else str(pos) if pos >= 0 else None
                    if a.keyword is None and pos >= 0:
                        pos += 1
                    if slot is None or not isinstance(a.value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
                        continue
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"arg:{slot}",
                                                   lambda st, v=a.value, fn=f: self.expand_arg(st, v, fn))
                    summary.at = call_tag(c, f)
                    spent += state.steps
                    if summary.ops or summary.project or summary.unresolved:
                        out.append((summary, state))  # unresolved: the callee says this caller is not followed
                slots = self.arg_slots(c)
                # (an argument bound to literals only, `hp["inner_lr"]`, holds no tensor: a slot read beside it from
                # the same dict, `make_episode(hp["n_way"])`, is not computed from the others)
                tensors = {k: x for k, x in slots.items() if not self.literal_read(x, f)} if len(slots) >= 2 else {}
                for slot, v in slots.items() if len(slots) >= 2 else ():
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    others = [x for k, x in tensors.items() if k != slot]
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"lift:{slot}",
                                                   lambda st, v=v, o=others, fn=f: self.slice(st, fn, [v], o))
                    spent += state.steps
                    if summary.ops or summary.project:
                        out.append((summary, state))
                for slot, v in slots.items():  # the argument as a holder of both (`sdf_loss(model(inp), gt)`)
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"hold:{slot}", lambda st, v=v, fn=f: (
                        self.expand_held(st, v, fn, 0)))
                    spent += state.steps
                    if summary.ops or summary.project:
                        out.append((summary, state))
        return out + self.back_summaries(made, spent)

    def back_summaries(self, made: list, spent: int) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "back:<slot>": everything the argument is computed from in the caller (a backward's slice, no
        inputs), for a callee that differentiates it w.r.t. weights it holds itself (`opt.step(loss)` with an
        optimiser whose step takes `grad(loss, self.param_groups..., create_graph=True)`, "back" ProjectCallee).
        Built after every other summary of the file, with what is left of its MAX_MEMBER_STEPS."""
        out = []
        for c, f, target in made:
            for slot, v in self._slotted(c):  # (a lambda too: `opt.update_hessian(lambda: loss_fn(net(x), y))`)
                if spent > MAX_MEMBER_STEPS or not isinstance(v, (cst.Name, cst.Call, cst.BinaryOperation,
                                                                  cst.Lambda)):
                    continue
                summary, state = self._summary(f"{target[0]}:{target[1]}", f"back:{slot}",
                                               lambda st, v=v, fn=f: self.slice_returned(st, v, fn))
                spent += state.steps
                if summary.ops or summary.project:
                    out.append((summary, state))
        return out

    def classmethod_constructions(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """A "called" summary "<this module>:<C>" for each `cls(...)` in a classmethod of this file's class C
        (`return cls(cfg.hidden, cfg.act)` in `from_config`): the strings and fields it passes (string_slots) say,
        as another file's `C(...)` does, which table entry the instance's `self.acts[self.act_name]` picks
        (ms_scan.project._config_keys). Only the slots: nothing else of arg_summaries applies to a call of this
        file's own class."""
        out = []
        for cls in self.ex._classes.values():
            if cls.name not in self.ex.class_decls:
                continue
            for m in cls.methods.values():
                if not isinstance(m.node, cst.FunctionDef) or not m.node.params.params or not any(
                        dotted_name(d.decorator) == "classmethod" for d in m.node.decorators):
                    continue
                own = m.node.params.params[0].name.value
                for c in m.calls:
                    if not isinstance(c.func, cst.Name) or c.func.value != own or \
                            self.lookup_assigns(m, own) is not None:
                        continue
                    summary, state = self._summary(f"{self.ex.module}:{cls.name}", "called", lambda st: None)
                    strings = self.string_slots(c)
                    for slot, value in self._slotted(c) if strings else ():
                        read = self.param_read(value, m, aliases=True) if strings.get(slot) == "?" else None
                        if read is not None and read[0] in m.params:
                            # `head_act=m.get("head_act", "identity")`, `m = cfg["model"]`: what the dict another
                            # file's `MiteDropNet.from_config(CFG)` passes holds there (ms_scan.project, METHOD_READ)
                            strings[slot] = METHOD_READ + json.dumps([self.ex.module, f"{cls.name}.{m.name}",
                                                                      m.params.index(read[0]), *read])
                    summary.unresolved = [f"{k}={v!r}" for k, v in self.literal_slots(c).items()] + [
                        f"{k}={v}" for k, v in strings.items()]
                    if any(a.star == "**" for a in c.args):  # `cls(**d)`: any field, not known (nor the defaults)
                        summary.unresolved.append("&**=?")
                    if any(a.star == "*" for a in c.args):  # `cls(*args)`: the positions not known
                        summary.unresolved.append("0=?")
                    out.append((summary, state))
        return out

    def reference_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "ref", named "<module>:<name>": another project module's function (or class) this file names other
        than by calling it (`partial(r1, D)`, `callbacks=[r1]`, `map(r1, xs)`, `{"r1": r1}`, `losses.r1` as an
        argument; not `sorted(TABLE)` or `k in TABLE`, which read a table's keys only). Whoever holds it may call it
        under no guard, so the guards over its visible calls ("called" summaries) no longer decide whether its site
        runs (ms_scan.project._unreached). An entry of a table taken and not called there (`reg =
        REGULARISERS[cfg.reg]`) is named "<module>:<table>[]"."""
        top, seen, out = self.ex._module_fn, set(), []
        names = self.ex.scopes.module.names
        called: set[int] = set()
        stack = [self.ex._module_node]
        while stack:
            n = stack.pop()
            if isinstance(n, (cst.Import, cst.ImportFrom)):
                continue
            if isinstance(n, cst.Call):
                called.add(id(n.func))
                if isinstance(n.func, cst.Name) and n.func.value in _KEYS_ONLY and len(n.args) == 1 and \
                        not n.args[0].star and isinstance(n.args[0].value, (cst.Name, cst.Attribute)):
                    continue  # `choices=sorted(TRAINERS)`: the table's keys, no entry of it taken
            if isinstance(n, cst.Comparison) and all(isinstance(t.operator, (cst.In, cst.NotIn)) and isinstance(
                    t.comparator, (cst.Name, cst.Attribute)) for t in n.comparisons):
                stack.append(n.left)  # `if name not in TRAINERS:` likewise
                continue
            if isinstance(n, cst.Subscript) and id(n) in called and isinstance(n.value, (cst.Name, cst.Attribute)):
                stack.extend(n.slice)  # `TRAINERS[args.trainer](model)`: a call of the entry ("called" summaries)
                continue
            if isinstance(n, cst.Subscript) and id(n) not in called and isinstance(n.value, (cst.Name, cst.Attribute)):
                target = self.project_target(n.value, top)  # `reg = REGULARISERS[cfg.reg]`: an entry, "T[]"
                if target is not None:
                    if (target, "[]") not in seen:
                        seen.add((target, "[]"))
                        out.append(self._summary(f"{target[0]}:{target[1]}[]", "ref", lambda st: None))
                    stack.extend(n.slice)
                    continue
            if isinstance(n, (cst.Name, cst.Attribute)) and id(n) not in called and \
                    (dotted_name(n) or ".").partition(".")[0] in names:  # (a name some import binds: cheap first)
                target = self.project_target(n, top)
                if target is not None:
                    if target not in seen:
                        seen.add(target)
                        out.append(self._summary(f"{target[0]}:{target[1]}", "ref", lambda st: None))
                    continue
            if isinstance(n, cst.Attribute):  # (`obj.r1` names no import; `losses.r1` was looked up above)
                if id(n) not in called:  # (`Net.build(...)`, `losses.r1(...)`: calls, not references)
                    stack.append(n.value)
            elif isinstance(n, cst.Arg):  # (a keyword's name is no reference)
                stack.append(n.value)
            else:
                stack.extend(n.children)
        return out

    # ---------------------------------------------------------------- hooks: instances handed to a holder
    def hook_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "arg:~hook" (HOOK), named "<module>:<H>": an instance of another project module's class H built in
        this file and handed to a construction of another project class T, or to a method of T's instance
        (`GANTrainer(critic, gen, callbacks=[DraganPenalty(weight=10.0)])`, `trainer.add_callback(Ema())`; an
        argument, an element of a list or tuple display, or a name bound once to either): a member ProjectCallee
        `T.*` (no text), so that the scan's rounds summarise T's file and ms_scan.project can read, for a hook of H
        whose parameter's member is called (grad_project.hook_callee), the member of T that T passes itself
        for (duck_summaries)."""
        out, seen = [], set()
        for f in self.all_fns():
            for c in f.calls:
                target = self.project_callee_of(c, f)
                holder = target[1].partition(".")[0] if target is not None else ""
                if not holder[:1].isupper() or "[" in holder:
                    continue
                for a in c.args:
                    for v, ctx in self.handed(a.value, f):
                        made = self.project_target(v.func, ctx)
                        if made is None or not made[1][:1].isupper() or "." in made[1] or \
                                (made, target[0], holder) in seen or (made[0], made[1]) == (target[0], holder):
                            continue
                        seen.add((made, target[0], holder))
                        callee = ProjectCallee(target[0], f"{holder}.*", "member", _code(v), "high", "")
                        out.append(self._pointer(f"{made[0]}:{made[1]}", f"arg:{HOOK}", callee))
        return out

    def handed(self, v, fn: _Fn, depth: int = 0) -> list[tuple[cst.Call, _Fn]]:
        """The constructions an argument hands over: a call, a name bound once to one, and those of the elements
        of a list or tuple display (or of a name bound once to one)."""
        if isinstance(v, cst.Name) and depth < 3:
            found = self.lookup_assigns(fn, v.value)
            if found is None or len(found[0]) != 1:
                return []
            return self.handed(found[0][0], found[1], depth + 1)
        if isinstance(v, (cst.List, cst.Tuple)) and depth < 3:
            return [x for e in v.elements if isinstance(e, cst.Element) for x in self.handed(e.value, fn, depth + 1)]
        v = _unchain(v)
        return [(v, fn)] if isinstance(v, cst.Call) else []

    def duck_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "member", named "<T>.~<meth>": a method of the file's module-level class T calls `x.meth(...)` on a
        value whose class is not known here (`for cb in self.callbacks: loss = cb.on_critic_loss(self, loss,
        real)`) passing the instance itself; `unresolved` holds the argument slots it is passed in ("0", or the
        keyword), for ms_scan.project to bind a hook's parameter to T (hook_summaries)."""
        out = []
        for name, cls in sorted(self.ex._classes.items()):
            if name not in self.ex.class_decls or self.ex._classes.get(name) is not cls:
                continue
            slots: dict[str, set] = {}
            for m in cls.methods.values():
                if not m.self_name:
                    continue
                for c in m.calls:
                    func = c.func
                    if not isinstance(func, cst.Attribute) or func.attr.value.startswith("__") or \
                            dotted_name(func) is None or self.torch_api(c) is not None:
                        continue
                    owner = func.value
                    root = chain_root(owner)
                    if isinstance(owner, cst.Name) and owner.value == m.self_name or \
                            self.class_of(owner, m) is not None or self.project_callee_of(c, m) is not None or \
                            isinstance(root, cst.Name) and self.project_binding(root.value) is not None:
                        continue
                    for slot, v in self._slotted(c):
                        if isinstance(v, cst.Name) and v.value == m.self_name:
                            slots.setdefault(func.attr.value, set()).add(slot)
            for meth, given in sorted(slots.items()):
                summary, state = self._summary(f"{name}.~{meth}", "member", lambda st: None)
                summary.unresolved = sorted(given)
                out.append((summary, state))
        return out

    def slice_returned(self, state, v, fn: _Fn) -> None:
        """A backward's slice of `v`; when `v` names a function of the file (`opt.step(closure)` with
        `def closure(): return criterion(net(x), y)`, which the callee calls for its loss), of what it returns;
        for a lambda without parameters (`opt.update_hessian(lambda: loss_fn(model(xb), yb))`), of its body."""
        if isinstance(v, cst.Lambda):
            body = thunk_body(v)
            if body is not None:
                self.slice(state, fn, [body], None)
            return
        d = self.lookup_def(fn, v.value) if isinstance(v, cst.Name) and self.lookup_assigns(fn, v.value) is None \
            else None
        if d is not None and isinstance(d.node, cst.FunctionDef):
            values = [x for x in returned(d.node.body) if x is not None]
            if values:
                self.slice(state, d, values, None)
            return
        self.slice(state, fn, [v], None)

    @staticmethod
    def _slotted(c: cst.Call):
        """(slot, argument expression) of a call's arguments: slot "0", "1", ... or the keyword; positions
        after a star argument have no slot."""
        pos = 0
        for a in c.args:
            if a.star:
                pos = -1
                continue
            slot = a.keyword.value if a.keyword is not None else str(pos) if pos >= 0 else None
            if a.keyword is None and pos >= 0:
                pos += 1
            if slot is not None:
                yield slot, a.value

    @staticmethod
    def literal_slots(c: cst.Call) -> dict:
        """slot -> True/False/None for the literal arguments of a call (up to a star argument's positions)."""
        return {slot: v for slot, value in _Summaries._slotted(c)
                if (v := _literal(value)) is True or v is False or v is None}

    @staticmethod
    def string_slots(c: cst.Call) -> dict:
        """slot -> "'text'" for the literal strings a call passes, "['a', 'b']" for a list or tuple of them (or of
        literal_rows), "@field"
        for an attribute (`cfg.act`: a config field of that name), "?" for its other arguments that are not True/False/None; {} after a star argument
        (the slots are not all known)."""
        if any(a.star for a in c.args):
            return {}
        out = {}
        for slot, value in _Summaries._slotted(c):
            v = _literal(value)
            held = literal_list(value)
            if held is not None:  # `Critic(["plain", "shrink"])`, `Field([("linear", 32, "hswish"), ...])` (rows)
                out[slot] = literal_repr(list(held))
            elif isinstance(v, str):
                out[slot] = repr(v)
            elif isinstance(value, cst.Attribute) and dotted_name(value) is not None:
                out[slot] = f"@{value.attr.value}"  # `act=cfg.act`: what the configs give `act` (ms_scan.project)
            elif not (v is True or v is False or v is None):
                out[slot] = "?"
        return out

    def known_strings(self, c: cst.Call, fn: _Fn) -> dict:
        """string_slots, an attribute read (`act=args.act`) replaced by the one string this file knows it holds
        (literal_choices: an argparse default, a constant), when it knows one."""
        out = self.string_slots(c)
        for slot, value in self._slotted(c) if any(v.startswith("@") for v in out.values()) else ():
            if out.get(slot, "").startswith("@"):
                got = self.literal_choices(value, fn, lambda v: isinstance(v, str))
                if got is not None and len(got) == 1:
                    out[slot] = repr(next(iter(got)))
        return out

    @staticmethod
    def index_slots(c: cst.Call) -> dict:
        """slot -> k for the literal non-negative ints a call passes (`layer_idx=4`: an index into a model another
        file's curvature takes over); {} after a star argument."""
        if any(a.star for a in c.args):
            return {}
        return {slot: v for slot, value in _Summaries._slotted(c)
                if isinstance(v := _literal(value), int) and not isinstance(v, bool) and v >= 0}

    @staticmethod
    def arg_slots(c: cst.Call) -> dict:
        """slot ("0", "1", ... or the keyword) -> argument expression, for the arguments that may be tensors."""
        return {slot: value for slot, value in _Summaries._slotted(c)
                if isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.BinaryOperation))}

    def expand_arg(self, state, v, fn: _Fn) -> None:
        if isinstance(v, cst.Name):  # `x = torch.randn(...)`: a tensor, never a model
            found = self.lookup_assigns(fn, v.value)
            if found is not None and all(self.tensor_call(x) for x in found[0]):
                return
        elif self.tensor_call(v):
            return
        cls = self.class_of(v, fn) if isinstance(v, (cst.Name, cst.Attribute)) else self.value_class(v, fn, 0)
        if cls is not None and self.ex._classes.get(cls.name) is cls and cls.name in self.module_classes() and \
                cls.name in self.ex.class_decls:
            self.project_hit(state, (self.ex.module, cls.name), "instance", "", _code(v))
            return
        self.expand_module_expr(state, v, fn, _code(v), 0)

    def instantiate_args(self, c: cst.Call, fn: _Fn) -> list:
        """The "arg:<key>" summaries of `instantiate(cfg.critic)` with the node a config of this file whose
        `_target_` is another project module's class: what each key holding nodes builds (`act: {_target_:
        torch.nn.SELU}` -> `Critic(act=SELU())`), read where the class calls what it is given."""
        ref = self.instantiated(c, fn)
        items, string = hydra_items(ref[1]) if ref is not None and ref[0] == "" and not ref[2] else ([], None)
        target = self.dotted_project_target(string.evaluated_value) if string is not None else None
        if target is None:
            return []
        return [self._summary(f"{target[0]}:{target[1]}", f"arg:{key}", lambda st, v=v: (
            self.target_ops(st, v, "", "", 0, _code(c)))) for key, v in items
            if key.isidentifier() and not key.startswith("_") and _target_nodes(v, "")]

    def tensor_call(self, v) -> bool:
        """`torch.randn(...)`, `x.view(...)`: a torch call that is not a module (nor `Net().to(dev)`)."""
        v = _unchain(v) if isinstance(v, cst.Call) else v
        api = self.torch_api(v) if isinstance(v, cst.Call) else None
        return api is not None and self.kind(api) != "nn_module" and api not in _WRAPPERS and \
            api not in _FUNCTIONAL_CALL
