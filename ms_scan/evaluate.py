"""Rules over facts: each file's facts -> findings, for one mapping table.

Two ways in, same findings:
- `evaluate(facts, table, settings)` on a list of resolved facts (the release diff command);
- `Streaming`, whose per-file half (`FileRules`) runs in the worker process that extracted each
  file (or read its facts from the cache): the per-file rules run there, and the worker sends back
  the file's findings plus what the cross-file pass still needs, as a light FileFacts: its deferred
  references and the uses called on project-class owners (project.resolve may add or drop those), with
  their snippets. The names the file exports and re-exports and its classes go to the cross-file index
  on disk (ms_scan/index.py), written by the worker. So the main process never builds a file's full
  facts nor the index: its memory grows with the findings, plus a record per file that still has
  something to resolve. A file without the word torch leaves its module in the index and its position
  (it may get a second look); files with second-order sites (their ops reach into other files) are sent
  whole and evaluated after the cross-file pass.
  When each worker gets one file at most (a pre-commit run), the same FileRules runs in the main
  process instead, where the table loaded while the workers parsed (`Streaming.stream`).
"""
from __future__ import annotations

from ms_scan.facts import FileFacts
from ms_scan.findings import Finding, confidence_rank, sort_findings
from ms_scan.index import Index
from ms_scan.settings import Settings


def selected(settings: Settings):
    """Finding -> kept? from select / ignore / per-file-ignores (code prefixes)."""
    per_file = []
    if settings.per_file_ignores:
        import pathspec

        per_file = [(pathspec.GitIgnoreSpec.from_lines([glob]), codes)
                    for glob, codes in settings.per_file_ignores]

    def keep(f: Finding) -> bool:
        if settings.select and not f.code.startswith(tuple(settings.select)):
            return False
        if settings.ignore and f.code.startswith(tuple(settings.ignore)):
            return False
        return not any(f.code.startswith(tuple(codes)) and spec.match_file(f.path)
                       for spec, codes in per_file)
    return keep


def _api_findings(f: FileFacts, uses, table, settings: Settings) -> list[Finding]:
    from ms_scan.rules import api_mapping, checklist

    out = api_mapping.check(f.path, uses, f.snippets, table, settings.target)
    for finding in out:  # data-pipeline code needs no MindSpore operator (migration guide)
        finding.context = checklist.context_of(finding.line, f.contexts)
    return out


def file_findings(f: FileFacts, table, settings: Settings, snippets_of: dict | None = None,
                  uses=None) -> list[Finding]:
    """Every rule on one file's facts (`uses`: the API uses to check, default all of them)."""
    from ms_scan.rules import checklist, dynamic_shape, scanner, second_order

    uses = f.uses if uses is None else uses
    findings = scanner.check(f)
    if uses:
        findings.extend(_api_findings(f, uses, table, settings))
    if f.recipe:
        findings.extend(checklist.check(f.path, f.recipe, f.snippets))
    if f.shapes:
        findings.extend(dynamic_shape.check(f.path, f.shapes, f.snippets, settings.mode))
    if f.grad_sites:
        findings.extend(second_order.check(f.path, f.grad_sites, f.snippets, table.release,
                                           settings.mode, settings.target, snippets_of))
    return findings


def _filtered(findings: list[Finding], settings: Settings, keep=None) -> list[Finding]:
    min_conf = confidence_rank(settings.min_confidence)
    keep = keep or selected(settings)
    return [x for x in findings if confidence_rank(x.confidence) >= min_conf and keep(x)]


def evaluate(facts: list[FileFacts], table, settings: Settings) -> list[Finding]:
    """Rules over resolved facts for one mapping table: the selected findings above the confidence
    floor, sorted."""
    snippets_of = {f.path: f.snippets for f in facts}  # second-order ops in another file of the project
    findings: list[Finding] = []
    for f in facts:
        findings.extend(file_findings(f, table, settings, snippets_of))
    return sort_findings(_filtered(findings, settings))


