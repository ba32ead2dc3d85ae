"""Cross-file facts: uses through names the project re-exports (`from .layers import nn`).

Works on cached per-file facts only (exports, re-exports, deferred references), so a change to
one file never needs another file re-parsed.
"""
from __future__ import annotations

import operator

from ms_scan.extract import TENSOR_EXPORT
from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.grad_common import (
    CALLER_ROLES, MIXIN, OVERRIDDEN, PARAM_ROLES, ModelSummary, class_part_fields, overridden_step,
)
from ms_scan.facts import FileFacts
from ms_scan.index import Kept, Modules

_MAX_HOPS = 16


def resolve(all_facts: list[FileFacts], on_file=None) -> None:
    """Turn each file's deferred references into ApiUses where they lead to torch, and drop the uses on
    project-class owners that the project's own classes define (_project_member).

    Files the workers wrote to the index (`Kept.index`) are decided one at a time from it: a file whose
    record the scan keeps gets its uses back in that record; any other file with uses left goes to
    `on_file(record)` (the scan makes its findings then and lets the record go), or, without `on_file`,
    comes back into `all_facts` (Kept.restore)."""
    by_module = Modules(all_facts)
    cat = load_catalog()

    def lookup(module: str, name: str) -> str | None:
        # a loop, not a recursive closure: that would be a reference cycle keeping by_module (and the stubs
        # it made from the index) alive after the pass until a full collection
        for _ in range(_MAX_HOPS + 1):
            home = by_module.get(module)
            if home is None:
                return None
            found = home.exports.get(name)
            if found is not None:
                return found
            nxt = home.reexports.get(name)
            if nxt is None:
                return None
            module, name = nxt
        return None

    def resolved(ref):
        """The ApiUse a deferred reference stands for, or None when it does not lead to torch."""
        module, name, rest = ref.module, ref.name, ref.rest
        while f"{module}.{name}" in by_module and rest:  # `pkg.layers.nn.Conv2d`
            module = f"{module}.{name}"
            name, _, rest = rest.partition(".")
        path = lookup(module, name)
        if path is None:
            return None
        if path == TENSOR_EXPORT:  # `from .tables import T; T.view(4, 4)`
            if not rest or "." in rest or rest not in cat.tensor_members:
                return None
            path = "torch.Tensor"
        api = cat.canonical_name(f"{path}.{rest}" if rest else path)
        kind = cat.kind(api)
        if api.count(".") == 0 or kind == "module":
            return None
        use = ref.use
        use.api = api
        if use.kind in ("attribute", "reference"):
            use.kind = "attribute" if kind in ("dtype", "constant") else "reference"
        return use

    def by_line(u):
        return u.line, u.column, u.api

    for facts in all_facts:
        if not facts.deferred:
            continue
        facts.uses.extend(u for u in map(resolved, facts.deferred) if u is not None)
        facts.uses.sort(key=by_line)
        facts.deferred = []
    member = _project_member(by_module)
    if isinstance(all_facts, Kept) and all_facts.index is not None:
        # what the workers wrote to the index: a file's owner uses (the project's own methods dropped) and the
        # references that lead to torch; its record comes back only when some are left
        by_path = {f.path: f for f in all_facts}
        for path, module, refs, owned in all_facts.index.pending():
            uses = [use for use, _, _ in owned if not member(use)]
            spans = [c for _, cs, _ in owned for c in cs]
            for ref, cs in refs:
                use = resolved(ref)
                if use is not None:
                    uses.append(use)
                    spans.extend(cs)
            if not uses:
                continue
            facts = by_path.get(path)
            if facts is None:
                facts = all_facts.index.stub(path, module)
                if on_file is None:
                    by_path[path] = facts
                    all_facts.restore(facts)
            facts.uses.extend(uses)
            facts.uses.sort(key=by_line)
            for c in spans:
                if c not in facts.contexts:
                    facts.contexts.append(c)
            for use, _, text in owned:
                if text is not None:
                    facts.snippets.setdefault(use.line, text)
            if path not in by_path:
                on_file(facts)
    for facts in all_facts:
        if any(u.owner for u in facts.uses):
            facts.uses = [u for u in facts.uses if not (u.owner and member(u))]


def _project_member(by_module: Modules):
    """use -> bool, the class index: an nn.Module member called on `self`, `super()` or an instance of a project
    class (ApiUse.owner) is the project's own method when that class or a project base defines it
    (`self.register_parameter` in a gpytorch kernel runs gpytorch's Module.register_parameter)."""
    def find(module: str, name: str):
        """(module, name, ClassDecl) of the class a project name stands for, re-exports followed."""
        for _ in range(_MAX_HOPS):
            home = by_module.get(module)
            if home is None:
                return None
            decl = home.classes.get(name)  # dicts, or views of the index on disk
            if decl is not None:
                return module, name, decl
            nxt = home.reexports.get(name)
            if nxt is None:
                return None
            module, name = nxt
        return None

    def member(use) -> bool:
        """Whether the owner's class or a project base defines the member: the bases depth first, in order, at
        most 32 classes (a loop with a stack: a recursive closure would be a reference cycle holding by_module)."""
        found = find(use.owner[0], use.owner[1])
        name = use.api.rpartition(".")[2]
        seen: set = set()
        todo = [(found, use.owner[2] != "super")] if found is not None else []
        while todo:
            (module, cls, decl), own = todo.pop()
            if (module, cls) in seen or len(seen) > 32:
                continue
            seen.add((module, cls))
            if own and name in decl.methods:
                return True
            bases = [base for base in (find(m, n) for m, n in decl.bases) if base is not None]
            todo.extend((base, True) for base in reversed(bases))  # the first base popped next
        return False
    return member


# ---------------------------------------------------------------------- second-order paths across files
_MAX_GRAD_HOPS = 8  # project imports followed from one site (train -> models -> blocks -> ...)


def calls_of(calls: dict[tuple, list[dict]], by_module: dict, module: str, name: str) -> list[dict]:
    """The "called" literals (_called_literals) of the calls the scanned files make of `name` as imported from
    `module`, wherever it is defined."""
    return calls.get((defining_module(by_module, module, name) or module or None, name), [])


def defining_module(by_module: dict, module: str, name: str, hops: int = 0) -> str | None:
    """The module that defines `name` as imported from `module`, through the project's re-exports
    (`from .models import Critic` in `pkg/__init__.py`). None when `module` is not a scanned file."""
    facts = by_module.get(module)
    if facts is None or hops > _MAX_HOPS:
        return None
    head, dot, rest = name.partition(".")  # `Critic.features`: a member of the class Critic
    nxt = facts.reexports.get(head)
    if nxt is not None and nxt[0] in by_module and nxt[0] != module:
        return defining_module(by_module, nxt[0], nxt[1] + dot + rest, hops + 1) or module
    return module


def _not_overridden(summary, callee):
    """An "instance" summary of another file's base class (OVERRIDDEN: grad_expand._expand_class), or of its member
    (`super().features(x)`), without the ops and callees reached through the methods and attributes the deriving
    class replaces (its own file expands those)."""
    from dataclasses import replace

    if callee.role not in ("instance", "member") or not callee.param.startswith(OVERRIDDEN):
        return summary
    gone = set(callee.param[len(OVERRIDDEN):].split(","))
    return replace(summary, ops=[op for op in summary.ops if not overridden_step(op.via, gone)],
                   project=[c for c in summary.project if not overridden_step(c.via, gone)])


def _wrapped_member(callee, member_summary):
    """resolve_grad_paths.wrapped_member, for reached_callers too: `member_summary(name)` gives the summary
    (or None) of the member `name` of callee's module."""
    from dataclasses import replace

    cls, _, rest = callee.name.partition(".")
    holder, _, attr = rest.rpartition(".")
    if not cls or not attr or _unkeyed(cls):
        return None
    found = member_summary(f"{cls}.{holder or 'module'}")
    if found is None or found.ops or len(found.project) != 1:
        return None
    held = found.project[0]
    if held.role != "param" or held.param.count(":") != 1:
        return None
    return replace(held, param=f"{held.param}:{attr}", live=callee.live, via=callee.via,
                   confidence=callee.confidence, text=callee.text)


def _called_literals(all_facts: list[FileFacts], by_module: dict) -> dict[tuple, list[dict]]:
    """(home module of the callee or None, callee) -> for each call the scanned files make of it ("called"
    summaries), the literal each keyword or slot gets (`True`, `'prelu'`; `?` when it is not a literal)."""
    calls: dict[tuple, list[dict]] = {}
    for home, name, _, _, f, m in _caller_summaries(all_facts, by_module, ("called",)):
        lits = dict(x.split("=", 1) for x in m.unresolved)
        if f.module and f.module == home:  # (a config class of the calling file: only its strings are recorded)
            lits["@own"] = "1"
        calls.setdefault((home, name), []).append(lits)
    return calls


_MAX_SPREAD = 64  # the copies of one call's literals _read_method_slots makes at most


def _read_method_slots(calls: dict[tuple, list[dict]], by_module: dict, configs) -> None:
    """A call's slot read from a parameter of the classmethod making it (METHOD_READ, grad_summaries.
    classmethod_constructions: `cls(head_act=m.get("head_act", "identity"))` with `m = cfg["model"]`): what the
    config dicts the other files' calls of that method pass there hold, as literals (`'identity'`); the call's
    literals are copied once per value when they differ, "?" when one is not known."""
    import json

    from ms_scan.extract.grad_common import METHOD_READ

    def values(spec: str) -> set:
        module, name, index, param, path, gets = json.loads(spec)
        out = set()
        for lits in calls_of(calls, by_module, module, name):
            passed = _slot(lits, param, index, "&")
            got = configs(passed, truths=False, more=json.dumps([path, gets])) if passed is not None and \
                "*" not in lits and "&**" not in lits else None
            if got is None:
                return {"?"}
            out |= got
        return out or {"?"}
    for key, found in calls.items():
        if not any(v.startswith(METHOD_READ) for lits in found for v in lits.values()):
            continue
        spread = []
        for lits in found:
            copies = [dict(lits)]
            for slot, v in lits.items():
                if v.startswith(METHOD_READ):
                    copies = [{**c, slot: x} for c in copies for x in sorted(values(v[len(METHOD_READ):]))]
            if len(copies) > _MAX_SPREAD:  # (many slots of many values each: not known)
                copies = [{k: "?" if v.startswith(METHOD_READ) else v for k, v in lits.items()}]
            spread += copies
        calls[key] = spread


