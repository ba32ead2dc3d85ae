"""Which torch ops each torchvision model builder runs in its forward, for ms-scan's second-order rule.

A torchvision model on a twice-differentiated path (a WGAN-GP critic built by `models.resnet18(num_classes=1)`, a
Hessian of a `mobilenet_v3_small`) runs layers the project's source does not show. This generator builds each
builder of `torchvision.models.list_models()` (no weights: nothing is downloaded), runs one forward in training
mode on a small random input and records, in the order they first run, the public torch APIs the model's code
calls: each torch.nn layer (a leaf: what runs inside it is its own business) and each torch function or Tensor
method called outside such layers (`torch.flatten`, `F.adaptive_avg_pool2d`, `x.transpose`) on a tensor that the
input (which requires grad) or a parameter flows into: constants such as an attention mask built from `new_zeros`,
`masked_fill` and `roll` are left out. Each is kept with the path of the submodule it ran in (two levels at most:
`layer1.0`, `features.3`, `""` for the model's own forward), so a scan can tell which ops a part
(`m.features[:4]`, `list(m.children())[:-2]`) runs and drop a part the project replaces
(`m.avgpool = nn.Identity()`). The string arguments that choose a primitive (`mode="bilinear"`,
`approximate="tanh"`, a layer's `mode` or `approximate` attribute) are kept with the op as a third element.
Operators (`x + y`, `x[i]`) and attribute reads are not recorded.

    python -m mappings.zoo.build --torchvision-site /path/to/unpacked/wheel [--out mappings/zoo/torchvision.json]
    python -m mappings.zoo.build --library timm --timm-site DIR --torchvision-site DIR   # -> mappings/zoo/timm.json

`--torchvision-site` is a folder holding the `torchvision` package (an unpacked wheel: `pip download
--no-deps torchvision==0.28.0` then unzip). Only its Python code is used: its compiled ops (which need CUDA
libraries in the PyPI build) are not loaded, so detection models (NMS, RoIAlign) and the quantized ones are
listed as skipped. Needs torch (2.13.0 CPU here). ~3 min on 2 cores.
"""
from __future__ import annotations

import argparse
import inspect
import json
import sys
import time
import types
from pathlib import Path

OUT = Path(__file__).with_name("torchvision.json")
_CONTAINERS = ("Sequential", "ModuleList", "ModuleDict")
# input shapes tried in turn for the builders that need more than a 224x224 image
_VIDEO = [(2, 3, 16, 112, 112), (2, 3, 16, 224, 224)]
_SHAPES = {"inception_v3": [(2, 3, 299, 299)]}
# arguments that select the MindSpore primitive an op runs (F.interpolate's mode, GELU's approximate), kept with
# the op when they are strings; a string passed by position is kept as "#<position>"
_SELECTORS = ("mode", "approximate")


def load_torchvision(site: str | None):
    """torchvision's Python code with its compiled-op registrations stubbed out."""
    if site:
        sys.path.insert(0, site)
    sys.modules.setdefault("torchvision._meta_registrations", types.ModuleType("torchvision._meta_registrations"))
    import torchvision  # noqa: PLC0415 (the generator only; never on the scan path)
    import torchvision.models  # noqa: PLC0415,F401
    return torchvision


def api_name(func, torch) -> str | None:
    """The public torch name of a function or Tensor method the model's code called; None for operators,
    attribute getters and private helpers."""
    name = getattr(func, "__name__", "")
    if not name or name.startswith("_"):
        return None
    for prefix, ns in (("torch.nn.functional", torch.nn.functional), ("torch", torch), ("torch.linalg", torch.linalg),
                       ("torch.special", torch.special), ("torch.fft", torch.fft)):
        if getattr(ns, name, None) is func:
            return f"{prefix}.{name}"
    if getattr(torch.Tensor, name, None) is func:
        return f"torch.Tensor.{name}"
    return None


def _key(chosen: dict) -> tuple:
    return tuple(sorted(chosen.items()))


def layer_name(module, torch) -> str | None:
    """`torch.nn.Conv2d` for a public torch.nn layer (containers excluded), else None."""
    cls = type(module)
    if cls.__name__ in _CONTAINERS or getattr(torch.nn, cls.__name__, None) is not cls:
        return None
    return f"torch.nn.{cls.__name__}"


