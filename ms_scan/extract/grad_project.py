"""Cross-file links on a derivative path: names imported from other scanned modules (a class, a function, a
module-level instance, a sibling script's module), and parameters and create_graph flags that only other files
bind, recorded as ProjectCallee entries (and named as unresolved) for ms_scan/project.py to follow.
"""
from __future__ import annotations

import json
from dataclasses import replace

import libcst as cst

from ms_scan.extract.grad_common import (
    HOOK, MAX_BINDING_HOPS, _NOLIT, PARAM_ROLES, _Fn, ProjectCallee, _join, _literal, _live_text, _name_tokens,
    call_tag, enclosing, param_default, refs, _role_words, template_config, _unchain, when_safe, chain_root,
    _subscript_key,
)
from ms_scan.extract.grad_unroll import evaluate
from ms_scan.extract.scope import EXTMOD, PROJECT, PROJMOD, UNKNOWN
from ms_scan.extract.visitor import dotted_name


class _ProjectLinks:
    """_Resolver's project imports and caller-bound parameters, as ProjectCallee entries."""

    # ---------------------------------------------------------------- project imports
    def project_target(self, expr, fn: _Fn) -> tuple[str, str] | None:
        """The (module, name) a project import designates: `Critic` (`from .models import Critic`), `m.Critic`
        (`import pkg.models as m`), `models.Critic` (`from pkg import models`), `pkg.models.Critic`. None for
        anything else, and for a root name the function binds itself."""
        dotted = dotted_name(expr)
        if dotted is None:
            return None
        root, *parts = dotted.split(".")
        if self.lookup_assigns(fn, root) is not None or self.param_of(fn, root):
            return None
        b = self.project_binding(root)
        if b is None:
            return None
        if b[0] == PROJECT:
            return (b[1][0], b[1][1]) if not parts else None
        if b[0] == PROJMOD and not parts and "." in b[1]:
            # `from pyhessian import hessian; hessian(model, ...)`: a module is never called, so this is the
            # package's attribute of that name (its `__init__` re-exports the class over the submodule)
            module, _, name = b[1].rpartition(".")
            return module, name
        if b[0] == PROJMOD and parts:
            module = b[1]
            while len(parts) > 1 and f"{module}.{parts[0]}" in self.ex.project_modules:
                module = f"{module}.{parts.pop(0)}"
            return (module, parts[0]) if len(parts) == 1 else None
        return None

    def table_entry(self, expr: cst.Subscript, fn: _Fn) -> tuple[tuple[str, str], str] | None:
        """`ARCHS[arch]` with ARCHS another project module's table and the key known here (bound_key):
        ((module, table), key); None otherwise."""
        target = self.project_target(expr.value, fn)
        key = self.bound_key(expr, fn) if target is not None else None
        return (target, key) if key is not None else None

    def project_binding(self, root: str) -> tuple[str, object] | None:
        """(PROJECT, (module, name)) or (PROJMOD, module) for a module-level name bound by a project import.
        An absolute import of a sibling file (`from models import Net`, `import models` in dir/train.py,
        run as a script so its folder is on sys.path) counts when dir/models.py is a scanned module and no
        top-level module of that name is."""
        b = self.ex.scopes.module.names.get(root)
        if b is None:
            return None
        if b.kind in (PROJECT, PROJMOD):
            return b.kind, b.value
        if b.kind == EXTMOD:  # `import models [as m]`
            sib = self.sibling_module(str(b.value))
            return (PROJMOD, sib) if sib is not None else None
        full = self.ex.imported.get(root)
        if b.kind == UNKNOWN and b.imported and full and str(b.value).startswith("from "):  # `from models import N`
            source, _, name = full.rpartition(".")
            sib = self.sibling_module(source)
            if sib is None:
                return None
            sub = f"{sib}.{name}"
            return (PROJMOD, sub) if sub in self.ex.project_modules else (PROJECT, (sib, name))
        return None

    def dotted_project_target(self, text) -> tuple[str, str] | None:
        """(module, name) of a dotted path string naming a CapWords name of a scanned module (a hydra `_target_`,
        `"lib.models.LetterCritic"`), the module as imported from the scan root or from this file's folder (run
        as a script); None for anything else."""
        if not isinstance(text, str) or "." not in text:
            return None
        module, _, name = text.rpartition(".")
        if not name.isidentifier() or not name[:1].isupper():
            return None
        if module not in self.ex.project_modules:
            module = self.sibling_module(module)
        return (module, name) if module is not None and module in self.ex.project_modules else None

    def sibling_module(self, dotted: str) -> str | None:
        ex = self.ex
        mods = ex.project_modules
        if not dotted or not ex.module or dotted in mods or dotted.split(".")[0] in ex.project_tops:
            return None
        parts = ex.module.split(".")
        if not ex.is_package:
            parts = parts[:-1]
        if not parts:
            return None
        cand = ".".join(parts) + "." + dotted
        return cand if cand in mods or mods.below(cand) else None

    def guess_imported_class(self, name: str, fn: _Fn | None = None) -> tuple[list[str], bool]:
        """As guess_class, among the CapWords names imported from project modules (`from .models import
        Critic, Generator`): ([local name], False) for the one class a model parameter's name designates
        (`critic` -> Critic). Otherwise (a generic name such as `model`, or several matches) the candidates and
        True: the cross-file pass keeps the one that is an nn.Module (a model summary exists), else says the
        class is unknown. Names annotating fn's other parameters (`cfg: TrainConfig`) are no candidates."""
        names = {k: b[1] for k in self.ex.scopes.module.names if k[:1].isupper() and k not in self.ex._classes
                 for b in [self.project_binding(k)] if b is not None and b[0] == PROJECT}
        if fn is not None and isinstance(fn.node, cst.FunctionDef):
            for p in (*fn.node.params.posonly_params, *fn.node.params.params, *fn.node.params.kwonly_params):
                if p.annotation is not None and p.name.value != name:
                    names = {k: v for k, v in names.items() if k not in refs(p.annotation)}
        if not names:
            return [], False
        same = [k for k in names if k.lower() == name.lower()]
        if len(same) == 1:
            return same, False
        words = _role_words(name)
        if not words:
            return (sorted(names), True) if _name_tokens(name) else ([], False)
        match = sorted(k for k in names if any(w in k.lower() for w in words))
        return match, len(match) > 1

    def guessed_project_hit(self, state, name: str, fn: _Fn, via: str, attr: str = "") -> bool:
        """A parameter never bound in this file, called as a model (or `.attr` of it): the project class its
        name designates, followed across files (medium confidence). False when no import fits."""
        cands, unsure = self.guess_imported_class(name, self.param_owner(fn, name))
        if not cands:
            return False
        owner = self.param_owner(fn, name)
        unknown = f"{name} (parameter of {owner.qual}, no call in this file: its class is unknown)"
        role = "member" if attr else "instance"
        state.guessed += 1
        try:
            for imported in cands:
                module, cls = self.project_binding(imported)[1]
                local = f"{name}.{attr} -> {imported}.{attr}" if attr else f"{name} -> {imported}"
                self.project_hit(state, (module, f"{cls}.{attr}" if attr else cls), role, via, local,
                                 f"{name}: a parameter never bound in this file, taken to be the imported {imported}",
                                 guess=unknown, text=unknown if unsure else None)
        finally:
            state.guessed -= 1
        if unsure:  # (no candidate a model, as a generic `net` among imported constants: the callers' arguments)
            found = self.callee_target(owner, name)
            if found is not None:
                callee = ProjectCallee(self.ex.module, found[0], "param", via, "high", unknown, unknown,
                                       f"{found[1]}:{name}" + (f":{attr}" if attr else ""))
                if callee not in state.site.project:
                    state.site.project.append(callee)
        return True

    # ---------------------------------------------------------------- ProjectCallee entries
    def project_hit(self, state, target, role: str, via: str, local: str, step: str = "", guess: str = "",
                    text: str | None = None, built: cst.Call | None = None, fn: _Fn | None = None,
                    key: str = "", param: str = "") -> None:
        """A project import on the path: unresolved here, followed across files by ms_scan.project. `built`: the
        call in fn that builds the instance (role "instance"), whose table keys go with it (call_keys). `key`: a
        table's "?<class part>|<field>" live token (the entry a config picks, ms_scan.project)."""
        module, name = target[0], target[1]
        text = text or f"{local} (defined in project module {module}: not found in the scanned files)"
        self.unresolved(state, text)
        if step:
            via = f"{via} [{step[step.index(':') + 2:]}]" if via.endswith(step.split(':')[0]) else _join(via, step)
        live, state.live = state.live, None
        # a call passing on a module of which one submodule's weights are differentiated ("@<slot>.<attr>",
        # part_args) keeps its live slots: ms_scan.project takes the callee's "call:@<slot>.?" summary
        keep = role == "instance" or role == "call" and any(t.startswith("@") and "." in t for t in live or ())
        tokens = _live_text(live) if keep else ""
        keys = self.call_keys(built, fn) if built is not None and role == "instance" else ""
        for t in keys.split(",") if "&" in keys else ():  # another file's config dict: its file is summarised
            ref_module, _, ref_name = t.partition(":&")[2].partition(":")
            config = ProjectCallee(ref_module, ref_name.partition(".")[0], "config", "", "high", "")
            if ref_module and config not in state.site.project:
                state.site.project.append(config)
        if built is not None and role == "instance":
            self.passed_config_callees(state, built, fn)
        config = template_config(name)  # `getattr(losses, config.LOSS)` (module_getattr): config's file summarised
        if config is not None and config not in state.site.project:
            state.site.project.append(config)
        # (the call itself, "=^<module>@<call_tag>": what a function returning its parameter gives here is what
        # this call passes it, ms_scan.project)
        at = f"=^{self.ex.module}@{call_tag(built, fn)}" if built is not None and role == "instance" and \
            fn is not None and self.ex.module else ""
        callee = ProjectCallee(module, name, role, via, "medium" if state.guessed else "high", text, guess, param,
                               live=",".join(t for t in (tokens, keys, key, at) if t))
        if callee not in state.site.project:
            state.site.project.append(callee)

    def passed_config_callees(self, state, built: cst.Call, fn: _Fn) -> None:
        """A "config" ProjectCallee for each other file's config a call building a project instance passes
        (`Critic(cfg)`, cfg a `GANConfig()` of another file: its dataclass defaults, passed_configs; `Net(cfg.act)`
        or `Net.from_config(cfg)`, cfg that file's module-level instance: passed_instances)."""
        for ref_module, ref_name in dict.fromkeys(self.passed_configs(built, fn) + self.passed_instances(built, fn)):
            config = ProjectCallee(ref_module, ref_name, "config", "", "high", "")
            if config not in state.site.project:
                state.site.project.append(config)

    def call_keys(self, c: cst.Call, fn: _Fn) -> str:
        """ProjectCallee.live tokens "=<slot>:<key>" for the arguments of a project class's construction (or a
        project factory's call) in fn that may be table keys there (GradOp.when of the callee's summary): a
        literal string ("=2:'relu6'"); "@<i>.<field>" for `cfg.field` with cfg fn's i-th parameter (the key is
        then what the construction of fn's instance passes, else what the configs give `field`), "@.<field>" for
        another `x.field`, "@<i>" for fn's i-th parameter itself; and "=<slot>.<field>:'<key>'" for a name bound in
        fn to a config built with literal strings (`cfg = Cfg(act="gelu")`, a dataclass of this file with its
        defaults). "" after a star argument or when there is none."""
        if any(a.star for a in c.args):
            return ""
        out = []
        for slot, v in self._slotted(c):
            for key, value in self.key_tokens(v, fn):
                if not set(key + value) & set(",|="):
                    out.append(f"={slot}{key}:{value}")
        return ",".join(sorted(out))

    def key_tokens(self, v, fn: _Fn, depth: int = 0) -> list[tuple[str, str]]:
        """(".field" or "", key) pairs call_keys gives one argument. A parameter (or its field) of a class built
        in this file by the construction an expansion entered it by (`DownBlock(a, b, cfg.norm)` in
        `Critic.__init__(self, cfg)`, GradValues.bound_call) is what that construction passes (`cfg.norm`)."""
        root = v.value if isinstance(v, cst.Attribute) and dotted_name(v) is not None else v
        owner = self.param_owner(fn, root.value) if isinstance(root, cst.Name) and \
            self.param_of(fn, root.value) else None
        if owner is not None and id(owner) in self._bound and depth < MAX_BINDING_HOPS:
            passed = self.args_or_default(fn, root.value)
            if len(passed) == 1:
                arg, caller = passed[0]
                if root is not v and isinstance(arg, (cst.Name, cst.Attribute)):
                    arg = v.with_changes(value=arg)
                if root is v or arg is not passed[0][0]:
                    return self.key_tokens(arg, caller, depth + 1)
        lit = _literal(v)
        if lit is _NOLIT and isinstance(v, (cst.Subscript, cst.BinaryOperation)):
            # `mcfg["act"]` with `mcfg = CONFIG["model"]`: a string of the file's constant tables (const_value)
            lit = evaluate(v, {}, lambda n: self.const_value(fn, n))
        if isinstance(lit, str):
            return [("", repr(lit))] if lit and ":" not in lit else []
        got = self.dict_key_tokens(v, fn)
        if got is not None:
            return got
        if isinstance(v, cst.Name) and self.param_of(fn, v.value):
            slot = self.built_slot(fn, v.value)
            return [("", f"@{slot}")] if slot is not None else []
        if isinstance(v, cst.Attribute) and dotted_name(v) is not None:
            root = v.value
            slot = self.built_slot(fn, root.value) if isinstance(root, cst.Name) and \
                self.param_of(fn, root.value) else None
            return [("", f"@{slot if slot is not None else ''}.{v.attr.value}")]
        last = _subscript_key(v) if isinstance(v, cst.Subscript) and isinstance(chain_root(v), cst.Name) else None
        if isinstance(last, str) and last.isidentifier():  # `build(cfg["model"]["critic"])`: as `cfg.model.critic`
            return [("", f"@.{last}")]
        found = self.lookup_assigns(fn, v.value) if isinstance(v, cst.Name) else None
        if found is None or len(found[0]) != 1 or not isinstance(found[0][0], cst.Call):
            return []
        made = found[0][0]  # `cfg = SDFConfig(activation="gelu_tanh")`: the strings the config holds
        cls = self.names_class(made.func.value, found[1]) if isinstance(made.func, cst.Name) else None
        given = {a.keyword.value: a.value for a in made.args if a.keyword is not None}
        names = [n for n, _ in cls.fields or ()] if cls is not None else []
        for i, a in enumerate(a for a in made.args if a.keyword is None and not a.star):
            if i < len(names):
                given.setdefault(names[i], a.value)
        for n, default in (cls.fields or ()) if cls is not None else ():
            if default is not None:
                given.setdefault(n, default)
        return [(f".{k}", repr(lit)) for k, x in given.items()
                if isinstance(lit := _literal(x), str) and lit and ":" not in lit]

    def dict_key_tokens(self, v, fn: _Fn) -> list[tuple[str, str]] | None:
        """key_tokens of a config dict: `cfg["act"]` with cfg the i-th parameter of the builder ("@<i>.act", what
        the construction of fn's instance gives that key); a dict of this file passed whole or in part (".act" ->
        "'prelu'" for each of its string leaves under identifier keys); another file's (`config.CRITIC`: the key
        "&config:CRITIC", with the path read: ms_scan.project looks it up in that file's "config" summary). None
        for a value that is none of these."""
        held = self.param_path(v, fn)
        if held is not None:
            name, path = held
            got = self.default_dict_key(fn, name, path)
            if got is not None:
                return got
            slot = self.built_slot(fn, name)
            return [("", f"@{slot}.{'.'.join(path)}")] if slot is not None and path else None
        if isinstance(v, cst.Dict):  # a display passed as it is
            leaves: dict = {}
            self.flatten(v, fn, (), leaves, 0)
            entries, path = [(p, t) for p, ts in leaves.items() for t in ts], ()
        elif isinstance(v, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
            ref = self.dict_ref(v, fn, imported_attrs=True)
            if ref is None or any(ref.gets) or not all(isinstance(k, str) and k.isidentifier() for k in ref.path):
                return None
            if ref.root[0] == "import":
                return [("", f"&{ref.root[1]}:{ref.root[2]}" + "".join(f".{k}" for k in ref.path))]
            entries, path = self.dict_entries(ref.root) or [], ref.path
        else:
            return None
        ref_path = path
        out = {}
        for p, text in entries:
            if p[:len(ref_path)] != ref_path or not p[len(ref_path):] or p[0] is None or \
                    not all(isinstance(k, str) and k.isidentifier() for k in p):
                continue
            field = "." + ".".join(p[len(ref_path):])
            out[field] = text if field not in out else "?"  # (two values: not known)
        return [(f, t) for f, t in sorted(out.items()) if t[:1] in ("'", '"') and ":" not in t]

    def default_dict_key(self, fn: _Fn, name: str, path: tuple) -> list[tuple[str, str]] | None:
        """dict_key_tokens of `cfg["disc"]` with cfg a parameter of a module-level function (`def main(cfg=CFG)`)
        whose every call in this file (`main()`, at least one) leaves it out, its default another file's dict: the
        key "&<module>:<name>.<path>" read there. None otherwise (what the callers pass: built_slot)."""
        owner = self.param_owner(fn, name)
        if owner.cls is not None or owner.parent is not self.ex._module_fn or not path:
            return None
        default = param_default(owner.node, name)
        calls = self.calls_of(owner) if default is not None else []
        if not calls or any(self.param_arg(owner, c, name) is not None or any(a.star for a in c.args)
                            for c, _ in calls):
            return None
        ref = self.dict_ref(default, owner)
        if ref is None or ref.root[0] != "import" or any(ref.gets) or \
                not all(isinstance(k, str) and k.isidentifier() for k in (*ref.path, *path)):
            return None
        return [("", f"&{ref.root[1]}:{ref.root[2]}" + "".join(f".{k}" for k in (*ref.path, *path)))]

    def param_path(self, v, fn: _Fn, depth: int = 0) -> tuple[str, tuple] | None:
        """(parameter, key path) of `cfg["model"]["act"]` (or of a name bound once to it) with cfg a parameter fn
        never rebinds; None otherwise."""
        path = []
        while isinstance(v, cst.Subscript) and depth <= MAX_BINDING_HOPS:
            key = _literal(v.slice[0].slice.value) if len(v.slice) == 1 and isinstance(v.slice[0].slice, cst.Index) \
                else _NOLIT
            if not isinstance(key, str) or not key.isidentifier():
                return None
            path.insert(0, key)
            v = v.value
        if not path or not isinstance(v, cst.Name):
            return None
        if self.param_of(fn, v.value):
            return v.value, tuple(path)
        found = self.lookup_assigns(fn, v.value)
        if found is None or len(found[0]) != 1 or depth > MAX_BINDING_HOPS:
            return None
        inner = self.param_path(found[0][0], found[1], depth + 1) if isinstance(found[0][0], cst.Subscript) else None
        return (inner[0], inner[1] + tuple(path)) if inner is not None else None

    def built_slot(self, fn: _Fn, name: str) -> int | None:
        """The position of `name` among the parameters of the __init__ or module-level function that binds it
        (what the construction of fn's instance, or the call of the factory, passes there); None for another
        function's parameter."""
        owner = self.param_owner(fn, name)
        if owner.name == "__init__" and owner.cls is not None or owner.cls is None and \
                owner.parent is self.ex._module_fn:
            return owner.params.index(name)
        return None

    def param_hit(self, state, fn: _Fn, name: str, via: str, text: str, attr: str = "", role: str = "param") -> bool:
        """A parameter called as a model (or `.attr` of it) that nothing in this file binds, of a module-level
        function or a method of a module-level class: other files may call it, so ms_scan.project follows
        the arguments they pass (their "arg" summaries) in place of `text`. Role "lift": a grad helper's
        parameter that is differentiated (`def gradient(y, x)`), followed as the callers' slice from that
        argument back to the others (their "lift" summaries); role "back": a loss differentiated w.r.t. weights
        the instance holds, followed as all the callers compute it from (their "back" summaries). True when
        the ProjectCallee is made."""
        found = self.callee_target(self.param_owner(fn, name), name)
        if found is None:
            return False
        target, index = found
        param = f"{index}:{name}" + (f":{attr}" if attr else "")
        live, state.live = state.live, None
        if attr and live is not None and not all(t.startswith("@") and "." not in t for t in live):
            live = None  # `clf.classify(x)`: only the parts of the instance its member reaches ("member:@attr")
        callee = ProjectCallee(self.ex.module, target, role, via, "medium" if state.guessed else "high", text,
                               "", param, _live_text(live) if role == "param" else "")
        if callee not in state.site.project:
            state.site.project.append(callee)
            if text:  # "": a helper also called in this file, whose other callers are looked for quietly
                self.unresolved(state, text)
            alias = self.call_alias(callee)
            if alias is not None and alias not in state.site.project:
                state.site.project.append(alias)
            hook = self.hook_callee(callee, self.param_owner(fn, name))
            if hook is not None and hook not in state.site.project:
                state.site.project.append(hook)
        return True

    def hook_callee(self, callee: ProjectCallee, owner: _Fn) -> ProjectCallee | None:
        """`def on_critic_loss(self, trainer, loss, real): ... trainer.critic(x)`, a method of a module-level class
        whose parameter's member is called and that no file calls by name: a hook, which the class that holds
        the instance (another file's `GANTrainer(..., callbacks=[DraganPenalty()])`, grad_summaries.hook_summaries)
        calls passing itself (`cb.on_critic_loss(self, loss, real)`, duck_summaries). A ProjectCallee on the class
        (param HOOK, no text) that leads the scan's rounds to the files handing the instance over and to the
        holder's; ms_scan.project then reads the holder's member for the parameter. None for anything else."""
        if callee.role != "param" or callee.param.count(":") != 2 or callee.name.count(".") != 1 or \
                owner.cls is None or owner.name.startswith("__") or owner.name == "forward":
            return None
        return ProjectCallee(callee.module, callee.name.partition(".")[0], "param", "", callee.confidence, "", "",
                             HOOK)

    @staticmethod
    def call_alias(callee: ProjectCallee) -> ProjectCallee | None:
        """`Cls.forward`'s parameter bound by other files: they call the instance (`consensus(d_loss, ...)`), and
        their summaries name that call `Cls.__call__`. The same callee under that name, so that the scan's rounds
        (project.reached_callers) reach those callers' summaries and the files they lead to; ms_scan.project
        follows both names to the same summaries (its ops are merged). None for any other callee."""
        if callee.role not in PARAM_ROLES or not callee.name.endswith(".forward") or \
                callee.name.count(".") != 1:
            return None
        return ProjectCallee(callee.module, callee.name[:-len(".forward")] + ".__call__", callee.role, callee.via,
                             callee.confidence, callee.text, callee.guess, callee.param, callee.live)

    def flag_callee(self, expr, fn: _Fn, here: set | None = None, opened: tuple | None = None) -> ProjectCallee | None:
        """`create_graph=create_graph` (or `not create_graph`), a parameter of a public helper no call in this
        file binds: a "flag" ProjectCallee ("index:name:default:not:values") whose value ms_scan.project reads at
        the other files' calls. With `here`, the values this file's calls give create_graph (all literal, the
        parameter without a default, `opened` = (function, parameter)): the other files' calls decide with them."""
        found = self.param_flag(expr, fn)
        if found is None:
            return None
        name, neg = found
        owner = self.param_owner(fn, name)
        found = self.callee_target(owner, name)
        if found is None or (here is None and self.calls_of(owner)) or \
                (opened is not None and (opened[0] is not owner or opened[1] != name)):
            return None
        target, index = found
        default = param_default(owner.node, name)
        lit = _literal(default) if default is not None else ""
        if lit is not _NOLIT and lit not in (True, False, None, ""):
            return None
        kept = ",".join(sorted(self.own_flag_values(owner, name, here))) if here is not None else ""
        return ProjectCallee(self.ex.module, target, "flag", "", "high", "", "",
                             f"{index}:{name}:{'' if lit is _NOLIT else lit}:{'not' if neg else ''}:{kept}")

    def own_flag_values(self, owner: _Fn, name: str, here: set) -> set:
        """flag_callee's values this file's calls give `name` ("True", "False"), each given by a call inside a public
        module-level function that nothing in this file calls or names marked "@<function>" ("@!<function>" when
        this file uses it only under guards provably false)
        (`def vector_field_loss(m, x): ... field(m, x, create_graph=True)`): ms_scan.project counts it only where
        that function runs (_flag_values). `here` as they are when the calls do not each show their values."""
        plain = {str(v) for v in here}
        default = param_default(owner.node, name) if isinstance(owner.node, cst.FunctionDef) else None
        out = set()
        for call, caller in self.calls_of(owner):
            arg = self.param_arg(owner, call, name)
            if arg is None and any(a.star for a in call.args):
                return plain
            values = self.literal_values(arg if arg is not None else default, caller if arg is not None else owner, 1) \
                if arg is not None or default is not None else None
            if values is None:
                return plain
            top = caller
            while top.parent is not None and top.parent is not self.ex._module_fn:
                top = top.parent
            lone = top is not owner and top.parent is self.ex._module_fn and top.cls is None and \
                isinstance(top.node, cst.FunctionDef) and not top.node.decorators and \
                not top.name.startswith("_") and not self.calls_of(top) and self.reference_guards(top) == []
            dead = not lone and not top.name.startswith("_") and self.used_dead(top)
            out |= {f"{v}@{top.name}" if lone else f"{v}@!{top.name}" if dead else str(v) for v in values}
        return out if {v.partition("@")[0] for v in out} == plain else plain

    def param_flag(self, expr, fn: _Fn) -> tuple[str, bool] | None:
        """(parameter, negated) for a create_graph of `keep` or `not keep`, keep a parameter of fn (or of a function
        enclosing it) that nothing there rebinds; None for anything else."""
        neg = isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not)
        if neg:
            expr = expr.expression
        if not isinstance(expr, cst.Name) or self.lookup_assigns(fn, expr.value) is not None or \
                not self.param_of(fn, expr.value):
            return None
        return expr.value, neg

    def guard_callee(self, fn: _Fn) -> ProjectCallee | None:
        """A method run only under `if self.cfg.unrolled:` (every call of it in the file, in the body of such an
        `if`), `self.cfg` the one value __init__ gives it, a parameter, and `unrolled` a field of the one dataclass
        of this file that has it, with a literal bool default, constructed in no call of this file: a "flag"
        ProjectCallee on that dataclass's field, so that its constructions in the other files decide whether the
        method's grad runs at all (ms_scan.project._decide_flags; the default where they leave the field out)."""
        cls = fn.cls
        if cls is None or not fn.self_name or fn.name.startswith("__") or not self.ex.module:
            return None
        calls, guards = self.calls_of(fn), set()
        for call, caller in calls:
            tests = [n.test for n in _statements(caller.node or self.ex._module_node) if isinstance(n, cst.If) and
                     any(x is call for st in n.body.body for x in _statements(st))]
            found = {(t.value.attr.value, t.attr.value) for t in tests if isinstance(t, cst.Attribute) and
                     isinstance(t.value, cst.Attribute) and isinstance(t.value.value, cst.Name) and
                     t.value.value.value == caller.self_name}
            if len(found) != 1:
                return None
            guards |= found
        if len(guards) != 1:
            return None
        member, field = guards.pop()
        if _init_param(cls, member) is None:
            return None
        configs = [(name, c) for name, c in self.ex._classes.items() if c.fields and
                   any(f == field for f, _ in c.fields)]
        if len(configs) != 1 or configs[0][0] not in self.ex.class_decls or self.calls_named(configs[0][0]):
            return None
        name, config = configs[0]
        index, default = next((i, d) for i, (f, d) in enumerate(config.fields) if f == field)
        lit = _literal(default) if default is not None else _NOLIT
        if lit not in (True, False):
            return None
        return ProjectCallee(self.ex.module, name, "flag", "", "high", "", "", f"{index}:{field}:{lit}::")

    def self_member(self, expr, fn: _Fn) -> cst.Attribute | None:
        """`self.<attr>` that expr is in a method: expr itself, or a name the method binds once to it (`a =
        self.args`); None otherwise."""
        if fn.cls is None or not fn.self_name:
            return None
        if isinstance(expr, cst.Name):
            values = fn.assigns.get(expr.value, [])
            expr = values[0] if len(values) == 1 and expr.value not in fn.params else None
        return expr if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and \
            expr.value.value == fn.self_name else None

    def field_flag_callee(self, expr, fn: _Fn, neg: bool = False, elsewhere: bool = False) -> ProjectCallee | None:
        """`create_graph=cfg.second_order` (or `not self.cfg.first_order`), `cfg` a parameter of a public function
        or method (or the one value __init__ gives `self.cfg`, one of its parameters) whose class this file does
        not know: a "flag" ProjectCallee on that function ("index:param::not::field"), so that the constructions
        of the one project class the other files build with that field as a literal keyword decide it
        (ms_scan.project._decide_flags). A comparison of such a field with a literal (`self.cfg.algo == "maml"`,
        `cfg.order > 1`) gives "<field>==<repr>" (">1") there. `elsewhere`: only when no call of this file binds
        that parameter, or each binds it to a construction of another file's class (built_config)."""
        if expr is None:
            return None
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            expr, neg = expr.expression, not neg
        test = ""
        op = _FIELD_TESTS.get(type(expr.comparisons[0].operator)) if isinstance(expr, cst.Comparison) and \
            len(expr.comparisons) == 1 else None
        if op is not None:
            lit = _literal(expr.comparisons[0].comparator)
            if lit is _NOLIT or not isinstance(lit, (str, int, float, bool)) or lit is None or \
                    op not in ("==", "!=") and isinstance(lit, (bool, str)):
                return None
            test = f"{op}{lit!r}"
            expr = expr.left
        if not isinstance(expr, cst.Attribute):
            return None
        field, base = expr.attr.value, expr.value
        base = self.self_member(base, fn) or base  # (`a = self.args` ... `create_graph=a.keep_delta_graph`)
        if isinstance(base, cst.Name):
            if self.lookup_assigns(fn, base.value) is not None or not self.param_of(fn, base.value) or \
                    self.class_of(base, fn) is not None or self.passed_class(base.value, fn) is not None:
                return None
            owner, name = self.param_owner(fn, base.value), base.value
            elsewhere = elsewhere and not self.built_config(owner, name)
        elif isinstance(base, cst.Attribute) and isinstance(base.value, cst.Name) and fn.cls is not None and \
                base.value.value == fn.self_name and self.member_class(base, fn) is None:
            found = _init_param(fn.cls, base.attr.value)
            if found is None:
                return None
            owner, name = found
        else:
            return None
        found = self.callee_target(owner, name)
        if found is None or elsewhere and self.calls_of(owner):
            return None
        target, index = found
        return ProjectCallee(self.ex.module, target, "flag", "", "high", "", "",
                             f"{index}:{name}::{'not' if neg else ''}::{field}{test}")

    def chain_flags(self, expr, fn: _Fn) -> list[ProjectCallee] | None:
        """create_graph bound through this file's calls to what only other files give (flag_sources): a "flag"
        ProjectCallee per public function's parameter on the way (`create_graph=second_order` in a helper whose
        caller `hyper_step(..., second_order)` no call of this file makes), a "config" one per other file's dict
        read (`CONFIG["hyper"]["second_order"]`); ms_scan.project decides the site with the union of what they
        take and the literals met here (on the first callee). None when a binding is not known or none leads
        to another file."""
        lits: set = set()
        callees: list[ProjectCallee] = []
        if not self.flag_sources(expr, fn, False, 0, lits, callees, set()) or not callees:
            return None
        if lits:
            first = callees[0]
            if first.role == "flag":
                callees[0] = replace(first, param=first.param + ",".join(sorted(str(v) for v in lits)))
            else:
                module, name, path, gets, neg, extra, attrs = json.loads(first.param)
                given = {str(v != neg) for v in lits}  # (the config's values are negated after the lookup)
                callees[0] = replace(first, param=json.dumps([module, name, path, gets, neg,
                                                              sorted(set(extra) | given), attrs]))
        return callees

    def flag_sources(self, expr, fn: _Fn, neg: bool, depth: int, lits: set, callees: list, seen: set) -> bool:
        """chain_flags' walk: literals (`neg`: under a `not`) into `lits`, ProjectCallees into `callees`; False
        when some binding is not known."""
        if depth > MAX_BINDING_HOPS or expr is None:
            return False
        lit = _literal(expr)
        if lit is not _NOLIT:
            lits.add(bool(lit) != neg)
            return True
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            return self.flag_sources(expr.expression, fn, not neg, depth + 1, lits, callees, seen)
        if isinstance(expr, (cst.Attribute, cst.Comparison)):  # `use_second_order = self.cfg.algo == "maml"`,
            field = self.field_flag_callee(expr, fn, neg, elsewhere=True)  # cfg's dataclass built in another file
            if field is not None:
                callees.append(field)
                return True
        if isinstance(expr, (cst.Subscript, cst.Call, cst.Attribute)):
            ref = self.dict_ref(expr, fn)
            if ref is None:
                return self.param_path_flag(expr, fn, neg, callees)
            if not ref.path:
                return self.constant_flag(ref, neg, callees)
            if ref.root[0] == "here":
                truths = self.flag_truths(ref)
                lits.update(v != neg for v in truths or ())
                return truths is not None
            callees.append(ProjectCallee(ref.root[1], ref.root[2], "config", "", "high", "", "",
                                         ref.text(neg, self.import_extra(ref))))
            return True
        if not isinstance(expr, cst.Name):
            return False
        found = self.lookup_assigns(fn, expr.value)
        if found is not None:
            return bool(found[0]) and all(self.flag_sources(v, found[1], neg, depth + 1, lits, callees, seen)
                                          for v in found[0])
        if not self.param_of(fn, expr.value):  # `from config import FIRST_ORDER`: that module's constant
            ref = self.dict_ref(expr, fn)
            return ref is not None and not ref.path and self.constant_flag(ref, neg, callees)
        owner = self.param_owner(fn, expr.value)
        if (id(owner), expr.value) in seen:
            return True
        seen.add((id(owner), expr.value))
        if not isinstance(owner.node, cst.FunctionDef):
            return False
        default = param_default(owner.node, expr.value)
        target = self.callee_target(owner, expr.value)
        calls = self.calls_of(owner)
        if target is not None:  # a public function's parameter: the other files' calls give it too
            lit = _literal(default) if default is not None else ""
            if lit is not _NOLIT and lit not in (True, False, None, ""):
                return False
            callees.append(ProjectCallee(self.ex.module, target[0], "flag", "", "high", "", "", f"{target[1]}:"
                                         f"{expr.value}:{'' if lit is _NOLIT else lit}:{'not' if neg else ''}:"))
        elif not calls:
            return False
        for call, caller in calls:
            arg = self.param_arg(owner, call, expr.value)
            if arg is None and (default is None or any(a.star for a in call.args)):
                return False
            if not self.flag_sources(arg if arg is not None else default, caller if arg is not None else
                                     owner.parent or self.ex._module_fn, neg, depth + 1, lits, callees, seen):
                return False
        return True

    def built_config(self, owner: _Fn, name: str, depth: int = 0) -> bool:
        """Every call of this file binds owner's parameter `name` to a construction of another project module's
        class (`unroll(cfg, ...)` with `cfg = L2OConfig()`), through parameters passed on: a field read of it
        (`cfg.second_derivatives`) is that class's (ms_scan.project reads its constructions and default)."""
        calls = self.calls_of(owner)
        if depth > MAX_BINDING_HOPS or not calls:
            return False
        for call, caller in calls:
            arg = self.param_arg(owner, call, name)
            if not isinstance(arg, cst.Name):
                return False
            found = self.lookup_assigns(caller, arg.value)
            if found is None:
                if not (self.param_of(caller, arg.value) and
                        self.built_config(self.param_owner(caller, arg.value), arg.value, depth + 1)):
                    return False
                continue
            if len(found[0]) != 1 or not isinstance(found[0][0], cst.Call) or \
                    not isinstance(found[0][0].func, (cst.Name, cst.Attribute)):
                return False
            target = self.project_target(found[0][0].func, found[1])
            if target is None or not target[1][:1].isupper() or "." in target[1]:
                return False
        return True

    def constant_flag(self, ref, neg: bool, callees: list) -> bool:
        """`create_graph=not config.FIRST_ORDER` (or `from config import FIRST_ORDER`), a module-level name of
        another project module: a "config" ProjectCallee reading that file's "config" summary of it (grad_dicts.
        constant_entries) with the empty path; "?" added when this file assigns an attribute of that name
        (`config.FIRST_ORDER = args.first_order`; the other files' such writes: their "sets" summaries). False
        for anything else."""
        if ref.root[0] != "import":
            return False
        attr = ref.root[2]
        written = any(k.rpartition(".")[2] == attr and "." in k for f in self.all_fns() for k in f.assigns)
        extra = tuple(sorted(set(self.import_extra(ref)) | ({"?"} if written else set())))
        callees.append(ProjectCallee(ref.root[1], ref.root[2], "config", "", "high", "", "", ref.text(neg, extra)))
        return True

    def param_path_flag(self, expr, fn: _Fn, neg: bool, callees: list) -> bool:
        """`create_graph=cfg["hyper"]["second_order"]` (or `.get(k, d)`, or attributes of a wrapper the callers may
        pass), cfg a parameter of a public function that no call of this file binds: a "flag" ProjectCallee on that
        parameter whose live text is the key path ([path, gets] JSON), read by ms_scan.project in the config dict
        each other file's call passes (its "&<slot>" entries). False when expr is no such read."""
        read = self.param_read(expr, fn)
        if read is None:
            return False
        name, path, gets = read
        owner = self.param_owner(fn, name)
        found = self.callee_target(owner, name)
        if found is None or self.calls_of(owner) or not isinstance(owner.node, cst.FunctionDef):
            return False
        target, index = found
        callees.append(ProjectCallee(self.ex.module, target, "flag", "", "high", "", "",
                                     f"{index}:{name}::{'not' if neg else ''}:", json.dumps([path, gets])))
        return True

    def param_read(self, expr, fn: _Fn, aliases: bool = False) -> tuple[str, list, list] | None:
        """(parameter, key path, gets) of a read of a parameter fn never rebinds: `cfg["hyper"]["second_order"]`,
        `.get(k, d)` (the gets step: the default's text), attributes (step "."); with aliases, through names fn
        binds once to such a read (`m = cfg["model"]` ... `m.get("act", "elu")`). None otherwise."""
        path, gets, hops = [], [], 0
        while True:
            if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
                key, step, expr = _literal(expr.slice[0].slice.value), "", expr.value
            elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and \
                    expr.func.attr.value == "get" and 1 <= len(expr.args) <= 2 and \
                    not any(a.star or a.keyword for a in expr.args):
                key = _literal(expr.args[0].value)
                step = self.default_text(expr.args[1].value, fn) if len(expr.args) == 2 else "None"
                expr = expr.func.value
            elif isinstance(expr, cst.Attribute) and isinstance(expr.value, (cst.Name, cst.Attribute)):
                key, step, expr = expr.attr.value, ".", expr.value  # (a wrapper's attribute: ms_scan.project checks)
            elif aliases and path and isinstance(expr, cst.Name) and not self.param_of(fn, expr.value) and \
                    hops < MAX_BINDING_HOPS and (found := self.lookup_assigns(fn, expr.value)) is not None and \
                    len(found[0]) == 1 and found[1] is fn:
                expr, hops = found[0][0], hops + 1
                continue
            else:
                break
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                return None
            path.insert(0, key)
            gets.insert(0, step)
        if not path or not isinstance(expr, cst.Name) or not self.param_of(fn, expr.value) or \
                self.lookup_assigns(fn, expr.value) is not None:
            return None
        return expr.value, path, gets

    def callee_target(self, owner: _Fn, name: str) -> tuple[str, int] | None:
        """(name other files call `owner` by: `f`, `Cls` for `Cls.__init__`, `Cls.meth`; the parameter's
        position, -1 keyword-only), for a module-level function or a method of a module-level class."""
        if name not in owner.params:
            return None
        target = self.callee_name(owner)
        if target is None:
            return None
        kwonly = {p.name.value for p in owner.node.params.kwonly_params}
        return target, -1 if name in kwonly else owner.params.index(name)

    def callee_name(self, owner: _Fn) -> str | None:
        """The name other files call `owner` by (callee_target), None for a function they cannot call."""
        if not self.ex.module or not isinstance(owner.node, cst.FunctionDef):
            return None
        if owner.cls is None:
            return owner.name if owner.parent is self.ex._module_fn else None
        if self.ex._classes.get(owner.cls.name) is owner.cls and owner.cls.name in self.ex.class_decls:
            return owner.cls.name if owner.name == "__init__" else f"{owner.cls.name}.{owner.name}"
        return None

    def project_callee_of(self, c: cst.Call, fn: _Fn) -> tuple[str, str] | None:
        """(module, name) of the project function, class or method a call calls: `pde_residual(...)`,
        `losses.pde_residual(...)`, `Trainer(...)`, `Trainer(model).fit()` / `trainer.fit(...)` with
        `trainer = Trainer(...)` (-> Trainer.fit), `prior(model, x)` with `prior = PRIORS[cfg.prior](w)`, a table of
        another module's classes (-> "PRIORS[?].__call__", grad_paths.run names the entries' methods so). None for
        anything else."""
        func = c.func
        target = self.project_target(func, fn)
        if target is not None:
            return target
        target = self.table_callee(func, fn)
        if target is not None:  # `REGULARISERS[cfg.reg](model, x, y)`, `reg = REGULARISERS[...]; reg(model, x, y)`
            return target
        target = self.aliased_target(func, fn) if isinstance(func, cst.Name) else \
            self.module_getattr(func, fn) if isinstance(func, cst.Call) else None
        if target is not None:  # `loss_fn = losses.wgan_gp`, `loss_fn = getattr(losses, CFG["loss"])`,
            return target  # `getattr(losses, config.LOSS)(D)`
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                (cls := self.project_target(func.value, fn)) is not None and cls[1][:1].isupper():
            return cls[0], f"{cls[1]}.{func.attr.value}"  # `MiteDropNet.from_config(CFG)`: the class's own method
        held = self.held_instance(func, fn)
        if isinstance(func, cst.Name) or held:  # `penalty(net, x)` with `penalty = Penalty(...)`, `self.balancer(
            func = cst.Attribute(value=func, attr=cst.Name("__call__"))  # losses, w)`: Penalty.__call__
        elif not isinstance(func, cst.Attribute):
            return None
        owner = func.value
        bound = held or [(owner, fn)]
        if isinstance(owner, cst.Name):
            bound = self.bound_values(fn, owner.value)
            if not bound:
                return None
        made = set()
        for v, ctx in bound:
            v = _unchain(v)
            t = None
            if isinstance(v, cst.Call):  # `Penalty(...)`, `loss_cls(D)`, `getattr(losses, config.LOSS)(D)`,
                t = self.project_target(v.func, ctx) or \
                    (self.aliased_target(v.func, ctx) if isinstance(v.func, cst.Name) else
                     self.table_callee(v.func, ctx) if isinstance(v.func, cst.Subscript) else  # `PRIORS[key](w)`
                     self.module_getattr(v.func, ctx))
            if t is None or not (t[1][:1].isupper() or t[1].startswith("{&") or t[1].endswith("]")):
                return None
            made.add(t)
        if len(made) != 1:
            return None
        module, cls = made.pop()
        return module, f"{cls}.{func.attr.value}"

    def held_instance(self, func, fn: _Fn) -> list:
        """`self.balancer` in a method of a class whose `__init__` sets `self.balancer = GradNorm(...)`: the
        (value, function) pairs the attribute is assigned (an instance called: its class's `__call__`); [] for
        anything else (a method, no assignment)."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and
                any(f.self_name == func.value.value for f in enclosing(fn))):
            return []
        cls = self.class_of(func.value, fn)
        method, values = self.class_members(cls, func.attr.value) if cls is not None else (None, [])
        return values if method is None and all(isinstance(_unchain(v), cst.Call) for v, _ in values) else []

    def table_callee(self, func, fn: _Fn) -> tuple[str, str] | None:
        """(module, "TABLE[key]") for a call of an entry of another project module's table: `T[k](...)`, or a
        name bound once to `T[k]`; the key "?" when it is not known here (any entry: grad_paths.function_tables
        gives each entry's function both names)."""
        func, ctx = self.table_item(func, fn)
        if not isinstance(func, cst.Subscript) or not isinstance(func.value, (cst.Name, cst.Attribute)):
            return None
        target = self.project_target(func.value, ctx)
        if target is None:
            return None
        key = self.bound_key(func, ctx)
        return target[0], f"{target[1]}[{key if key is not None and key.isidentifier() else '?'}]"

    def table_item(self, func, fn: _Fn) -> tuple:
        """(the `T[k]` a callee is, its function): itself, or the one value of a name bound to it; (None, fn) when
        neither."""
        if isinstance(func, cst.Name):
            found = self.lookup_assigns(fn, func.value)
            if found is None or len(found[0]) != 1 or not isinstance(found[0][0], cst.Subscript):
                return None, fn
            return found[0][0], found[1]
        return (func, fn) if isinstance(func, cst.Subscript) else (None, fn)

    def table_key_field(self, func, fn: _Fn) -> str | None:
        """"<class part>|<field>" (GradOp.when's first two parts) of the key of a call of another file's table entry
        that table_callee cannot name (`PENALTIES[cfg.penalty](disc, x)`): key_field's (for `cfg.field` with cfg
        bound once to a call of another project module, `cfg = TrainConfig()`, that field of no known class part:
        its dataclass default and the configs' strings decide, ms_scan.project). None otherwise."""
        item, ctx = self.table_item(func, fn)
        got = self.key_field(item, ctx) if item is not None else None
        return f"{got[0]}|{got[1]}" if got is not None and when_safe(*got, also="=") else None

    def aliased_target(self, name: cst.Name, fn: _Fn) -> tuple[str, str] | None:
        """The project function or class a name bound once designates: `loss_fn = losses.wgan_gp`, or
        `loss_fn = getattr(losses, CFG["loss"])` with losses a project module and the name one known string."""
        found = self.lookup_assigns(fn, name.value)
        if found is None or len(found[0]) != 1:
            return None
        v, ctx = found[0][0], found[1]
        if isinstance(v, (cst.Name, cst.Attribute)):
            return self.project_target(v, ctx)
        return self.module_getattr(v, ctx)

    def module_getattr(self, v, ctx: _Fn) -> tuple[str, str] | None:
        """(module, name) of `getattr(losses, "wgan_gp")` with losses a project module and the name one known
        string; with the name another project module's constant (`getattr(losses, config.LOSS)`), the name is the
        template "{&config:LOSS}" that ms_scan.project fills with the constant's string."""
        if not (self.builtin_getattr(v, ctx, two=True) and isinstance(v.args[0].value, cst.Name)):
            return None
        root = v.args[0].value.value
        b = self.project_binding(root) if self.lookup_assigns(ctx, root) is None and \
            not self.param_of(ctx, root) else None
        if b is None or b[0] != PROJMOD:
            return None
        keys = self.literal_choices(v.args[1].value, ctx, lambda k: isinstance(k, str) and k.isidentifier())
        if keys is not None:
            return (b[1], next(iter(keys))) if len(keys) == 1 else None
        name = v.args[1].value
        target = self.project_target(name, ctx) if isinstance(name, (cst.Name, cst.Attribute)) else None
        if target is None or not when_safe(*target, also="&+:=[]{}"):
            return None
        return b[1], f"{{&{target[0]}:{target[1]}}}"

    def bound_values(self, fn: _Fn, name: str, depth: int = 0) -> list:
        """(value, its function) for each value `name` holds in fn: its assignments, or for a parameter never
        assigned the arguments this file's calls of its function pass (`def train(model, optimizer, batches):
        optimizer.step(loss)` with `train(net, opt, data)` and `opt = AdaHessian(...)`), followed through names
        bound so; empty when not known (no call, a call leaving it out, too many hops)."""
        found = self.lookup_assigns(fn, name)
        if found is not None:
            return [(v, found[1]) for v in found[0]]
        if depth >= MAX_BINDING_HOPS or not self.param_of(fn, name):
            return []
        owner = self.param_owner(fn, name)
        out = []
        for call, caller in self.calls_of(owner):
            a = self.param_arg(owner, call, name)
            if a is None or any(x.star for x in call.args):
                return []
            got = self.bound_values(caller, a.value, depth + 1) if isinstance(a, cst.Name) else [(a, caller)]
            if not got:
                return []
            out += got
        return out


# the comparisons of a config field with a literal a create_graph may be (`cfg.algo == "maml"`, `cfg.order > 1`)
_FIELD_TESTS = {cst.Equal: "==", cst.NotEqual: "!=", cst.GreaterThan: ">", cst.GreaterThanEqual: ">=",
                cst.LessThan: "<", cst.LessThanEqual: "<="}


def _init_param(cls, member: str) -> tuple[_Fn, str] | None:
    """(cls's __init__, its parameter) when `self.<member>` is given one value in the class, in __init__, a
    parameter __init__ never reassigns (`self.cfg = cfg`); None otherwise."""
    init = cls.methods.get("__init__")
    values = cls.attrs.get(member, [])
    if init is None or len(values) != 1 or values[0][1] is not init or not isinstance(values[0][0], cst.Name) \
            or values[0][0].value not in init.params or values[0][0].value in init.assigns:
        return None
    return init, values[0][0].value


def _statements(node: cst.CSTNode):
    """Every node under `node`, nested definitions included (grad_common._walk stops at a function or class
    definition, the root too, and enters only the value of an attribute or argument)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)