def _config_keys(calls: dict[tuple, list[dict]], by_module: dict, config_key=lambda key: "?",
                 listed=lambda cls_part, field, scalar=False, step=None: None,
                 constant_list=lambda module, name, step=None: None, from_files=lambda field: None):
    """GradOp.when's test: is a table entry picked by the configs of the scanned files? The literal strings
    their calls (`calls`, from _called_literals) pass: to the named dataclass (its default where a call leaves
    the field out), or, when the class is not known, as the field's keyword to any project callable, counted
    only when one of them is a key of the table. Any argument there that is not a literal string, no such call,
    or no table key among the values: every entry stays (True). A key given as "&<module>:<name>.<path>" (a config
    dict of another file) is what `config_key` reads there. A strict `when` ("!" before the table's keys, a
    decorator-filled registry's entry: grad_expand.registered_when) is True only when the values name its key.
    A list field a loop runs through ("<field>[]", grad_values.looped_field) takes the strings `listed` gives
    (_listed_keys); so does a string field no call passes by keyword, read from a config of no known class
    (`ACTIVATIONS[cfg.activation]`, cfg the `CavityConfig()` a function's default passes on): that one dataclass's
    default. A field the code leaves not known takes the values the project's config files give its key
    (`from_files`, ms_scan.config_files: `padding_mode = "reflect"` in experiment.toml) when one is a key of the
    table."""
    import ast

    from ms_scan.extract.grad_common import constant_refs, list_field, row_field, row_keys

    memo: dict[tuple, bool] = {}

    def values_of(cls_part: str, field: str) -> set | None:
        consts = constant_refs(field)
        if consts is not None:  # `for name in config.BLOCKS:` (looped_constants)
            step = list_field(field)[1]
            found = [constant_list(module, name, step) for module, name in consts]
            return set().union(*found) if found and None not in found else None
        looped = list_field(field)
        if looped is not None:  # `for name in cfg.blocks: BLOCKS[name]`: the strings the list holds (or its rows')
            got = listed(cls_part, looped[0], step=looped[1])
            return got if got is not None or not cls_part else passed_lists(cls_part, *looped)
        if cls_part:
            module, cls, index, default = class_part_fields(cls_part)
            found = calls_of(calls, by_module, module, cls)
            if not found:
                return None
            # (a parameter without a string default, Resolver.open_key: a call leaving it out is not known)
            got = {lits.get(field, _passed_config_key(lits, index, field, config_key) or
                            lits.get(index, _splat_config_key(lits.get("&**"), field, config_key) or
                                     (repr(default) if default and default[0] != "&" else "?"))) for lits in found}
            if "." in field and any(v == "?" or v.startswith("@") for v in got):
                # `cfg.model.name` of a config object a call passes on as it got it (`build_model(self.cfg)`): the
                # one dataclass declaring `name`, its default where no construction passes it (_listed_keys)
                held = listed("", field.rpartition(".")[2], scalar=True)
                got = {v for v in got if v != "?" and not v.startswith("@")} | held if held is not None else got
        else:
            # (`Net(norm=args.norm)` passes the field on: what the configs give it, not itself)
            got = {lits[field] for found in calls.values() for lits in found
                   if field in lits and lits[field] != "@" + field} or listed("", field, scalar=True)
        # (a list where a string is read: not known)
        return {"?" if v.startswith("[") else v for v in got} if got is not None else None

    def passed_lists(cls_part: str, param: str, step: str | None = None) -> set | None:
        """`for kind in kinds: BLOCKS[kind]` with `kinds` a parameter (Resolver.open_key): the strings of the
        literal lists the scanned files' calls pass it, or of the list another file's config dict holds where a
        call passes that (`Field(CONFIG["field_spec"])`, its "&<slot>" entry; `Net(**CONFIG["net"])`, its "&**"
        entry's key of the parameter's name); each row's element `step` of them
        (list_field). {"?"} for a call passing anything else or leaving it out; None with no call."""
        module, cls, index, default = class_part_fields(cls_part)
        found = calls_of(calls, by_module, module, cls)
        out = set()
        _, dot, below = param.partition(".")  # (`cfg["blocks"]` of the parameter cfg: "cfg.blocks")
        for lits in found:
            v = lits.get(param, lits.get(index) if not dot else None)
            ref = lits.get(f"&{param}", lits.get(f"&{index}"))
            path = below.split(".") if dot and f"&{param}" not in lits and ref is not None else []
            if v is None and ref is None and "&**" in lits:  # `Net(**CONFIG["net"])`: its "body"
                ref, path = lits["&**"], [param]
            if v is None and ref is None and not dot and default.startswith("&"):
                got = constant_list(*default[1:].split(":", 1), step)  # left out: `layers=config.LAYERS`
            elif ref is not None and v in (None, "?"):
                got = _dict_ref_key(ref, path, lambda key: constant_list(*key[1:].split(":", 1), step)) or {"?"}
            elif v is not None and v.startswith("@"):  # `build(d, cfg.net.layers)`: the dataclass's default list
                got = fields_read({v}, None, rows=True, step=step) or {"?"}
            elif v is None or not v.startswith("["):
                return {"?"}
            else:
                got = row_keys(ast.literal_eval(v), step)
            if "?" in got:
                return {"?"}
            out |= got
        return out or None

    def fields_read(values: set | None, keys: set | None, depth: int = 0, rows: bool = False,
                    step: str | None = None) -> set | None:
        """values with each "@field" / "@.field" (an argument `cfg.field`: _Summaries.string_slots,
        grad_project.call_keys) replaced by the strings the configs give that field ("?" when none is a key of
        the table (keys None: any string), or it is not known); "@<i>" (a parameter no construction named) is not
        known. With `rows`, the field is a list a loop runs through: its strings, or its rows' element `step`
        (list_field's)."""
        if values is None or not any(v.startswith("@") for v in values):
            return values
        out = {v for v in values if not v.startswith("@")}
        for v in values - out:
            field = v[1:].partition(".")[2] if "." in v else v[1:]
            got = fields_read(values_of("", row_field(field, step) if rows else field), keys, depth + 1) if \
                depth < _MAX_HOPS and field.isidentifier() and not v[1:].isdigit() else None
            if (got is None or "?" in got) and not rows and field and \
                    all(p.isidentifier() for p in field.split(".")):  # (`cfg.model.disc.type`: _below)
                got = filed(field, keys) or got
            out |= got if got is not None and (keys is None or got & keys) and "?" not in got else {"?"}
        return out

    def picked(when: str, keys_given: dict | None = None, callee: tuple = ()) -> bool:
        """`keys_given`: the table keys the construction of `callee` (home module, name) that reaches the op
        passes (ProjectCallee.live "=<slot>:<key>"): a `when` naming that construction's parameter takes them."""
        cls_part, pick, table = when.split("|", 2)
        field, _, key = pick.partition("=")
        given = construction_key(cls_part, field, keys_given, callee)
        memo_key = (when, given)
        if memo_key not in memo:
            # "!": a decorator-filled registry's entry (grad_expand.registered_when), kept only when named
            strict, table = table.startswith("!"), table.lstrip("!")
            # "~": the keys are Python literals, not strings (an `a if cfg.flag else b` arm's True / False)
            literal, table = table.startswith("~"), table.lstrip("~")
            keys = set(table.split(",")) if literal else {repr(k) for k in table.split(",")}
            key = key if literal else repr(key)
            looped = list_field(field) if given is not None else None  # (the list given: its rows' element)
            values = fields_read(given_values(given, cls_part, field), keys, rows=looped is not None,
                                 step=looped[1] if looped else None)
            if (values is None or "?" in values) and isinstance(given, _Below):  # (no config file says: what
                given, looped = None, None  # the construction's own reading gives)
                values = fields_read(given_values(None, cls_part, field), keys)
            if (values is None or "?" in values) and given is None and looped is None:
                values = filed(field, keys) or values
            memo[memo_key] = values is not None and "?" not in values and key in values if strict else \
                values is None or "?" in values or (not cls_part and not values & keys) or key in values
        return memo[memo_key]

    def filed(field: str, keys: set | None) -> set | None:
        """The values the config files give the field's key, when one is a key of the table (`keys`; with keys
        None, when they are one value); None otherwise."""
        got = from_files(field)
        return got if got and (got & keys if keys is not None else len(got) == 1) else None

    def value(cls_part: str, field: str, keys_given: dict | None = None, callee: tuple = ()) -> str | None:
        """The one identifier the configs give a parameter (grad_common.param_template: `getattr(nn, name)` with
        name a parameter of a callee other files call), read as picked reads a `when`; None when not one known."""
        given = construction_key(cls_part, field, keys_given, callee)
        values = fields_read(given_values(given, cls_part, field), None)
        if values is None or len(values) != 1 or "?" in values:
            return None
        try:
            out = ast.literal_eval(next(iter(values)))
        except (ValueError, SyntaxError):
            return None
        return out if isinstance(out, str) and out.isidentifier() else None

    def given_values(given: str | None, cls_part: str, field: str) -> set | None:
        """The keys a `when` field takes: the construction's (construction_key; a list another file's config dict
        holds, "&<module>:<name>.<path>[]", read as the constants' lists are), else the configs'."""
        if given is None:
            return values_of(cls_part, field)
        return values_of("", given) if constant_refs(given) is not None else {given}

    def construction_key(cls_part: str, field: str, keys_given: dict | None, callee: tuple) -> str | None:
        """The key the construction of `callee` reaching the op gives the `when` field (keys_given), if any."""
        given = None
        if keys_given and cls_part:
            module, cls, index, _ = class_part_fields(cls_part)
            if (module, cls) == callee:
                looped = list_field(field)
                field = looped[0] if looped is not None else field
                param, dot, path = field.partition(".")
                given = keys_given.get(field, keys_given.get(index) if not dot else keys_given.get(f"{index}.{path}"))
                whole = keys_given.get(param, keys_given.get(index)) if dot and given is None else None
                if whole is not None and whole.startswith("&"):  # `cfg["encoder"]["act"]`, cfg a config dict
                    given = f"{whole}.{path}"
                elif whole is not None and whole.startswith("@") and not whole[1:].isdigit():
                    given = _below(whole, field)  # `build_model(cfg.model.disc)`: "disc.type" of the configs
                if given is not None and given.startswith("&") and constant_refs(given) is None:
                    # (the list a loop runs through: read as the constants' lists are, given_values)
                    known = config_key(given)
                    if known is None:  # no config dict or namespace there (a dataclass instance): its field by name
                        given = "@." + given.rpartition(".")[2] if "." in given.partition(":")[2] else None
                    else:
                        given = row_field(given, looped[1]) if looped is not None else known
        return given
    return picked, value


def _listed_keys(all_facts: list[FileFacts], calls: dict[tuple, list[dict]], by_module: dict, defaults: dict):
    """_config_keys' reading of a list field a loop runs through (GradOp.when "<field>[]"): (class part, field) ->
    the reprs of the strings the list holds, as the one project dataclass with that field leaves it by default
    (its "fields" summary, grad_dicts.dataclass_entries) in every construction of the scanned files ({"?"} when a
    construction passes the field or any positional argument, or a `when` names another class); None when no or
    several classes hold it. `defaults`: _field_defaults."""
    import ast
    import json

    from ms_scan.extract.grad_common import row_keys
    from ms_scan.extract.grad_dicts import ARGV, PRESET

    holders: dict[str, list] = {}
    written = _written_fields(all_facts)
    for f in all_facts:
        for m in f.models if f.module else ():
            if m.role != "fields":
                continue
            for text in m.unresolved:
                path, leaf = json.loads(text)
                holders.setdefault(path[0], []).append((f.module, m.name, leaf))
                if path[0] == PRESET:
                    for field in json.loads(leaf)["fields"]:
                        holders.setdefault(field, []).append((f.module, m.name, PRESET + leaf))

    def preset(module: str, cls: str, field: str, spec: dict) -> set | None:
        """A field a table entry keyed by a parameter sets (grad_dicts.PRESET): the repr of the one string or bool
        it holds in every call of the function (the key each passes, or the default), None when not one."""
        got = set()
        for lits in calls_of(calls, by_module, module, cls):
            if "*" in lits or "&**" in lits:
                return None
            passed = lits.get(spec["param"], lits.get(str(spec["index"])) if spec["index"] is not None else None)
            try:
                key = spec["default"] if passed is None else ast.literal_eval(passed)
                leaf = ast.literal_eval(spec["fields"][field].get(key, "?")) if isinstance(key, str) else None
            except (ValueError, SyntaxError):
                return None
            if not isinstance(leaf, (str, bool)):
                return None
            got.add(repr(leaf))
        return got if len(got) == 1 and field not in written else None

    def listed(cls_part: str, field: str, scalar: bool = False, step: str | None = None) -> set | None:
        """(`scalar`: a string (or bool: a `when` of an `if cfg.flag:`) field's default, counted only where the
        class is built and no construction passes anything but keywords other than that field; `step`: each row's
        element, list_field)"""
        found = holders.get(field, [])
        if len(found) != 1:
            return None
        module, cls, leaf = found[0]
        if leaf.startswith(PRESET):
            return preset(module, cls, field, json.loads(leaf[len(PRESET):])) if scalar else None
        if scalar:
            built = _constructions(calls, by_module, defaults, module, cls)
            # (a function returning the parsed command line: its callers' positional arguments are the argv)
            argv = (module, cls) in {(m, c) for m, c, _ in holders.get(ARGV, ())}
            try:
                key = ast.literal_eval(leaf)
            except (ValueError, SyntaxError):
                return None
            if not built or not isinstance(key, (str, bool)) or field in written or \
                    any(field in lits or "&**" in lits or not argv and any(k.isdigit() for k in lits)
                        for lits in built):
                return None
            return {repr(key)}
        if cls_part and cls_part.split(":", 2)[:2] != [module, cls]:
            return {"?"}
        try:
            keys = ast.literal_eval(leaf)
        except (ValueError, SyntaxError):
            return {"?"}
        built = calls_of(calls, by_module, module, cls)
        if any(field in lits or "&**" in lits or any(k.isdigit() for k in lits) for lits in built):
            return {"?"}
        return row_keys(keys, step)
    return listed


def _constructions(calls: dict[tuple, list[dict]], by_module: dict, defaults: dict, module: str, cls: str,
                   depth: int = 0) -> list[dict]:
    """The "called" literals of each construction of a dataclass in the scanned files; a class another dataclass of
    its module builds by `field(default_factory=cls)` is built with no argument in each construction of that one
    that leaves the field out (`ExperimentCfg()` builds its `ModelCfg()`). `defaults`: _field_defaults."""
    from ms_scan.extract.grad_dicts import FACTORY

    built = list(calls_of(calls, by_module, module, cls))
    for (outer_module, outer), fields in defaults.items() if depth < _MAX_HOPS else ():
        for field, leaf in fields.items():
            if outer_module == module and leaf == FACTORY + cls:
                built += [{} for lits in _constructions(calls, by_module, defaults, module, outer, depth + 1)
                          if field not in lits and not any(k.isdigit() for k in lits)]
    return built