def trace(model, inputs, torch) -> list[list[str]]:
    """[[path, api(, {selector: value})], ...] in first-run order, of one training-mode forward of model on inputs."""
    from torch.overrides import TorchFunctionMode  # noqa: PLC0415

    names = {id(m): n for n, m in model.named_modules()}
    stack: list[tuple[str, bool]] = []
    seen: dict[tuple, None] = {}

    def path() -> str:
        for n, _ in reversed(stack):
            if n is not None:
                return ".".join(n.split(".")[:2])
        return ""

    def leaf() -> bool:
        return any(is_leaf for _, is_leaf in stack)

    def on_graph(*values) -> bool:  # a tensor the differentiated input or a parameter flows into
        todo = list(values)
        while todo:
            v = todo.pop()
            if isinstance(v, (list, tuple)):
                todo.extend(v)
            elif isinstance(v, dict):
                todo.extend(v.values())
            elif isinstance(v, torch.Tensor) and v.requires_grad:
                return True
        return False

    def pre(module, args):
        api = layer_name(module, torch)
        if api is not None and not leaf() and (on_graph(args) or any(p.requires_grad for p in module.parameters())):
            n = names.get(id(module))
            chosen = {k: getattr(module, k) for k in _SELECTORS if isinstance(getattr(module, k, None), str)}
            seen.setdefault((".".join((n or "").split(".")[:2]), api, _key(chosen)), None)
        stack.append((names.get(id(module)), api is not None))

    def post(_module, _args, _out):
        stack.pop()

    class Record(TorchFunctionMode):
        def __torch_function__(self, func, types_, args=(), kwargs=None):
            if not leaf() and on_graph(args, kwargs or {}):
                api = api_name(func, torch)
                if api is not None:
                    chosen = {k: v for k, v in (kwargs or {}).items() if k in _SELECTORS and isinstance(v, str)}
                    chosen.update((f"#{i}", v) for i, v in enumerate(args) if isinstance(v, str))
                    seen.setdefault((path(), api, _key(chosen)), None)
            return func(*args, **(kwargs or {}))

    hooks = [torch.nn.modules.module.register_module_forward_pre_hook(pre),
             torch.nn.modules.module.register_module_forward_hook(post)]
    inputs = tuple(t.requires_grad_(True) for t in inputs)
    try:
        with Record():
            model(*inputs)
    finally:
        for h in hooks:
            h.remove()
    return [[p, a, dict(c)] if c else [p, a] for p, a, c in seen]


def inputs_for(name: str, module_path: str, torch):
    if module_path.startswith("torchvision.models.optical_flow"):
        return [(torch.randn(1, 3, 128, 128), torch.randn(1, 3, 128, 128))]
    shapes = _SHAPES.get(name) or (_VIDEO if module_path.startswith("torchvision.models.video") else
                                   [(2, 3, 224, 224)])
    return [(torch.randn(*s),) for s in shapes]


def build(site: str | None, only: list[str] | None = None) -> dict:
    import torch  # noqa: PLC0415

    tv = load_torchvision(site)
    torch.manual_seed(0)
    torch.set_num_threads(2)
    out = {"torchvision": tv.__version__.split("+")[0], "torch": torch.__version__.split("+")[0], "mode": "train",
           "models": {}, "skipped": {}}
    for name in sorted(tv.models.list_models()):
        if only and name not in only:
            continue
        fn = tv.models.get_model_builder(name)
        module_path = fn.__module__
        if name.startswith("quantized_") or ".quantization" in module_path:
            out["skipped"][name] = "quantized (not differentiable)"
            continue
        if ".detection" in module_path:
            out["skipped"][name] = "detection (needs torchvision's compiled ops)"
            continue
        t0 = time.time()
        params = inspect.signature(fn).parameters  # (no weights: a segmentation builder's backbone ones
        kwargs = {k: None for k in ("weights", "weights_backbone") if k in params}  # default to ImageNet's)
        try:
            model = fn(**kwargs).train()
        except Exception as e:  # noqa: BLE001 (listed as skipped)
            out["skipped"][name] = f"build failed: {type(e).__name__}: {e}"
            continue
        error = None
        for inputs in inputs_for(name, module_path, torch):
            try:
                ops = trace(model, inputs, torch)
                break
            except Exception as e:  # noqa: BLE001 (the next input shape)
                error = f"{type(e).__name__}: {e}"
        else:
            out["skipped"][name] = f"forward failed: {error}"
            continue
        _add(out, name, f"{module_path}.{name}", model, [list(t.shape) for t in inputs], ops, t0)
        del model  # (before the next one is built)
    return out


