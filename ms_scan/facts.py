"""Per-file facts: what the extractor saw, as plain picklable data. Rules read these, never CST nodes."""
from __future__ import annotations

from dataclasses import dataclass, field

SNIPPET_MAX = 200  # characters of a source line kept as a finding's snippet
# torch's split APIs take an int size or a list of section sizes in one argument (position, keyword), and which of
# the two it is selects the MindSpore primitive (tables.bprop: api_primitives.csv's `split_size_or_sections=int|list`
# rows). A GradOp's args give a literal int as itself and a list of sizes that is no literal (a display, a name bound
# to one: extract.grad_common.sections_args) as SECTIONS_ARG.
SPLIT_SIZE_PARAM = {"torch.split": (1, "split_size_or_sections"), "torch.Tensor.split": (0, "split_size")}
SECTIONS_ARG = "<sections>"
# a selector argument whose value is not known here (`nn.GELU(approximate=cfg.approx)`, `nn.GELU(**kw)`)
UNKNOWN_ARG = "<expression>"


def add_snippets(snippets: dict[int, str], lines: list[str], wanted) -> None:
    """snippets[n] = source line n (1-based), stripped and cut to SNIPPET_MAX, for each n in `wanted`
    that is a line of `lines`."""
    for n in wanted:
        if 0 < n <= len(lines):
            snippets[n] = lines[n - 1].strip()[:SNIPPET_MAX]


@dataclass(slots=True)
class ApiUse:
    """One use of a PyTorch API at a source position."""

    api: str  # canonical fully-qualified name, e.g. torch.nn.functional.conv2d, torch.Tensor.view
    kind: str  # call | attribute | subclass | decorator | reference | import
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int
    confidence: str = "high"  # high | medium | low
    keywords: tuple[str, ...] = ()  # keyword argument names at a call
    n_args: int = 0  # positional arguments at a call
    via: str = ""  # how a tensor receiver was inferred, for methods (explanation only)
    args: tuple[str, ...] = ()  # literal text of arguments (`1`, `(1, 1)`, `align_corners=True`); `?` if not literal
    keyword_at: tuple[tuple[str, int, int], ...] = ()  # (keyword, line, column) of each keyword argument
    # (module, class, "self" | "super" | "instance"): an nn.Module member called on a project class; the
    # cross-file pass (project.resolve) drops the use when that class or one of its project bases defines it
    owner: tuple[str, ...] = ()


@dataclass(slots=True)
class ProjectRef:
    """A use through a name imported from the project's own modules, resolved after all files are read."""

    module: str  # dotted module the name was imported from (absolute, within the scan root)
    name: str  # the imported name in that module
    rest: str  # attribute chain after the name ("" for the bare name)
    use: ApiUse  # api holds the local spelling until resolved


@dataclass(slots=True)
class ClassDecl:
    """A module-level class of a project file, for the cross-file class index (project.resolve)."""

    bases: tuple[tuple[str, str], ...] = ()  # (module, name) of each base the project may define
    methods: tuple[str, ...] = ()  # names the class body defines (def or assignment)


@dataclass(slots=True)
class Problem:
    """Why a file could not be (fully) read: becomes an MS0xx finding."""

    code: str  # MS001 syntax error, MS002 undecodable, MS003 too large/binary, MS004 timeout/crash
    message: str
    line: int = 1
    column: int = 1


@dataclass(slots=True)
class FileFacts:
    path: str  # POSIX, relative to the scan root
    module: str = ""  # dotted module name within the scan root
    uses: list[ApiUse] = field(default_factory=list)
    deferred: list[ProjectRef] = field(default_factory=list)
    # module-level names bound to torch objects, for re-export through project modules
    exports: dict[str, str] = field(default_factory=dict)
    # module-level names imported from project modules: name -> (module, name)
    reexports: dict[str, tuple[str, str]] = field(default_factory=dict)
    grad_sites: list = field(default_factory=list)  # second-order sites (extract/grads.GradSite)
    shapes: list = field(default_factory=list)  # dynamic-shape facts (extract/shapes.ShapeFact)
    recipe: list = field(default_factory=list)  # training-recipe facts (extract/recipe.RecipeFact)
    contexts: list = field(default_factory=list)  # data-pipeline / network spans (extract/recipe.ContextSpan)
    # what this file's model classes / functions put on another file's second-order path
    # (extract/grads.ModelSummary); filled only by the targeted second look (scan._needs_model_summaries)
    models: list = field(default_factory=list)
    problem: Problem | None = None
    snippets: dict[int, str] = field(default_factory=dict)
    mentions_torch: bool = True
    classes: dict[str, ClassDecl] = field(default_factory=dict)  # module-level classes by name
    # the config files the second-order extraction read (relpath under the scan root -> sha256, "" for a name looked
    # for and absent: ms_scan.config_files.ConfigReader): the facts hold while those bytes do
    config_deps: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict:
        """Plain JSON-able form (the facts cache, ms_scan/cache.py)."""
        from ms_scan.cache import facts_to_dict

        return facts_to_dict(self)

    @classmethod
    def from_dict(cls, data) -> "FileFacts":
        """Strict inverse of to_dict: exact fields and JSON types, else ms_scan.cache.CacheError."""
        from ms_scan.cache import facts_from_dict

        return facts_from_dict(data)