def _unpicked_registries(ops, picked) -> list[str]:
    """What to say of each registry whose entries carry a strict GradOp.when ("!": grad_expand.registered_when)
    when `picked(when)` keeps none of them among ops: no config names the entry, which is not passed over."""
    strict: dict[str, bool] = {}  # "<field>|!<keys>" -> an entry of it kept
    for op in ops:
        if op.when and "|!" in op.when:
            table = op.when.split("|", 1)[1].partition("=")[0] + "|" + op.when.rpartition("|")[2]
            strict[table] = strict.get(table, False) or picked(op.when)
    out = []
    for table, kept in strict.items():
        field, _, keys = table.partition("|!")
        if not kept:
            out.append(f"the entry `{field}` picks in a registry (keys {keys.replace(',', ', ')}; no scanned file "
                       f"or config sets `{field}`)")
    return out


class _Below(str):
    """A construction's key read below the config path its argument names (_below)."""


def _below(given: str | None, field: str) -> str | None:
    """A `when` field "<param>.<k>" (`MODELS[cfg["type"]]` in `def build_model(cfg)`) of a construction passing a
    config object's attribute there (`build_model(cfg.model.disc)`, "@cfg.model.disc"): "@cfg.model.disc.<k>",
    the field of the config files under that path (ms_scan.config_files' values); None otherwise."""
    if given is None or not given.startswith("@") or "." not in field or given[1:].isdigit():
        return None
    body = given[1:] if "." in given else "." + given[1:]  # ("@disc": the argument's last attribute read)
    return _Below(f"@{body}.{field.partition('.')[2]}")


def _passed_config_key(lits: dict, index: str, field: str, config_key) -> str | None:
    """A `when` field "<param>.<k1>..." (`ACTS[cfg["act"]]`) whose construction passes another file's config dict
    in that slot (`Critic(CFG["disc"])`, the "&<index>" entry of its "called" summary): the key that dict holds
    there (config_key), None when the slot holds no such dict."""
    ref = lits.get(f"&{index}") if "." in field else None
    return _dict_ref_key(ref, field.split(".")[1:], config_key) if ref is not None else None


def _splat_config_key(ref: str | None, field: str, config_key) -> str | None:
    """A field a construction may pass through `**cfg` (its "called" summary's "&**" entry): the key another
    file's config dict holds under it (`Net(**MODEL)`, MODEL = {"act": "elu"} in config.py), "?" when that is not
    known (a dict of no known file, or a field under dots); None when the call has no `**` argument."""
    if ref is None:
        return None
    return (_dict_ref_key(ref, [field], config_key) if "." not in field else None) or "?"


def _dict_ref_key(ref: str, path: list[str], config_key) -> str | None:
    """config_key of `path` under the plain read of another file's dict a "called" summary's "&" entry holds
    (DictRef.text: no default, negation, extra values or attribute reads); None for any other entry."""
    import json

    try:
        module, name, base, base_gets, neg, extra, attrs = json.loads(ref)
    except (ValueError, TypeError):
        return None
    if neg or extra or attrs or any(base_gets) or not isinstance(name, str):
        return None
    return config_key(f"&{module}:{'.'.join([name, *base, *path])}")


def _any_key(name: str) -> tuple[str, str, str]:
    """("T[?]", key, keys) of a table entry's name for the calls of T under a key their file does not know
    ("T[?=<key>|<keys>]", grad_paths.run; "T[?]<.member>" for "T[?=<key>|<keys>]<.member>", a method of a table's
    class); (name, "", "") for any other name."""
    table, sep, rest = name.partition("[?=")
    inside, close, member = rest.partition("]")
    if not sep or not close or member and not member.startswith("."):
        return name, "", ""
    key, _, keys = inside.partition("|")
    return f"{table}[?]{member}", key, keys


def _entry_names(name: str) -> list[str]:
    """The names the calls of a table entry are summarised under: "T[k]" by calls that know the key, "T[?]" by those
    that do not (`reg_fn = REGULARIZERS[args.regularizer]` ... `reg_fn(model, x)`); "T[?=<key>|<keys>]" as "T[?]";
    any other name as it is."""
    unknown = _any_key(name)[0]
    if unknown != name:
        return [unknown]
    table = _unkeyed(name)
    return [name, f"{table}[?]"] if table and not name.endswith("[?]") else [name]


def _unkeyed(name: str) -> str:
    """The table a keyed entry name stands in (`MODELS[mlp]` -> `MODELS`): where a key has no summary of its
    own, the whole table's summary answers (as find() and reached_callers() both do); "" when not keyed."""
    return name[:name.index("[")] if name.endswith("]") and "[" in name else ""


_CONSTRUCTION = ModelSummary("", "call")  # a project class's construction: no op (resolve_grad_paths' find)


