"""Few-shot classification of Antarctic krill swarm types from two-frequency echosounder pings.

Each survey cruise is a task (different transducers / calibration), so the classifier is
meta-trained with MAML over cruises.  The experiment file is JSON (the acoustics group keeps all of
its configs in JSON), layers are described mmcv-style as ``dict(type=...)`` and built through small
registries, so that the config can swap activations / norms without touching the code.
"""
import argparse
import copy
import json
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("krill_maml")

DEFAULT_EXPERIMENT = r"""
{
  "_comment": "krill_fewshot_v3.json -- 38/120 kHz Sv difference pings, 5-way 4-shot",
  "data": {"cruises_root": "/tmp/krill_cruises", "n_way": 5, "k_shot": 4, "k_query": 6,
           "ping_len": 64, "channels": 2, "dB_floor": -90.0},
  "model": {
    "type": "EchoConvNet",
    "hidden": 24,
    "depth": 3,
    "act_cfg": {"type": "Hardswish"},
    "norm_cfg": {"type": "GN", "num_groups": 4},
    "downsample": "stride"
  },
  "meta": {"algorithm": "maml", "first_order": false, "inner_lr": 0.3, "inner_steps": 1,
           "meta_batch": 3, "meta_lr": 1e-3, "iterations": 4},
  "logging": {"interval": 1, "tensorboard": false}
}
"""


class Registry:
    def __init__(self, name):
        self.name = name
        self._modules = {}

    def register_module(self, name=None, module=None):
        if module is not None:
            self._modules[name or module.__name__] = module
            return module

        def _register(cls):
            self._modules[name or cls.__name__] = cls
            return cls
        return _register

    def get(self, key):
        if key not in self._modules:
            raise KeyError(f"{key} is not in the {self.name} registry")
        return self._modules[key]


MODELS = Registry("model")
ACTIVATION_LAYERS = Registry("activation layer")
NORM_LAYERS = Registry("norm layer")
POOL_LAYERS = Registry("pool layer")

ACTIVATION_LAYERS.register_module("ReLU", module=nn.ReLU)
ACTIVATION_LAYERS.register_module("Hardswish", module=nn.Hardswish)
ACTIVATION_LAYERS.register_module("SELU", module=nn.SELU)
NORM_LAYERS.register_module("BN1d", module=nn.BatchNorm1d)
NORM_LAYERS.register_module("GN", module=nn.GroupNorm)
POOL_LAYERS.register_module("MaxPool1d", module=nn.MaxPool1d)


def build_from_cfg(cfg, registry, **default_args):
    args = copy.deepcopy(cfg)
    obj_type = args.pop("type")
    args.update(default_args)
    return registry.get(obj_type)(**args)


def build_norm_layer(cfg, num_features):
    cfg = copy.deepcopy(cfg)
    if cfg["type"] == "GN":
        return build_from_cfg(cfg, NORM_LAYERS, num_channels=num_features)
    return build_from_cfg(cfg, NORM_LAYERS, num_features=num_features)


@MODELS.register_module()
class EchoConvNet(nn.Module):
    def __init__(self, in_ch, n_way, hidden, depth, act_cfg, norm_cfg, downsample="stride"):
        super().__init__()
        layers = []
        ch = in_ch
        for _ in range(depth):
            stride = 2 if downsample == "stride" else 1
            layers.append(nn.Conv1d(ch, hidden, 3, stride=stride, padding=1))
            layers.append(build_norm_layer(norm_cfg, hidden))
            layers.append(build_from_cfg(act_cfg, ACTIVATION_LAYERS))
            if downsample == "pool":
                layers.append(build_from_cfg({"type": "MaxPool1d", "kernel_size": 2}, POOL_LAYERS))
            ch = hidden
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(hidden, n_way)

    def forward(self, pings):
        h = self.features(pings)
        return self.classifier(h.mean(dim=-1))


def make_task(cfg, gen):
    """Synthetic cruise: each swarm class has a Sv(120)-Sv(38) signature, the cruise adds a calibration offset."""
    d = cfg["data"]
    n_way, length = d["n_way"], d["ping_len"]
    shape = torch.linspace(0, 1, length)
    offset = 2.0 * torch.randn(1, generator=gen)
    prototypes = torch.randn(n_way, d["channels"], 1, generator=gen) * torch.sin(6.28 * shape * (1 + torch.arange(n_way).view(-1, 1, 1)))

    def draw(k):
        y = torch.arange(n_way).repeat_interleave(k)
        x = prototypes[y] + offset + 0.3 * torch.randn(len(y), d["channels"], length, generator=gen)
        return x, y
    return draw(d["k_shot"]), draw(d["k_query"])


def adapt(model, params, buffers, support, meta_cfg):
    xs, ys = support
    fast = dict(params)
    for _ in range(meta_cfg["inner_steps"]):
        logits = functional_call(model, (fast, buffers), (xs,))
        inner_loss = F.cross_entropy(logits, ys)
        grads = torch.autograd.grad(inner_loss, list(fast.values()),
                                    create_graph=not meta_cfg["first_order"])
        fast = {name: w - meta_cfg["inner_lr"] * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def meta_train(cfg):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model_cfg = copy.deepcopy(cfg["model"])
    model = build_from_cfg(model_cfg, MODELS, in_ch=cfg["data"]["channels"], n_way=cfg["data"]["n_way"])
    log.info("model:\n%s", model.features)
    meta_cfg = cfg["meta"]
    meta_opt = torch.optim.Adam(model.parameters(), lr=meta_cfg["meta_lr"])
    buffers = dict(model.named_buffers())
    for it in range(meta_cfg["iterations"]):
        meta_opt.zero_grad()
        params = dict(model.named_parameters())
        total, correct = 0.0, 0.0
        for _ in range(meta_cfg["meta_batch"]):
            support, (xq, yq) = make_task(cfg, gen)
            fast = adapt(model, params, buffers, support, meta_cfg)
            q_logits = functional_call(model, (fast, buffers), (xq,))
            outer = F.cross_entropy(q_logits, yq) / meta_cfg["meta_batch"]
            outer.backward()
            total += outer.item()
            correct += (q_logits.argmax(1) == yq).float().mean().item() / meta_cfg["meta_batch"]
        meta_opt.step()
        if it % cfg["logging"]["interval"] == 0:
            log.info("iter %d query loss %.4f acc %.2f |g conv0| %.3e", it, total, correct,
                     model.features[0].weight.grad.norm().item())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default=None, help="JSON experiment file (default: the embedded one)")
    parser.add_argument("--cfg-options", nargs="*", default=[], help="dotted overrides key=json_value")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = json.load(open(args.config)) if args.config else json.loads(DEFAULT_EXPERIMENT)
    for opt in args.cfg_options:
        key, value = opt.split("=", 1)
        node = cfg
        *path, leaf = key.split(".")
        for p in path:
            node = node[p]
        node[leaf] = json.loads(value)
    meta_train(cfg)


if __name__ == "__main__":
    main()
