"""Rules over facts: each file's facts -> findings, for one mapping table.

Two ways in, same findings:
- `evaluate(facts, table, settings)` on a list of resolved facts (the release diff command);
- `Streaming`, which the scan feeds with each file's facts as they arrive from the workers. The
  per-file rules run at once and the file's uses, shapes and snippets are let go, so memory grows
  with the findings, not with the files. What the cross-file pass still needs stays, as a light
  FileFacts: names the file exports and re-exports, its classes, its deferred references and the
  uses called on project-class owners (project.resolve may add or drop those), with their snippets.
  Files with second-order sites (their ops reach into other files) and files without the word
  torch (they may get a second look) are kept whole and evaluated after the cross-file pass.
"""
from __future__ import annotations

from ms_scan.facts import FileFacts
from ms_scan.findings import Finding, confidence_rank
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
    findings = _filtered(findings, settings)
    findings.sort(key=Finding.sort_key)
    return findings


class Streaming:
    """The scan's rules, run on each file's facts as they arrive (see the module docstring).

    `stream(facts)` returns what the cross-file pass keeps of the file; `finish(resolved)` runs what
    is left once project.resolve / resolve_grad_paths have run over those, and returns all findings."""

    def __init__(self, settings: Settings, load_table):
        self.settings = settings
        self._load_table = load_table
        self.table = None
        self.findings: list[Finding] = []
        self.done: set[str] = set()  # paths whose per-file rules have run
        self.with_uses: set[str] = set()  # ... and that had API uses not on a project-class owner
        self._keep = selected(settings)

    def ready(self):
        """Load the table (the scan calls this while the workers parse their first files)."""
        if self.table is None:
            self.table = self._load_table()
        return self.table

    def stream(self, facts: FileFacts) -> FileFacts:
        if not facts.mentions_torch or facts.grad_sites:
            return facts  # evaluated whole in finish()
        table = self.ready()
        direct = [u for u in facts.uses if not u.owner]
        owned = [u for u in facts.uses if u.owner]
        self.findings.extend(_filtered(file_findings(facts, table, self.settings, uses=direct),
                                       self.settings, self._keep))
        self.done.add(facts.path)
        if direct:
            self.with_uses.add(facts.path)
        later = bool(owned or facts.deferred)
        lines = {u.line for u in owned} | {r.use.line for r in facts.deferred}
        return FileFacts(facts.path, facts.module, uses=owned, deferred=facts.deferred,
                         exports=facts.exports, reexports=facts.reexports, recipe=facts.recipe,
                         contexts=facts.contexts if later else [], classes=facts.classes,
                         snippets={n: facts.snippets[n] for n in lines if n in facts.snippets})

    def finish(self, facts: list[FileFacts]) -> list[Finding]:
        """All findings, sorted: the streamed ones plus the rules over what the cross-file pass resolved."""
        table = self.ready()
        snippets_of = {f.path: f.snippets for f in facts}
        late: list[Finding] = []
        for f in facts:
            if f.path in self.done:
                if f.uses:  # owner uses project.resolve kept, and deferred references it resolved
                    late.extend(_api_findings(f, f.uses, table, self.settings))
                    self.with_uses.add(f.path)
            else:
                late.extend(file_findings(f, table, self.settings, snippets_of))
                if f.uses:
                    self.with_uses.add(f.path)
        findings, self.findings = self.findings, []
        findings.extend(_filtered(late, self.settings, self._keep))
        findings.sort(key=Finding.sort_key)
        return findings