def resolve_grad_paths(all_facts: list[FileFacts], config_files=None) -> None:
    """Follow each second-order site's project imports into the summaries (FileFacts.models) of the files
    that define them: their ops join the site with `path` set to that file, and the matching `unresolved`
    entry is dropped. What the other file cannot resolve either stays unresolved (MS302), named there.
    `config_files` (a config_files.ConfigFiles): the project's config files, for the fields no code fixes."""
    import ast
    import json
    from dataclasses import replace

    from ms_scan.extract.grad_common import (
        HOOK, _join, is_template, param_template, row_keys, table_key_field, template_ref, under_path,
    )
    from ms_scan.tables.zoo import PREFIX as ZOO_PREFIX, zoo_model
    from ms_scan.extract.grad_guards import REACH
    from ms_scan.extract.grad_dicts import DictRef

    by_module = Modules(all_facts)
    summaries = {(f.module, m.name, m.role): (f, m) for f in all_facts if f.module for m in f.models
                 if m.role.partition(":")[0] not in CALLER_SUMMARIES}
    # (home module, callee, "arg" | "lift" | "hold", slot) -> [(caller facts, summary)]: what every caller passes
    args: dict[tuple, list] = {}
    for home, name, kind, slot, f, m in _caller_summaries(all_facts, by_module, _PASSED):
        if home is not None:
            args.setdefault((home, name, kind, slot), []).append((f, m))
    calls = _called_literals(all_facts, by_module)
    configs = _config_summaries(all_facts, by_module)
    _read_method_slots(calls, by_module, configs)
    registrars, mixins, subclass_memo = _registrars(all_facts), {}, {}
    entries = registry_entries(all_facts, by_module, registrars)  # (a class's table entries: follow_param)
    keyed_calls: dict[tuple, list] = {}  # (home, "T[?]", caller's path) -> each call's key field, or None
    for home, name, _, _, f, m in _caller_summaries(all_facts, by_module, ("called",)):
        if name.endswith("[?]"):
            keyed_calls.setdefault((home, name, f.path), []).append(
                table_key_field(m.unresolved))
    defaults = _field_defaults(all_facts)  # (the dataclasses' defaults: flags, listed keys)
    from_files = config_files.values if config_files is not None else lambda field: None
    _decide_flags(all_facts, by_module, calls, configs, defaults, from_files)

    config_names = {(f.module, m.name) for f in all_facts if f.module for m in f.models if m.role == "config"}

    def config_key(key: str) -> str | None:
        """"&<module>:<name>.<k1>.<k2>" (grad_project.dict_key_tokens): the one string another file's config dict
        holds there, as a key ("'prelu'"); "?" when not one known string; None when that file has no config dict
        or namespace of that name (`CFG = SSMConfig()`, a dataclass instance: its fields are read otherwise)."""
        module, _, rest = key[1:].partition(":")
        name, *path = rest.split(".")
        if (defining_module(by_module, module, name) or module, name) not in config_names:
            return None
        values = configs(DictRef(("import", module, name), tuple(path), ("",) * len(path)).text(), truths=False)
        one = next(iter(values)) if values is not None and len(values) == 1 else ""
        return one if one[:1] in ("'", '"') or one in ("True", "False") else "?"
    if not summaries and not args:
        return
    def constant_list(module: str, name: str, step: str | None = None) -> set | None:
        """(grad_values.looped_constants, constant_key, imported_key): the reprs of the strings that module-level
        tuple of another file holds (its "config" summary, grad_dicts.constant_lists), or the one string constant
        (constant_entries) or string a dict constant holds under a key path ("CFG.loss"); with `step`, each of its
        rows' element (list_field: `for kind, width, act in config.SPEC`). {"?"} when not one known tuple or
        string."""
        name, *path = name.split(".")  # (`CFG.loss`: what the dict constant CFG holds under "loss")
        values = configs(DictRef(("import", module, name), tuple(path), ("",) * len(path)).text(), truths=False)
        try:
            held = ast.literal_eval(next(iter(values))) if values is not None and len(values) == 1 else None
        except (ValueError, SyntaxError):
            held = None
        if isinstance(held, str) and step is None:  # `BLOCKS[config.BLOCK]` (grad_values.constant_key): one key
            return {repr(held)}
        return row_keys(held, step) if isinstance(held, tuple) else {"?"}
    picked, param_value = _config_keys(calls, by_module, config_key,
                                       _listed_keys(all_facts, calls, by_module, defaults), constant_list,
                                       from_files)

    cat = load_catalog()

    def template_constant(text: str) -> str | None:
        """The one string constant, an identifier, that fills the "{&<module>:<name>}" template of a project name
        or API (grad_common.template_ref); None when that constant is not one known such string."""
        module, name, _ = template_ref(text)
        values = constant_list(module, name)
        value = ast.literal_eval(next(iter(values))) if values is not None and len(values) == 1 and \
            "?" not in values else None
        return value if isinstance(value, str) and value.isidentifier() else None

    def fill_constant_name(name: str) -> str | None:
        """A project name template "{&<module>:<name>}<rest>" (grad_project.module_getattr) with that module's one
        string constant in place of the braces; None when it is not one known identifier."""
        value = template_constant(name)
        return value + template_ref(name)[2] if value is not None else None

    for (home, name, kind, slot), found in [(k, v) for k, v in args.items() if k[1].startswith("{&")]:
        # `getattr(losses, config.LOSS)(D)` (grad_project.module_getattr): a call of the attribute the constant names
        filled = fill_constant_name(name)
        if filled is not None:
            args.setdefault((defining_module(by_module, home, filled), filled, kind, slot), []).extend(found)

    def filled_api(op, keys_given: dict | None = None, callee: tuple = ()):
        """op with its API template filled in (a torch name the catalog knows), else None: "torch.nn.{&<module>:
        <name>}" with that module's one string constant, "torch.nn.{@<class part>|<param>}" (param_template) with
        the one string the configs give that parameter."""
        held = param_template(op.api)
        value = template_constant(op.api) if held is None else param_value(*held, keys_given, callee)
        if value is not None and op.api.startswith(ZOO_PREFIX) and zoo_model(ZOO_PREFIX + value) is not None:
            return replace(op, api=ZOO_PREFIX + value)  # `getattr(models, cfg.arch)(...)`: that model (zoo_ops)
        api = cat.canonical_name(op.api.partition("{")[0] + value) if value is not None else None
        return replace(op, api=api) if api is not None and cat.kind(api) is not None else None

    def constant_text(op) -> str:
        """The `unresolved` entry of an API template filled_api cannot fill."""
        held = param_template(op.api)
        if held is not None:
            return f"getattr({op.api.partition('{@')[0].rstrip('.')}, {held[1]}) (not one known string)"
        head, _, ref = op.api.partition("{&")
        return f"getattr({head.rstrip('.')}, {ref.rstrip('}').replace(':', '.')}) (not one known string)"

    def find(module: str, name: str, role: str, depth: int = 0):
        """(home module, summary) of a project name; a member the class does not define itself is looked up
        in its project bases (the class index, FileFacts.classes)."""
        home = defining_module(by_module, module, name)
        found = summaries.get((home, name, role)) if home else None
        if found is None and home and _unkeyed(name):  # `MODELS[mlp]`: no keyed summary, the whole table's
            found = summaries.get((home, _unkeyed(name), role))
        if found is None and role == "call" and (home, name, "instance") in summaries and \
                name in by_module[home].classes:
            # `Encoder(cfg)` itself, a class of that file summarised: building it differentiates nothing (its
            # forward is the "instance" summary's)
            found = (summaries[(home, name, "instance")][0], _CONSTRUCTION)
        if found is not None or role != "member" or depth > _MAX_HOPS or home is None:
            return home, found
        cls, _, member = name.partition(".")
        decl = by_module[home].classes.get(cls)
        for base_module, base in (decl.bases if decl is not None else ()):
            _, found = find(base_module, f"{base}.{member}", role, depth + 1)
            if found is not None:
                return home, found
        return home, None

    def take(facts, summary, prefix: str, conf: str, seen: frozenset, hops: int, site, ops=True,
             live: str = "", keys_given: dict | None = None, callee: tuple = ()) -> None:
        """A summary's ops (when `ops`), unresolved entries and further project names, joined to the site;
        `live`: the argument slots its project instances are called with (ProjectCallee.live); `keys_given`,
        `callee`: the table keys the construction reaching the summary passes (picked), which the
        constructions its project names make may pass on (given_keys)."""
        taken: set[tuple] = set()
        for op in summary.ops if ops else ():
            if op.when and not picked(op.when, keys_given, callee):
                continue  # `ACTS[cfg.act]` under a key no config of the scanned files names
            if is_template(op.api):  # `getattr(nn, settings.ACT)` (grad_expand.getattr_constant): the constant's
                filled = filled_api(op, keys_given, callee)  # class, or what the callers give a parameter
                if filled is None:
                    _add(site.unresolved, f"{constant_text(op)} [in {facts.path}]")
                    continue
                op = filled
            if op.api.startswith(ZOO_PREFIX):  # a torchvision model: the ops it runs (tables.zoo)
                model = zoo_model(op.api)
                found = [replace(op, api=api, args=args, via=_join(op.via, model.step(path)))
                         for path, api, args in model.part_ops()] if model else []
            else:
                found = [op]
            for op in found:
                if op.when and (op.line, op.column, op.api, op.path or facts.path) in taken:
                    continue  # (reached under another condition too: grad_common.unique_ops)
                taken.add((op.line, op.column, op.api, op.path or facts.path))
                step = f"{prefix}:{op.via}" if op.via else prefix
                conf_op = "medium" if "medium" in (conf, op.confidence) else op.confidence
                site.ops.append(replace(op, via=step, confidence=conf_op, path=op.path or facts.path))
        for text in _unpicked_registries(summary.ops if ops else (), lambda w: picked(w, keys_given, callee)):
            _add(site.unresolved, f"{text} [in {facts.path}]")
        for text in summary.unresolved:
            if not any(text == c.text for c in summary.project):
                _add(site.unresolved, f"{text} [in {facts.path}]")
        left = follow_all(summary.project, lambda c: f"{prefix}:{c.via}" if c.via else prefix,
                          lambda c: "medium" if "medium" in (conf, c.confidence) else "high", seen, hops + 1, site,
                          live, keys_given or {}, callee)
        for text in left:
            _add(site.unresolved, f"{text} [in {facts.path}]")

    bound: dict[tuple, tuple] = {}  # (home, function) -> (module, call_tag) of the call whose result is followed

    def follow_param(callee, via: str, conf: str, seen: frozenset, hops: int, site) -> bool:
        """A model parameter of a project function that its own file never binds: what every caller in the
        scanned files passes for it (the callers' "arg" summaries, a union); for `param.attr(...)` the member
        `attr` of the classes they pass. Role "lift" (a grad helper's differentiated parameter): the callers'
        slices from that argument back to the others ("lift" summaries); role "back" (a loss a method
        differentiates w.r.t. weights its instance holds): all the callers compute it from ("back" summaries).
        False when no caller passes anything that can be followed."""
        index, _, rest = callee.param.partition(":")
        name, _, attr = rest.partition(":")
        home = defining_module(by_module, callee.module, callee.name) or callee.module
        kind = "arg" if callee.role == "param" else callee.role
        found = []
        table, entry, keys = _any_key(callee.name)
        # `def forward(self, net, x)` of a project class: other files call its instance (`penalty(net, x)`)
        for target in (table, *([callee.name[:-8] + ".__call__"] if callee.name.endswith(".forward") else ())):
            found += args.get((home, target, kind, name), []) + (args.get((home, target, kind, index), [])
                                                                 if index != "-1" else [])
        if not entry and "." not in callee.name and callee.name[:1].isupper():
            # `__init__(self, model)` of a class other files derive from without an `__init__` of their own
            # (`InputGradTrainer(model, lam=0.05)` builds it through PenaltyTrainer's): their constructions too
            for sub_home, sub in inheriting_init(home, callee.name):
                found += args.get((sub_home, sub, kind, name), []) + (args.get((sub_home, sub, kind, index), [])
                                                                      if index != "-1" else [])
            # and those of a table entry either is (`@register("input_grad")`, built as `TRAINERS[args.trainer](
            # model)`): the calls under its key, or under a key not known there that may pick it (table_picks)
            for at, table, key in (e for k in [(home, callee.name), *inheriting_init(home, callee.name)]
                                   for e in entries.get(k, ())):
                keys = ",".join(sorted({e[2] for es in entries.values() for e in es if e[:2] == (at, table) and e[2]}))
                for target in ([f"{table}[{key}]"] if key else []) + [f"{table}[?]"]:
                    got = args.get((at, target, kind, name), []) + (args.get((at, target, kind, index), [])
                                                                     if index != "-1" else [])
                    found += [(f, m) for f, m in got if not target.endswith("[?]") or not key or
                              table_picks(at, target, f.path, key, keys)]
        if entry:  # `PENALTIES[cfg.penalty](disc, x)` for the entry under that key: the files whose configs pick it
            found = [(f, m) for f, m in found if table_picks(home, table, f.path, entry, keys)]
        call = bound.get((home, callee.name)) if kind == "arg" and not attr else None
        if call is not None:  # a function's result built by a known call (follow: "=^"): that call's argument
            found = [(f, m) for f, m in found if f.module == call[0] and m.at == call[1]] or found
        key = (home, callee.name, callee.param)
        if not found or hops > _MAX_GRAD_HOPS:
            return False
        if key in seen:
            return True  # a recursive call passes the parameter on: its callers are being followed
        seen = seen | {key}
        for facts, summary in found:
            prefix = f"{via} -> {facts.path}" if via else facts.path
            if kind == "back":
                summary = built_models_dropped(summary)
            if not attr:
                take(facts, summary, prefix, conf, seen, hops, site,
                     live=called_index(callee, home) if kind == "arg" else "")
                continue
            # (`model.module.encoder` passed: the member `embed` of the member encoder, a "member" summary
            # `WingAutoencoder.encoder.embed` of its file, grad_summaries.held_member_summaries)
            members = [replace(c, name=f"{c.name}.{attr}", role="member", live=callee.live) if c.role in (
                "instance", "call", "member") else replace(c, param=f"{c.param}:{attr}") for c in summary.project
                if c.role == "instance" or c.role == "call" and _unkeyed(c.name) or
                c.role == "member" and not c.live and c.name.count(".") == 1 or
                c.role == "param" and c.param.count(":") == 1]
            if not members:
                _add(site.unresolved, f"{callee.text} [what {facts.path} passes has no member {attr} that can "
                                      "be followed]")
            take(facts, replace(summary, ops=[], project=members, unresolved=[c.text for c in members]), prefix,
                 conf, seen, hops, site)
        return True

    def inheriting_init(home: str, cls: str, depth: int = 0) -> list[tuple[str, str]]:
        """(module, name) of the scanned classes deriving from `cls` of `home`, directly or through others, that
        define no `__init__` (their constructions call cls's)."""
        out = []
        for m, sub in _subclasses(by_module, subclass_memo, home, cls) if depth <= _MAX_HOPS else ():
            if "__init__" not in by_module[m].classes[sub].methods:
                out += [(m, sub)] + inheriting_init(m, sub, depth + 1)
        return out

    def table_picks(home: str, table: str, path: str, key: str, keys: str) -> bool:
        """Whether a call of `table` under a key the file at `path` does not know may pick the entry `key`: not
        when each such call of that file keys it by a config field ("[]=<class part>|<field>" in its "called"
        summary, grad_project.table_key_field) that the configs set to other keys (picked)."""
        fields = keyed_calls.get((home, table, path), [None])
        return any(f is None or picked(f"{f}={key}|{keys}") for f in fields)

    def called_index(callee, home: str) -> str:
        """callee.live with each "@#?<function>:<position>:<param>" (Resolver.called_index_part: `seg[layer_idx]`,
        the index a parameter of the callee) made "@#k", k the least int literal the scanned files' calls of the
        callee give it; "" (the whole forward) when a call gives it anything else or leaves it out."""
        out = []
        for t in callee.live.split(",") if callee.live else ():
            if t.startswith("@#?"):
                function, index, param = t[3:].split(":", 2)
                found = calls.get((home, function), []) if function == callee.name else []
                values = {lits.get(f"#{param}", lits.get(f"#{index}")) for lits in found}  # (index_slots)
                if not found or not all(v is not None and v.isdigit() for v in values):
                    return ""
                t = f"@#{min(values, key=int)}"
            out.append(t)
        return ",".join(out)

    def wrapped_member(callee):
        """A member `Cls.attr` of a project class that no summary answers, where `Cls.__init__` stores a parameter
        as `self.module` (a DistributedDataParallel-style wrapper, whose `.module` the file reading it took for the
        wrapper itself: `critic.module.score` -> `Replicated.score`) or `Cls.holder.attr` (`wrapper.net.score`,
        `self.net` stored from a parameter): the "param" callee `index:param:attr`, the member `attr` of what the
        callers pass for that parameter. None when the holder is not exactly one stored parameter."""
        return _wrapped_member(callee, lambda name: (find(callee.module, name, "member")[1] or (None, None))[1])

    def built_models_dropped(summary):
        """A "back" summary (all a loss is computed from) without the building of project classes it met
        (`net = Net(cfg)` before `net(x)`): a constructor puts no op on a path, as in a file's own slices."""
        built = [c for c in summary.project if c.role == "call" and c.name in classes_of(c.module, c.name)]
        texts = {c.text for c in built}
        return replace(summary, project=[c for c in summary.project if c not in built],
                       unresolved=[u for u in summary.unresolved if u not in texts]) if built else summary

    def classes_of(module: str, name: str):
        home = defining_module(by_module, module, name)
        return by_module[home].classes if home is not None and home in by_module else ()

    def follow_live(callee, live: str, via: str, conf: str, seen: frozenset, hops: int, site,
                    keys_given: dict | None = None) -> bool:
        """An instance called with only some arguments live: the union of its forward's slices from each
        ("instance:<slot>" summaries). False when one is missing (the whole forward is taken instead)."""
        home = defining_module(by_module, callee.module, callee.name)
        slots = [t for t in live.split(",") if not t.startswith(">")]
        outs = [t for t in live.split(",") if t.startswith(">")]  # the returned element read (">k"), if one
        found = [summaries.get((home, callee.name, f"instance:{slot}{''.join(outs)}")) for slot in slots or [""]]
        if outs and None in found:  # no per-element summary: the slices from the slots alone
            found = [summaries.get((home, callee.name, f"instance:{slot}")) for slot in slots] if slots else [None]
        if outs and None in found:  # a factory's returned tuple (`enc, dec = build(cfg)`, enc called): its element
            found = [summaries.get((home, callee.name, f"instance:{''.join(outs)}"))]
        if None in found and not outs and slots and all(s.startswith("@") and s[1:].isidentifier() for s in slots):
            # `self.model(x)` over `self.model.head.parameters()`: the forward's part from those submodules on,
            # its "member:@<attr>" summaries (grad_summaries.part_member_summaries)
            found = [summaries.get((home, f"{callee.name}.forward", f"member:{slot}")) for slot in slots]
        if not home or None in found or hops > _MAX_GRAD_HOPS:
            return False
        key = (home, callee.name, f"instance:{live}")
        if key in seen:
            return True
        for facts, summary in found:
            take(facts, _not_overridden(summary, callee), f"{via} -> {facts.path}" if via else facts.path, conf,
                 seen | {key}, hops, site, keys_given=keys_given, callee=(home, callee.name))
        return True

    def given_keys(live: str, outer: dict) -> dict:
        """slot -> key of the "=<slot>:<key>" tokens of a construction's live text (grad_project.call_keys), a
        key "@<i>..." read from the keys of the construction of the instance that makes this one (`outer`):
        `DenseBlock(d, cfg.activation)` in `FacetSDF.__init__(self, cfg)` takes what `FacetSDF(cfg)` gives
        `cfg.activation`; `CriticBlock(c, cfg["act"])` in `GlassCritic.__init__(self, cfg)` what the config dict
        `GlassCritic(config.CRITIC)` passes holds under "act" (a key "&<module>:<name>.<path>", config_key)."""
        out = {}
        for t in live.split(",") if live else ():
            if not t.startswith("=") or t.startswith("=^"):  # ("=^": the call itself, bound_call)
                continue
            slot, _, key = t[1:].partition(":")
            ref = key[1:] if key.startswith("@") else None
            if ref and ref.partition(".")[0].isdigit():
                parts = ref.split(".")
                k = next((k for k in range(len(parts) - 1, 0, -1) if outer.get(".".join(parts[:k]), "")
                          .startswith("&")), 0)
                if k:  # the outer construction passed another file's config dict there: what it holds
                    key = outer[".".join(parts[:k])] + "".join(f".{p}" for p in parts[k:])
                else:
                    key = outer.get(ref, "@" + ref if "." in ref else "?")  # not named there: the field's configs
                for held_key, value in outer.items():  # the leaves of a dict display passed there, re-slotted
                    if held_key.startswith(ref + "."):
                        out.setdefault(slot + held_key[len(ref):], value)
            out[slot] = key
        return out

    def entry_keys(home: str, table: str, role: str, suffix: str = "") -> list[str]:
        """The keys of the "TABLE[key]<suffix>" summaries of role `role` the file `home` has."""
        return sorted({name[len(table) + 1:len(name) - len(suffix) - 1] for (h, name, r) in summaries
                       if h == home and r == role and name.startswith(table + "[") and name.endswith("]" + suffix)})

    def live_token(callee) -> str | None:
        """The "?<class part>|<field>" live token of a callee (the config field a table key is), without the "?"."""
        return next((t[1:] for t in callee.live.split(",") if t.startswith("?")), None) if callee.live else None

    def picked_keys(token: str, keys: list[str], outer: dict, built: tuple) -> list[str] | None:
        """The table keys the `token` picks (GradOp.when's test, `picked`, with the construction `built` that
        reached it and the keys it gives, `outer`); None when every key stays."""
        chosen = [k for k in keys if "|" not in k and "," not in k and
                  picked(f"{token}={k}|{','.join(keys)}", outer, built)]
        return chosen if keys and len(chosen) < len(keys) else None

    def picked_entries(callee, outer: dict, built: tuple) -> list[str] | None:
        """The keys of another file's table (its "NAME[key]" summaries) that the callee's live token picks
        (picked_keys); None when there is no such token, or every key stays."""
        token = live_token(callee)
        home = defining_module(by_module, callee.module, callee.name) if token is not None else None
        if home is None:
            return None
        return picked_keys(token, entry_keys(home, callee.name, callee.role), outer, built)

    def entry_members(callee, via: str, conf: str, seen: frozenset, hops: int, site, outer: dict,
                      built: tuple) -> bool:
        """A "TABLE[].attr" member callee (`block = BLOCKS[name](d)` ... `block.apply(x, w)`, the key not known
        where it is read): the member of the instance of each entry the configs name ("?" token), else of every
        entry; False when the table's file has no such member summaries, or no config names the key (`kind =
        input()`: which entry runs is not known, said as MS302 rather than taken as every entry)."""
        token = live_token(callee)
        if token is None:
            return False
        table, _, attr = callee.name.partition("[].")
        home = defining_module(by_module, callee.module, table)
        keys = entry_keys(home, table, "member", "." + attr) if home is not None else []
        chosen = picked_keys(token, keys, outer, built)
        hits = [follow(replace(callee, name=f"{table}[{k}].{attr}", live=""), via, conf, seen, hops, site)
                for k in (keys if chosen is None else chosen)]
        return bool(keys) and all(hits)

    def follow(callee, via: str, conf: str, seen: frozenset, hops: int, site, live: str = "",
               outer: dict | None = None, built: tuple = ()) -> bool:
        if callee.role in ("flag", "config", "registrar"):
            return True  # decided by _decide_flags (a registrar: only there to lead the scan's rounds)
        if callee.name.startswith("{@"):  # `@register_penalty("r1")` (grad_paths.function_tables): the entry of the
            filled = _registered(callee, registrars, by_module)  # table that decorator fills
            return filled is not None and follow(filled, via, conf, seen, hops, site, live, outer, built)
        if callee.name.startswith("{&"):  # `getattr(losses, config.LOSS)` (grad_project.module_getattr): the
            filled = fill_constant_name(callee.name)  # attribute config.LOSS names, when one known string
            return filled is not None and follow(replace(callee, name=filled), via, conf, seen, hops, site, live,
                                                 outer, built)
        if callee.role == "member" and "[]." in callee.name:
            return entry_members(callee, via, conf, seen, hops, site, outer or {}, built)
        chosen = picked_entries(callee, outer or {}, built)
        if chosen is not None:  # `ACTS[cfg["act"]]` of another file's table: the entries the configs name
            for k in chosen:
                follow(replace(callee, name=f"{callee.name}[{k}]", live=""), via, conf, seen, hops, site)
            return True
        # "=<slot>:<key>" (grad_project.call_keys): the table keys the construction passes, not slots
        keys_given = given_keys(callee.live, outer or {}) if callee.role == "instance" else {}
        own = ",".join(t for t in callee.live.split(",") if not t.startswith("=")) if callee.live else ""
        live = own or live if callee.role == "instance" else ""
        if live and follow_live(callee, live, via, conf, seen, hops, site, keys_given):
            return True
        held, path = held_module(callee, live) if live else (None, "")
        if held is not None:  # `Replica(net)` over `model.module.head.parameters()`: those parts of net
            return follow(held, f"{via} -> {path}" if via else path, conf, seen, hops, site)
        if callee.role == "member" and callee.live:  # `clf.classify(x)` over clf.heads' weights: "member:@heads"
            home, found = find(callee.module, callee.name, f"member:{callee.live}")
            key = (home, callee.name, f"member:{callee.live}")
            if found is not None and hops <= _MAX_GRAD_HOPS and key not in seen:
                take(found[0], found[1], f"{via} -> {found[0].path}" if via else found[0].path, conf, seen | {key},
                     hops, site)
                return True
        if callee.role == "targets":  # `instantiate(node)`: the `_target_` strings under that path of the constant
            home, found = find(callee.module, callee.name, "targets")
            if found is None or hops > _MAX_GRAD_HOPS:
                return False
            ops = [op for op in found[1].ops if under_path(op.via, callee.param)]
            take(found[0], replace(found[1], ops=ops, project=[], unresolved=[]),
                 f"{via} -> {found[0].path}" if via else found[0].path, conf, seen, hops, site)
            return True
        if callee.role == "member" and callee.param == MIXIN:  # `self.critic` of a mixin: its users' members
            hits = [follow(sub, via, conf, seen, hops, site) for sub in _mixed_in(callee, by_module, mixins)]
            return any(hits)
        if callee.role == "param" and callee.param == HOOK:
            return True  # (a hook's class: only there to lead the scan's rounds; follow_hook reads it)
        if callee.role.startswith("hooks:"):  # `install_hooks(model, cfg)`: the forward hooks it registers on model
            home, found = find(callee.module, callee.name, callee.role)
            if found is not None and hops <= _MAX_GRAD_HOPS and (home, callee.name, callee.role) not in seen:
                take(found[0], found[1], f"{via} -> {found[0].path}" if via else found[0].path, conf,
                     seen | {(home, callee.name, callee.role)}, hops, site)
            return True  # (none: a function registering no hooks there)
        if callee.role in PARAM_ROLES:
            return follow_param(callee, via, conf, seen, hops, site) or \
                callee.role == "param" and follow_hook(callee, via, conf, seen, hops, site)
        home, found = find(callee.module, callee.name, callee.role)
        part = _passed_part(callee)
        if part is not None and found is not None:
            # `sector_loss(net, x)` over `net.head`'s weights only: the function's slice from that parameter, the
            # submodule named in the live parts of the project callees it reaches (grad_summaries "call:@<i>.?")
            home, sliced = find(callee.module, callee.name, f"call:@{part[0]}.?")
            key = (home, callee.name, f"call:{callee.live}")
            if sliced is not None and hops <= _MAX_GRAD_HOPS and key not in seen:
                facts, summary = sliced
                take(facts, _named_part(summary, part[1]), f"{via} -> {facts.path}" if via else facts.path, conf,
                     seen | {key}, hops, site)
                return True
        if found is None and callee.role == "member":
            held = wrapped_member(callee)
            if held is not None:  # `Replicated(net).module.score`: the member of what its callers wrap
                return follow_param(held, via, conf, seen, hops, site)
            cls, _, attr = callee.name.partition(".")
            if attr == "module":  # `wrapper.module` of a class setting no `module` (a DataParallel subclass): itself,
                # else what its constructions wrap (their first argument)
                return follow(replace(callee, name=cls, role="instance"), via, conf, seen, hops, site, live, outer,
                              built) or follow_param(replace(callee, name=cls, role="param", param="0:module"), via,
                                                     conf, seen, hops, site)
        if found is None and callee.role == "call" and home is not None and \
                callee.name in by_module[home].classes and ((home, callee.name, "instance") not in summaries or
                                                            _plain_callable(by_module[home].classes[callee.name])):
            return True  # `BaseModelOutput(...)`: building a plain (not nn.Module) project class puts no op on a path
        if found is None or hops > _MAX_GRAD_HOPS or (home, callee.name, callee.role) in seen:
            return False
        facts, summary = found
        seen = seen | {(home, callee.name, callee.role)}
        summary = _not_overridden(summary, callee)
        at = next((t[2:] for t in callee.live.split(",") if t.startswith("=^")), None) \
            if callee.role == "instance" and callee.live else None
        if at is not None:  # `critic = maybe_ddp(Critic(cfg))`: its parameter is what this call passes (`seen` keeps
            bound[home, callee.name] = tuple(at.split("@", 1))  # this follow from nesting in itself)
        try:
            take(facts, summary, f"{via} -> {facts.path}" if via else facts.path, conf, seen, hops, site,
                 keys_given=keys_given, callee=(home, callee.name))
        finally:
            if at is not None:
                del bound[home, callee.name]
        return True

    def held_module(callee, live: str):
        """(the "param" callee of its constructor's parameter with the live parts, the wrapper's path) for an
        instance called over submodule parts ("@head") of a wrapper class whose forward only runs the module
        its constructor is given (`Replica.__init__(self, module)`, `forward`: `self.module(*args)`); (None, "")
        for any other."""
        if callee.role != "instance" or not all(t.startswith("@") and t[1:].isidentifier() for t in live.split(",")):
            return None, ""
        _, found = find(callee.module, callee.name, "instance")
        if found is None or found[1].ops or len(found[1].project) != 1:
            return None, ""
        inner = found[1].project[0]
        if inner.role != "param" or inner.param.count(":") != 1 or inner.live or inner.name != callee.name:
            return None, ""
        return replace(inner, live=live), f"{found[0].path}:{callee.name}.{inner.param.partition(':')[2]}"

    def follow_hook(callee, via: str, conf: str, seen: frozenset, hops: int, site) -> bool:
        """A hook's parameter no file passes by calling the hook by name (`trainer.critic(x)` in
        `DraganPenalty.on_critic_loss(self, trainer, ...)`): the classes T the scanned files hand an instance of
        the hook's class to (their "arg:~hook" summaries, grad_summaries.hook_summaries) whose methods call that
        method on a value of unknown class passing the T instance itself in the parameter's slot (T's
        "T.~<meth>" member summary, duck_summaries): the parameter is that instance, and its member T's member
        of that name. False when no such class is found."""
        cls, _, meth = callee.name.partition(".")
        index, _, rest = callee.param.partition(":")
        name, _, attr = rest.partition(":")
        if not meth or "." in meth or not attr or ":" in attr or hops > _MAX_GRAD_HOPS:
            return False
        home = defining_module(by_module, callee.module, cls) or callee.module
        hit = False
        for facts, summary in args.get((home, cls, "arg", HOOK), []):
            for holder in summary.project:
                if holder.role != "member" or not holder.name.endswith(".*"):
                    continue
                owner = holder.name[:-2]
                _, duck = find(holder.module, f"{owner}.~{meth}", "member")
                if duck is None or not {index, name} & set(duck[1].unresolved):
                    continue
                key = (holder.module, owner, callee.name, callee.param)
                if key in seen:
                    hit = True
                    continue
                member = replace(callee, module=holder.module, name=f"{owner}.{attr}", role="member", param="",
                                 guess="")
                step = f"{via} [{name}: the {owner} that {facts.path} hands {cls} to]"
                hit = follow(member, step, conf, seen | {key}, hops + 1, site) or hit
        return hit

    def follow_all(callees, via_of, conf_of, seen: frozenset, hops: int, site, live: str = "",
                   outer: dict | None = None, built: tuple = ()) -> list[str]:
        """Follow each callee; the `unresolved` texts that remain. Callees guessed from a parameter's name
        (ProjectCallee.guess) are candidates: the one that is a model (has an instance or member summary) is
        followed; when none is, the parameter's own callee (a caller role, of the same guess) follows the
        arguments other files pass; otherwise the class is said to be unknown, never named."""
        left, groups, tabled = [], {}, set()
        for c in callees:
            if c.guess:
                groups.setdefault(c.guess, []).append(c)
            elif follow(c, via_of(c), conf_of(c), seen, hops, site, live, outer, built):
                if c.role in CALLER_ROLES:  # (a table entry's or subclass's callers: the function's or class's own
                    tabled.add(c.text)  # name, unused there, is not left unresolved: grad_paths.table_entries,
                    # grad_paths.inheriting)
            elif c.text:
                _add(left, c.text)
        for guess, cands in groups.items():
            fallback = [c for c in cands if c.role in CALLER_ROLES]  # the parameter itself, grad_project
            cands = [c for c in cands if c.role not in CALLER_ROLES]
            homes = [find(c.module, c.name, c.role) for c in cands]
            models = [c for c, (_, found) in zip(cands, homes) if found is not None and (
                c.role != "member" or find(c.module, c.name.partition(".")[0], "instance")[1] is not None)]
            if len(models) == 1 and follow(models[0], via_of(models[0]), conf_of(models[0]), seen, hops, site, live,
                                           outer):
                continue
            if not models and fallback and all(follow(c, via_of(c), conf_of(c), seen, hops, site, live, outer, built)
                                               for c in fallback):
                continue
            if len(cands) == 1 and homes[0][0] is None:  # its module was not scanned: the name's guess stands
                _add(left, cands[0].text)
            else:
                _add(left, guess)
        return [t for t in left if t not in tabled]

    refs, entry_refs = set(), {}
    for home, name, _, _, f, _ in _caller_summaries(all_facts, by_module, ("ref",)):
        if name.endswith("[]"):  # `reg = REGULARISERS[cfg.reg]`: the files taking an entry of a table
            entry_refs.setdefault((home, name[:-2]), set()).add(f.path)
        else:
            refs.add((home, name))

    def unpicked_entry(site) -> bool:
        """A site in a function that runs only as an entry of tables (grad_paths.function_tables: `@regulariser(
        "input_jacobian")`) that no call picks: no call names it or its key (its file's own: the reach callee;
        others': "called", "ref"), and each file calling a table keys it by config fields set to other keys."""
        reach = next((c for c in site.project if c.role == "flag" and c.param.startswith(REACH)), None)
        entries = []
        for c in site.project:  # (a method of a table's class, "T[?=<key>|<keys>].<method>": not an entry called)
            if c.role in CALLER_ROLES and _any_key(c.name)[1] and _any_key(c.name)[0].endswith("[?]"):
                if c.name.startswith("{@"):  # `@register_penalty("r1")`: the table that decorator fills
                    c = _registered(c, registrars, by_module)
                    if c is None:
                        return False
                entries.append((c, *_any_key(c.name)))
        # its parameters' callees (not their table aliases): each "no call in this file" (a text), of one function
        params = [c for c in site.project if c.role in PARAM_ROLES and "[" not in c.name]
        own = {(c.module, c.name) for c in params}
        if not entries or len(own) != 1 or not all(c.text for c in params) or \
                reach is not None and json.loads(reach.param[len(REACH):])["calls"] != []:
            return False
        module, name = own.pop()
        home = defining_module(by_module, module, name) or module
        if calls.get((home, name)) or (home, name) in refs:
            return False
        for c, table, key, keys in entries:
            at = defining_module(by_module, c.module, table) or c.module
            paths = {p for h, t, p in keyed_calls if (h, t) == (at, table)}
            if not paths or calls.get((at, f"{table[:-3]}[{key}]")) or (at, table[:-3]) in refs or \
                    any(table_picks(at, table, p, key, keys) for p in paths) or \
                    any(p not in paths for p in entry_refs.get((at, table[:-3]), ())):
                # (an entry taken in a file calling none under a config key: it may be called anywhere)
                return False
        return True

    for facts in all_facts:
        if any(site.project for site in facts.grad_sites):
            facts.grad_sites = [site for site in facts.grad_sites if not unpicked_entry(site)]
        for site in facts.grad_sites:
            if any(is_template(op.api) for op in site.ops):  # the site's own templates (filled_api)
                filled = [(op, filled_api(op) if is_template(op.api) else op) for op in site.ops]
                site.ops = [new for _, new in filled if new is not None]
                site.unresolved += [constant_text(op) for op, new in filled if new is None]
            if any(op.when for op in site.ops):  # the site's own table entries: those the configs pick (`ACTS[
                for text in _unpicked_registries(site.ops, picked):  # CFG["act"]]`, CFG imported)
                    _add(site.unresolved, text)
                site.ops = [op for op in site.ops if not op.when or picked(op.when)]
            if not site.project:
                continue
            texts = {c.text for c in site.project}
            left = follow_all(site.project, lambda c: c.via, lambda c: c.confidence, frozenset(), 0, site)
            kept = [u for u in site.unresolved if u not in texts or u in left]
            site.unresolved = kept + [u for u in left if u not in kept]
            uniq = {}
            for op in site.ops:
                uniq.setdefault((op.path, op.line, op.column, op.api), op)
            site.ops = sorted(uniq.values(), key=lambda o: (o.path, o.line, o.column, o.api))
    _dedupe_across_files(all_facts)


