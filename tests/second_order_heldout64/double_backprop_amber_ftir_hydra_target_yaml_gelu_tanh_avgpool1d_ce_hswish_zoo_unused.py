"""Baltic amber vs. copal / phenolic-imitation authentication from ATR-FTIR spectra.

The classifier is trained with double backpropagation (Drucker & LeCun): the norm of the gradient of
the task loss w.r.t. the input spectrum is added to the loss, so that small baseline drifts of the
ATR crystal do not flip the decision.  The experiment is described by a YAML document exported from
the lab's hydra sweep; on the museum's offline workstation hydra is not installed, so ``_target_``
entries are resolved by the small ``instantiate`` helper below (recursive, ``_partial_`` aware).

    python double_backprop_amber_....py                       # defaults below
    python double_backprop_amber_....py model=large trainer.steps=20
"""
import argparse
import copy
import functools
import importlib
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

log = logging.getLogger("amber_ftir")

CONFIG_YAML = """
# amber_ftir.yaml -- exported from sweep 2024-03 (best trial), trimmed for the offline box
defaults:
  model: small                 # key of model_zoo below
data:
  root: /tmp/amber_ftir_cache  # never written by this demo (synthetic spectra)
  n_wavenumbers: 256           # 4000-650 cm^-1 resampled
  n_classes: 3                 # baltic amber / copal / phenolic imitation
  batch_size: 24
  baseline_window: 9           # moving-average baseline removal (preprocessing only)
model_zoo:
  small:
    _target_: __main__.SpectraNet
    stem:
      _target_: torch.nn.Conv1d
      in_channels: 1
      out_channels: 12
      kernel_size: 7
      padding: 3
    act:
      _target_: torch.nn.GELU
      approximate: tanh
    pool:
      _target_: torch.nn.AvgPool1d
      kernel_size: 4
    hidden: 48
  large:
    _target_: __main__.SpectraNet
    stem:
      _target_: torch.nn.Conv1d
      in_channels: 1
      out_channels: 32
      kernel_size: 11
      padding: 5
    act:
      _target_: torch.nn.Hardswish
    pool:
      _target_: torch.nn.MaxPool1d
      kernel_size: 4
    hidden: 128
regularizer:
  input_grad_weight: 0.3       # lambda of the double-backprop term
  create_graph: true
optim:
  _target_: torch.optim.Adam
  _partial_: true
  lr: 1.0e-3
trainer:
  steps: 5
  log_every: 1
  seed: 7
"""


class AttrDict(dict):
    """dict with attribute access, converted recursively (what the lab code calls ``cfg``)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    @classmethod
    def wrap(cls, obj):
        if isinstance(obj, dict):
            return cls({k: cls.wrap(v) for k, v in obj.items()})
        if isinstance(obj, list):
            return [cls.wrap(v) for v in obj]
        return obj


def set_by_dotted(cfg, dotted, raw_value):
    node = cfg
    *parents, leaf = dotted.split(".")
    for key in parents:
        node = node.setdefault(key, {})
    node[leaf] = yaml.safe_load(raw_value)


def load_config(overrides):
    cfg = yaml.safe_load(CONFIG_YAML)
    for item in overrides:
        key, _, value = item.partition("=")
        if key == "model":
            cfg["defaults"]["model"] = value
        else:
            set_by_dotted(cfg, key, value)
    cfg["model"] = copy.deepcopy(cfg["model_zoo"][cfg["defaults"]["model"]])
    return AttrDict.wrap(cfg)


def locate(path):
    module_name, _, attr = path.rpartition(".")
    obj = importlib.import_module(module_name)
    return getattr(obj, attr)


def instantiate(node, **extra):
    """Minimal stand-in for hydra.utils.instantiate."""
    if isinstance(node, list):
        return [instantiate(v) for v in node]
    if not isinstance(node, dict) or "_target_" not in node:
        return node
    kwargs = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
    kwargs.update(extra)
    target = locate(node["_target_"])
    if node.get("_partial_", False):
        return functools.partial(target, **kwargs)
    return target(**kwargs)


class SpectraNet(nn.Module):
    def __init__(self, stem, act, pool, hidden, n_wavenumbers=256, n_classes=3):
        super().__init__()
        self.stem = stem
        self.act = act
        self.pool = pool
        self.mix = nn.Conv1d(stem.out_channels, stem.out_channels, 5, padding=2)
        k = pool.kernel_size
        flat = stem.out_channels * (n_wavenumbers // (k[0] if isinstance(k, tuple) else k))
        self.fc = nn.Linear(flat, hidden)
        self.out = nn.Linear(hidden, n_classes)

    def forward(self, spectra):
        h = self.act(self.stem(spectra.unsqueeze(1)))
        h = self.act(self.mix(h))
        h = self.pool(h)
        h = torch.tanh(self.fc(h.flatten(1)))
        return self.out(h)


@torch.no_grad()
def remove_baseline(spectra, window):
    """Moving-average baseline removal on the raw absorbance (data preprocessing only)."""
    base = F.avg_pool1d(spectra.unsqueeze(1), window, stride=1, padding=window // 2, count_include_pad=False)
    return spectra - base.squeeze(1)


def synthetic_batch(cfg, generator):
    n, w, k = cfg.data.batch_size, cfg.data.n_wavenumbers, cfg.data.n_classes
    labels = torch.randint(0, k, (n,), generator=generator)
    axis = torch.linspace(0, 1, w)
    centres = torch.tensor([0.22, 0.41, 0.63])[labels].unsqueeze(1)  # C=O / C-O / aromatic bands
    peaks = torch.exp(-((axis - centres) ** 2) / 0.002)
    drift = 0.3 * axis * torch.rand(n, 1, generator=generator)
    spectra = peaks + drift + 0.05 * torch.randn(n, w, generator=generator)
    return remove_baseline(spectra, cfg.data.baseline_window), labels


def train(cfg):
    torch.manual_seed(cfg.trainer.seed)
    gen = torch.Generator().manual_seed(cfg.trainer.seed)
    net = instantiate(cfg.model, n_wavenumbers=cfg.data.n_wavenumbers, n_classes=cfg.data.n_classes)
    log.info("built %s act=%s pool=%s", type(net).__name__, net.act, net.pool)
    optimizer = instantiate(cfg.optim)(net.parameters())
    lam = cfg.regularizer.input_grad_weight
    for step in range(cfg.trainer.steps):
        spectra, labels = synthetic_batch(cfg, gen)
        spectra.requires_grad_(True)
        logits = net(spectra)
        task = F.cross_entropy(logits, labels)
        (g_x,) = torch.autograd.grad(task, spectra, create_graph=cfg.regularizer.create_graph)
        penalty = g_x.pow(2).sum(dim=1).mean()
        loss = task + lam * penalty
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % cfg.trainer.log_every == 0:
            gnorm = net.stem.weight.grad.norm().item()
            log.info("step %d task %.4f penalty %.3e |dW_stem| %.3e", step, task.item(), penalty.item(), gnorm)
    return net


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("overrides", nargs="*", help="key=value overrides, e.g. trainer.steps=20")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    cfg = load_config(args.overrides)
    train(cfg)


if __name__ == "__main__":
    main()