class FileRules:
    """The per-file half of the scan's rules, for one release; runs in the worker that extracted the
    file (or read its facts from the cache), so the scan's main process never builds a file's full
    facts. Picklable: settings and a release name; the table loads on first use in each process."""

    def __init__(self, settings: Settings, release: str):
        self.settings = settings
        self.release = release
        self.index_dir: str | None = None  # where the kept files' index rows go (ms_scan/index.py), if set
        self._table = None
        self._keep = None

    @property
    def table(self):
        if self._table is None:
            from ms_scan.tables.mapping import load_table

            self._table = load_table(self.release)
        return self._table

    def __getstate__(self):  # the table and the select filter are rebuilt in each process
        return {"settings": self.settings, "release": self.release, "index_dir": self.index_dir, "_table": None,
                "_keep": None}

    def __call__(self, facts: FileFacts, project_modules: frozenset[str] | None = None) -> tuple:
        """(kept facts, findings, has direct uses, done): `kept` is what the cross-file pass needs of
        the file; `done` False means the file is kept whole and evaluated in Streaming.finish().
        With `project_modules`, deferred references project.resolve cannot resolve (neither their
        module nor `module.name` is a scanned module: `from ...utils import x` above the scan root)
        are let go here."""
        if not facts.mentions_torch and self.index_dir is not None:
            # nothing to evaluate: its module goes to the index (other files may import it), and the scan
            # remembers where it is for the second look (Streaming.accept returns TORCH_FREE)
            from ms_scan.index import write  # (looked up at the call: tests replace it)

            write(self.index_dir, facts)
            return facts, [], False, True
        if not facts.mentions_torch or facts.grad_sites:
            return facts, [], False, False
        from ms_scan.extract.recipe import RECIPE_ITEMS  # (a worker has the extractor loaded)

        if self._keep is None:
            self._keep = selected(self.settings)
        direct = [u for u in facts.uses if not u.owner]
        owned = [u for u in facts.uses if u.owner]
        findings = _filtered(file_findings(facts, self.table, self.settings, uses=direct),
                             self.settings, self._keep)
        # the lines that may still get a finding: their context spans stay; snippets only for the owner
        # uses (few); deferred references mostly never resolve to torch, finish() reads the lines of those that do
        deferred = facts.deferred if project_modules is None else [
            r for r in facts.deferred if r.module in project_modules or f"{r.module}.{r.name}" in project_modules]
        later = {u.line for u in owned} | {r.use.line for r in deferred}
        # of the recipe facts only the checklist's stay (sparse, device and module-api ones made findings here)
        kept = FileFacts(facts.path, facts.module, uses=owned, deferred=deferred,
                         exports=facts.exports, reexports=facts.reexports,
                         recipe=[r for r in facts.recipe if r.item in RECIPE_ITEMS],
                         contexts=[c for c in facts.contexts if any(c.start_line <= n <= c.end_line for n in later)],
                         classes=facts.classes, config_deps=facts.config_deps,
                         snippets={u.line: facts.snippets[u.line] for u in owned if u.line in facts.snippets})
        if self.index_dir is not None:
            from ms_scan.index import write

            write(self.index_dir, kept, bool(direct))
        return kept, findings, bool(direct), True


# Finding fields whose values repeat across files (one string per verdict, per path, per API):
# findings that arrive from worker processes get one shared copy each, as findings made here do.
_SHARED = ("code", "name", "severity", "confidence", "message", "path", "torch_api", "kind", "status",
           "ms_api", "note", "docs_url", "context")


# Streaming.accept's answer for a file without the word torch, written to the index and not kept.
TORCH_FREE = FileFacts("", "", mentions_torch=False)