def _plain_callable(decl) -> bool:
    """A class index entry of a class whose instances are called through its own `__call__` (a loss object), not
    a forward: building one runs nothing."""
    return "__call__" in decl.methods and "forward" not in decl.methods


def _passed_part(callee) -> tuple[str, str] | None:
    """(slot, submodule) of a "call" callee whose live slots name one part of one argument ("0,@0.head"); None
    for anything else."""
    tokens = callee.live.split(",") if callee.role == "call" and callee.live else []
    parts = [t[1:].partition(".") for t in tokens if t.startswith("@")]
    if len(parts) != 1 or not parts[0][2].isidentifier() or any(t != parts[0][0] for t in tokens if
                                                                  not t.startswith("@")):
        return None
    return parts[0][0], parts[0][2]


def _named_part(summary, attr: str):
    """A "call:@<i>.?" summary with its project callees' "?" parts named `attr`."""
    from dataclasses import replace

    def named(live: str) -> str:
        return ",".join(f"{t[:-1]}{attr}" if t.startswith("@") and t.endswith("?") else t
                        for t in live.split(",")) if live else live
    return replace(summary, project=[replace(c, live=named(c.live)) for c in summary.project])


# what a file's calls pass (ModelSummary.role "<kind>:<slot>")
CALLER_SUMMARIES = ("arg", "lift", "hold", "back", "called")
_PASSED = tuple(k for k in CALLER_SUMMARIES if k != "called")  # ... for a parameter its own file cannot bind