# timm (`timm.create_model(name)`): its catalogue has over a thousand names, so the architectures research code
# reaches for most (classic CNNs, EfficientNets, mobile nets, ViT/DeiT/Swin/ConvNeXt families, NF-nets and BiT with
# their standardised convolutions, MLP-mixers) are recorded, one size each where the sizes share their ops
TIMM_MODELS = (
    "resnet18", "resnet34", "resnet50", "resnet101", "resnet50d", "resnet26d", "resnext50_32x4d", "wide_resnet50_2",
    "seresnet50", "ecaresnet50d", "skresnet18", "res2net50_26w_4s", "resnest50d", "resnetrs50", "resnetv2_50x1_bit",
    "resnetv2_50", "dm_nfnet_f0", "nf_resnet50", "regnety_016", "regnetx_016", "densenet121", "vgg16", "vgg16_bn",
    "inception_v3", "inception_v4", "xception41", "dla34", "dpn68", "hrnet_w18_small", "cspdarknet53", "cspresnet50",
    "repvgg_a2", "rexnet_100", "ghostnet_100", "mobilenetv2_100", "mobilenetv3_large_100", "mobilenetv3_small_100",
    "mnasnet_100", "fbnetc_100", "efficientnet_b0", "efficientnet_b3", "efficientnetv2_rw_s", "tf_efficientnet_b0",
    "tf_efficientnet_lite0", "tf_efficientnetv2_s", "mixnet_s", "vit_tiny_patch16_224", "vit_small_patch16_224",
    "vit_base_patch16_224", "deit_tiny_patch16_224", "deit_small_distilled_patch16_224", "beit_base_patch16_224",
    "swin_tiny_patch4_window7_224", "swinv2_tiny_window8_256", "convnext_tiny", "convnext_nano", "convnextv2_tiny",
    "levit_128s", "pit_s_224", "cait_xxs24_224", "crossvit_tiny_240", "twins_svt_small", "xcit_nano_12_p16_224",
    "coat_lite_tiny", "poolformer_s12", "mixer_b16_224", "resmlp_12_224", "gmlp_s16_224", "convmixer_768_32",
    "edgenext_small", "efficientformer_l1", "fastvit_t8", "maxvit_tiny_tf_224", "coatnet_0_rw_224",
    "eva02_tiny_patch14_224",
    "tresnet_m", "sequencer2d_s", "vit_small_patch14_dinov2", "efficientvit_b0", "mobilevit_s", "mobilevitv2_050",
)


def build_timm(site: str | None, tv_site: str | None, only: list[str] | None = None) -> dict:
    import torch  # noqa: PLC0415

    load_torchvision(tv_site)  # (timm imports torchvision's transforms)
    if site:
        sys.path.insert(0, site)
    import timm  # noqa: PLC0415

    torch.manual_seed(0)
    torch.set_num_threads(2)
    out = {"timm": timm.__version__, "torch": torch.__version__.split("+")[0], "mode": "train", "models": {},
           "skipped": {}}
    for name in TIMM_MODELS:
        if only and name not in only:
            continue
        t0 = time.time()
        try:
            model = timm.create_model(name, pretrained=False).train()
            shape = (2, *model.pretrained_cfg.get("input_size", (3, 224, 224)))
            ops = trace(model, (torch.randn(*shape),), torch)
        except Exception as e:  # noqa: BLE001 (listed as skipped)
            out["skipped"][name] = f"{type(e).__name__}: {e}"[:200]
            continue
        _add(out, name, "timm.create_model", model, [list(shape)], ops, t0)
        del model
    return out


def _add(out: dict, name: str, builder: str, model, shapes: list, ops: list, t0: float) -> None:
    """One model's row: how it is built, its class and named children, the input shapes run, the ops."""
    out["models"][name] = {"builder": builder, "class": f"{type(model).__module__}.{type(model).__qualname__}",
                           "children": [n for n, _ in model.named_children()], "input": shapes, "ops": ops}
    print(f"{name}: {len(ops)} ops, {time.time() - t0:.1f}s", file=sys.stderr, flush=True)


def dump(data: dict) -> str:
    """The JSON text: the header keys indented, one line per model (compact, diffable per model)."""
    head = json.dumps({k: v for k, v in data.items() if k != "models"}, indent=1, sort_keys=True)
    rows = ",\n".join(f"  {json.dumps(n)}: {json.dumps(data['models'][n], separators=(',', ':'), sort_keys=True)}"
                      for n in sorted(data["models"]))
    return f'{head[:-2]},\n "models": {{\n{rows}\n }}\n}}\n'


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--library", choices=("torchvision", "timm"), default="torchvision")
    ap.add_argument("--torchvision-site", help="folder holding the torchvision package (default: the installed one)")
    ap.add_argument("--timm-site", help="folder holding the timm package (--library timm; default: the installed one)")
    ap.add_argument("--out", type=Path, help="default: mappings/zoo/<library>.json")
    ap.add_argument("--only", nargs="*", help="rebuild these builders only (others kept from --out)")
    args = ap.parse_args(argv)
    args.out = args.out or OUT.with_name(f"{args.library}.json")
    data = build(args.torchvision_site, args.only) if args.library == "torchvision" else \
        build_timm(args.timm_site, args.torchvision_site, args.only)
    if args.only and args.out.exists():
        old = json.loads(args.out.read_text())
        old["models"].update(data["models"])
        data["models"] = old["models"]
    args.out.write_text(dump(data))
    print(f"{len(data['models'])} models, {len(data['skipped'])} skipped -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