class Streaming:
    """The scan's rules, run on each file's facts as they arrive (see the module docstring).

    `per_file` (a FileRules) runs in the workers; `accept(out)` takes what it returned and gives back
    what the cross-file pass keeps of the file; `stream(facts)` is both in this process.
    `finish(resolved)` runs what is left once project.resolve / resolve_grad_paths have run over
    those, and returns all findings."""

    def __init__(self, settings: Settings, release: str):
        self.settings = settings
        self.per_file = FileRules(settings, release)
        self.findings: list[Finding] = []
        self.done: set[str] = set()  # kept paths whose per-file rules have run
        self.with_uses: set[str] = set()  # ... and that had API uses not on a project-class owner
        self.dropped_with_uses = 0  # files done and not kept (accept) that had such uses
        self.recipes: dict[str, list] = {}  # path -> training-recipe facts of the done files (the checklist)
        self._keep = selected(settings)
        self._shared: dict = {}
        self.index = Index()  # the exports, re-exports and classes the workers write to disk
        self.config_deps: dict[str, dict[str, str]] = {}  # path -> FileFacts.config_deps of each file that has some

    def ready(self):
        """Load the table and the rules (the scan calls this while the workers parse their first files)."""
        from ms_scan.rules import api_mapping, checklist, dynamic_shape, scanner, second_order  # noqa: F401

        return self.per_file.table

    def _share(self, finding: Finding) -> None:
        shared = self._shared
        for name in _SHARED:
            value = getattr(finding, name)
            if value is not None:
                setattr(finding, name, shared.setdefault(value, value))
        if finding.shim is not None:
            try:
                finding.shim = shared.setdefault(tuple(sorted(finding.shim.items())), finding.shim)
            except TypeError:  # unhashable values: keep the finding's own
                pass

    def _share_kept(self, kept: FileFacts) -> None:
        """One copy of the names that recur across files' cross-file parts (module paths, method and
        base names): each file's arrive as separate strings from the worker."""
        s = self._shared
        one = lambda v: s.setdefault(v, v)  # noqa: E731
        kept.module = one(kept.module)
        if kept.exports is None:  # a worker wrote these names to the index on disk
            return
        kept.exports = {one(k): one(v) for k, v in kept.exports.items()}
        kept.reexports = {one(k): one((one(m), one(n))) for k, (m, n) in kept.reexports.items()}
        for decl in kept.classes.values():
            decl.bases = one(tuple(one((one(m), one(n))) for m, n in decl.bases))
            decl.methods = one(tuple(one(m) for m in decl.methods))
        kept.classes = {one(k): v for k, v in kept.classes.items()}

    def accept(self, out: tuple) -> FileFacts | None:
        """What the cross-file pass keeps of a file: None when its per-file rules are done and it has
        nothing left to resolve (its exports, re-exports and classes are in the index on disk, where
        index.Modules finds them; its recipe facts go to `recipes`); TORCH_FREE for a file without the
        word torch that a worker wrote to the index (its module only): the caller notes its position,
        for the second look."""
        kept, findings, direct, done = out
        if kept.config_deps:  # (a file let go here read them too: the whole-scan memo checks them)
            self.config_deps[kept.path] = kept.config_deps
        for finding in findings:
            self._share(finding)
        self.findings.extend(findings)
        if done:
            if kept.recipe:
                one = self._shared.setdefault
                for r in kept.recipe:
                    r.item, r.value, r.detail = one(r.item, r.item), one(r.value, r.value), one(r.detail, r.detail)
                self.recipes[kept.path] = kept.recipe
                kept.recipe = []
            if not kept.uses and not kept.deferred and (kept.exports is None or not kept.module):
                self.dropped_with_uses += direct
                if kept.exports is None:
                    self.index.written()
                return None if kept.mentions_torch else TORCH_FREE
            self._share_kept(kept)  # (only here: a file not kept leaves no name behind)
            self.index.keep(kept)
            self.done.add(kept.path)
            if direct:
                self.with_uses.add(kept.path)
        return kept

    def stream(self, facts: FileFacts) -> FileFacts:
        return self.accept(self.per_file(facts))

    def late_file(self, f: FileFacts, sources: dict[str, str] | None = None) -> None:
        """The API findings of a file whose per-file rules ran, once the cross-file pass decided its deferred
        references and owner uses: a file not kept (project.resolve's `on_file`: made now, so its record is let
        go), or one kept for that pass (finish)."""
        _read_snippets(f, sources)
        late = _api_findings(f, f.uses, self.ready(), self.settings)
        for finding in late:
            self._share(finding)
        self.findings.extend(_filtered(late, self.settings, self._keep))
        if not self.index.direct(f.path):  # (else counted when its per-file rules ran: with_uses or dropped)
            self.with_uses.add(f.path)

    def finish(self, facts: list[FileFacts], sources: dict[str, str] | None = None) -> list[Finding]:
        """All findings, sorted: the streamed ones plus the rules over what the cross-file pass resolved.
        `sources` (relpath -> file path) is where the snippets of resolved deferred references are read."""
        table = self.ready()
        snippets_of = {f.path: f.snippets for f in facts}
        late: list[Finding] = []
        restored = getattr(facts, "restored", ())  # files not kept whose record came back: done as well
        for f in facts:
            if f.path in self.done or f.path in restored:
                if f.uses:  # owner uses project.resolve kept, and deferred references it resolved
                    self.late_file(f, sources)
            else:
                late.extend(file_findings(f, table, self.settings, snippets_of))
                if f.uses:
                    self.with_uses.add(f.path)
        findings, self.findings = self.findings, []
        findings.extend(_filtered(late, self.settings, self._keep))
        return sort_findings(findings)


def _read_snippets(f: FileFacts, sources: dict[str, str] | None) -> None:
    """Snippets of `f`'s uses that the worker did not send (resolved deferred references), from the
    file, as the extractor makes them."""
    missing = {u.line for u in f.uses} - f.snippets.keys()
    if not missing or not sources or f.path not in sources:
        return
    from ms_scan.extract import decode
    from ms_scan.facts import add_snippets

    try:
        with open(sources[f.path], "rb") as fh:
            text, problem = decode(fh.read())
    except OSError:
        return
    if problem is not None:
        return
    add_snippets(f.snippets, text.splitlines(), missing)