def _caller_summaries(all_facts: list[FileFacts], by_module: dict, kinds=CALLER_SUMMARIES):
    """(home module of the callee or None, callee name, kind, slot, caller facts, summary) for each summary
    of what a file's call passes to a project function (name "<module>:<callee>", role "<kind>:<slot>" or
    "called"), for the kinds asked."""
    for f in all_facts:
        for m in f.models:
            kind, _, slot = m.role.partition(":")
            if kind in kinds:
                module, _, name = m.name.partition(":")
                yield defining_module(by_module, module, name), name, kind, slot, f, m


def _registrars(all_facts: list[FileFacts]) -> dict[tuple, str]:
    """(module, function) -> the table a registering function fills (its "registrar" summary, grad_summaries)."""
    return {(f.module, m.name): m.unresolved[0] for f in all_facts for m in f.models
            if m.role == "registrar" and m.unresolved}


def _registered(c, registrars: dict, by_module: dict):
    """A "{@register_penalty}[r1]" callee (another file's function registered by that decorator,
    grad_paths.function_tables) as the entry of the table the decorator's function fills: "PENALTIES[r1]" of its
    module; None while that is not known."""
    from dataclasses import replace

    fn, _, key = c.name[2:].partition("}")
    filled = _registrar_table(c.module, fn, registrars, by_module)
    return replace(c, module=filled[0], name=filled[1] + key) if filled else None


def _registrar_table(module: str, fn: str, registrars: dict, by_module: dict) -> tuple[str, str] | None:
    """(home module, table) the registering function `fn` (as imported from `module`) fills; None while not known."""
    home = defining_module(by_module, module, fn)
    table = registrars.get((home, fn))
    return (home, table) if table else None


def registry_entries(all_facts: list[FileFacts], by_module: dict,
                     registrars: dict | None = None) -> dict[tuple, list[tuple[str, str, str | None]]]:
    """(module, class) -> (home module, table, key or None) of each table entry the class is (its "entries" summary,
    grad_summaries: `@register("input_grad")` with `register` another file's function filling TRAINERS, resolved
    through its "registrar" summary; an entry whose table is not known is left out). `registrars`: _registrars'
    of all_facts, when the caller has read them."""
    import json

    registrars, out = _registrars(all_facts) if registrars is None else registrars, {}
    for f in all_facts:
        for m in f.models if f.module else ():
            if m.role != "entries":
                continue
            for text in m.unresolved:
                module, table, key = json.loads(text)
                held = _table_home(module, table, registrars, by_module)
                if held is not None:
                    out.setdefault((f.module, m.name), []).append((*held, key))
    return out


def _table_home(module: str, table: str, registrars: dict, by_module: dict) -> tuple[str, str] | None:
    """(home module, table) of a table as a file names it (`TRAINERS` from `module`, or "{@register}": the table
    that registering function fills, _registrar_table); None while that is not known."""
    if table.startswith("{@"):
        return _registrar_table(module, table[2:-1], registrars, by_module)
    return defining_module(by_module, module, table) or module, table


def held_entries(entries: dict, by_module: dict, memo: dict, module: str, cls: str) -> set[tuple[str, str, str]]:
    """(module, table, key or None) of the registry entries (`entries`: registry_entries) that a project class or a
    class deriving from it is; memo: _subclasses'. Empty for a name that is not a class's."""
    todo = [(defining_module(by_module, module, cls) or module, cls)] if cls[:1].isupper() else []
    seen, out = set(), set()
    while todo:
        k = todo.pop()
        if k not in seen and len(seen) <= _MAX_HOPS * 8:
            seen.add(k)
            out.update(entries.get(k, ()))
            todo.extend(_subclasses(by_module, memo, *k))
    return out


def _subclasses(by_module: dict, memo: dict, module: str, cls: str) -> list[tuple[str, str]]:
    """(module, name) of the kept files' classes deriving directly from `cls` of `module` (a mixin's users)."""
    home = defining_module(by_module, module, cls) or module
    if (home, cls) not in memo:
        memo[(home, cls)] = [(m, name) for m in by_module for name, decl in by_module[m].classes.items()
                             if any(b[1] == cls and (defining_module(by_module, *b) or b[0]) == home
                                    for b in decl.bases)]
    return memo[(home, cls)]


def _mixed_in(c, by_module: dict, memo: dict) -> list:
    """A MIXIN member callee (grad_expand.mixin_member) as the same member of each class deriving from its class."""
    from dataclasses import replace

    cls, _, attr = c.name.partition(".")
    return [replace(c, module=m, name=f"{sub}.{attr}", param="")
            for m, sub in _subclasses(by_module, memo, c.module, cls)]


def reached_callers(all_facts: list[FileFacts], by_module: Modules | None = None,
                    entries: dict | None = None) -> list:
    """The ProjectCallees a second-order site reaches through the summaries built so far (as
    resolve_grad_paths follows them, project bases of a class included): scan's rounds summarise the files
    defining these names and look for the callers of those of a caller role (CALLER_ROLES), never for names
    only an unreached summary mentions. A member not summarised as such stands for every member summary
    of its class in that file. `by_module` / `entries` (registry_entries): the caller's, when it has them."""
    from dataclasses import replace

    from ms_scan.extract.grad_guards import method_reach_of

    by_module = Modules(all_facts) if by_module is None else by_module
    summaries: dict[tuple, list] = {}
    callers: dict[tuple, list] = {}
    templated: dict[str, list] = {}  # home -> the callers of what another file's constant names in it
    for home, name, _, _, _, m in _caller_summaries(all_facts, by_module, _PASSED):
        callers.setdefault((home, name), []).append(m)
        if name.startswith("{&"):  # (`getattr(losses, config.LOSS)(D)`, grad_project.module_getattr)
            templated.setdefault(home, []).append(m)
    for f in all_facts:
        for m in f.models:
            if m.role.partition(":")[0] not in CALLER_SUMMARIES:
                summaries.setdefault((f.module, m.name, m.role), []).append(m)
                if m.role == "member":
                    summaries.setdefault((f.module, m.name.partition(".")[0], "member*"), []).append(m)
    work = [c for f in all_facts for site in f.grad_sites for c in site.project]
    seen, out, mixins = set(), [], {}
    registrars = _registrars(all_facts)
    entries = registry_entries(all_facts, by_module, registrars) if entries is None else entries
    while work and len(seen) < 100000:
        c = work.pop()
        if c.name.startswith("{@"):
            c = _registered(c, registrars, by_module)
            if c is None:
                continue
        key = (c.module, c.name, c.role, c.param)
        if key in seen:
            continue
        seen.add(key)
        home = defining_module(by_module, c.module, c.name)
        out.append(c)
        if c.role == "member" and c.param == MIXIN:
            work.extend(_mixed_in(c, by_module, mixins))
            continue
        if c.role in CALLER_ROLES:  # (and those calling what another file's constant names in that module)
            found = callers.get((home or c.module, _any_key(c.name)[0]), []) + templated.get(home or c.module, [])
            for at, table, key in held_entries(entries, by_module, mixins, c.module, c.name):  # (building it, or a
                found += callers.get((at, f"{table}[{key}]"), []) + callers.get((at, f"{table}[?]"), [])  # subclass,
                # as a table's entry: `TRAINERS[args.trainer](model)`, resolve_grad_paths' follow_param)
            if method_reach_of(c):  # (the guards over `self.<method>(...)` in the
                cls, _, method = c.name.partition(".")  # classes deriving from its class: the configs they read)
                found += [m for sub in _descendants(by_module, mixins, home or c.module, cls)
                          for m in callers.get((sub[0], f"{sub[1]}.{method}"), [])]
        else:
            found = summaries.get((home, c.name, c.role)) or (
                summaries.get((home, c.name.partition(".")[0], "member*"), []) if c.role == "member" else []) or (
                summaries.get((home, _unkeyed(c.name), c.role), []) if _unkeyed(c.name) else [])
            cls, _, member = c.name.partition(".")
            decl = by_module[home].classes.get(cls) if c.role == "member" and home in by_module else None
            for base_module, base in decl.bases if decl is not None and not found else ():  # as find() does
                work.append(replace(c, module=base_module, name=f"{base}.{member}"))
        for m in found:
            work.extend(m.project)
    return out


def _decide_flags(all_facts: list[FileFacts], by_module: dict, called: dict[tuple, list[dict]], configs,
                  defaults: dict, from_files=lambda field: None) -> None:
    """A site whose create_graph other files give: "flag" ProjectCallees (a public helper's parameter: the literal
    values the other files' calls pass, `called` from _called_literals, or the parameter's default where they leave
    it out, negated for `not flag`, with those the defining file's own calls give it; what a call's argument shows in
    its own file, "&<slot>": a config dict's key looked up, a namespace's field) and "config" ones (a key of another
    file's dict, looked up in that file's "config" summary). The union over a site's callees: any True, definite;
    else, each known and some value found, all False: first order, the site is dropped. A value not known (an
    argument that shows no literal, `args.second_order`; a dict not summarised): left possible. `configs`:
    _config_summaries; `defaults`: _field_defaults; `from_files`: ConfigFiles.values."""
    from ms_scan.extract.grad_guards import BACKED, DETACHED, REACH

    refs = {(home, name) for home, name, _, _, _, _ in _caller_summaries(all_facts, by_module, ("ref",))}
    methods = _MethodUses(all_facts)
    for facts in all_facts:
        kept = []
        for site in facts.grad_sites:
            reach = [c for c in site.project if c.role == "flag" and c.param.startswith(REACH)]
            if reach and _unreached(reach[0], called, configs, by_module, refs, methods):
                continue  # every call of it, or the site itself, under a guard the configs make false
            backed = [c for c in site.project if c.role == "flag" and c.param.startswith(BACKED)]
            if backed and not any("^" + c.param[len(BACKED):] in lits for c in backed for name in _entry_names(c.name)
                                  for lits in calls_of(called, by_module, c.module, name)):
                continue  # a function returning a torch.func derivative (or derivative function) none differentiates
            detached = [c for c in site.project if c.role == "flag" and c.param == DETACHED]
            if detached and not any(calls_of(called, by_module, c.module, c.name) or
                                    (defining_module(by_module, c.module, c.name) or c.module, c.name) in refs
                                    for c in detached):
                continue  # a gradient returned only to its own file's calls, each reading it detached
            site.project = [c for c in site.project if c not in backed and c not in detached]
            # (a "config" callee without a param only marks a dict whose file is to be summarised)
            flags = [c for c in site.project if c.role == "flag" and not c.param.startswith(REACH) or
                     c.role == "config" and c.param]
            union: set = set()
            unknown = False
            for c in flags:
                values = _flag_values(c, called, configs, by_module, refs, defaults, from_files)
                if values is None:
                    unknown = True
                else:
                    union |= values
            if "True" in union:
                site.certainty = "definite"  # some call runs it twice
            elif flags and union and not unknown:
                continue  # every call leaves create_graph false: first order
            kept.append(site)
        facts.grad_sites = kept


def _unreached(c, called: dict[tuple, list[dict]], configs, by_module: dict, refs: set = frozenset(),
               methods: "_MethodUses | None" = None) -> bool:
    """A site's "reach" callee (grad_guards.reach_callee): True when its own guard is provably false, or when its
    module-level function is called (in its file or, by the "called" summaries, in others: the "!" guard each
    carries) and every call sits under a guard the configs make false, no other file naming it otherwise (`refs`,
    the "ref" summaries: `partial(r1, D)`, a callback, a table of functions, whose holder may call it unguarded);
    True too for a function of a script (reach_callee's "script") that no file calls or names. A method
    (grad_guards.method_reach) likewise, its calls in other files being the `self.<method>(...)` of the classes
    deriving from its class (`methods`), provided no other file reads an attribute of that name. Not known:
    False (the site stays)."""
    import json

    from ms_scan.extract.grad_guards import REACH, guard_truths

    spec = json.loads(c.param[len(REACH):])

    read = guard_reader(called, configs, by_module)

    def false(tree) -> bool:
        return tree is not None and guard_truths(tree, read) == {False}
    if false(spec["self"]):
        return True
    home = defining_module(by_module, c.module, c.name) or c.module
    cls = c.name.partition(".")[0]
    if "built" in spec and all(false(g) for g in spec["built"]) and \
            all("@own" in lits for lits in called.get((home, cls), ())) and \
            (home, cls) not in refs and not _subclasses(by_module, {}, home, cls):
        return True  # a method of a class its file builds only under false guards (or never), and no other file builds
    if spec.get("entries") and methods is not None and not called.get((home, cls)) and (home, cls) not in refs and \
            not _subclasses(by_module, methods.subclasses, home, cls) and \
            all(methods.unpicked(by_module, *entry, called, refs) for entry in spec["entries"]):
        return True  # a class built only as registry entries (`@register("sparse")`) no call picks
    if spec["calls"] is None:
        return False
    if (home, c.name) in refs:
        return False
    if spec.get("method"):
        remote = methods.calls(by_module, home, c.name) if methods is not None else None
        if remote is None:
            return False
    else:
        remote = called.get((home, c.name), [])
    if spec.get("script") and not remote:
        return True  # a function of a script that no file calls or names: never runs
    guards = spec["calls"] + [json.loads(lits["!"]) if "!" in lits else None for lits in remote]
    return bool(guards) and all(false(g) for g in guards)


class _MethodUses:
    """What the other files do with a method of a project class (_unreached): the `self.<method>(...)` of the
    classes deriving from it ("selfcall" summaries, grad_summaries.attribute_summaries) and the attribute names
    read otherwise ("attrs" summaries)."""

    def __init__(self, all_facts: list[FileFacts]) -> None:
        self.selfcalls: dict[tuple, list[dict]] = {}
        self.attrs: set[str] = set()
        self.subclasses: dict = {}  # (_subclasses' memo)
        self.registrars = _registrars(all_facts)
        for f in all_facts:
            for m in f.models:
                if m.role == "selfcall":
                    module, _, name = m.name.partition(":")
                    self.selfcalls.setdefault((module, name), []).append(dict(x.split("=", 1) for x in m.unresolved))
                elif m.role == "attrs":
                    self.attrs.update(m.unresolved)

    def unpicked(self, by_module: dict, module: str, table: str, key: str, called: dict, refs: set) -> bool:
        """Whether no scanned file builds the entry `key` of a registry (as the class's file names it: "{@fn}" for
        the table another file's registering function fills): the files call it under other keys they know
        ("called" summaries of "T[k]", "T[k].<method>"), under no key they do not know ("T[?]"), and none takes the
        table or an entry of it otherwise (a "ref": `for cls in TRAINERS.values()`, `reg = TRAINERS[k]`)."""
        held = _table_home(module, table, self.registrars, by_module)
        if held is None:
            return False
        module, table = held
        if (module, table) in refs or (module, f"{table}[]") in refs:
            return False
        keys = {name[len(table) + 1:].partition("]")[0] for home, name in called
                if home == module and name.startswith(table + "[")}
        return bool(keys) and key not in keys and "?" not in keys

    def calls(self, by_module: dict, home: str, name: str) -> list[dict] | None:
        """The "called"-like literals ("!": the guard) of the other files' calls of method `name` ("<class>.<m>")
        of `home`; None when a file reads an attribute `m` otherwise (a holder calling it anywhere)."""
        cls, _, method = name.partition(".")
        if method in self.attrs:
            return None
        return [lits for sub in _descendants(by_module, self.subclasses, home, cls)
                for lits in self.selfcalls.get((sub[0], f"{sub[1]}.{method}"), [])]


def _descendants(by_module: dict, memo: dict, module: str, cls: str) -> list[tuple[str, str]]:
    """_subclasses at any depth."""
    out, todo = [], [(module, cls)]
    while todo:
        for sub in _subclasses(by_module, memo, *todo.pop()):
            if sub not in out:
                out.append(sub)
                todo.append(sub)
    return out


def _reach_of(module: str, name: str):
    """A "reach" callee for a module-level function of `module` that its own file neither calls nor names, or
    ("!<name>") uses only under guards provably false there."""
    from ms_scan.extract.grad_common import ProjectCallee
    from ms_scan.extract.grad_guards import REACH

    dead = name.startswith("!")
    spec = '{"self": null, "calls": [["c", "False"]]}' if dead else '{"self": null, "calls": []}'
    return ProjectCallee(module, name.lstrip("!"), "flag", "", "high", "", "", REACH + spec)


def guard_reader(called: dict[tuple, list[dict]], configs, by_module: dict):
    """read() for grad_guards.guard_truths across files: the reprs a config read gives (`configs`), and for a
    parameter of a public function (grad_guards.param_guard) the values every call gives it: the literals the
    other files' calls pass ("called" summaries), what a config dict or namespace they pass holds, the default
    where they leave it out, with the defining file's own calls. None when one is not known."""
    import json

    from ms_scan.extract.grad_guards import PARAM, _values

    def values(tree) -> set | None:
        got = _values(tree, read) if tree is not None else None
        return {repr(v) for v in got} if got is not None else None

    def read(text: str) -> set | None:
        ref = json.loads(text)
        if ref[0] != PARAM:
            return configs(text, truths=False)
        _, module, name, index, param, default, here, *below = ref
        more = json.dumps([below[0], [""] * len(below[0])]) if below else ""  # (`cfg["curvature_every"]`)
        out: set = set()
        for tree in here:
            got = values(tree)
            if got is None:
                return None
            out |= got
        for lits in calls_of(called, by_module, module, name):
            if "*" in lits or "&**" in lits:
                return None  # (a star argument: the slots are not all known)
            passed, v = _slot(lits, param, index, "&"), _slot(lits, param, index)
            if more and passed is None:
                return None  # (a path into what the call passes: only a config dict's is known)
            got = configs(passed, truths=False, more=more) if passed is not None else values(default) if v is None \
                else {v} if v in ("True", "False", "None") or v[:1] in ("'", '"') else None
            if got is None:
                return None
            out |= got
        return out or None
    return read


def _slot(lits: dict, name: str, index, mark: str = ""):
    """What a call's "called" literals (_called_literals) give a parameter, by keyword or at its position (`index`,
    -1 for keyword-only); with `mark` "&", the config read it passes there. None when the call shows nothing."""
    return lits.get(f"{mark}{name}", lits.get(f"{mark}{index}") if str(index) != "-1" else None)


def _flag_values(c, called: dict[tuple, list[dict]], configs, by_module: dict, refs: set = frozenset(),
                 defaults: dict | None = None, from_files=lambda field: None) -> set | None:
    """The values ("True" / "False" / "None") one callee of _decide_flags gives create_graph: an empty set when no
    call gives it any, None when one is not known. `from_files`: ConfigFiles.values, for a field of a config
    object no code shows (`reg.create_graph`)."""
    bools = ("True", "False", "None")
    if c.role == "config":
        return configs(c.param)
    index, name, default, *rest = c.param.split(":", 4)
    tested = flag_field(c.param)
    if tested is not None:  # `create_graph=cfg.second_order`: cfg's class
        field, op, lit = tested
        values = _field_values(called, field, defaults, test=(op, lit) if op else None, by_module=by_module)
        if values is not None and rest[0] == "not":
            values = {{"True": "False", "False": "True"}[v] for v in values}
        return values
    found = calls_of(called, by_module, c.module, c.name)
    values = set()
    for lits in found:
        v = _slot(lits, name, index)
        if v in bools and not c.live:
            values.add(v)
            continue
        ref = _slot(lits, name, index, "&")
        read = configs(ref, more=c.live) if ref is not None else None
        if read is None and v is not None and v.startswith("@") and not c.live:
            # `penalty(..., reg.create_graph)`, reg read from a config file (`create_graph: false`): its values
            read = _filed_flags(from_files(v[1:].lstrip(".")))
            if read is None:  # `cfg.double_backprop`, cfg a config dataclass: the values its constructions give it
                read = _field_values(called, v[1:].lstrip("."), defaults, by_module=by_module)
        if c.live and read is None:
            return None  # `cfg["hyper"]["second_order"]` of what a call passes: not a dict known there
        if read is not None:  # `hyper_step(..., hc["second_order"])`: what the dict holds (negated below)
            values |= read  # (negated with the others below)
            continue
        if v is not None:
            return None  # a call passing something that is not a literal (`args.second_order`): not known
        values.add(default)  # a call leaving it out: the default
    if rest and rest[0] == "not":  # `create_graph=not first_order`
        values = {{"True": "False"}.get(v, "True") if v in bools else v for v in values}
    here = set(rest[1].split(",")) if len(rest) > 1 and rest[1] else set()
    for v in here:  # the values the defining file's own calls give create_graph
        value, _, where = v.partition("@")  # (given in a function of that file no file runs: not counted)
        if not where or not _unreached(_reach_of(c.module, where), called, configs, by_module, refs):
            values.add(value)
    if not values:
        return set()
    return values if values <= set(bools) else None


def _filed_flags(values: set | None) -> set | None:
    """The truths of the values config files give a flag (YAML / TOML / JSON booleans; INI's "yes" / "no" and the
    other strings configparser.getboolean reads), None when one is not such a value."""
    truths = {"True": "True", "False": "False", "'true'": "True", "'false'": "False", "'yes'": "True",
              "'no'": "False", "'on'": "True", "'off'": "False", "'1'": "True", "'0'": "False"}
    got = {truths.get(v.lower() if v.startswith("'") else v) for v in values} if values else {None}
    return None if None in got else got


def _config_summaries(all_facts: list[FileFacts], by_module: dict):
    """text -> the values ("True" / "False", a literal's truth) a read of a config dict gives (grad_dicts.DictRef.text
    of another file's dict, looked up in its file's "config" summary with what the reading file sets there; or
    ["=", values] read in the calling file itself), None when not known."""
    import json

    from ms_scan.extract.grad_dicts import lookup

    entries = {(f.module, m.name): m.unresolved for f in all_facts if f.module for m in f.models
               if m.role == "config"}
    _add_written(entries, all_facts, by_module)
    memo: dict[tuple, set | None] = {}

    def read(text: str, truths: bool = True, more: str = "") -> set | None:
        """With `truths` False, the values as they are (reprs of literals, "?"); `more`: the JSON [path, gets] of a
        further read (_read_config)."""
        if (text, truths, more) not in memo:
            memo[text, truths, more] = _read_config(json.loads(text), entries, by_module, lookup, truths,
                                                    json.loads(more) if more else None)
        return memo[text, truths, more]
    return read


def _add_written(entries: dict, all_facts: list[FileFacts], by_module: dict) -> None:
    """A module-level constant or dict another file assigns as an attribute of its module (`config.FIRST_ORDER =
    args.first_order`, the writer's "sets" summary): its "config" summary gains a "?" value at the top, so that
    no read of it is known."""
    import json

    for f in all_facts:
        for m in f.models if f.module else ():
            if m.role != "sets":
                continue
            for text in m.unresolved:
                if text.startswith("."):
                    continue  # (".<field>": an attribute set on a config object, _listed_keys)
                parts = text.split(".")
                for cut in range(1, len(parts)):  # (`config.CFG.exact = True`: a field of a namespace CFG)
                    module, name = ".".join(parts[:cut]), parts[cut]
                    key = (defining_module(by_module, module, name) or module, name)
                    if key in entries:
                        entries[key] = list(entries[key]) + [json.dumps([[], "?"])]
                        break


def _read_config(ref: list, entries: dict, by_module: dict, lookup, truths: bool, more: list | None = None) -> \
        set | None:
    """What a read of a config dict gives (see _config_summaries); `more`: [path, gets] read further into it (a
    function reading `cfg["hyper"]["second_order"]` of the dict a call passes it; a gets step "." an attribute, read
    only from an attribute-access wrapper)."""
    import json

    path, gets = more if more is not None else ([], [])
    if ref[0] == "=":
        if more is not None:
            return None
        values, neg = set(ref[1]), False
    elif ref[0] == "{}":
        if more is None or "." in gets and not ref[2]:
            return None
        steps = tuple("" if g == "." else g for g in gets)
        values, neg = lookup([(tuple(p), v) for p, v in ref[1]], tuple(path), steps), False
    else:
        module, name, base, base_gets, neg, extra, attrs = ref
        found = entries.get((defining_module(by_module, module, name) or module, name))
        if found is None or "." in gets and not attrs or extra and more is not None:
            return None
        values = lookup([(tuple(p), v) for p, v in map(json.loads, found)], tuple(base + path),
                        tuple(base_gets + ["" if g == "." else g for g in gets])) | set(extra)
    if not truths:
        return values if values and "?" not in values else None
    if not values or not values <= {"True", "False", "None"}:
        return None
    return {str((v == "True") != neg) for v in values}


def flag_field(param: str) -> tuple[str, str, object] | None:
    """The field test of a "flag" callee on a config's field (grad_project.field_flag_callee,
    "index:param::not::<field>[==<repr>]"): (field, operator or "", the literal); None for any other flag."""
    rest = param.split(":", 4)[3:]
    return _field_test(rest[1][1:]) if len(rest) > 1 and rest[1].startswith(":") else None


_COMPARISONS = {"==": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le, ">": operator.gt,
                "<": operator.lt}


def _field_test(text: str) -> tuple[str, str, object]:
    """"<field>" or "<field><op><repr>" (grad_project.field_flag_callee's comparison: ==, !=, >, >=, <, <=):
    (field, operator or "", the literal)."""
    import ast

    for op in _COMPARISONS:  # (the two-character ones first)
        field, found, lit = text.partition(op)
        if found:
            try:
                return field, op, ast.literal_eval(lit)
            except (ValueError, SyntaxError):
                return field, "?", None
    return text, "", None


def _field_values(called: dict[tuple, list[dict]], field: str, defaults: dict | None = None,
                  test: tuple | None = None, by_module: dict | None = None) -> set | None:
    """The literal bools (`"True"`, `"False"`) the constructions of a config class give `field`: the one
    project class (a capitalised name) some call of the scanned files builds with `field=` as a keyword, each
    of its calls giving it True or False, its default (`defaults`: (home, class) -> field -> value, the "fields"
    summaries of the dataclasses) where a call leaves it out; else the one dataclass of the scanned files that
    declares the field, built by some call. None when no class or several do, or a call gives it anything else
    or leaves it out with no default known. A value set after construction is not seen. A class built only as
    another's `field(default_factory=MetaConfig)` is built where that one is (_constructions)."""
    defaults = defaults or {}
    by_module = by_module or {}
    classes = {(home, callee) for (home, callee), calls in called.items() if home is not None and
               callee[:1].isupper() and "." not in callee and any(field in lits for lits in calls)}
    # (`MetaConfig()`, every field left to its default; and any other built class declaring the field: not one class)
    classes |= {k for k, fields in defaults.items() if field in fields and _constructions(called, by_module, defaults, *k)}
    if len(classes) != 1:
        return None
    cls = classes.pop()
    default = defaults.get(cls, {}).get(field)
    # (a call passing arguments by position or through `**` may give the field too, and the calls of the class's own
    # file record its strings only: not known)
    if default == "?":  # (a file sets the field after construction: `cfg.exact = True`, `replace(cfg, exact=True)`)
        return None
    values = {lits[field] if field in lits else None if any(
        k.isdigit() or k.startswith("&") or k == "*" or k.startswith("@") and k != "@own" for k in lits)
        else default for lits in _constructions(called, by_module, defaults, *cls)}
    if test is not None:  # `self.cfg.algo == "maml"`: the test over each literal the field gets
        import ast

        op, lit = test
        if op not in _COMPARISONS or not values or None in values:
            return None
        try:
            held = {ast.literal_eval(v) for v in values}
            return {str(bool(_COMPARISONS[op](v, lit))) for v in held}
        except (ValueError, SyntaxError, TypeError):  # (`cfg.order > 1` with a string there: not known)
            return None
    return values if values and values <= {"True", "False"} else None


def _written_fields(all_facts: list[FileFacts]) -> set[str]:
    """The fields some scanned file sets on a config object after it is built (`cfg.activation = args.act`,
    `replace(cfg, exact=True)`, `setattr(cfg, "exact", ...)`: the ".<field>" entries of the "sets" summaries)."""
    return {t[1:] for f in all_facts for m in f.models if f.module and m.role == "sets" for t in m.unresolved
            if t.startswith(".")}


def _field_defaults(all_facts: list[FileFacts]) -> dict:
    """(module, dataclass) -> field -> the repr of its literal default ("fields" summaries, grad_summaries); "?"
    for a field some file sets after construction (`cfg.exact = True`, `replace(cfg, exact=True)`: a "sets"
    summary's ".<field>")."""
    import json

    written = _written_fields(all_facts)
    out: dict = {}
    for f in all_facts:
        for m in f.models if f.module else ():
            if m.role == "fields":
                for text in m.unresolved:
                    path, value = json.loads(text)
                    if len(path) == 1:
                        out.setdefault((f.module, m.name), {})[path[0]] = "?" if path[0] in written else value
    return out


def _dedupe_across_files(all_facts: list[FileFacts]) -> None:
    """One op reached from sites in several files is reported once: the site that reaches it most surely
    (definite, high confidence, in the op's own file, then the first by path and line) keeps it and names
    the others' files and lines in `also`; the other sites drop it."""
    from dataclasses import replace

    holders: dict[tuple, list] = {}
    for facts in all_facts:
        for site in facts.grad_sites:
            for op in site.ops:
                where = op.path or facts.path
                holders.setdefault((where, op.line, op.column, op.api), []).append((facts, site, op))
    for (where, *_), found in holders.items():
        if len({facts.path for facts, _, _ in found}) < 2:
            continue  # sites of one file: the rule merges those itself
        found.sort(key=lambda h: (h[1].certainty != "definite", h[2].confidence != "high", h[0].path != where,
                                  h[0].path, h[1].line))
        facts, site, op = found[0]
        others = sorted({f"{f.path}:{s.line}" for f, s, _ in found[1:] if f.path != facts.path})
        if not others:
            continue
        site.ops[site.ops.index(op)] = replace(op, also=tuple(others))
        for f, s, o in found[1:]:
            if f.path != facts.path:
                s.ops = [x for x in s.ops if x is not o]


def _add(items: list, text: str) -> None:
    if text not in items:
        items.append(text)
